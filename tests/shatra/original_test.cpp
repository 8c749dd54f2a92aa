// Unit tests of the Original form (preset `original`, section 14 of
// ../shared/rules/shatra.md), one or more per rule, each on a position built
// by hand. The expected move lists were enumerated from the rules text
// before running the engine; the comments give the enumeration. The temdek
// field of a position string says which home areas are closed (14.2.5).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "shatra/test_util.h"

namespace asterism::shatra {
namespace {

using testing::legal;
using testing::make_state;
using testing::play;
using testing::setup;
using testing::sorted;
using Moves = std::vector<std::string>;

constexpr std::string_view kStartString =
    "sss/sss/sss/k/sssssss/sssssss/7/7/SSSSSSS/SSSSSSS/K/SSS/SSS/SSS w Tt - - - 0 1";

State original(std::string_view men, std::string_view fields = "w - - - - 0 1") {
    return make_state(Preset::Original, setup(men, fields));
}

Moves moves_of(std::string_view men, std::string_view fields = "w - - - - 0 1") {
    return legal(original(men, fields));
}

bool has(const Moves& moves, const std::string& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// The moves of `moves` that start on `from`.
Moves from_cell(const Moves& moves, const std::string& from) {
    Moves out;
    for (const auto& m : moves)
        if (m.rfind(from, 0) == 0 && !std::isdigit(static_cast<unsigned char>(m[from.size()])))
            out.push_back(m);
    return out;
}

// `from` put onto every cell of `colour`'s half but `except`.
Moves drops(const std::string& from, int colour, const std::vector<std::string>& except) {
    Moves out;
    for (Bits b = kHalf[colour]; b; b &= b - 1) {
        const std::string to = cell_name(std::countr_zero(b));
        if (std::find(except.begin(), except.end(), to) == except.end())
            out.push_back(from + "-" + to);
    }
    return sorted(out);
}

Moves join(std::vector<Moves> parts) {
    Moves out;
    for (auto& p : parts) out.insert(out.end(), p.begin(), p.end());
    return sorted(out);
}

std::uint8_t at(const State& s, const char* cell) {
    return s.pos().board[static_cast<std::size_t>(parse_cell(cell))];
}

// ---- 14.1 and 14.10: the start --------------------------------------------------

TEST(ShatraOriginal, StartPositionAndItsStrings) {
    const State s(Rules::of(Preset::Original));
    EXPECT_EQ(s.position(), kStartString);
    EXPECT_EQ(s.spn(), "SSSSSSSSS/K/SSSSSSS/SSSSSSS/7/7/sssssss/sssssss/k/sssssssss w Tt - - - 1");
    EXPECT_EQ(s.pos().count[kWhite][kShatra], 23);
    EXPECT_EQ(s.pos().count[kBlack][kShatra], 23);
    EXPECT_EQ(s.pos().count[kWhite][kBiy], 1);
    State copy(Rules::of(Preset::Original));
    copy.set_position(s.spn());
    EXPECT_EQ(copy.position(), kStartString);
    EXPECT_EQ(copy.hash(), s.hash());
}

TEST(ShatraOriginal, StartPositionHas33Moves) {
    // 14.10: c3 enters onto the 7 empty cells of rank 7, the biy is put on
    // the same 7 cells, and 19 shatra steps from rank 6 to rank 7 (a6 and g6
    // two each, b6..f6 three each). Nothing else moves: the other fortress
    // shatras wait their turn, rank 5 is blocked by rank 6.
    Moves want = join({drops("c3", kWhite,
                             {"a5", "b5", "c5", "d5", "e5", "f5", "g5", "a6", "b6", "c6", "d6",
                              "e6", "f6", "g6"}),
                       drops("d4", kWhite,
                             {"a5", "b5", "c5", "d5", "e5", "f5", "g5", "a6", "b6", "c6", "d6",
                              "e6", "f6", "g6"})});
    const std::string files = "abcdefg";
    for (int f = 0; f < 7; ++f)
        for (int df = -1; df <= 1; ++df)
            if (f + df >= 0 && f + df < 7)
                want.push_back(std::string(1, files[f]) + "6-" + files[f + df] + "7");
    want = sorted(want);
    const Moves got = legal(State(Rules::of(Preset::Original)));
    EXPECT_EQ(want.size(), 33u);
    EXPECT_EQ(got, want);
}

// ---- 14.2: the closed home area ---------------------------------------------------

TEST(ShatraOriginal, ClosedHomeKeepsTheBiyOffItsGate) {
    // 14.2.2: the fortress shatra c3 keeps White's home closed, so the biy on
    // d5 may not step back onto d4 (steps c5 e5 c6 d6 e6); c3 enters onto the
    // 20 empty cells of the half.
    EXPECT_EQ(moves_of("Kd5 Sc3 kg10 sa10", "w T - - - 0 1"),
              join({{"d5-c5", "d5-e5", "d5-c6", "d5-d6", "d5-e6"}, drops("c3", kWhite, {"d5"})}));
    // Shatrabase lets it (D1): biy_gate_return=on.
    Rules sb = Rules::of(Preset::Original);
    sb.biy_gate_return = true;
    EXPECT_TRUE(has(legal(make_state(sb, setup("Kd5 Sc3 kg10 sa10", "w T - - - 0 1"))), "d5-d4"));
    // Once the home area is open the biy steps onto its gate.
    EXPECT_EQ(from_cell(moves_of("Kd5 kg10 sa10"), "d5"),
              sorted({"d5-c5", "d5-e5", "d5-c6", "d5-d6", "d5-e6", "d5-d4"}));
}

TEST(ShatraOriginal, ClosureDoesNotStopTheOpponent) {
    // 14.2.3: Black's batyr on d7 runs down the d-file into White's closed
    // home area, d4 to d1 included.
    const Moves m = moves_of("Ka5 Sc3 kg10 qd7", "b T - - - 0 1");
    for (const char* to : {"d7-d4", "d7-d3", "d7-d2", "d7-d1"}) EXPECT_TRUE(has(m, to)) << to;
}

TEST(ShatraOriginal, HomeOpensWhenTheLastFortressShatraLeaves) {
    // 14.2.1: c3 is the last fortress shatra; its entry opens the home area
    // for good, and the position string's temdek field follows.
    State s = original("Ka5 Sc3 kg10 sa10", "w T - - - 0 1");
    EXPECT_TRUE(s.pos().temdek_on(kWhite));
    play(s, "c3-e7");
    EXPECT_FALSE(s.pos().temdek_on(kWhite));
    EXPECT_EQ(s.position(), setup("Ka5 Se7 kg10 sa10", "b - - - - 0 1"));
    // A written temdek field that disagrees with the board is refused.
    State t(Rules::of(Preset::Original));
    EXPECT_THROW(t.set_position(setup("Ka5 Sc3 kg10", "w - - - - 0 1")), GameError);
    EXPECT_THROW(t.set_position(setup("Ka5 Sc5 kg10", "w T - - - 0 1")), GameError);
}

// ---- 14.3: entering play --------------------------------------------------------

TEST(ShatraOriginal, EntryFollowsTheFixedOrder) {
    // 14.3.1-3: after c3 has entered, d3 is first and the only fortress
    // shatra with a non-capturing move; Black's order starts at e12.
    State s(Rules::of(Preset::Original));
    EXPECT_EQ(s.next_entry(kWhite), parse_cell("c3"));
    EXPECT_EQ(s.next_entry(kBlack), parse_cell("e12"));
    play(s, "c3-e7");
    EXPECT_EQ(s.next_entry(kWhite), parse_cell("d3"));
    // Black: e12 enters onto the 7 cells of rank 8, the biy likewise, and
    // the 19 steps of rank 9 to rank 8 (e7 is on rank 7 and blocks none).
    EXPECT_EQ(legal(s).size(), 33u);
    play(s, "e12-a8");
    const Moves m = legal(s);
    EXPECT_EQ(from_cell(m, "d3"), drops("d3", kWhite,
                                        {"a5", "b5", "c5", "d5", "e5", "f5", "g5", "a6", "b6", "c6",
                                         "d6", "e6", "f6", "g6", "e7"}));
    for (const char* c : {"c3", "e3", "c2", "d2", "e2", "c1", "d1", "e1"})
        EXPECT_TRUE(from_cell(m, c).empty()) << c;
    // The order as a whole: d3 d2 ... e1 for a sparse fortress.
    EXPECT_EQ(original("Kb5 Sd2 Se1 kg10", "w T - - - 0 1").next_entry(kWhite), parse_cell("d2"));
    EXPECT_EQ(original("Kb5 Se1 kg10 sd13", "w Tt - - - 0 1").next_entry(kBlack),
              parse_cell("d13"));
}

TEST(ShatraOriginal, FirstShatraCapturedInPlaceHandsOnTheEntry) {
    // 14.3.6 (D2): Black's batyr on White's gate must take d3 (landing d2 or
    // d1: the closure binds only White). Then e3 is first. It cannot retake
    // on d2, because it would land on c1 in its own home area (14.7.2), so
    // White has e3's 20 entries and the biy's three steps.
    State s = original("Ka5 Sd3 Se3 kg10 qd4", "b T - - - 0 1");
    EXPECT_EQ(legal(s), (Moves{"d4:d1", "d4:d2"}));
    play(s, "d4:d2");
    EXPECT_EQ(s.next_entry(kWhite), parse_cell("e3"));
    EXPECT_EQ(legal(s), join({drops("e3", kWhite, {"a5"}), {"a5-a6", "a5-b5", "a5-b6"}}));
}

TEST(ShatraOriginal, NoEntryWhenTheOwnHalfIsFull) {
    // 14.3.4 (D3): all 21 cells of White's half are taken, so c3 has no move;
    // the biy on d4 can neither step (c5 d5 e5 are taken, d3 and e3 are in
    // the closed home) nor be put down. Only the 19 steps from rank 7 remain.
    std::string men = "Kd4 Sc3 kd13";
    for (const char f : std::string("abcdefg"))
        for (const char r : std::string("567")) men += std::string(" S") + f + r;
    const Moves m = moves_of(men, "w T - - - 0 1");
    Moves want;
    const std::string files = "abcdefg";
    for (int f = 0; f < 7; ++f)
        for (int df = -1; df <= 1; ++df)
            if (f + df >= 0 && f + df < 7)
                want.push_back(std::string(1, files[f]) + "7-" + files[f + df] + "8");
    EXPECT_EQ(m, sorted(want));
}

TEST(ShatraOriginal, FortressShatrasCaptureButNeverLandAtHome) {
    // 14.3.5: c3 and d3 take the Black shatra on their gate, landing on e5
    // and d5; one of them must (captures are compulsory), although d3 is
    // not first in the order.
    EXPECT_EQ(moves_of("Ka5 Sc3 Sd3 kg10 sd4", "w T - - - 0 1"), (Moves{"c3:e5", "d3:d5"}));
    // d2 would land on d4 over the Black shatra on d3: its own home, never
    // (14.7.2), so there is no capture; d2 is first and enters (20 cells)
    // and the biy steps.
    EXPECT_EQ(moves_of("Ka5 Sd2 kg10 sd3", "w T - - - 0 1"),
              join({drops("d2", kWhite, {"a5"}), {"a5-a6", "a5-b5", "a5-b6"}}));
}

TEST(ShatraOriginal, ShatrabaseFortressLandingMakesTheManUrgent) {
    // 14.11 D4 and 14.12: the Black shatra d2 stands in White's fortress.
    // Under original c2 cannot take it (landing e2) nor d3 (landing d1):
    // d3, first in the order, enters (20 cells) or the biy steps. Under
    // fortress_landing=from_fortress both jumps start in the fortress and
    // may land at home; the man is then urgent (4.4) and must be put out
    // on White's next turn without a capture.
    const std::string men = "Ka5 Sc2 Sd3 kg10 sd2";
    EXPECT_EQ(moves_of(men, "w T - - - 0 1"),
              join({drops("d3", kWhite, {"a5"}), {"a5-a6", "a5-b5", "a5-b6"}}));
    Rules sb = Rules::of(Preset::Original);
    sb.fortress_landing = true;
    State s = make_state(sb, setup(men, "w T - - - 0 1"));
    EXPECT_EQ(legal(s), sorted({"c2:e2", "d3:d1"}));
    play(s, "c2:e2");
    EXPECT_EQ(s.pos().urgent, bit(parse_cell("e2")));
    EXPECT_EQ(s.position(), setup("Ka5 Sd3 Se2 kg10", "b T - - e2 0 1"));
    play(s, "g10-g9");
    EXPECT_EQ(legal(s), drops("e2", kWhite, {"a5"}));
    // The preset itself refuses an urgent mark.
    State t(Rules::of(Preset::Original));
    EXPECT_THROW(t.set_position(setup("Ka5 Sd3 Se2 kg10", "b T - - e2 0 1")), GameError);
}

// ---- 14.4: shatras --------------------------------------------------------------

TEST(ShatraOriginal, ShatraStepsOnEveryRank) {
    // 14.4.1, the table's examples, each shatra alone with the biys (a5 and
    // g10 have no steps that matter here).
    EXPECT_EQ(from_cell(moves_of("Kg5 Sa5 kg10"), "a5"), sorted({"a5-a6", "a5-b6", "a5-b5"}));
    EXPECT_EQ(from_cell(moves_of("Ka5 Sd7 kg10"), "d7"),
              sorted({"d7-d8", "d7-c8", "d7-e8", "d7-c7", "d7-e7"}));
    EXPECT_EQ(from_cell(moves_of("Ka5 Sc10 kg8"), "c10"),
              sorted({"c10-b10", "c10-d10", "c10-d11"}));
    EXPECT_EQ(from_cell(moves_of("Ka5 Sd11 kg8"), "d11"),
              sorted({"d11-c12", "d11-d12", "d11-e12"}));
    EXPECT_EQ(from_cell(moves_of("Ka5 Sc12 kg8"), "c12"),
              sorted({"c12-d12", "c12-c13", "c12-d13"}));
    // Black mirrored: forward is towards rank 1.
    EXPECT_EQ(from_cell(moves_of("Ka5 kg10 sd8", "b - - - - 0 1"), "d8"),
              sorted({"d8-d7", "d8-c7", "d8-e7", "d8-c8", "d8-e8"}));
    // No two-cell move and no backward step anywhere.
    EXPECT_EQ(from_cell(moves_of("Ka7 Sc5 kg10"), "c5"),
              sorted({"c5-c6", "c5-b6", "c5-d6", "c5-b5", "c5-d5"}));
}

TEST(ShatraOriginal, PromotionToABatyrWithoutLimit) {
    // 14.4.3: e13 reaches d14 or e14 and becomes a batyr, though White has
    // five already; it may still step sideways to d13.
    const std::string men = "Ka5 Se13 Qa7 Qb7 Qc7 Qd7 Qe7 kg10";
    EXPECT_EQ(from_cell(moves_of(men), "e13"), sorted({"e13-d14=Q", "e13-e14=Q", "e13-d13"}));
    State s = original(men);
    play(s, "e13-e14=Q");
    EXPECT_EQ(at(s, "e14"), man(kBatyr, kWhite));
    EXPECT_EQ(s.pos().count[kWhite][kBatyr], 6);
    // The suffix may be left out: there is no other choice.
    s.undo();
    EXPECT_TRUE(s.parse_move("e13-e14") == s.parse_move("e13-e14=Q"));
}

// ---- 14.5 and 14.6: biy and batyr -----------------------------------------------

TEST(ShatraOriginal, BiyInItsOpenFortressStepsOrIsPutDown) {
    // 14.5.2: the biy on d2 (home open) has its 8 steps and the 21 cells of
    // the half; in the enemy fortress (14.5.3) only its 7 steps.
    EXPECT_EQ(moves_of("Kd2 kg10"),
              join({{"d2-c1", "d2-d1", "d2-e1", "d2-c2", "d2-e2", "d2-c3", "d2-d3", "d2-e3"},
                    drops("d2", kWhite, {})}));
    EXPECT_EQ(moves_of("Kd12 kg8"),
              sorted({"d12-c12", "d12-e12", "d12-c13", "d12-d13", "d12-e13", "d12-d11"}));
    // Shatrabase's Original mode puts it onto Black's half too (D5).
    Rules sb = Rules::of(Preset::Original);
    sb.enemy_drops = EnemyDrops::All;
    EXPECT_EQ(legal(make_state(sb, setup("Kd12 kg8"))).size(), 6u + 20u);
}

TEST(ShatraOriginal, BiyDropThatIsAStepDoesNotResetTheClock) {
    // 14.5.2 and 8.1: d4-d5 is a step and a drop, so it counts as the step;
    // d4-a7 is only a drop and resets the clock.
    State s = original("Kd4 Sc3 kg10", "w T - - - 7 3");
    play(s, "d4-d5");
    EXPECT_EQ(s.pos().clock, 8);
    s = original("Kd4 Sc3 kg10", "w T - - - 7 3");
    play(s, "d4-a7");
    EXPECT_EQ(s.pos().clock, 0);
}

TEST(ShatraOriginal, BatyrOnItsOpenGateSlidesOrIsPutDown) {
    // 14.6.2 (D6): the batyr on d4 slides to d5..d14 (10), d3 d2 d1, e5 f6
    // g7, c5 b6 a7, e3 and c3 (21 slides), and is put onto the 11 other
    // empty cells of the half (21 less a5 and the 9 slide cells there).
    const Moves m = from_cell(moves_of("Ka5 Qd4 kg10"), "d4");
    EXPECT_EQ(m.size(), 32u);
    EXPECT_TRUE(has(m, "d4-d14"));
    EXPECT_TRUE(has(m, "d4-a6"));
    EXPECT_FALSE(has(m, "d4-a5"));
}

TEST(ShatraOriginal, BatyrNeverSlidesIntoItsOwnClosedHome) {
    // 14.6.1 with 14.2.2: the shatra e1 keeps White's home closed. The
    // batyr d6 slides up the d file to d7..d14 (8), down only to d5 (d4 is
    // its own gate), along rank 6 to c6 b6 a6 and e6 f6 g6 (6), up the
    // diagonals to c7 b8 a9 and e7 f8 g9 (6), and down them to c5 and e5
    // (row 4 has only the gate): 23 slides. Once the home is open (no
    // fortress shatra), the d file goes on to d4 d3 d2 d1: 27.
    const Moves closed = from_cell(moves_of("Ka5 Qd6 Se1 kg10", "w T - - - 0 1"), "d6");
    EXPECT_EQ(closed.size(), 23u);
    EXPECT_TRUE(has(closed, "d6-d5"));
    for (const char* home : {"d6-d4", "d6-d3", "d6-d2", "d6-d1"}) EXPECT_FALSE(has(closed, home));
    const Moves open = from_cell(moves_of("Ka5 Qd6 kg10"), "d6");
    EXPECT_EQ(open.size(), 27u);
    for (const char* home : {"d6-d4", "d6-d3", "d6-d2", "d6-d1"}) EXPECT_TRUE(has(open, home));
}

TEST(ShatraOriginal, BatyrInTheEnemyHomeOnlySlides) {
    // 14.6.3 (D5): the White batyr d13, in Black's fortress, slides to d14,
    // down the whole d file to d1 (12: its own home is open), to c13 and
    // e13, and to the four corners of the fortress around it, c12 e12 c14
    // e14 (their lines end there): 19 moves, and none is a put-down onto
    // Black's half. Shatrabase's Original mode (enemy_drops=all) puts it
    // onto every other empty cell of that half as well.
    const std::string men = "Ka5 Qd13 kg10";
    const Moves m = from_cell(moves_of(men), "d13");
    EXPECT_EQ(m.size(), 19u);
    EXPECT_TRUE(has(m, "d13-d1"));
    EXPECT_FALSE(has(m, "d13-a9"));
    Rules r = Rules::of(Preset::Original);
    r.enemy_drops = EnemyDrops::All;
    const Moves sb = from_cell(legal(make_state(r, setup(men))), "d13");
    EXPECT_GT(sb.size(), m.size());
    EXPECT_TRUE(has(sb, "d13-a9"));
}

// ---- 14.7: captures ---------------------------------------------------------------

TEST(ShatraOriginal, LongLeapLandsAnywhereBeyond) {
    // 14.7.3: the batyr a7 jumps b7 and may land on c7..g7. Only from f7 can
    // it go on (over f9 to f10), and it must there; from the others the turn
    // ends. altai (landing=continue) keeps only the continuing landing.
    const std::string men = "Ka5 Qa7 kg10 sb7 sf9";
    EXPECT_EQ(moves_of(men), sorted({"a7:c7", "a7:d7", "a7:e7", "a7:f7:f10", "a7:g7"}));
    Rules r = Rules::of(Preset::Original);
    r.landing = Landing::Continue;
    EXPECT_EQ(legal(make_state(r, setup(men))), (Moves{"a7:f7:f10"}));
}

TEST(ShatraOriginal, FreeChoiceWithoutTheMaximumRule) {
    // 14.7.1: the shatra b5 may take b6 alone (to b7, from where nothing
    // follows) or the shatra f5 may take f6, then f8 (f5:f7:f9): both are
    // legal, the shorter too.
    EXPECT_EQ(moves_of("Kd4 Sb5 Sf5 kg10 sb6 sf6 sf8"), sorted({"b5:b7", "f5:f7:f9"}));
}

TEST(ShatraOriginal, JumpedMenStayUntilTheChainEnds) {
    // 14.7.4: the batyr d5 jumps d7 and, via d9, e9 to f9 or g9. From f9 the
    // line back south-west meets d7, still on the board, so it cannot go on
    // to c6 (which it could if d7 were gone); nor can it jump d7 twice.
    const Moves m = moves_of("Ka5 Qd5 kg10 sd7 se9 sc6");
    EXPECT_TRUE(has(m, "d5:d9:f9"));
    EXPECT_FALSE(has(m, "d5:d9:f9:b5"));
}

TEST(ShatraOriginal, AChainMayCrossItsStartCellButNeverJumpAManTwice) {
    // 14.7.4: four Black men round the empty d6. The shatra c5 goes either
    // way round: over c6 to c7, d7 to e7, e6 to e5 and d5 back to its own
    // start cell c5, which the chain left empty; or the other way. At c7 the
    // way back over c6 (jumped already) is shut, and at c5 both men next to
    // it are jumped: each chain has one way on, so these two are all.
    EXPECT_EQ(moves_of("Kg5 Sc5 ka10 sc6 sd7 se6 sd5"),
              sorted({"c5:c7:e7:e5:c5", "c5:e5:e7:c7:c5"}));
    State s = original("Kg5 Sc5 ka10 sc6 sd7 se6 sd5");
    play(s, "c5:c7:e7:e5:c5");
    EXPECT_EQ(s.pos().count[kBlack][kShatra], 0);
    EXPECT_EQ(at(s, "c5"), at(original("Kg5 Sc5 ka10"), "c5"));
}

TEST(ShatraOriginal, PromotionInTheMiddleOfAChain) {
    // 14.7.5 and 14.10: c12 jumps c13 to c14, becomes a batyr and goes on
    // over d14 to e14. Black's fortress shatras keep its home closed, which
    // does not bind White.
    EXPECT_EQ(moves_of("Ka5 Sc12 kg10 sc13 sd14", "w t - - - 0 1"), (Moves{"c12:c14=Q:e14"}));
    // The example of the extended presets: d13, e14=Q, then e13 to e12.
    State s = original("Ka5 Sc12 kg10 sd13 se13", "w t - - - 0 1");
    EXPECT_EQ(legal(s), (Moves{"c12:e14=Q:e12"}));
    play(s, "c12:e14=Q:e12");
    EXPECT_EQ(at(s, "e12"), man(kBatyr, kWhite));
    EXPECT_EQ(s.pos().count[kBlack][kShatra], 0);
    EXPECT_FALSE(s.pos().temdek_on(kBlack));
}

TEST(ShatraOriginal, TakingTheBiyEndsTheGameAtOnce) {
    // 14.7.6: c5 jumps the biy on d6 to e7; the chain stops although it
    // could go on over f8.
    State s = original("Ka5 Sc5 kd6 sf8");
    EXPECT_EQ(legal(s), (Moves{"c5:e7"}));
    play(s, "c5:e7");
    EXPECT_EQ(s.outcome(), Outcome::win(Player::First));
}

TEST(ShatraOriginal, LandingLimitsInTheOwnHomeArea) {
    // 14.7.2: a shatra never lands in its own home area, even when it is
    // open: d6 cannot take d5 (landing d4).
    EXPECT_FALSE(has(moves_of("Ka7 Sd6 kg10 sd5"), "d6:d4"));
    // The biy may, onto its open gate, but not while its home is closed.
    EXPECT_TRUE(has(moves_of("Kd6 kg10 sd5"), "d6:d4"));
    EXPECT_FALSE(has(moves_of("Kd6 Sc1 kg10 sd5", "w T - - - 0 1"), "d6:d4"));
    // The batyr likewise: d4..d1 when open, nothing when closed.
    EXPECT_EQ(from_cell(moves_of("Ka5 Qd7 kg10 sd5"), "d7"),
              sorted({"d7:d4", "d7:d3", "d7:d2", "d7:d1"}));
    EXPECT_TRUE(from_cell(moves_of("Ka5 Qd7 Sc1 kg10 sd5", "w T - - - 0 1"), "d7:").empty());
}

// ---- 14.8: the biy's privileges -------------------------------------------------

TEST(ShatraOriginal, BiyAloneMayDeclineOrStop) {
    // 14.8: only the biy c5 can capture (d6, then e8): it may stop after the
    // first jump, go on, or make any step (b5 d5 b6 c6, and d4: the home is
    // open); the shatra a6 may not move.
    const std::string men = "Kc5 Sa6 kg10 sd6 se8";
    EXPECT_EQ(moves_of(men),
              sorted({"c5:e7", "c5:e7:e9", "c5-b5", "c5-d5", "c5-b6", "c5-c6", "c5-d4"}));
    // With the shatra g6 able to take g7, a capture is compulsory.
    EXPECT_EQ(moves_of(men + " Sg6 sg7"), sorted({"c5:e7", "c5:e7:e9", "g6:g8"}));
    // Shatrabase's gate privilege (D9): the shatra on the Black gate d11,
    // the only capturer, may step instead of taking d12 (to d13).
    Rules sb = Rules::of(Preset::Original);
    sb.gate_privilege = true;
    const std::string gate = "Ka5 Sd11 kg10 sd12";
    EXPECT_EQ(moves_of(gate, "w t - - - 0 1"), (Moves{"d11:d13"}));
    EXPECT_EQ(legal(make_state(sb, setup(gate, "w t - - - 0 1"))),
              sorted({"d11:d13", "d11-c12", "d11-e12"}));
}

// ---- 14.9: the end of the game --------------------------------------------------

TEST(ShatraOriginal, NoMoveLoses) {
    // 14.9.1: the White biy on a5 has no step and every jump lands on a
    // taken cell.
    const State s = original("Ka5 kg10 sa6 sb6 sb5 sa7 sc7 sc5");
    EXPECT_TRUE(legal(s).empty());
    EXPECT_EQ(s.outcome(), Outcome::win(Player::Second));
}

TEST(ShatraOriginal, TwoBiysDrawAfterThreeHalfMoves) {
    // 14.9.4: the biy's capture leaves the two biys alone (half-move 1);
    // Black moves (2); White moves (3) and the game is drawn.
    State s = original("Kc5 kg10 sd6");
    play(s, "c5:e7");
    EXPECT_FALSE(s.outcome().over());
    play(s, "g10-f10");
    EXPECT_FALSE(s.outcome().over());
    play(s, "e7-d7");
    EXPECT_EQ(s.outcome(), Outcome::draw());
}

TEST(ShatraOriginal, AHundredHalfMovesWithoutProgressDraw) {
    // 14.9.5 [PROPOSAL]: at 99 half-moves a biy step is the hundredth and
    // draws; a shatra step instead sets the count back to 0.
    State s = original("Ka5 Sb7 kg10 sf9", "w - - - - 99 80");
    play(s, "b7-b8");
    EXPECT_FALSE(s.outcome().over());
    EXPECT_EQ(s.pos().clock, 0);
    s.undo();
    play(s, "a5-a6");
    EXPECT_EQ(s.outcome(), Outcome::draw());
}

TEST(ShatraOriginal, ThreefoldRepetitionDraws) {
    // 14.9.3: the biys step out and back twice.
    State s = original("Ka5 Qa7 kg10 qg8");
    play(s, "a5-b5 g10-f10 b5-a5 f10-g10 a5-b5 g10-f10 b5-a5");
    EXPECT_FALSE(s.outcome().over());
    play(s, "f10-g10");
    EXPECT_EQ(s.outcome(), Outcome::draw());
}

// ---- 14.10: notation and position strings ---------------------------------------

TEST(ShatraOriginal, NotationsAndRefusedPositions) {
    Rules numeric = Rules::of(Preset::Original);
    numeric.notation = Notation::Numeric;
    State n(numeric);
    // c3 is 54 and e7 is 36 in the traditional numbers (1.3).
    EXPECT_EQ(n.move_text(n.parse_move("c3-e7")), "54-36");
    Rules sbn = Rules::of(Preset::Original);
    sbn.notation = Notation::Shatrabase;
    State sb = make_state(sbn, setup("Ka5 Se13 kg10"));
    EXPECT_EQ(sb.move_text(sb.parse_move("e13-e14=Q")), "e13-e14Q");
    State s(Rules::of(Preset::Original));
    for (const std::string& bad : {setup("Ka5 Rb7 kg10"), setup("Ka5 Sd4 kg10"),
                                   setup("Ka5 Se14 kg10"), setup("Ka5 kg10", "w - d6 - - 0 1")})
        EXPECT_THROW(s.set_position(bad), GameError) << bad;
}

}  // namespace
}  // namespace asterism::shatra
