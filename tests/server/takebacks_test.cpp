// A game's standing takeback request on its own (server/games/takebacks.h):
// who may answer it, and what settles it.
#include <gtest/gtest.h>

#include "server/games/takebacks.h"

namespace asterism::server {
namespace {

constexpr Player kFirst = Player::First, kSecond = Player::Second;

TEST(Takebacks, OnlyTheOtherSeatAnswersAStandingRequest) {
    Takebacks t;
    EXPECT_EQ(t.asked_by(), Player::None);
    EXPECT_EQ(t.seat(), -1);
    EXPECT_FALSE(t.answerable_by(kFirst));
    EXPECT_FALSE(t.answerable_by(kSecond));
    t.apply({"request", kSecond});
    EXPECT_EQ(t.asked_by(), kSecond);
    EXPECT_EQ(t.seat(), 1);
    EXPECT_TRUE(t.answerable_by(kFirst));
    EXPECT_FALSE(t.answerable_by(kSecond));  // not one's own
    t.apply({"decline", kFirst});
    EXPECT_EQ(t.asked_by(), Player::None);
    EXPECT_FALSE(t.answerable_by(kFirst));
}

TEST(Takebacks, AMoveOrAnUndoSettlesIt) {
    Takebacks t;
    t.apply({"request", kFirst});
    EXPECT_EQ(t.seat(), 0);
    t.settle();
    EXPECT_EQ(t.asked_by(), Player::None);
    EXPECT_FALSE(t.answerable_by(kSecond));
}

}  // namespace
}  // namespace asterism::server
