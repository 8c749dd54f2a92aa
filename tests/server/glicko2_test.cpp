// Glicko-2 against the worked example of Glickman's paper, and the
// properties every rating update must have.
#include "server/ratings/glicko2.h"

#include <gtest/gtest.h>

namespace asterism::server::ratings {
namespace {

TEST(Glicko2, ReproducesThePapersWorkedExample) {
    // "Example of the Glicko-2 system", section 3: a player rated 1500,
    // RD 200, volatility 0.06 beats a 1400/30 and loses to 1550/100 and
    // 1700/300, with tau 0.5.
    const Rating after = update(
        {1500, 200, 0.06}, {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}});
    EXPECT_NEAR(after.rating, 1464.06, 0.01);
    EXPECT_NEAR(after.deviation, 151.52, 0.01);
    EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, WinsRaiseLossesLowerAndEveryGameNarrowsTheDeviation) {
    const Rating start;
    const Rating won = update(start, {{start, 1}});
    const Rating lost = update(start, {{start, 0}});
    const Rating drawn = update(start, {{start, 0.5}});
    EXPECT_GT(won.rating, start.rating);
    EXPECT_LT(lost.rating, start.rating);
    EXPECT_NEAR(drawn.rating, start.rating, 1e-9);
    EXPECT_NEAR(won.rating - start.rating, start.rating - lost.rating, 1e-6);
    for (const Rating& r : {won, lost, drawn}) {
        EXPECT_LT(r.deviation, start.deviation);
        EXPECT_TRUE(provisional(r));  // one game is not enough
    }
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviationUpToItsCap) {
    const Rating settled{1800, 60, 0.06};
    const Rating idle = update(settled, {});
    EXPECT_EQ(idle.rating, settled.rating);
    EXPECT_GT(idle.deviation, settled.deviation);
    Rating r = settled;
    for (int i = 0; i < 100000; ++i) r = update(r, {});
    EXPECT_NEAR(r.deviation, 350, 1e-9);
}

TEST(Glicko2, ManyGamesSettleARatingOutOfProvisional) {
    Rating r;
    const Rating opponent{1500, 50, 0.06};
    for (int i = 0; i < 30; ++i) r = update(r, {{opponent, i % 2 ? 1.0 : 0.0}});
    EXPECT_FALSE(provisional(r));
    EXPECT_NEAR(r.rating, 1500, 60);
}

}  // namespace
}  // namespace asterism::server::ratings
