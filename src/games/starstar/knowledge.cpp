// The playout policy of knowledge.h: the fill of the board that answers
// bridge intrusions and, with knowledge 2, plays the learned local replies.
#include <algorithm>
#include <optional>

#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

// Knowledge 2's local replies, in the manner of MoHex's playout patterns:
// each empty cell next to the opponent's last stone weighs its learned
// gamma (PlayoutGammas: its ring and the stones touching it), every other
// empty cell the gamma of an untouched cell of its ring, and the next cell
// is drawn from that distribution. The local cells are weighed exactly; the
// others as if nothing touched them, and when one of them is drawn it is
// taken uniformly. So a move costs a few neighbours' features, not the
// board's: the stones touching each cell are counted as the board fills.
class LocalReplies {
  public:
    LocalReplies(const Geometry& g, const std::array<Player, kMaxCells>& colour)
        : g_(g), gammas_(playout_gammas()) {
        for (Cell c = 0; c < g.cells(); ++c) {
            if (colour[c] == Player::None)
                quiet_rings_ += gammas_.ring[static_cast<std::size_t>(g.depth_class(c))];
            else
                place(c, colour[c], false);
        }
    }

    // A stone of p on c: its neighbours are touched by one more of p's.
    void place(Cell c, Player p, bool was_empty = true) {
        if (was_empty) quiet_rings_ -= gammas_.ring[static_cast<std::size_t>(g_.depth_class(c))];
        for (const Cell n : g_.neighbours(c)) ++touch_[p == kBlack ? 0 : 1][n];
    }

    // The reply of `mover` to a stone on `last` with `left` cells empty: a
    // cell next to it, or kNoCell to play elsewhere at random.
    Cell reply(Rng& rng, const std::array<Player, kMaxCells>& colour, Cell last, Player mover,
               int left) const {
        std::array<Cell, kMaxDegree> near;
        std::array<float, kMaxDegree> weight;
        int count = 0;
        float local = 0, local_rings = 0;
        const int own = mover == kBlack ? 0 : 1;
        for (const Cell n : g_.neighbours(last)) {
            if (colour[n] != Player::None) continue;
            const auto ring = static_cast<std::size_t>(g_.depth_class(n));
            const int mine = std::min<int>(touch_[own][n], 7);
            const int theirs = std::min<int>(touch_[1 - own][n], 7);
            const float w = gammas_.local[ring * 64 + static_cast<std::size_t>(mine * 8 + theirs)];
            near[static_cast<std::size_t>(count)] = n;
            weight[static_cast<std::size_t>(count++)] = w;
            local += w;
            local_rings += gammas_.ring[ring];
        }
        if (count == 0) return kNoCell;
        const double elsewhere =
            count == left ? 0.0 : std::max(0.0, double{quiet_rings_ - local_rings} * gammas_.quiet);
        double u = rng.uniform() * (local + elsewhere);
        for (int k = 0; k < count; ++k) {
            u -= weight[static_cast<std::size_t>(k)];
            if (u < 0) return near[static_cast<std::size_t>(k)];
        }
        return count == left ? near[static_cast<std::size_t>(count - 1)] : kNoCell;
    }

  private:
    const Geometry& g_;
    const PlayoutGammas& gammas_;
    float quiet_rings_ = 0;  // the ring gammas of the empty cells, summed
    std::array<std::array<std::uint8_t, kMaxCells>, 2> touch_{};  // by Black, White
};

}  // namespace

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
    std::optional<LocalReplies> learned;
    if (knowledge_ >= 2) learned.emplace(g, colour);
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
        if (learned && reply == kNoCell && last != kNoCell)
            reply = learned->reply(rng, colour, last, next, left);
        const int k = reply != kNoCell
                          ? slot[reply]
                          : static_cast<int>(rng.below(static_cast<std::uint32_t>(left)));
        const Cell c = pool[k];
        pool[k] = pool[--left];
        slot[pool[k]] = static_cast<Cell>(k);
        colour[c] = next;
        if (learned) learned->place(c, next);
        order[n++] = c;
        last = c;
        next = opponent(next);
    }
    *count = n;
    return score_filled(colour, margin);
}

}  // namespace asterism::starstar
