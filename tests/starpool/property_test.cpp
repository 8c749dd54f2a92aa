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

namespace asterism::starpool {
namespace {

using asterism::testing::scaled;

// Positions with unusual men in unusual places, so random play also meets
// Pawns in citadels, Captains, Generals and Sergeants early.
const char* const kStarts[] = {
    "start",
    "4k3P/9/9/3p5/4*4/3P1P3/9/9/n3K4 [P-r-] w - 0 1",
    "k8/9/2p3p2/9/4*3K/9/2C6/9/9 [-C--] w - 0 1",
    "4k3S/7S1/p8/9/4*4/3S5/9/9/K8 [----] w - 0 1",
    "r1e1k1e1r/1n1l1l1n1/ppSpp1ppp/9/2P1*1G2/3s5/PP1P1PPPP/2l6/R1E1KLENR [WwWw] b Kk 0 12",
};

State start_state(const std::string& position) {
    State s;
    if (position != "start") s.set_position(position);
    return s;
}

TEST(StarPoolProperty, RandomGamesRoundTripUndoAndEnd) {
    std::map<std::string, int> reasons;
    int seed = 1;
    for (const char* position : kStarts) {
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
    for (const char* position : kStarts) {
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
