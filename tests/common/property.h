// Random-game property checks shared by every game (DESIGN.md habit 5,
// after OpenSpiel's RandomSimTest). They run on the concrete State so that
// thousands of games stay quick, and check at every ply that:
//   - the position string round-trips (same string, same hash);
//   - every legal move parses back from its own text to the same move;
//   - applying a move and undoing it restores the position and the hash;
// and that every game ends within `max_plies`. `at_end` sees each final state.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace asterism::testing {

// Scales the number of random games; the sanitizer preset sets it below 1.
inline int scaled(int n) {
    const char* env = std::getenv("ASTERISM_TEST_SCALE");
    const double scale = env ? std::atof(env) : 1.0;
    const int v = static_cast<int>(n * (scale > 0 ? scale : 1.0));
    return v < 1 ? 1 : v;
}

template <class S, class AtEnd>
void random_games(const S& start, int games, int max_plies, std::uint64_t seed, AtEnd at_end) {
    Rng rng(seed);
    std::vector<typename S::Move> moves(S::kMaxMoves);
    for (int g = 0; g < games; ++g) {
        S s = start;
        int plies = 0;
        for (;;) {
            const std::string pos = s.position();
            const std::uint64_t hash = s.hash();
            {
                S copy = start;
                copy.set_position(pos);
                ASSERT_EQ(copy.position(), pos) << "game " << g << " ply " << plies;
                ASSERT_EQ(copy.hash(), hash) << pos;
            }
            const int n = s.generate(moves.data());
            ASSERT_EQ(n == 0, s.outcome().over()) << pos;
            if (n == 0) break;
            for (int i = 0; i < n; ++i) {
                const std::string text = s.move_text(moves[i]);
                ASSERT_TRUE(s.parse_move(text) == moves[i]) << text << " in " << pos;
            }
            const auto m = moves[rng.below(static_cast<std::uint32_t>(n))];
            s.apply(m);
            s.undo();
            ASSERT_EQ(s.position(), pos) << "undo of " << s.move_text(m);
            ASSERT_EQ(s.hash(), hash) << "undo of " << s.move_text(m) << " in " << pos;
            s.apply(m);
            ++plies;
            ASSERT_LE(plies, max_plies) << "game did not end: " << s.position();
        }
        at_end(s);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

}  // namespace asterism::testing
