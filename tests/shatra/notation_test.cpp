// Tests of Shatra's text forms: move notation (shatra.md 8.1, 13.1), the
// traditional numbering (1.3), position strings (8.2) and SPN (13.1), the
// errors for bad input, and the registry face (options, presets).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/registry.h"
#include "core/state_game.h"
#include "shatra/test_util.h"

namespace asterism::shatra {
namespace {

using testing::legal;
using testing::make_state;
using testing::play;
using testing::setup;

constexpr const char* kStart = "sqs/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SQS w Tt - - - 0 1";
constexpr const char* kStartSpn = "SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqs w Tt - - - 1";

std::vector<Move> all_moves(const State& s) {
    std::vector<Move> m(State::kMaxMoves);
    m.resize(static_cast<std::size_t>(s.generate(m.data())));
    return m;
}

TEST(ShatraNotation, StartPositionInBothFormats) {
    // 8.2 and 13.1 give the start position in each format.
    const State s;
    EXPECT_EQ(s.position(), kStart);
    EXPECT_EQ(s.spn(), kStartSpn);
    State t;
    t.set_position(kStartSpn);
    EXPECT_EQ(t.position(), kStart);
    EXPECT_EQ(t.hash(), s.hash());
}

TEST(ShatraNotation, MoveTextInEachNotation) {
    // 8.1: drops and quiet moves from-to, chains with ':' per jump, the
    // promotion suffix after the landing where it happened; 1.3 numbers;
    // 13.1 Shatrabase's piece letters and bare promotion letter.
    const State start;
    const Move drop = start.parse_move("d2-e6");
    EXPECT_EQ(start.move_text(drop), "d2-e6");
    EXPECT_EQ(start.move_text(drop, Notation::Numeric), "58-43");
    EXPECT_EQ(start.move_text(drop, Notation::Shatrabase), "Rd2-e6");
    const State chain = make_state(Preset::Seed, setup("Ka5 Sc12 kg10 sd13 se13"));
    const Move m = chain.parse_move("c12:e14=Q:e12");
    EXPECT_EQ(m.jumps, 2);
    EXPECT_EQ(m.promo_at, 1);
    EXPECT_EQ(chain.move_text(m, Notation::Numeric), "7:3=Q:9");
    EXPECT_EQ(chain.move_text(m, Notation::Shatrabase), "c12:e14Q:e12");
}

TEST(ShatraNotation, ReadsEveryWrittenForm) {
    // 8.1 (optional piece letter), 1.3 (numbers) and 13.1 (Shatrabase's
    // tokens, including a chain written with a space before each jump).
    const State start;
    for (const char* text : {"d2-e6", "Rd2-e6", "58-43", "R58-43", " d2 - e6 "})
        EXPECT_EQ(start.move_text(start.parse_move(text)), "d2-e6") << text;
    const State chain = make_state(Preset::Seed, setup("Ka5 Sc12 kg10 sd13 se13"));
    for (const char* text :
         {"c12:e14=Q:e12", "c12:e14Q:e12", "c12:e14(Q):e12", "7:3=Q:9", "c12:e14 :e12=Q"})
        EXPECT_EQ(chain.move_text(chain.parse_move(text)), "c12:e14=Q:e12") << text;
    const State bishop = make_state(Preset::Seed, setup("Ka5 Bg6 kg10 sf7 sc8"));
    EXPECT_EQ(bishop.move_text(bishop.parse_move("Bg6:d9 :b7")), "g6:d9:b7");
}

TEST(ShatraNotation, EveryLegalMoveRoundTripsInEveryNotation) {
    // Writing a move in any notation and reading it back gives the move.
    const std::vector<State> states = {
        State(), make_state(Preset::Seed, setup("Kd4 Qd5 kd11 sd7 sf9 sf8")),
        make_state(Preset::Altai, setup("Ka5 Sc12 kg10 sd13 se13")),
        make_state(Preset::Seed, setup("Kg5 Sa7 kg10 qd3 rc2 se2", "b - - - - 0 1"))};
    for (const State& st : states)
        for (const Move& m : all_moves(st))
            for (const Notation n : {Notation::Algebraic, Notation::Numeric, Notation::Shatrabase})
                EXPECT_TRUE(st.parse_move(st.move_text(m, n)) == m) << st.move_text(m, n);
}

TEST(ShatraNotation, UnreadableAndIllegalMovesThrowDifferently) {
    const State s;
    for (const char* text : {"", "z5-z6", "c4-c5", "c5", "c5-c6-c7", "c5-c6:c7", "c13-c14=K",
                             "c5--c6", "c5-c6=", "63-40", "c5:"}) {
        try {
            s.parse_move(text);
            ADD_FAILURE() << "no error for '" << text << "'";
        } catch (const GameError& e) {
            EXPECT_NE(std::string(e.what()).find("cannot read"), std::string::npos) << e.what();
        }
    }
    for (const char* text : {"c5-c8", "a10-a9", "d2-d5", "c3:e5", "Qd2-e6", "d4-d3"}) {
        try {
            s.parse_move(text);
            ADD_FAILURE() << "no error for '" << text << "'";
        } catch (const GameError& e) {
            EXPECT_NE(std::string(e.what()).find("illegal"), std::string::npos) << e.what();
        }
    }
    // A quiet move while a capture is compulsory says so (5.1).
    const State cap = make_state(Preset::Seed, setup("Kd6 Sa7 kd11 sd7 sb8"));
    EXPECT_THROW(
        {
            try {
                cap.parse_move("a7-a8");
            } catch (const GameError& e) {
                EXPECT_NE(std::string(e.what()).find("compulsory"), std::string::npos);
                throw;
            }
        },
        GameError);
}

TEST(ShatraNotation, PromotionSuffixIsNeededWhenThereIsAChoice) {
    const State s = make_state(Preset::Seed, setup("Ka5 Se13 ka10"));
    EXPECT_THROW(s.parse_move("e13-e14"), GameError);
    EXPECT_EQ(s.move_text(s.parse_move("e13-e14=B")), "e13-e14=B");
    // With one type available the suffix may be left out.
    const State one = make_state(Preset::Seed, setup("Ka5 Se13 Qa7 Rb7 Bf6 Bg6 ka10"));
    EXPECT_EQ(one.move_text(one.parse_move("e13-e14")), "e13-e14=R");
    EXPECT_THROW(one.parse_move("e13-e14=Q"), GameError);
}

TEST(ShatraPosition, UrgentAndEnPassantInBothFormats) {
    // 8.2 lists urgent men by cell; SPN marks them with '!' and gives the
    // en-passant cell as Shatrabase's internal number (63 - traditional).
    State s = make_state(Preset::Seed, setup("Kb5 Qd1 Rd2 kb10 sd3", "w T - - - 0 1"));
    play(s, "d2:d4 b10-b9");
    EXPECT_EQ(s.position(), "3/3/3/1/7/1k5/7/7/7/1K5/R/3/3/1Q1 w T - - d4 1 2");
    EXPECT_EQ(s.spn(), "1Q7/!R/5K1/7/7/7/5k1/7/1/9 w T - - 1 2");
    State e = make_state(Preset::Seed, setup("Kg5 Sc5 kg10 sb6 sa7 sd7"));
    play(e, "c5-c7");
    EXPECT_EQ(e.position(), "3/3/3/1/6k/7/7/s1Ss3/1s5/6K/1/3/3/3 b - c6 - - 0 1");
    EXPECT_EQ(e.spn(), "9/1/K6/5s1/3sS1s/7/7/k6/1/9 b - - 22 - 1");
    for (const State* st : {&s, &e}) {
        State copy;
        copy.set_position(st->spn());
        EXPECT_EQ(copy.position(), st->position());
        EXPECT_EQ(copy.hash(), st->hash());
    }
}

TEST(ShatraPosition, MalformedStringsThrowAndLeaveTheStateAlone) {
    const std::string board = "sqs/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SQS";
    const std::vector<std::string> bad = {
        "",
        "sqs/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS w Tt - - - 0 1",       // 13 ranks
        board + " x Tt - - - 0 1",                                              // side
        board,                                                                  // no side
        "sqs/srs/brb/k/ssssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SQS w Tt - - - 0 1",  // 8 cells
        "sqz/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SQS w Tt - - - 0 1",   // letter
        "sqs/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SKS w Tt - - - 0 1",   // two biys
        board + " w Tx - - - 0 1",                                              // temdek
        board + " w Tt e4 - - 0 1",                                             // en passant
        board + " b Tt c6 - - 0 1",                                             // no double step
        board + " w Tt - d4 - 0 1",                                             // chain in progress
        board + " w Tt - - a5 0 1",                                       // urgent, not reserve
        board + " w Tt - - z9 0 1",                                       // urgent, no cell
        board + " w Tt - - - -5 1",                                       // clock
        board + " w Tt - - - 0 0",                                        // move number
        board + " w Tt - - - 0 1 9",                                      // extra field
        "3/3/3/1/7/7/7/7/7/7/1/3/3/3 w - - - - 0 1",                      // no biy
        "3/3/3/1/7/7/7/7/7/6k/K/3/3/3 w t - - - 0 1",                     // black temdek, no men
        "SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrsyqs w Tt 5 - - 1",   // SPN mid-chain
        "SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqs w Tt - 99 - 1",  // SPN ep cell
    };
    State s;
    play(s, "c5-c7");
    const std::string before = s.position();
    for (const auto& text : bad) {
        EXPECT_THROW(s.set_position(text), GameError) << text;
        EXPECT_EQ(s.position(), before);
    }
}

TEST(ShatraRegistry, PresetsAndSingleOverrides) {
    // Section 0: each differing point is its own option, defaulting to the
    // preset; the maximum rule added to altai changes the move count of the
    // position of ShatraCapture.SeedTakesTheMostAfterTheFirstJump from 14 to 8.
    const auto& reg = Registry::instance();
    const std::string pos = setup("Kd4 Qd5 kd11 sd7 sf9 sf8");
    const auto count = [&](const std::string& spec) {
        auto g = reg.create(spec);
        g->set_position(pos);
        return g->legal_moves().size();
    };
    EXPECT_EQ(count("shatra"), 8u);
    EXPECT_EQ(count("shatra:rules=altai"), 14u);
    EXPECT_EQ(count("shatra:rules=altai,max_capture=on"), 8u);
    EXPECT_EQ(count("shatra:max_capture=off,landing=continue"), 14u);
    auto g = reg.create("shatra:rules=altai");
    // Overrides left at "preset" stay out of the canonical spec; set ones show.
    EXPECT_EQ(g->spec(), "shatra:rules=altai,notation=algebraic");
    EXPECT_EQ(reg.create("shatra:landing=nearest,rules=altai")->spec(),
              "shatra:rules=altai,landing=nearest,notation=algebraic");
    EXPECT_EQ(g->player_name(Player::First), "White");
    EXPECT_EQ(g->perft(1, false, nullptr), 154u);
    EXPECT_THROW(reg.create("shatra:rules=kurin"), GameError);
    EXPECT_THROW(reg.create("shatra:landing=far"), GameError);
    // A shatra taking the biy on its promotion rank (6, 13): promoted only
    // where the option says so.
    auto promo = [&](const std::string& spec) {
        auto game = reg.create(spec);
        game->set_position("4K2s1/1/7/7/7/7/6k/7/1/9 b - - - 3 2");
        return game->legal_moves().size();
    };
    EXPECT_EQ(promo("shatra:rules=shatrabase"), 3u);
    EXPECT_EQ(promo("shatra:rules=shatrabase,biy_capture_promotion=off"), 1u);
    EXPECT_EQ(promo("shatra:biy_capture_promotion=on"), 3u);
}

TEST(ShatraRegistry, ShatrabaseNotationReadsAndWritesSpn) {
    // 13.1: with notation=shatrabase positions are SPN and moves carry piece
    // letters; SPN is read whatever the notation.
    auto g = Registry::instance().create("shatra:rules=shatrabase,notation=shatrabase");
    EXPECT_EQ(g->position(), kStartSpn);
    g->play("Rd2-e6");
    EXPECT_EQ(g->history().back(), "Rd2-e6");
    auto plain = Registry::instance().create("shatra:rules=shatrabase");
    plain->set_position(g->position());
    EXPECT_EQ(plain->position(),
              "sqs/srs/brb/k/sssssss/7/7/7/4R2/SSSSSSS/K/BRB/S1S/SQS b Tt - - - 0 1");
    EXPECT_NE(plain->render().find("<K>"), std::string::npos);
    EXPECT_TRUE(plain->score().contains("material"));
}

}  // namespace
}  // namespace asterism::shatra
