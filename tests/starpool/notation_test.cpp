// Star Pool Chess state: notation and position strings (spec 6), the end of
// the game (spec 5 and 9.10), hashing, and the registered face.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/registry.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

State at_position(const std::string& position) {
    State s;
    s.set_position(position);
    return s;
}

void play(State& s, const std::vector<std::string>& moves) {
    for (const auto& m : moves) s.apply(s.parse_move(m));
}

// The GameError message a call produces, or "" if it does not throw.
template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const GameError& e) {
        return e.what();
    }
    return "";
}

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

// Spec 5: a position is the men, the side to move and the King flags.
TEST(StarPoolState, HashSeesSideToMoveAndKingFlags) {
    const State start;
    EXPECT_NE(
        at_position("rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] b Kk 0 1").hash(),
        start.hash());
    State walked;
    play(walked, {"e1-e2", "e9-e8", "e2-e1", "e8-e9"});
    EXPECT_EQ(walked.position(),
              "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w - 4 3");
    EXPECT_NE(walked.hash(), start.hash());
}

// Spec 5: the clock counts plies without a capture, a Pawn move or a
// promotion; a swap never resets it (9.7).
TEST(StarPoolState, HalfMoveClockResetsOnProgressOnly) {
    State s;
    play(s, {"b1-d2", "w3<>i9", "w1<>a1"});
    EXPECT_EQ(s.halfmove_clock(), 3);
    play(s, {"a7-a6"});
    EXPECT_EQ(s.halfmove_clock(), 0);
    State c = at_position("k8/9/1p7/2P2n3/4*4/3PP4/P8/9/8K [--r-] w - 7 1");
    play(c, {"i1-h1"});
    EXPECT_EQ(c.halfmove_clock(), 8);
    play(c, {"a9-a8"});
    EXPECT_EQ(c.halfmove_clock(), 9);
    play(c, {"d4xf6"});
    EXPECT_EQ(c.halfmove_clock(), 0);
    // A promotion by a man other than a Pawn resets it too.
    State promoted = at_position("4k3S/7S1/p8/9/4*4/3S5/9/9/K8 [----] w - 5 1");
    play(promoted, {"h8-g9"});
    EXPECT_EQ(promoted.halfmove_clock(), 0);
}

// Spec 5 and 9.10: checkmate and stalemate lose for the side to move, a bare
// King loses, and these come before the draw rules.
TEST(StarPoolState, DecisiveEnds) {
    struct Case {
        const char* position;
        Player winner;
        const char* reason;
    };
    const Case cases[] = {
        {"8k/9/9/9/4*4/9/2s1P4/1g7/K8 [-r--] w - 0 1", Player::Second, "checkmate"},
        {"1r6k/9/9/9/4*4/p8/P1n6/9/K8 [-r--] w - 0 1", Player::Second, "stalemate"},
        {"4k4/9/9/9/4*4/9/9/9/R3K4 [----] w - 0 1", Player::First, "bare king"},
        {"4k4/9/9/9/4*4/9/9/9/R3K4 [----] b - 0 1", Player::First, "bare king"},
        // Both bare (only by a position string): the side to move loses.
        {"4k4/9/9/9/4*4/9/9/9/4K4 [----] b - 0 1", Player::First, "bare king"},
    };
    for (const Case& c : cases) {
        const State s = at_position(c.position);
        EXPECT_EQ(s.outcome(), Outcome::win(c.winner)) << c.position;
        EXPECT_EQ(s.end_reason(), c.reason) << c.position;
        State::Move moves[State::kMaxMoves];
        EXPECT_EQ(s.generate(moves), 0) << c.position;
    }
    State bared = at_position("8k/9/p8/9/4*4/9/9/9/R7K [----] w - 0 1");
    play(bared, {"a1xa7"});
    EXPECT_EQ(bared.outcome(), Outcome::win(Player::First));
}

// Spec 9.10: the 100th ply draws, unless its move mates.
TEST(StarPoolState, HundredPliesDrawButAMateStillWins) {
    const char* before_mate = "8k/9/9/9/4*4/1g7/2s1P4/9/K8 [-r--] b - 99 50";
    State quiet = at_position(before_mate);
    EXPECT_FALSE(quiet.outcome().over());
    play(quiet, {"i9-h9"});
    EXPECT_EQ(quiet.outcome(), Outcome::draw());
    EXPECT_EQ(quiet.end_reason(), "100 plies");
    State mate = at_position(before_mate);
    play(mate, {"b4-b2"});
    EXPECT_EQ(mate.outcome(), Outcome::win(Player::Second));
    EXPECT_EQ(mate.end_reason(), "checkmate");
}

// Spec 5: the third occurrence of a position draws.
TEST(StarPoolState, ThirdRepetitionDraws) {
    State s;
    const std::vector<std::string> shuffle{"b1-d2", "b9-d8", "d2-b1", "d8-b9"};
    play(s, shuffle);
    EXPECT_FALSE(s.outcome().over());
    play(s, {"b1-d2", "b9-d8", "d2-b1"});
    EXPECT_FALSE(s.outcome().over());
    play(s, {"d8-b9"});
    EXPECT_EQ(s.outcome(), Outcome::draw());
    EXPECT_EQ(s.end_reason(), "repetition");
    s.undo();
    EXPECT_FALSE(s.outcome().over());
}

TEST(StarPoolState, ScoreReportsMaterialCheckAndEnd) {
    const nlohmann::json start = State().score();
    EXPECT_EQ(start["material"]["White"], start["material"]["Black"]);
    EXPECT_EQ(start["men"]["White"], 20);
    EXPECT_EQ(start["check"], false);
    EXPECT_TRUE(start["end"].is_null());
    const nlohmann::json mate = at_position("8k/9/9/9/4*4/9/2s1P4/1g7/K8 [-r--] w - 0 1").score();
    EXPECT_EQ(mate["check"], true);
    EXPECT_EQ(mate["end"], "checkmate");
}

TEST(StarPoolState, RegisteredFaceWorksThroughTheRegistry) {
    auto& registry = Registry::instance();
    const GameInfo* info = registry.find("starpool");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->title, "Star Pool Chess");
    auto game = registry.create("starpool");
    EXPECT_EQ(game->spec(), "starpool:setup=standard");
    EXPECT_THROW(registry.create("starpool:setup=omega"), GameError);
    EXPECT_EQ(game->legal_moves().size(), 30u);
    EXPECT_EQ(game->perft(2, false, nullptr), 898u);
    game->play("e1-c2");
    EXPECT_THROW(game->play("e1-c2"), GameError);
    EXPECT_TRUE(game->undo());
    EXPECT_EQ(game->position(), State().position());
    // Every declared bench position is valid and has moves.
    EXPECT_FALSE(info->bench_perft.empty());
    for (const PerftBench& b : info->bench_perft) {
        auto g = registry.create(b.spec);
        if (!b.position.empty()) g->set_position(b.position);
        EXPECT_GT(g->perft(1, false, nullptr), 0u) << b.position;
    }
}

}  // namespace
}  // namespace asterism::starpool
