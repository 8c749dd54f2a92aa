// The clock of an online game on its own (table/time_control.h, read from a
// create request by server/games/clock.h): what a turn, a takeback and a
// flag charge, the correspondence clock's reset, the state's view of a
// running clock, the stored form read back, and the engine protocol's
// measure charged as the wall clock's is (one clock model).
#include <gtest/gtest.h>

#include "server/api_message.h"
#include "server/games/clock.h"

namespace asterism::server {
namespace {

using nlohmann::json;

GameClock fischer(double minutes, double increment) {
    return clock_from_request(
        {{"clock", {{"kind", "fischer"}, {"minutes", minutes}, {"increment", increment}}}});
}

TEST(GameClock, ATurnChargesItsTimeAndAddsTheIncrement) {
    GameClock c = fischer(10, 5);
    EXPECT_EQ(c.left_at(Player::First, 0), 600000);
    c.turn_over(Player::None, Player::First, true, 1000);  // the first turn starts
    EXPECT_TRUE(c.running());
    EXPECT_EQ(c.left_at(Player::First, 4000), 597000);
    c.turn_over(Player::First, Player::Second, true, 4000);
    EXPECT_EQ(c.left_at(Player::Second, 9000), 595000);
    const json view = c.view(Player::Second, false, 9000);
    EXPECT_EQ(view["running"], 1);
    EXPECT_EQ(view["left"], json::array({602000, 595000}));  // the first's clock stands
    EXPECT_FALSE(view.contains("turn_start"));
    EXPECT_EQ(c.view(Player::Second, true, 9000)["running"], -1);  // over: nothing runs
}

TEST(GameClock, ATakebackBuysNoTime) {
    GameClock c = fischer(10, 5);
    c.turn_over(Player::None, Player::First, true, 1000);
    c.turn_over(Player::First, Player::Second, true, 4000);  // first: 600000 - 3000 + 5000
    c.take_back(Player::Second, {Player::First}, 6000);  // second used 2000; first's move goes back
    c.turn_over(Player::None, Player::First, true, 6000);
    EXPECT_EQ(c.view(Player::First, false, 6000)["left"], json::array({597000, 598000}));
}

TEST(GameClock, ACorrespondenceTurnGetsItsDaysAgain) {
    GameClock c = clock_from_request({{"clock", {{"kind", "correspondence"}, {"days", 2}}}});
    ASSERT_EQ(c.kind(), TimeControl::Kind::Correspondence);
    constexpr std::int64_t kDay = 86400000;
    c.turn_over(Player::None, Player::First, true, 1000);
    c.turn_over(Player::First, Player::Second, true,
                1000 + kDay);  // a day used, then the second's turn
    EXPECT_EQ(c.view(Player::Second, false, 1000 + kDay)["left"], json::array({kDay, 2 * kDay}));
    c.turn_over(Player::Second, Player::First, true, 2000 + kDay);
    EXPECT_EQ(c.left_at(Player::First, 2000 + kDay), 2 * kDay);  // the first's days again
}

TEST(GameClock, AFlagEndsItAndTheStoredFormReadsBack) {
    GameClock c = fischer(1, 0);
    c.turn_over(Player::None, Player::First, true, 10);
    c.flag(Player::First);
    EXPECT_FALSE(c.running());
    EXPECT_EQ(c.left_at(Player::First, 99999), 0);
    const json stored = c.to_json();
    EXPECT_EQ(stored, (json{{"kind", "fischer"},
                            {"base", 60000},
                            {"increment", 0},
                            {"per_move", 0},
                            {"left", {0, 60000}},
                            {"turn_start", 0}}));
    EXPECT_EQ(GameClock::from_json(stored).to_json(), stored);
    c.restart(500);  // a stopped clock stays stopped
    EXPECT_FALSE(c.running());
}

// The engine protocol charges the seconds its search took (spend), the
// server the wall clock's turn (turn_over): the same arithmetic, and the
// same budget after it.
TEST(GameClock, TheEnginesMeasureAndTheWallClockChargeAlike) {
    GameClock engine = fischer(10, 5), server = fischer(10, 5);
    engine.spend(Player::First, 3.0);
    server.turn_over(Player::None, Player::First, true, 1000);
    server.turn_over(Player::First, Player::Second, true, 4000);
    server.stop();
    EXPECT_EQ(engine.left_at(Player::First, 0), 602000);
    EXPECT_EQ(server.left_at(Player::First, 0), 602000);
    EXPECT_DOUBLE_EQ(engine.budget(Player::First), server.budget(Player::First));
    EXPECT_EQ(engine.control().describe(), "600+5");
}

// A Canadian clock (the engine protocol's) keeps its period in the stored
// form; a correspondence clock names itself in a record as PGN does.
TEST(GameClock, ACanadianClockIsStoredWithItsPeriods) {
    GameClock c(TimeControl{TimeControl::Kind::Canadian, 0, 0, 30, 5});
    c.spend(Player::Second, 2.5);  // the first move of a period of five
    const json stored = c.to_json();
    EXPECT_EQ(stored["kind"], "canadian");
    EXPECT_EQ(stored["periods"], json::array({0, 4}));
    EXPECT_EQ(stored["left"], json::array({0, 27500}));
    const GameClock back = GameClock::from_json(stored);
    EXPECT_EQ(back.to_json(), stored);
    EXPECT_DOUBLE_EQ(back.budget(Player::Second), c.budget(Player::Second));
    EXPECT_EQ(clock_from_request({{"clock", {{"kind", "correspondence"}, {"days", 3}}}})
                  .control()
                  .describe(),
              "1/259200");
}

TEST(GameClock, WhatIsNotAClockIsRefused) {
    EXPECT_FALSE(clock_from_request(json::object()).timed());
    EXPECT_THROW(clock_from_request({{"clock", {{"kind", "hourglass"}}}}), HttpError);
    EXPECT_THROW(clock_from_request({{"clock", "fischer"}}), HttpError);
    EXPECT_THROW(GameClock::from_json({{"kind", "hourglass"}}), GameError);
}

}  // namespace
}  // namespace asterism::server
