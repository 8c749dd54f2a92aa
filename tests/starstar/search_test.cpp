// *Star's MCTS at the end of a game: when every move wins (or every move
// loses), the final choice goes by the score margin (issue 4: "a final move
// choice that takes the score margin into account").
#include <gtest/gtest.h>

#include <vector>

#include "games/starstar/starstar.h"
#include "search/mcts.h"

namespace asterism::starstar {
namespace {

using Move = State::Move;

// The exact margin (Black minus White) after `first` and then the only
// other empty cell: positions with two empty cells have one line each.
int margin_after(State s, Move first) {
    s.apply(first);
    Move last[State::kMaxMoves];
    EXPECT_EQ(s.generate(last), 1);
    s.apply(last[0]);
    EXPECT_TRUE(s.outcome().over());
    return s.terminal_margin();
}

TEST(StarSearch, AmongWinningEndingsTheLargestMarginIsPlayed) {
    int checked = 0;
    for (std::uint64_t seed = 1; seed < 400 && checked < 8; ++seed) {
        // A random game on the small board up to two empty cells.
        State s(Rules{6, false});
        Rng rng(seed);
        Move moves[State::kMaxMoves];
        while (s.generate(moves) > 2) {
            const int n = s.generate(moves);
            s.apply(moves[rng.below(static_cast<std::uint32_t>(n))]);
        }
        const int n = s.generate(moves);
        ASSERT_EQ(n, 2);
        const int sign = s.to_move() == kBlack ? 1 : -1;
        const int a = sign * margin_after(s, moves[0]), b = sign * margin_after(s, moves[1]);
        // Both endings must go the same way and differ in margin.
        if (a == b || (a > 0) != (b > 0)) continue;
        Mcts<State> mcts;
        mcts.set_root(s);
        mcts.search({500, 0});
        const Move chosen = mcts.node(mcts.best_child()).move;
        EXPECT_EQ(chosen.cell, (a > b ? moves[0] : moves[1]).cell)
            << "seed " << seed << ": margins " << a << " and " << b << " for the mover";
        ++checked;
    }
    EXPECT_EQ(checked, 8) << "too few decided endings in the seeds tried";
}

}  // namespace
}  // namespace asterism::starstar
