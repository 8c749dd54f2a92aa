// Star Pool Chess notation: move text and position strings (spec 6) and the
// text drawing of the board.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/starpool/starpool.h"
#include "starpool/test_util.h"

namespace asterism::starpool {
namespace {

using testing::at_position;
using testing::error_of;

TEST(StarPoolState, StartPositionIsSection6) {
    const State s;
    EXPECT_EQ(s.position(), "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1");
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_EQ(s.player_name(Player::First), "White");
    EXPECT_EQ(s.player_name(Player::Second), "Black");
    EXPECT_FALSE(s.outcome().over());
}

TEST(StarPoolState, RenderDrawsBoardPoolAndCitadels) {
    const std::string r = State().render();
    for (const char* part : {"w1 [W]", "[W] w2", "w4 [w]", "[w] w3", "a  b  c  d  e  f  g  h  i",
                             "9  r  n  e  l  k  l  e  n  r  9", "5  .  .  .  .  *  .  .  .  .  5",
                             "1  R  N  E  L  K  L  E  N  R  1", "White to move"})
        EXPECT_NE(r.find(part), std::string::npos) << part << "\n" << r;
}

// Spec 6: from and to identify the move; a man letter in front is optional;
// swaps use "<>"; the move text parses back to the same move.
TEST(StarPoolState, MovesParseInEveryAllowedForm) {
    const State s;
    const State::Move knight = s.parse_move("b1-d2");
    EXPECT_EQ(s.move_text(knight), "b1-d2");
    EXPECT_TRUE(s.parse_move("Nb1-d2") == knight);
    EXPECT_TRUE(s.parse_move("b1xd2") == knight);
    const State::Move swap = s.parse_move("w1<>a1");
    EXPECT_EQ(s.move_text(swap), "w1<>a1");
    EXPECT_EQ(s.move_text(s.parse_move("Ke1-c2")), "e1-c2");
}

TEST(StarPoolState, BadMovesThrowNamingTheProblem) {
    const State s;
    for (const char* text :
         {"", "b1", "zz-zz", "b1-e5", "b1=d2", "Xb1-d2", "b1-d2x", "j1-j2", "b1<d2", "w5-a1"}) {
        const std::string e = error_of([&] { s.parse_move(text); });
        EXPECT_NE(e.find("cannot read move"), std::string::npos) << text << ": " << e;
    }
    const std::pair<const char*, const char*> illegal[] = {
        {"b1-b3", "cannot go there"},  {"e9-e8", "Black man"},       {"e4-e6", "no man on e4"},
        {"b1<>d2", "not a swap"},      {"w1-a1", "written with"},    {"Kb1-d2", "is a Knight"},
        {"a1<>w1", "cannot go there"}, {"c1-c4", "cannot go there"},
    };
    for (const auto& [text, why] : illegal) {
        const std::string e = error_of([&] { s.parse_move(text); });
        EXPECT_NE(e.find("illegal move"), std::string::npos) << text << ": " << e;
        EXPECT_NE(e.find(why), std::string::npos) << text << ": " << e;
    }
    State over = at_position("4k4/9/9/9/4*4/9/9/9/R3K4 [----] w - 0 1");
    EXPECT_NE(error_of([&] { over.parse_move("a1-a2"); }).find("game is over"), std::string::npos);
}

TEST(StarPoolState, MalformedPositionsThrowAndLeaveTheStateAlone) {
    State s;
    s.apply(s.parse_move("b1-d2"));
    const std::string before = s.position();
    const std::uint64_t hash = s.hash();
    const char* bad[] = {
        "",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] x Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWw] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR WWww w Kk 0 1",
        "rnelklenr/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR/9 [WWww] w Kk 0 1",
        "rnelklenrr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/9/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4P4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppp*ppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1",
        "rnelqlenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWwx] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELLLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNEKKLENR [WWww] w Kk 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Q 0 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk -1 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk x 1",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 0",
        "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1 extra",
        "4k4/9/9/9/4*4/9/9/9/4R3K [----] w - 0 1",
        "PPPPPPPPP/PPPPPPPPP/PPPPPPPPP/9/4*4/9/9/9/4K3k [----] w - 0 1",
    };
    for (const char* text : bad) {
        const std::string e = error_of([&] { s.set_position(text); });
        EXPECT_NE(e.find("bad Star Pool position"), std::string::npos) << text;
        EXPECT_EQ(s.position(), before) << text;
        EXPECT_EQ(s.hash(), hash) << text;
    }
    EXPECT_EQ(s.ply(), 1);
}

TEST(StarPoolState, PositionsRoundTripWithCitadelsFlagsAndCounters) {
    for (const char* text :
         {"4k3P/9/9/3p5/4*4/3P1P3/9/9/n3K4 [P-r-] w - 0 1",
          "9/4n4/6E2/9/4*4/9/9/9/8K [k---] b - 37 61", "k8/9/p8/9/4*4/9/3K5/9/L8 [----] w K 0 1",
          "9/9/p3k4/9/4*4/4K4/9/9/L8 [----] w k 5 9"}) {
        const State s = at_position(text);
        EXPECT_EQ(s.position(), text);
        EXPECT_EQ(at_position(s.position()).hash(), s.hash());
    }
    // The counters are optional on input.
    EXPECT_EQ(at_position("8k/9/p8/9/4*4/9/3K5/9/L8 [----] b K").position(),
              "8k/9/p8/9/4*4/9/3K5/9/L8 [----] b K 0 1");
}

}  // namespace
}  // namespace asterism::starpool
