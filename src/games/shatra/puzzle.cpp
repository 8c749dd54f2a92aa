// Shatra's puzzle themes (learn/puzzles.h; docs/learn.md, "Themes"): what
// the moves of a proven line do, read from the moves themselves.
#include <bit>
#include <string>
#include <vector>

#include "games/shatra/shatra.h"

namespace asterism::shatra {

bool State::almost_nothing_left() const {
    return std::popcount(pos_.occ[pos_.side ^ 1]) <= 2;
}

// With the attacker the side to move here and `line` a win for it, the
// attacker's moves (every other one from the first) show
//   chain-capture: a capture of two men or more in one move;
//   drop: a man dropped from the reserve (or, in the Original form, a
//     fortress shatra entering);
//   promotion: a shatra promoted;
//   fortress-entry: a man ending its move in the defender's home area
//     (its fortress or gate);
// and biy-hunt: the defender's biy moves at least once in the line, and
// the line ends with it captured.
std::vector<std::string> State::line_themes(const std::vector<Move>& line) const {
    State s = *this;
    const int attacker = pos_.side, defender = attacker ^ 1;
    bool chain = false, drop = false, promotion = false, entry = false, biy_moved = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const Move m = line[i];
        const bool attacking = i % 2 == 0;
        const std::uint8_t mover = s.pos_.board[m.from < kCells ? m.from : 0];
        if (attacking) {
            chain = chain || m.jumps >= 2;
            drop = drop || (m.flags & Move::kDrop);
            promotion = promotion || m.promo != 0;
            entry = entry || (kHome[defender] & bit(m.to));
        } else if (!(m.flags & Move::kDrop) && m.from < kCells && mover == man(kBiy, defender)) {
            biy_moved = true;
        }
        s.apply(m);
    }
    std::vector<std::string> out;
    if (chain) out.emplace_back("chain-capture");
    if (drop) out.emplace_back("drop");
    if (promotion) out.emplace_back("promotion");
    if (entry) out.emplace_back("fortress-entry");
    if (biy_moved && s.pos_.count[defender][kBiy] == 0) out.emplace_back("biy-hunt");
    return out;
}

// The same men with the other side to move; the urgent marks and the en
// passant chance belong to the side that was to move, so they go.
std::string State::passed_position() const {
    Pos p = pos_;
    p.side = static_cast<std::uint8_t>(p.side ^ 1);
    p.urgent = 0;
    p.ep_skip = p.ep_victim = kNoCell;
    State s(rules_);
    s.reset(p);
    return s.position();
}

}  // namespace asterism::shatra
