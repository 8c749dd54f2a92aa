// Asterisk's rules on the State: the start position (the Solitaire deal
// included), the recomputation of everything derived after a position is
// set, and random playouts. The hot paths (move generation, apply, undo,
// the end of the game) are inline in asterisk.h so that searches see them.
#include <algorithm>
#include <utility>

#include "games/asterisk/asterisk.h"
#include "games/asterisk/errors.h"

namespace asterism::asterisk {
namespace {

// Solitaire's prefilled cells (A7): reading A fills ring 0 and every ring
// from 2 inwards, reading B only rings 0 and 2.
bool prefilled(const Geometry& g, Prefill setup, Cell c) {
    const int k = g.ring[c];
    return setup == Prefill::A ? k != 1 : (k == 0 || k == 2);
}

}  // namespace

// ---- construction ----------------------------------------------------------------

State::State(const Rules& rules) {
    geo_ = &asterisk::geometry(rules.size);
    rules_ = rules;
    first_goals_ = rules.mode == Mode::Solitaire ? GoalSet::D : rules.first_goals;
    if (rules.mode == Mode::Solitaire)
        deal();
    else
        rebuild();
}

void State::rebuild() {
    const Geometry& g = *geo_;
    const int full = g.cells / kTypes;
    std::array<int, kTypes + 1> used{};
    for (int c = 0; c < g.cells; ++c) ++used[board_[c]];
    used[hand_] += hand_ != kNoPiece;
    std::array<int, kTypes + 1> queued{};
    for (int i = queue_next_; i < queue_len_; ++i) ++queued[queue_[i]];
    for (int t = 1; t <= kTypes; ++t) {
        if (used[t] + queued[t] > full)
            throw error("pos.ast.count", {{"n", used[t] + queued[t]},
                                          {"type", std::string(type_name(PieceType(t)))},
                                          {"size", g.n},
                                          {"full", full}});
        // Solitaire's supply is the queue, which holds everything not placed.
        supply_[t] = static_cast<std::uint8_t>(full - used[t]);
    }

    const auto pieces_on_board = board_;
    board_.fill(kNoPiece);
    for (auto& u : uf_) u.reset(g.cells);
    empties_ = g.cells;
    chains_ = 0;
    hash_ = 0;
    auto no_record = [](int, const UnionFind::Change&) {};
    for (int c = 0; c < g.cells; ++c)
        if (pieces_on_board[c] != kNoPiece) place(Cell(c), pieces_on_board[c], no_record);
    if (side_ == Player::Second) hash_ ^= kZobrist.extra(0);
    if (first_goals_ == GoalSet::L) hash_ ^= kZobrist.extra(1);
    if (hand_ != kNoPiece) hash_ ^= kZobrist(kHandSlot, hand_);
    for (int i = queue_next_; i < queue_len_; ++i)
        hash_ ^= kZobrist(kQueueSlot + queue_len_ - 1 - i, queue_[i]);
    depth_ = nchanges_ = 0;

    // The plies that led here. Without a swap the side to move follows from
    // the number of pieces: in Standard the second player moves when it is
    // odd (the opening has three), in Inverted when it is even (the second
    // player places first). A swap flips it, which is how one is recognised.
    const int p = pieces();
    const bool odd = p % 2 == 1;
    const Player unswapped =
        (rules_.mode == Mode::Standard) == odd ? Player::Second : Player::First;
    switch (rules_.mode) {
        case Mode::Standard:
            ply_base_ = p + (p >= 3 && side_ != unswapped);
            break;
        case Mode::Inverted:
            ply_base_ = p == 0 ? (side_ == Player::Second) : 1 + p + (side_ != unswapped);
            break;
        case Mode::Solitaire:
            ply_base_ = 0;
            for (int c = 0; c < g.cells; ++c)
                ply_base_ += board_[c] != kNoPiece && !prefilled(g, rules_.setup, Cell(c));
            break;
    }
}

// The Solitaire deal. Each attempt lists the full set by type (all dhe, then
// dca, dce, lha, lhe, lca), shuffles it by Fisher-Yates from the last slot
// down (slot i swaps with rng.below(i + 1)), fills the prefilled cells in id
// order with the first pieces and keeps the rest, in order, as the draw
// queue. A setup that already holds a chain is dealt again with the next
// numbers of the same generator (A8), so a seed names one deal.
void State::deal() {
    const Geometry& g = *geo_;
    Rng rng(rules_.seed);
    std::array<PieceType, kMaxCells> set{};
    do {
        for (int i = 0; i < g.cells; ++i)
            set[i] = static_cast<PieceType>(1 + i / (g.cells / kTypes));
        for (int i = g.cells - 1; i > 0; --i)
            std::swap(set[i], set[rng.below(static_cast<std::uint32_t>(i + 1))]);
        int next = 0;
        board_.fill(kNoPiece);
        for (int c = 0; c < g.cells; ++c)
            if (prefilled(g, rules_.setup, Cell(c))) board_[c] = set[next++];
        queue_len_ = g.cells - next;
        queue_next_ = 0;
        std::copy(set.begin() + next, set.begin() + g.cells, queue_.begin());
        side_ = Player::First;
        hand_ = kNoPiece;
        rebuild();
    } while (chains_ != 0);
}

// ---- random playouts ------------------------------------------------------------------

Outcome State::recorded_playout(Rng& rng, std::uint64_t* moves, Move* record) const {
    detail::StateData s = *this;
    std::uint64_t played = 0;
    const Outcome o = detail::uniform_playout(s, rng, [&](Move m, Player) {
        if (record) record[played] = m;
        ++played;
    });
    *moves += played;
    return o;
}

}  // namespace asterism::asterisk
