// Random-game properties of Star Pool Chess (DESIGN.md habit 5): the shared
// checks of tests/common/property.h, agreement with the reference generator
// at every ply, and deterministic playouts that always end.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "common/property.h"
#include "core/rng.h"
#include "games/starpool/starpool.h"
#include "starpool/reference.h"
#include "starpool/test_util.h"

namespace asterism::starpool {
namespace {

using asterism::testing::scaled;

using testing::kVariedStarts;
using testing::start_state;

TEST(StarPoolProperty, RandomGamesRoundTripUndoAndEnd) {
    std::map<std::string, int> reasons;
    int seed = 1;
    for (const char* position : kVariedStarts) {
        asterism::testing::random_games(start_state(position), scaled(40), State::kMaxPlies,
                                        static_cast<std::uint64_t>(seed++), [&](const State& s) {
                                            EXPECT_TRUE(s.outcome().over());
                                            ++reasons[s.end_reason()];
                                        });
        if (HasFatalFailure()) return;
    }
    // Every game ended by one of the rules of spec section 5.
    for (const auto& [reason, games] : reasons) EXPECT_NE(reason, "") << games;
}

TEST(StarPoolProperty, RandomGamesAgreeWithReference) {
    Rng rng(77);
    State::Move moves[State::kMaxMoves];
    for (const char* position : kVariedStarts) {
        for (int g = 0; g < scaled(6); ++g) {
            State s = start_state(position);
            for (;;) {
                const std::string why = s.end_reason();
                // The reference knows no draw rules; compare up to them.
                if (why == "100 plies" || why == "repetition" || why == "move limit") break;
                ASSERT_EQ(testing::engine_moves(s), testing::Reference(s).legal()) << s.position();
                const int n = s.generate(moves);
                if (n == 0) break;
                s.apply(moves[rng.below(static_cast<std::uint32_t>(n))]);
            }
        }
    }
}

TEST(StarPoolProperty, PlayoutsEndAndRepeatPerSeed) {
    const State s;
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(scaled(20)); ++seed) {
        Rng a(seed), b(seed);
        std::uint64_t moves_a = 0, moves_b = 0;
        const Outcome oa = s.random_playout(a, &moves_a);
        const Outcome ob = s.random_playout(b, &moves_b);
        EXPECT_TRUE(oa.over());
        EXPECT_EQ(oa, ob);
        EXPECT_EQ(moves_a, moves_b);
        EXPECT_GT(moves_a, 0u);
        EXPECT_LE(moves_a, static_cast<std::uint64_t>(State::kMaxPlies));
    }
}

}  // namespace
}  // namespace asterism::starpool
