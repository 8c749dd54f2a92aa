// Star Pool Chess as JSON: the score, and the board for graphical front
// ends (Game::view, docs/view.md): the 9x9 squares with the Star Pool drawn
// on e5 (not a cell), the four citadels diagonally beyond the corners, the
// men by their letters, and every legal move as its from and to cells.
#include <cmath>
#include <numbers>

#include <nlohmann/json.hpp>

#include "core/view.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

using view::Pt;

Pt centre(Cell c) {
    // Grid point y * 11 + x; rank 9 is drawn at the top.
    return {static_cast<double>(c % kGridSide), static_cast<double>(kGridSide - 1 - c / kGridSide)};
}

// A square of the board: citadels and dark squares have their classes.
nlohmann::json cell_drawing(Cell c, const std::string& name) {
    const int x = c % kGridSide, y = c / kGridSide;
    std::string cls;
    if (name[0] == 'w')
        cls = y == 0 ? "citadel citadel-white" : "citadel citadel-black";
    else if ((x + y) % 2 == 0)
        cls = "dark";
    return view::cell(name, centre(c), view::square(centre(c), 1), cls);
}

}  // namespace

nlohmann::json State::score() const {
    nlohmann::json material, men;
    for (int s = 0; s < 2; ++s) {
        int value = 0;
        for (int k = 0; k < kKinds; ++k) value += kMen[k].value * men_[s][k].count();
        const std::string name = player_name(static_cast<Player>(s));
        material[name] = value;
        men[name] = side_men_[s].count();
    }
    const std::string reason = end_reason();
    return {{"material", material},
            {"men", men},
            {"check", in_check()},
            {"halfmove_clock", clock_},
            {"end", reason.empty() ? nlohmann::json() : nlohmann::json(reason)}};
}

nlohmann::json State::view(ViewParts parts) const {
    nlohmann::json cells = nlohmann::json::array();
    nlohmann::json pieces = nlohmann::json::array();
    for (int i = 0; i < kGridPoints; ++i) {
        const Cell c = static_cast<Cell>(i);
        const std::string name = cell_name(c);
        if (name == "?" || parse_cell(name) != c) continue;  // walls and the pool
        if (parts == ViewParts::Whole) cells.push_back(cell_drawing(c, name));
        const Piece p = board_[c];
        if (p == kNoPiece) continue;
        const ManDef& man = kMen[kind_of(p)];
        pieces.push_back(view::object("cell", name, "owner", side_of(p), "kind",
                                      std::string(man.name), "label", std::string(1, man.letter)));
    }
    // The pool: a square hole with a star in it.
    const Pt pool{5, 5};
    nlohmann::json decor = nlohmann::json::array();
    decor.push_back(view::decor("polygon", view::square(pool, 1), "pool"));
    std::vector<Pt> star;
    for (int k = 0; k < 10; ++k) {
        const double r = k % 2 == 0 ? 0.42 : 0.18;
        const double a = -std::numbers::pi / 2 + k * std::numbers::pi / 5;
        star.push_back({pool.x + r * std::cos(a), pool.y + r * std::sin(a)});
    }
    decor.push_back(view::decor("polygon", star, "pool-star"));
    nlohmann::json extras = {{"in_check", in_check()}, {"end_reason", end_reason()}};
    return view::drawing("starpool", parts, std::move(cells), std::move(pieces), std::move(decor),
                         extras, 0.2);
}

nlohmann::json State::move_view(Move m) const {
    nlohmann::json j = {{"text", move_text(m)}, {"path", {cell_name(m.from), cell_name(m.to)}}};
    if (m.flags & kCapture) j["capture"] = true;
    if (m.flags & kSwap) j["swap"] = true;
    return j;
}

}  // namespace asterism::starpool
