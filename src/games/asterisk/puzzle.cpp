// Asterisk's puzzle themes (learn/puzzles.h; docs/learn.md, "Themes"): what
// the pieces of a proven line do for the winner's three goals.
#include <bit>
#include <string>
#include <vector>

#include "games/asterisk/asterisk.h"

namespace asterism::asterisk {

// With the attacker the side to move here and `line` a win for it:
//   shared-piece: the winning piece completes two of the attacker's goals
//     at once (one piece is on both chains);
//   goal-switch: the first piece carries the defender's value in an
//     attribute whose goal the attacker wins with (it gives that attribute
//     away on its own cell and still wins it);
//   block: the first piece stands on a cell where a piece with the
//     defender's value would complete a chain of the defender's, and lacks
//     that value.
std::vector<std::string> State::line_themes(const std::vector<Move>& line) const {
    std::vector<std::string> out;
    if (line.empty() || line.front() == kSwap) return out;
    const Player attacker = to_move();
    const ValueSet mine = goals(attacker) == GoalSet::D ? kValuesD : kValuesL;
    const ValueSet theirs = static_cast<ValueSet>(~mine & 0b111111);
    const Move first = line.front();
    State s = *this;
    const ValueSet blocked = static_cast<ValueSet>(s.critical(first.cell) & theirs);
    for (std::size_t i = 0; i + 1 < line.size(); ++i) s.apply(line[i]);
    const Move last = line.back();
    const ValueSet completed = static_cast<ValueSet>(s.completes(last.cell, last.type) & mine);
    s.apply(last);
    const ValueSet won = static_cast<ValueSet>(s.chains() & mine);
    if (std::popcount(static_cast<unsigned>(completed)) >= 2) out.emplace_back("shared-piece");
    bool gives = false, blocks = false;
    for (int a = 0; a < kAttributes; ++a) {
        const int bit = attribute_bit(first.type, a);
        const bool defenders_value = (theirs >> value_index(a, bit)) & 1;
        const bool won_here = won & (3u << (2 * a));
        gives = gives || (defenders_value && won_here);
        blocks = blocks || ((blocked >> value_index(a, 1 - bit)) & 1);
    }
    if (gives) out.emplace_back("goal-switch");
    if (blocks) out.emplace_back("block");
    return out;
}

}  // namespace asterism::asterisk
