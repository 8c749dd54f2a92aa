// A game's standing takeback request on its own (server/games/takebacks.h):
// who may answer it, and what settles it.
#include <gtest/gtest.h>

#include "server/games/takebacks.h"

namespace asterism::server {
namespace {

TEST(Takebacks, OnlyTheOtherSeatAnswersAStandingRequest) {
    Takebacks t;
    EXPECT_EQ(t.asked_by(), Player::None);
    EXPECT_EQ(t.seat(), -1);
    EXPECT_FALSE(t.answerable_by(Player::First));
    EXPECT_FALSE(t.answerable_by(Player::Second));
    t.apply({"request", Player::Second});
    EXPECT_EQ(t.asked_by(), Player::Second);
    EXPECT_EQ(t.seat(), 1);
    EXPECT_TRUE(t.answerable_by(Player::First));
    EXPECT_FALSE(t.answerable_by(Player::Second));  // not one's own
    t.apply({"decline", Player::First});
    EXPECT_EQ(t.asked_by(), Player::None);
    EXPECT_FALSE(t.answerable_by(Player::First));
}

TEST(Takebacks, AMoveOrAnUndoSettlesIt) {
    Takebacks t;
    t.apply({"request", Player::First});
    EXPECT_EQ(t.seat(), 0);
    t.settle();
    EXPECT_EQ(t.asked_by(), Player::None);
    EXPECT_FALSE(t.answerable_by(Player::Second));
}

}  // namespace
}  // namespace asterism::server
