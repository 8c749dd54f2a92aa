// Move text and position strings: what parses, what is refused with a
// GameError, and that a refused position leaves the state unchanged.
#include "asterisk/test_util.h"

namespace asterism::asterisk {
namespace {

using testing::board_field;
using testing::make_rules;
using testing::play;

// Expects parse_move(text) to throw a GameError whose message contains `needle`.
void expect_refused(const State& s, const std::string& text, const std::string& needle) {
    try {
        s.parse_move(text);
        ADD_FAILURE() << "'" << text << "' was accepted";
    } catch (const GameError& e) {
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
            << "'" << text << "': " << e.what();
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
}

void expect_bad_position(State& s, const std::string& text, const std::string& needle) {
    const std::string before = s.position();
    const std::uint64_t hash = s.hash();
    try {
        s.set_position(text);
        ADD_FAILURE() << "'" << text << "' was accepted";
    } catch (const GameError& e) {
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
            << "'" << text << "': " << e.what();
    }
    EXPECT_EQ(s.position(), before);
    EXPECT_EQ(s.hash(), hash);
}

TEST(AsteriskNotation, StandardMovesParseCaseInsensitivelyAndRefuseNonsense) {
    State s(make_rules(11));
    EXPECT_EQ(s.move_text(s.parse_move("DHE@C5")), "dhe@c5");
    expect_refused(s, "xyz@a1", "not a piece type");
    expect_refused(s, "dha@a1", "do not exist");
    expect_refused(s, "lce@a1", "do not exist");
    expect_refused(s, "dhe@z9", "not a cell");
    expect_refused(s, "dhe@l12", "not a cell");
    expect_refused(s, "dhe", "TYPE@CELL");
    expect_refused(s, "", "TYPE@CELL");
    expect_refused(s, "c5", "TYPE@CELL");
    expect_refused(s, "dhe@", "not a cell");
    expect_refused(s, "@c5", "not a piece type");
    expect_refused(s, "dhe@c5@d5", "not a cell");
    expect_refused(s, "swap", "second player's first turn");
    play(s, "dhe@c5");
    expect_refused(s, "lca@c5", "occupied");
    expect_refused(s, "dhe@d5", "differ in type");
}

TEST(AsteriskNotation, EmptySupplyIsRefused) {
    // All six dhe of the n = 8 set on the board.
    State s(make_rules(8));
    std::vector<std::pair<std::string, std::string>> pieces;
    for (const char* cell : {"a1", "a3", "a5", "c3", "c5", "e5"}) pieces.push_back({cell, "dhe"});
    s.set_position(board_field(8, pieces) + " 1 D");
    EXPECT_EQ(s.supply(parse_type("dhe")), 0);
    expect_refused(s, "dhe@b2", "no dhe left");
    EXPECT_NO_THROW(s.parse_move("dca@b2"));
}

TEST(AsteriskNotation, InvertedMovesAreChecked) {
    State s(make_rules(11, Mode::Inverted));
    expect_refused(s, "c5>dhe", "first turn");
    expect_refused(s, "dhe", "first turn");
    expect_refused(s, ">xyz", "not a piece type");
    expect_refused(s, "swap", "pie=true");
    play(s, ">dhe");
    expect_refused(s, ">lca", "handed over already");
    expect_refused(s, "c5", "does not end the game");
    expect_refused(s, "c5>xyz", "not a piece type");
    expect_refused(s, "z9>dhe", "not a cell");
    expect_refused(s, "c5>", "not a piece type");
    play(s, "c5>dhe");
    expect_refused(s, "c5>lca", "occupied");
}

TEST(AsteriskNotation, GameOverRefusesMoves) {
    // Column a of dark hexes joins all three sides in colour and shape.
    State s(make_rules(11));
    std::vector<std::pair<std::string, std::string>> column;
    for (int r = 1; r <= 11; ++r) column.push_back({testing::cell('a', r), "dhe"});
    s.set_position(board_field(11, column) + " 1 D");
    ASSERT_TRUE(s.outcome().over());
    expect_refused(s, "lca@b2", "over");
}

TEST(AsteriskPosition, StartPositionsAreDocumentedStrings) {
    EXPECT_EQ(State(make_rules(8)).position(), "./../.../..../...../....../......./........ 1 D");
    EXPECT_EQ(State(make_rules(8, Mode::Inverted)).position(),
              "./../.../..../...../....../......./........ 1 D -");
}

TEST(AsteriskPosition, MalformedStringsAreRefusedAndLeaveTheStateAlone) {
    State s(make_rules(8));
    play(s, "dhe@a1");
    const std::string empty8 = "./../.../..../...../....../......./........";
    expect_bad_position(s, "", "expected 3 fields");
    expect_bad_position(s, empty8 + " 1", "expected 3 fields");
    expect_bad_position(s, empty8 + " 1 D x", "expected 3 fields");
    expect_bad_position(s, "./../.../..../...../....../....... 1 D", "7 rows");
    expect_bad_position(s, empty8 + "/......... 1 D", "more than 8 rows");
    expect_bad_position(s, "./../.../..../...../....../......./......... 1 D", "row 8 has 9");
    expect_bad_position(s, "./../.../..../...../....../......./....... 1 D", "row 8 has 7");
    expect_bad_position(s, "./../.../..../...../....../......./...7.... 1 D", "'7'");
    expect_bad_position(s, "./../.../..../...../....../......./...0.... 1 D", "'0'");
    expect_bad_position(s, "./../.../..../...../....../......./...x.... 1 D", "'x'");
    expect_bad_position(s, empty8 + " 3 D", "side to move");
    expect_bad_position(s, empty8 + " 1 X", "goal set");
    // Seven dhe where the set has six.
    expect_bad_position(s, "1/11/111/1.../...../....../......./........ 1 D", "7 dhe");
    // The opening belongs to the first player, with three different types.
    expect_bad_position(s, "1/../.../..../...../....../......./........ 2 D", "first player");
    expect_bad_position(s, "1/1./.../..../...../....../......./........ 1 D", "differ in type");
}

TEST(AsteriskPosition, ModeSpecificFieldsAreChecked) {
    const std::string empty8 = "./../.../..../...../....../......./........";
    State inv(make_rules(8, Mode::Inverted));
    expect_bad_position(inv, empty8 + " 1 D", "expected 4 fields");
    expect_bad_position(inv, empty8 + " 1 D 9", "handed piece");
    expect_bad_position(inv, empty8 + " 1 D 1", "second player places the first piece");
    expect_bad_position(inv, "1/../.../..../...../....../......./........ 1 D -",
                        "only the first turn");
    expect_bad_position(inv, "1/../.../..../...../....../......./........ 2 D 3", "wrong side");
    // Six dhe on the board and a seventh handed over.
    expect_bad_position(inv, "1/11/111/..../...../....../......./........ 1 D 1", "7 dhe");
    inv.set_position(empty8 + " 2 D 4");
    EXPECT_EQ(inv.hand(), parse_type("lha"));
    EXPECT_EQ(inv.ply(), 1);

    Rules r = make_rules(8, Mode::Solitaire);
    State sol(r);
    expect_bad_position(sol, empty8 + " 1 D", "expected 2 fields");
    expect_bad_position(sol, empty8 + " 12x", "'x'");
    expect_bad_position(sol, empty8 + " 123", "3 pieces to draw for 36 empty cells");
    std::string full_queue;
    for (int t = 1; t <= kTypes; ++t) full_queue += std::string(6, char('0' + t));
    sol.set_position(empty8 + " " + full_queue);
    EXPECT_EQ(sol.current(), 1);
    EXPECT_EQ(sol.queue_left(), 36);
    expect_bad_position(sol, empty8 + " " + full_queue.substr(1) + "2", "7 dca");
}

}  // namespace
}  // namespace asterism::asterisk
