// The playout policy of knowledge.h: the fill of the board that answers
// bridge intrusions.
#include "games/starstar/starstar.h"

namespace asterism::starstar {

Outcome State::policy_playout(Rng& rng, std::array<Player, kMaxCells>& colour,
                              std::array<Cell, kMaxCells + 1>& order, int* count,
                              int* margin) const {
    const Geometry& g = *geo_;
    colour = stone_;
    // The empty cells in a pool with its inverse, so that a chosen reply can
    // be taken out of the pool in O(1) as well as a random cell.
    std::array<Cell, kMaxCells> pool, slot;
    int left = empty_count_;
    for (int k = 0; k < left; ++k) {
        pool[k] = empty_[k];
        slot[empty_[k]] = static_cast<Cell>(k);
    }
    int n = 0;
    Player next = to_move_;
    if (swap_legal() &&
        rng.below(static_cast<std::uint32_t>(left + 1)) == static_cast<std::uint32_t>(left)) {
        colour[empty_[g.cells() - 1]] = kWhite;
        order[n++] = kSwapCell;
        next = kBlack;
    }
    Cell last = ply_ > 0 && !steps_[ply_ - 1].move.is_swap() ? steps_[ply_ - 1].cell : kNoCell;
    while (left > 0) {
        Cell reply = kNoCell;
        if (last != kNoCell)
            for (const Bridge& br : g.bridges(last))
                if (colour[br.a] == next && colour[br.b] == next &&
                    colour[br.other] == Player::None) {
                    reply = br.other;
                    break;
                }
        const int k = reply != kNoCell
                          ? slot[reply]
                          : static_cast<int>(rng.below(static_cast<std::uint32_t>(left)));
        const Cell c = pool[k];
        pool[k] = pool[--left];
        slot[pool[k]] = static_cast<Cell>(k);
        colour[c] = next;
        order[n++] = c;
        last = c;
        next = opponent(next);
    }
    *count = n;
    return score_filled(colour, margin);
}

}  // namespace asterism::starstar
