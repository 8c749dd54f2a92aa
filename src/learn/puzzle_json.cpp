// A puzzle as JSON (learn/puzzles.h): the form of a line of a puzzle file,
// written and read back with each field's type checked.
#include <nlohmann/json.hpp>

#include "core/types.h"
#include "learn/puzzles.h"

namespace asterism::learn {

using nlohmann::json;

json puzzle_json(const Puzzle& p) {
    json refutations = json::array();
    for (const auto& step : p.refutations) refutations.push_back(step);
    return {{"game", p.game},         {"position", p.position},     {"to_move", p.to_move},
            {"solution", p.solution}, {"win_in", p.win_in},         {"horizon", p.horizon},
            {"exact", p.exact},       {"refutations", refutations}, {"also", p.also},
            {"source", p.source},     {"themes", p.themes}};
}

Puzzle puzzle_from_json(const json& j) {
    auto field = [&](const char* name, json::value_t type) -> const json& {
        if (!j.is_object() || !j.contains(name))
            throw GameError(std::string("a puzzle has no '") + name + "'");
        const json& v = j.at(name);
        const bool ok =
            type == json::value_t::number_integer ? v.is_number_integer() : v.type() == type;
        if (!ok) throw GameError(std::string("a puzzle's '") + name + "' has the wrong type");
        return v;
    };
    Puzzle p;
    try {
        p.game = field("game", json::value_t::string).get<std::string>();
        p.position = field("position", json::value_t::string).get<std::string>();
        p.to_move = field("to_move", json::value_t::number_integer).get<int>();
        p.solution = field("solution", json::value_t::array).get<std::vector<std::string>>();
        p.win_in = field("win_in", json::value_t::number_integer).get<int>();
        p.horizon = field("horizon", json::value_t::number_integer).get<int>();
        p.exact = field("exact", json::value_t::boolean).get<bool>();
        for (const json& step : field("refutations", json::value_t::array))
            p.refutations.push_back(step.get<std::map<std::string, std::string>>());
        p.also = field("also", json::value_t::array).get<std::vector<std::vector<std::string>>>();
        p.source = field("source", json::value_t::string).get<std::string>();
        // Lines made before themes were tagged have none.
        if (j.contains("themes"))
            p.themes = field("themes", json::value_t::array).get<std::vector<std::string>>();
    } catch (const json::exception& e) {
        throw GameError(std::string("a puzzle's field has the wrong type: ") + e.what());
    }
    return p;
}

}  // namespace asterism::learn
