// The Asterisk board for graphical front ends (Game::view, docs/view.md):
// the triangle of hexagons (apex at the top, rows one cell longer each),
// the three sides marked, the pieces by their three attributes, the supply
// and the goal status, and the legal moves with the piece type as a pick;
// also the score (goals held, supply, handed or drawn piece) as JSON.
#include <cmath>
#include <numbers>

#include <nlohmann/json.hpp>

#include "core/view.h"
#include "games/asterisk/asterisk.h"

namespace asterism::asterisk {
namespace {

using view::Pt;

const double kRowHeight = std::sqrt(3.0) / 2;  // neighbouring centres are 1 apart

Pt centre(const Geometry& g, Cell c) {
    return {g.col[c] - g.row[c] / 2.0, g.row[c] * kRowHeight};
}

// A piece type as the three attribute values a drawing needs.
nlohmann::json type_json(PieceType t) {
    return {
        {"type", std::string(type_name(t))},
        {"colour", std::string(value_name(value_index(kColour, attribute_bit(t, kColour))))},
        {"shape", std::string(value_name(value_index(kShape, attribute_bit(t, kShape))))},
        {"marking", std::string(value_name(value_index(kMarking, attribute_bit(t, kMarking))))}};
}

std::string goal_set_text(GoalSet g) {
    return g == GoalSet::D ? "D" : "L";
}

}  // namespace

nlohmann::json State::score() const {
    nlohmann::json supply = nlohmann::json::object();
    for (int t = 1; t <= kTypes; ++t) supply[std::string(type_name(PieceType(t)))] = supply_[t];
    nlohmann::json j;
    if (rules_.mode == Mode::Solitaire) {
        nlohmann::json chains = nlohmann::json::array();
        for (int v = 0; v < 2 * kAttributes; ++v)
            if (chains_ >> v & 1) chains.push_back(std::string(value_name(v)));
        j["chains"] = chains;
        j["current"] = current() == kNoPiece ? nlohmann::json(nullptr)
                                             : nlohmann::json(std::string(type_name(current())));
        j["remaining"] = queue_left();
        j["supply"] = supply;
        return j;
    }
    nlohmann::json held = nlohmann::json::object();
    for (int a = 0; a < kAttributes; ++a) {
        nlohmann::json holder_json = nullptr;
        for (int bit = 0; bit < 2; ++bit)
            if (chains_ >> value_index(a, bit) & 1)
                holder_json = holder(GoalSet(bit)) == Player::First ? "first" : "second";
        held[std::string(attribute_name(a))] = holder_json;
    }
    j["goals"] = held;
    j["goal_sets"] = {{"first", std::string(1, goal_char(first_goals_))},
                      {"second", std::string(1, goal_char(goals(Player::Second)))}};
    j["supply"] = supply;
    if (rules_.mode == Mode::Inverted)
        j["hand"] = hand_ == kNoPiece ? nlohmann::json(nullptr)
                                      : nlohmann::json(std::string(type_name(hand_)));
    return j;
}

nlohmann::json State::view(ViewParts parts) const {
    const Geometry& g = *geo_;
    nlohmann::json cells = nlohmann::json::array();
    nlohmann::json pieces = nlohmann::json::array();
    for (int i = 0; i < g.cells; ++i) {
        const Cell c = static_cast<Cell>(i);
        const Pt p = centre(g, c);
        // Pointy-top hexagons: circumradius 1/sqrt(3) makes neighbours touch.
        if (parts == ViewParts::Whole)
            cells.push_back(view::cell(
                g.name(c), p, view::regular(p, 1 / std::sqrt(3.0), 6, -std::numbers::pi / 2),
                g.ring[c] == 0 ? "edge" : ""));
        if (board_[c] == kNoPiece) continue;
        nlohmann::json piece = type_json(board_[c]);
        piece["cell"] = g.name(c);
        piece["owner"] = nullptr;  // pieces are shared
        piece["kind"] = piece["type"];
        pieces.push_back(piece);
    }
    // The three sides, as bars just outside the triangle's edges.
    const double last = g.n - 1;
    const Pt apex{0, -0.95}, left{-last / 2 - 0.85, last * kRowHeight + 0.5},
        right{last / 2 + 0.85, last * kRowHeight + 0.5};
    nlohmann::json decor = nlohmann::json::array();
    decor.push_back(view::decor("polyline", {apex, left}, "side side-left"));
    decor.push_back(view::decor("polyline", {apex, right}, "side side-right"));
    decor.push_back(view::decor("polyline", {left, right}, "side side-bottom"));

    nlohmann::json supply = nlohmann::json::array();
    for (int t = 1; t <= kTypes; ++t) {
        nlohmann::json s = type_json(PieceType(t));
        s["count"] = supply_[t];
        s["of"] = g.cells / kTypes;
        supply.push_back(s);
    }
    const char* mode = rules_.mode == Mode::Standard   ? "standard"
                       : rules_.mode == Mode::Inverted ? "inverted"
                                                       : "solitaire";
    nlohmann::json chains = nlohmann::json::array();
    for (int v = 0; v < 2 * kAttributes; ++v)
        if (chains_ >> v & 1) chains.push_back(std::string(value_name(v)));
    nlohmann::json extras = {
        {"mode", mode},
        {"size", g.n},
        {"supply", supply},
        {"chains", chains},
        {"goal_sets",
         {{"first", goal_set_text(goals(Player::First))},
          {"second", goal_set_text(goals(Player::Second))}}},
        {"goal_values", {{"D", {"dark", "hex", "asterisk"}}, {"L", {"light", "circle", "empty"}}}}};
    if (rules_.mode == Mode::Inverted)
        extras["hand"] = hand_ == kNoPiece ? nlohmann::json(nullptr) : type_json(hand_);
    if (rules_.mode == Mode::Solitaire) {
        extras["current"] = current() == kNoPiece ? nlohmann::json(nullptr) : type_json(current());
        extras["queue_left"] = queue_left();
    }
    return view::drawing("asterisk", parts, std::move(cells), std::move(pieces), std::move(decor),
                         extras, 0.4);
}

nlohmann::json State::move_view(Move m) const {
    const std::string text = move_text(m);
    if (m == kSwap)
        return {{"text", text}, {"path", nlohmann::json::array()}, {"label", "Swap goal sets"}};
    nlohmann::json j = {{"text", text}, {"path", nlohmann::json::array()}};
    if (m.cell != kNoCell) j["path"].push_back(geo_->name(m.cell));
    if (m.type != kNoPiece) {
        j["pick"] = std::string(type_name(m.type));
        if (m.cell == kNoCell)
            j["label"] = "Hand over " + std::string(type_name(m.type));
        else if (rules_.mode == Mode::Inverted)
            j["pick_label"] = "hand over";
    }
    return j;
}

}  // namespace asterism::asterisk
