// The seats of a game on their own (server/games/seats.h): who a request
// is, by its secret or its account; what a join, a claim and a challenge
// change; and the stored form read back, with and without what only the
// row may hold.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "server/games/seats.h"
#include "server/secrets.h"

namespace asterism::server {
namespace {

using nlohmann::json;

// An online game as created: the creator first, the invitation second.
Seats created(std::int64_t challenged = 0) {
    Seats s;
    s.open(Player::First, digest("creator"), "10.0.0.1");
    s.invite(Player::Second, digest("invite"), challenged);
    return s;
}

games::events::Join joined(Player p, std::string name, std::int64_t account = 0) {
    games::events::Join j;
    j.seat = p;
    j.name = std::move(name);
    j.account = account;
    return j;
}

TEST(Seats, ARequestIsTheSeatItsSecretNames) {
    Seats s = created();
    EXPECT_EQ(s.holder_of("Bearer creator", 0, Player::First, false), Player::First);
    EXPECT_EQ(s.holder_of("Bearer invite", 0, Player::First, false), Player::Second);
    EXPECT_EQ(s.holder_of("Bearer stolen", 0, Player::First, false), Player::None);
    EXPECT_EQ(s.holder_of("creator", 0, Player::First, false), Player::None);  // not a bearer
    EXPECT_EQ(s.holder_of("", 0, Player::First, false), Player::None);
}

TEST(Seats, AnAccountActsForItsSeatUnlessOnlyASecretWill) {
    Seats s = created();
    s.join(joined(Player::First, "Ann", 7));
    s.join(joined(Player::Second, "Bob", 9));
    EXPECT_EQ(s.holder_of("", 7, Player::Second, false), Player::First);
    EXPECT_EQ(s.holder_of("", 9, Player::First, false), Player::Second);
    EXPECT_EQ(s.holder_of("", 7, Player::First, true), Player::None);  // secret_only
    EXPECT_EQ(s.holder_of("", 8, Player::First, false), Player::None);
    // A wrong secret does not fall back to someone else's account.
    EXPECT_EQ(s.holder_of("Bearer invite", 7, Player::First, false), Player::Second);
}

TEST(Seats, AnAccountThatPlaysItselfActsForTheSideToMove) {
    Seats s = created();
    s.join(joined(Player::First, "Ann", 7));
    s.join(joined(Player::Second, "Ann", 7));
    EXPECT_EQ(s.holder_of("", 7, Player::First, false), Player::First);
    EXPECT_EQ(s.holder_of("", 7, Player::Second, false), Player::Second);
}

TEST(Seats, AJoinTakesTheSeatAndAChallengeKeepsTheOther) {
    Seats s = created();
    EXPECT_FALSE(s.both_joined());
    EXPECT_EQ(s.free_seat(), Player::First);
    games::events::Join j = joined(Player::First, "Ann", 7);
    j.reserved = 42;  // a challenge to account 42
    s.join(j);
    EXPECT_TRUE(s[Player::First].joined);
    EXPECT_EQ(s[Player::First].name, "Ann");
    EXPECT_EQ(s[Player::First].digest, digest("creator"));  // a join without a digest keeps it
    EXPECT_EQ(s.free_seat(), Player::Second);
    EXPECT_EQ(s.kept_for(42), Player::Second);
    EXPECT_EQ(s.kept_for(7), Player::None);  // taken already
    EXPECT_EQ(s.kept_for(0), Player::None);
    s.join(joined(Player::Second, "Cid", 42));
    EXPECT_TRUE(s.both_joined());
    EXPECT_EQ(s.free_seat(), Player::None);
    EXPECT_EQ(s.kept_for(42), Player::None);
}

TEST(Seats, AClaimBindsAGuestsSeatOnce) {
    Seats s = created();
    s.join(joined(Player::Second, "guest"));
    s.claim({Player::Second, 5, "Dee"});
    EXPECT_EQ(s[Player::Second].account, 5);
    EXPECT_EQ(s[Player::Second].name, "Dee");
    EXPECT_THROW(s.claim({Player::Second, 6, "Eve"}), GameError);
    EXPECT_EQ(s[Player::Second].account, 5);
    s.forget_account(5, "a former player");
    EXPECT_EQ(s[Player::Second].account, 0);
    EXPECT_EQ(s[Player::Second].name, "a former player");
}

TEST(Seats, AComputersSeatIsTakenFromTheStart) {
    Seats s;
    s.open(Player::Second, digest("creator"), "10.0.0.1");
    s.seat_computer(Player::First, "level:6", "asterism level:6");
    EXPECT_TRUE(s.has_computer());
    EXPECT_TRUE(s[Player::First].joined);
    EXPECT_EQ(s.free_seat(), Player::Second);
    EXPECT_EQ(s.holder_of("Bearer creator", 0, Player::First, false), Player::Second);
    EXPECT_TRUE(s.held_by("10.0.0.1"));
    EXPECT_FALSE(s.held_by("10.0.0.2"));
}

TEST(Seats, TheStoredFormReadsBackAndThePublicOneHidesTheSecrets) {
    Seats s = created();
    s.join(joined(Player::First, "Ann", 7));
    s.hold(Player::Second, "10.0.0.2");
    const json row = s.to_json(true);
    const Seats back = Seats::from_row(row, false);
    // All but `joined`, which the log's join events give back.
    json expected = row;
    expected[0]["joined"] = false;
    EXPECT_EQ(back.to_json(true), expected);
    EXPECT_EQ(back[Player::Second].holder, "10.0.0.2");
    const json shown = s.to_json(false);
    EXPECT_FALSE(shown.at(0).contains("digest"));
    EXPECT_FALSE(shown.at(1).contains("holder"));
    EXPECT_EQ(shown.at(0).at("account"), true);  // a name that is an account's
    EXPECT_EQ(shown.at(1).at("account"), false);
    s.forget_holders();
    EXPECT_FALSE(s.held_by("10.0.0.1"));
    // A local game's seats are its holder's from the start; replay unjoins
    // an online game's people, never its computer.
    EXPECT_TRUE(Seats::from_row(row, true).both_joined());
    Seats c;
    c.seat_computer(Player::First, "level:3", "asterism level:3");
    c.join(joined(Player::Second, "Ann"));
    c.unjoin_people();
    EXPECT_TRUE(c[Player::First].joined);
    EXPECT_FALSE(c[Player::Second].joined);
}

TEST(Seats, AStoredRowThatIsNotSeatsIsRefused) {
    EXPECT_ANY_THROW(Seats::from_row(json::array(), false));
    EXPECT_ANY_THROW(Seats::from_row(json::parse(R"([{"computer": 1}, {}])"), false));
}

}  // namespace
}  // namespace asterism::server
