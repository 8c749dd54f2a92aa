// The two-player rules: goals and winning (3.1, A4), corners (2.3, A1), the
// standard turn order with its opening and swap (3.2), Inverted (5.1) and the
// options.
#include <algorithm>

#include "asterisk/test_util.h"
#include "core/registry.h"

namespace asterism::asterisk {
namespace {

using testing::board_field;
using testing::goal_count;
using testing::make_rules;
using testing::play;
using Pieces = std::vector<std::pair<std::string, std::string>>;

// On n = 8: column a dark (circles a1-a7 alternating marks, a8 a dark hex)
// and the bottom row hex (light hexes b8-h8 alternating marks). Column a
// touches L everywhere, R through the corner a1 and B through the corner a8;
// the bottom row touches L through a8 and R through h8. No other chain.
Pieces dark_column_and_hex_row() {
    Pieces p;
    for (int r = 1; r <= 7; ++r) p.push_back({testing::cell('a', r), r % 2 ? "dca" : "dce"});
    p.push_back({"a8", "dhe"});
    for (char c = 'b'; c <= 'h'; ++c) p.push_back({testing::cell(c, 8), c % 2 ? "lhe" : "lha"});
    return p;
}

Pieces without(Pieces p, const std::string& cell) {
    p.erase(std::remove_if(p.begin(), p.end(), [&](const auto& e) { return e.first == cell; }),
            p.end());
    return p;
}

std::vector<std::string> legal_texts(const State& s) {
    std::vector<State::Move> moves(State::kMaxMoves);
    const int n = s.generate(moves.data());
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(s.move_text(moves[i]));
    return out;
}

TEST(AsteriskGoals, CornerCountsForBothItsSides) {
    State s(make_rules(8));
    // Column a without the apex touches L and B only. The hex at a8 keeps
    // the circles from reaching B.
    Pieces column{{"a8", "dhe"}};
    for (int r = 2; r <= 7; ++r) column.push_back({testing::cell('a', r), r % 2 ? "dca" : "dce"});
    s.set_position(board_field(8, column) + " 1 D");
    EXPECT_EQ(s.chains(), 0);
    // The apex adds side R, since it lies on both L and R.
    column.push_back({"a1", "dca"});
    s.set_position(board_field(8, column) + " 1 D");
    EXPECT_EQ(s.chains(), 1u << value_index(kColour, 0));
    // A single colour goal does not win.
    EXPECT_FALSE(s.outcome().over());
    EXPECT_EQ(goal_count(s, GoalSet::D), 1);
    EXPECT_EQ(s.score()["goals"]["colour"], "first");
    EXPECT_TRUE(s.score()["goals"]["shape"].is_null());
}

TEST(AsteriskGoals, TwoGoalsWinForWhoeverHoldsTheGoalSet) {
    for (const char* goals : {"D", "L"}) {
        State s(make_rules(8));
        s.set_position(board_field(8, dark_column_and_hex_row()) + " 1 " + goals);
        EXPECT_EQ(s.chains(), (1u << value_index(kColour, 0)) | (1u << value_index(kShape, 0)));
        const Player d_holder = goals[0] == 'D' ? Player::First : Player::Second;
        EXPECT_EQ(s.outcome(), Outcome::win(d_holder)) << goals;
        EXPECT_EQ(s.score()["goals"]["shape"], d_holder == Player::First ? "first" : "second");
        std::vector<State::Move> moves(State::kMaxMoves);
        EXPECT_EQ(s.generate(moves.data()), 0);
        EXPECT_THROW(s.parse_move("dhe@b2"), GameError);
    }
}

TEST(AsteriskGoals, OpponentsMoveCanCompleteYourWin) {
    // Second (goal set L) is to move; any hex on h8 completes First's hex
    // chain, which with the dark chain wins for First at once (A4).
    State s(make_rules(8));
    s.set_position(board_field(8, without(dark_column_and_hex_row(), "h8")) + " 2 D");
    ASSERT_FALSE(s.outcome().over());
    EXPECT_EQ(s.to_move(), Player::Second);
    EXPECT_TRUE(s.ends_game(geometry(8).parse("h8"), parse_type("lhe")));
    EXPECT_FALSE(s.ends_game(geometry(8).parse("h8"), parse_type("dca")));
    EXPECT_EQ(s.completes(geometry(8).parse("h8"), parse_type("lhe")),
              1u << value_index(kShape, 0));
    const std::uint64_t before = s.hash();
    play(s, "lhe@h8");
    EXPECT_EQ(s.outcome(), Outcome::win(Player::First));
    s.undo();
    EXPECT_EQ(s.hash(), before);
    EXPECT_FALSE(s.outcome().over());
    // A circle there completes nothing.
    play(s, "dca@h8");
    EXPECT_FALSE(s.outcome().over());
}

TEST(AsteriskStandard, OpeningIsThreeDistinctTypesByTheFirstPlayer) {
    State s(make_rules(11));
    // The opening plies allow 6, 5 and 4 types on every empty cell.
    EXPECT_EQ(legal_texts(s).size(), 6u * 66);
    play(s, "dhe@a1");
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_EQ(legal_texts(s).size(), 5u * 65);
    EXPECT_THROW(s.parse_move("dhe@b2"), GameError);
    play(s, "lca@k11");
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_EQ(legal_texts(s).size(), 4u * 64);
    EXPECT_THROW(s.parse_move("swap"), GameError);
    play(s, "dce@f6");
    EXPECT_EQ(s.to_move(), Player::Second);
    EXPECT_EQ(s.ply(), 3);
    // Second may place any type, or swap.
    const auto legal = legal_texts(s);
    EXPECT_EQ(legal.size(), 6u * 63 + 1);
    EXPECT_NE(std::find(legal.begin(), legal.end(), "swap"), legal.end());
    EXPECT_NE(std::find(legal.begin(), legal.end(), "dhe@b2"), legal.end());
}

TEST(AsteriskStandard, SwapExchangesGoalSetsAndFirstMovesNext) {
    State s(make_rules(11));
    for (const char* m : {"dhe@a1", "dca@b2", "dce@c3"}) play(s, m);
    const std::string before = s.position();
    play(s, "swap");
    EXPECT_EQ(s.goals(Player::First), GoalSet::L);
    EXPECT_EQ(s.goals(Player::Second), GoalSet::D);
    EXPECT_EQ(s.holder(GoalSet::D), Player::Second);
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_EQ(s.score()["goal_sets"]["first"], "L");
    EXPECT_THROW(s.parse_move("swap"), GameError);
    // The swapped position round-trips, including who moves.
    State copy(make_rules(11));
    copy.set_position(s.position());
    EXPECT_EQ(copy.position(), s.position());
    EXPECT_EQ(copy.hash(), s.hash());
    EXPECT_EQ(copy.ply(), 4);
    play(s, "lhe@d4");
    EXPECT_EQ(s.to_move(), Player::Second);
    EXPECT_THROW(s.parse_move("swap"), GameError);
    s.undo();
    s.undo();
    EXPECT_EQ(s.position(), before);
    // Placing instead of swapping keeps the goal sets, and ends the chance.
    play(s, "lhe@d4");
    EXPECT_EQ(s.goals(Player::First), GoalSet::D);
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_THROW(s.parse_move("swap"), GameError);
}

TEST(AsteriskStandard, FirstGoalsOptionGivesTheFirstPlayerGoalSetL) {
    Rules r = make_rules(8);
    r.first_goals = GoalSet::L;
    State s(r);
    EXPECT_EQ(s.goals(Player::First), GoalSet::L);
    EXPECT_EQ(s.position().substr(s.position().size() - 3), "1 L");
}

TEST(AsteriskInverted, HandingNotationAndFinalPlacement) {
    State s(make_rules(11, Mode::Inverted));
    auto legal = legal_texts(s);
    ASSERT_EQ(legal.size(), 6u);
    for (const auto& m : legal) EXPECT_EQ(m[0], '>');
    play(s, ">dhe");
    EXPECT_EQ(s.to_move(), Player::Second);
    EXPECT_EQ(s.hand(), parse_type("dhe"));
    EXPECT_EQ(s.supply(parse_type("dhe")), 10);
    EXPECT_EQ(legal_texts(s).size(), 66u * 6);
    play(s, "c5>lca");
    EXPECT_EQ(s.at(geometry(11).parse("c5")), parse_type("dhe"));
    EXPECT_EQ(s.hand(), parse_type("lca"));
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_THROW(s.parse_move("swap"), GameError);  // no pie by default
    EXPECT_THROW(s.parse_move(">dhe"), GameError);
    EXPECT_THROW(s.parse_move("d5"), GameError);  // does not end the game
    EXPECT_EQ(s.move_text(s.parse_move("d5>dhe")), "d5>dhe");
}

TEST(AsteriskInverted, AGameEndingPlacementHandsNothing) {
    // The n = 8 position of OpponentsMoveCanCompleteYourWin, with lhe handed
    // to Second: placing it on h8 wins for First and is written "h8".
    State s(make_rules(8, Mode::Inverted));
    s.set_position(board_field(8, without(dark_column_and_hex_row(), "h8")) + " 2 D 5");
    const auto legal = legal_texts(s);
    EXPECT_EQ(std::count(legal.begin(), legal.end(), "h8"), 1);
    EXPECT_EQ(std::count_if(legal.begin(), legal.end(),
                            [](const std::string& m) { return m.rfind("h8>", 0) == 0; }),
              0);
    EXPECT_NE(std::find(legal.begin(), legal.end(), "d5>dhe"), legal.end());
    EXPECT_THROW(s.parse_move("h8>dhe"), GameError);
    EXPECT_THROW(s.parse_move("d5"), GameError);
    const auto m = play(s, "h8");
    EXPECT_EQ(m.type, kNoPiece);
    EXPECT_EQ(s.outcome(), Outcome::win(Player::First));
    EXPECT_EQ(s.hand(), kNoPiece);
    EXPECT_EQ(s.position().substr(s.position().size() - 1), "-");
}

TEST(AsteriskInverted, PieSwapPassesTheTurnToTheSecondPlayer) {
    Rules r = make_rules(11, Mode::Inverted);
    r.pie = true;
    State s(r);
    play(s, ">dhe");
    EXPECT_THROW(s.parse_move("swap"), GameError);
    play(s, "c5>lca");
    const auto legal = legal_texts(s);
    EXPECT_NE(std::find(legal.begin(), legal.end(), "swap"), legal.end());
    play(s, "swap");
    EXPECT_EQ(s.goals(Player::First), GoalSet::L);
    EXPECT_EQ(s.to_move(), Player::Second);
    EXPECT_EQ(s.hand(), parse_type("lca"));  // Second places the piece it chose
    EXPECT_THROW(s.parse_move("swap"), GameError);
    play(s, "d5>dca");
    EXPECT_EQ(s.to_move(), Player::First);
    EXPECT_EQ(s.at(geometry(11).parse("d5")), parse_type("lca"));
    // Both sides of the swap round-trip through position strings.
    State copy(r);
    copy.set_position(s.position());
    EXPECT_EQ(copy.hash(), s.hash());
    EXPECT_EQ(copy.ply(), s.ply());
}

TEST(AsteriskOptions, SpecsAreCanonicalAndModeOnlyOptionsAreChecked) {
    auto& reg = Registry::instance();
    EXPECT_EQ(reg.create("asterisk")->spec(),
              "asterisk:size=11,mode=standard,first_goals=D,pie=false,setup=A,seed=1");
    EXPECT_EQ(reg.create("asterisk:mode=inverted,pie=on")->spec(),
              "asterisk:size=11,mode=inverted,first_goals=D,pie=true,setup=A,seed=1");
    EXPECT_EQ(reg.create("asterisk:mode=solitaire")->num_players(), 1);
    EXPECT_EQ(reg.create("asterisk:size=8")->num_players(), 2);
    for (const char* bad :
         {"asterisk:size=9", "asterisk:mode=blitz", "asterisk:pie=true", "asterisk:setup=B",
          "asterisk:seed=7", "asterisk:mode=inverted,setup=B", "asterisk:mode=solitaire,pie=true",
          "asterisk:mode=solitaire,first_goals=L", "asterisk:first_goals=X"})
        EXPECT_THROW(reg.create(bad), GameError) << bad;
    EXPECT_NO_THROW(reg.create("asterisk:mode=solitaire,setup=B,seed=99"));
    EXPECT_NO_THROW(reg.create("asterisk:first_goals=L"));
}

TEST(AsteriskOptions, FaceReportsResultsAndPerft) {
    auto game = Registry::instance().create("asterisk");
    // Six types on each of the 66 cells.
    EXPECT_EQ(game->perft(1, false, nullptr), 6u * 66);
    EXPECT_EQ(game->perft(2, false, nullptr), 6u * 66 * 5 * 65);
    game->play("dhe@a1");
    EXPECT_EQ(game->history(), std::vector<std::string>{"dhe@a1"});
    EXPECT_THROW(game->play("dhe@a2"), GameError);
    EXPECT_EQ(game->history().size(), 1u);
    auto solo = Registry::instance().create("asterisk:mode=solitaire,size=8");
    Rng rng(3);
    while (!solo->terminal()) {
        const auto legal = solo->legal_moves();
        solo->play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    EXPECT_TRUE(solo->result() == "win" || solo->result() == "loss") << solo->result();
}

}  // namespace
}  // namespace asterism::asterisk
