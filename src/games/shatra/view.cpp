// The Shatra board for graphical front ends (Game::view, docs/view.md): the
// 62 cells as squares on the 7x14 grid (rank 14 at the top), the two
// fortresses with their gates outlined, the ditch between ranks 7 and 8, the
// temdeks beside the gates while they stand, the men (reserve and urgent men
// marked, and in the Original form the fortress shatra that enters next),
// and every legal move with its whole path, so that a capture chain
// such as c3:e5:g7 is clicked and shown landing by landing. The material
// count, score(), is here too: it is JSON for the front ends as well.
#include <bit>

#include <nlohmann/json.hpp>

#include "core/view.h"
#include "games/shatra/shatra.h"
#include "games/shatra/text.h"

namespace asterism::shatra {
namespace {

using view::Pt;

Pt centre(int cell) {
    return {static_cast<double>(kGeo.file[cell]), static_cast<double>(kRanks - kGeo.rank[cell])};
}

std::string region(int c) {
    std::string cls;
    for (int colour = 0; colour < 2; ++colour) {
        const std::string side = colour == kWhite ? "white" : "black";
        if (kFortress[colour] & bit(c)) cls += "fortress fortress-" + side + " ";
        if (kGate[colour] == c) cls += "gate gate-" + side + " ";
        if (kHalf[colour] & bit(c)) cls += "half-" + side + " ";
    }
    if ((kGeo.file[c] + kGeo.rank[c]) % 2 == 0) cls += "dark";
    return cls;
}

// What the drawing says beside the board: the temdeks and reserves, the
// gates, and in the Original form the fortress shatra that enters next
// (the home area is closed instead of a temdek standing).
nlohmann::json view_extras(const State& s) {
    const Pos& p = s.pos();
    nlohmann::json extras = nlohmann::json::object();
    for (int colour = 0; colour < 2; ++colour) {
        const std::string side = colour == kWhite ? "white" : "black";
        extras["temdek"][side] = p.temdek_on(colour);
        extras["reserves"][side] =
            p.temdek_on(colour) ? std::popcount(p.occ[colour] & kHome[colour]) : 0;
    }
    extras["gates"] = {cell_name(kGate[kWhite]), cell_name(kGate[kBlack])};
    if (!s.rules().original) return extras;
    extras["form"] = "original";
    for (int colour = 0; colour < 2; ++colour) {
        const int next = s.next_entry(colour);
        extras["next_entry"][colour == kWhite ? "white" : "black"] =
            next == kNoCell ? nlohmann::json(nullptr) : nlohmann::json(cell_name(next));
    }
    return extras;
}

}  // namespace

nlohmann::json State::score() const {
    // A rough material count (batyr 9, tura 5, yalkyn 3, shatra 1) for
    // display and simple players; the game is decided by the biy alone.
    constexpr int kValue[6] = {0, 0, 9, 5, 3, 1};
    nlohmann::json out = {{"values", {{"batyr", 9}, {"tura", 5}, {"yalkyn", 3}, {"shatra", 1}}}};
    for (int c = 0; c < 2; ++c) {
        int material = 0;
        nlohmann::json men = nlohmann::json::object();
        for (int k = kBiy; k <= kShatra; ++k) {
            material += kValue[k] * pos_.count[c][k];
            men[kKindNames[k]] = pos_.count[c][k];
        }
        out["material"][kColourNames[c]] = material;
        out["men"][kColourNames[c]] = men;
        out["reserves"][kColourNames[c]] =
            pos_.temdek_on(c) ? std::popcount(pos_.occ[c] & kHome[c]) : 0;
        out["temdek"][kColourNames[c]] = pos_.temdek_on(c);
    }
    return out;
}

nlohmann::json State::view(ViewParts parts) const {
    nlohmann::json cells = nlohmann::json::array();
    nlohmann::json pieces = nlohmann::json::array();
    for (int c = 0; c < kCells; ++c) {
        if (parts == ViewParts::Whole)
            cells.push_back(
                view::cell(cell_name(c), centre(c), view::square(centre(c), 1), region(c)));
        const std::uint8_t m = pos_.board[static_cast<std::size_t>(c)];
        if (!m) continue;
        const int colour = colour_of(m), kind = kind_of(m);
        std::string cls;
        if (pos_.temdek_on(colour) && (kHome[colour] & bit(c))) cls += "reserve ";
        if (c == next_entry(colour)) cls += "next-entry ";
        if (pos_.urgent & bit(c)) cls += "urgent";
        pieces.push_back(view::object("cell", cell_name(c), "owner", colour, "kind",
                                      kKindNames[kind], "label", std::string(1, kLetters[kind]),
                                      "cls", cls));
    }
    nlohmann::json decor = nlohmann::json::array();
    // Each home area: the 3x3 fortress with the gate below (or above) it.
    for (int colour = 0; colour < 2; ++colour) {
        const double sign = colour == kWhite ? 1 : -1;
        const double base = colour == kWhite ? kRanks - 0.5 : -0.5;  // outer edge
        const double wall = base - sign * 3;                         // fortress edge
        const double gate = wall - sign * 1;
        decor.push_back(view::decor("polygon",
                                    {{1.5, base},
                                     {4.5, base},
                                     {4.5, wall},
                                     {3.5, wall},
                                     {3.5, gate},
                                     {2.5, gate},
                                     {2.5, wall},
                                     {1.5, wall}},
                                    colour == kWhite ? "home home-white" : "home home-black"));
        if (pos_.temdek_on(colour) && !rules_.original) {
            // The temdek, a cross, stands on the gate; it is drawn on the
            // wall beside it so that the man on the gate stays visible.
            const Pt g = centre(kGate[colour]);
            const Pt at{g.x + 1, g.y};
            decor.push_back(view::decor(
                "text", {at}, colour == kWhite ? "temdek temdek-white" : "temdek temdek-black",
                "\u2716"));
        }
    }
    decor.push_back(view::decor("polyline", {{-0.6, 6.5}, {6.6, 6.5}}, "ditch"));

    nlohmann::json extras = view_extras(*this);
    return view::drawing("shatra", parts, std::move(cells), std::move(pieces), std::move(decor),
                         extras, 0.2);
}

nlohmann::json State::move_view(Move m) const {
    nlohmann::json path = {cell_name(m.from)};
    if (m.jumps == 0)
        path.push_back(cell_name(m.to));
    else
        for (int k = 0; k < m.jumps; ++k) path.push_back(cell_name(m.path[k]));
    nlohmann::json j = {{"text", move_text(m)}, {"path", path}};
    if (m.flags & Move::kDrop) j["drop"] = true;
    if (m.jumps > 0) {
        // The men each jump takes: the enemy men on the line between one
        // landing and the next, so that a front end can mark them.
        j["capture"] = true;
        const std::uint8_t mover = pos_.board[m.from];
        nlohmann::json taken = nlohmann::json::array();
        int at = m.from;
        for (int k = 0; k < m.jumps; ++k) {
            const int to = m.path[k];
            const int d = kGeo.dir_to[static_cast<std::size_t>(at)][static_cast<std::size_t>(to)];
            for (int c = at; d != kNoDir && c != to && c != kNoCell;
                 c = kGeo.step[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)]) {
                const std::uint8_t man_here = pos_.board[static_cast<std::size_t>(c)];
                if (c != at && man_here && colour_of(man_here) != colour_of(mover))
                    taken.push_back(cell_name(c));
            }
            at = to;
        }
        j["captured"] = taken;
    }
    if (m.promo) {
        j["pick"] = std::string(1, kLetters[m.promo]);
        j["pick_label"] = std::string("promote to ") + kKindNames[m.promo];
    }
    return j;
}

}  // namespace asterism::shatra
