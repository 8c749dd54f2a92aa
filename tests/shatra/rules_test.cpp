// Unit tests of the Shatra rules, one or more per rule, each on a position
// built by hand and citing the section of ../shared/rules/shatra.md it
// checks. Expected move lists were worked out from the rules text; the
// reasoning is in the comments.
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

Moves moves_of(Preset preset, std::string_view men, std::string_view fields = "w - - - - 0 1") {
    return legal(make_state(preset, setup(men, fields)));
}

bool has(const Moves& moves, const std::string& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Drops of `from` onto every cell of a half but `except`.
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

// ---- 3: non-capturing moves ----------------------------------------------------

TEST(ShatraMoves, ShatraStepsByZoneDifferBetweenPresets) {
    // 3.5 and section 0. White: biy a5; shatras c8 and d10 (beyond the
    // ditch), e13 (next to the promotion rank, no piece on the board so all
    // three types are available), f7 (touching the ditch), g6.
    const std::string men = "Ka5 Sc8 Sd10 Se13 Sf7 Sg6 ke12";
    const Moves common = {"a5-a6",     "a5-b5",     "a5-b6",     "f7-e8",     "f7-f8",
                          "f7-g8",     "g6-g7",     "e13-d14=Q", "e13-d14=R", "e13-d14=B",
                          "e13-e14=Q", "e13-e14=R", "e13-e14=B", "e13-d13"};
    // altai: forward, diagonally forward, sideways; c11/e11 are walls and e12
    // holds the Black biy.
    EXPECT_EQ(
        moves_of(Preset::Altai, men),
        join({common,
              {"c8-b8", "c8-b9", "c8-c9", "c8-d8", "c8-d9", "d10-c10", "d10-d11", "d10-e10"}}));
    // seed: like a king, so also back over the ditch (c8-c7) and back to rank 9.
    EXPECT_EQ(moves_of(Preset::Seed, men),
              join({common,
                    {"c8-b8", "c8-b9", "c8-c9", "c8-d8", "c8-d9", "c8-b7", "c8-c7", "c8-d7",
                     "d10-c10", "d10-d11", "d10-e10", "d10-c9", "d10-d9", "d10-e9", "e13-d12"}}));
}

TEST(ShatraMoves, DoubleStepOnlyFromTheFirstRankAndOverEmptyCells) {
    // 3.5: two cells straight forward from rank 5 if both are empty; none
    // from rank 6; a man on the skipped cell blocks it.
    const Moves m = moves_of(Preset::Seed, "Kg7 Sa5 Sb6 Sc5 Sc6 kg10");
    EXPECT_TRUE(has(m, "a5-a7"));
    EXPECT_FALSE(has(m, "b6-b8"));
    EXPECT_FALSE(has(m, "c5-c7"));
    EXPECT_FALSE(has(m, "c5-c6"));
}

TEST(ShatraMoves, WaitingShatraMovesOnlySideways) {
    // 6 and 3.5: with batyr, both turas and both yalkyns on the board no
    // promotion is available; the shatra on d14 waits and may only step
    // sideways, and e13 steps onto e14 without promoting.
    const Moves m = moves_of(Preset::Seed, "Ka5 Sd14 Se13 Qa7 Rb7 Rc7 Bf6 Bg6 ka10");
    Moves d14, e13;
    for (const auto& x : m) {
        if (x.rfind("d14", 0) == 0) d14.push_back(x);
        if (x.rfind("e13", 0) == 0) e13.push_back(x);
    }
    EXPECT_EQ(d14, (Moves{"d14-c14", "d14-e14"}));
    EXPECT_EQ(e13, (Moves{"e13-d12", "e13-d13", "e13-e12", "e13-e14"}));
}

TEST(ShatraMoves, PromotionOnlyToTypesFewerThanAtTheStart) {
    // 6: White has its batyr, one tura and both yalkyns: only =R is offered.
    const Moves m = moves_of(Preset::Seed, "Ka5 Se13 Qa7 Rb7 Bf6 Bg6 ka10");
    EXPECT_TRUE(has(m, "e13-e14=R"));
    EXPECT_TRUE(has(m, "e13-d14=R"));
    EXPECT_FALSE(has(m, "e13-e14=Q"));
    EXPECT_FALSE(has(m, "e13-e14=B"));
    EXPECT_FALSE(has(m, "e13-e14"));
}

TEST(ShatraMoves, HomeAreaRestrictionWhileTheTemdekIsOn) {
    // Section 3: with White's temdek on (the tura on d2 is a reserve man) the
    // batyr on d7 may not end on d4 or d3, while the biy may step onto d4.
    const Moves m = moves_of(Preset::Seed, "Ke5 Qd7 Rd2 ka10", "w T - - - 0 1");
    EXPECT_TRUE(has(m, "d7-d5"));
    EXPECT_FALSE(has(m, "d7-d4"));
    EXPECT_FALSE(has(m, "d7-d3"));
    EXPECT_TRUE(has(m, "e5-d4"));
    // Without the temdek (the tura stands outside) both are allowed.
    const Moves off = moves_of(Preset::Seed, "Ke5 Qd7 Rd8 ka10");
    EXPECT_TRUE(has(off, "d7-d4"));
    EXPECT_TRUE(has(off, "d7-d1"));
}

TEST(ShatraMoves, GreatRoadOnlyInAltai) {
    // 3.6: a reserve tura on d2 with d3 and d4 empty may run to d8..d14 in
    // altai; d5-d7 are its drops anyway. Not in seed or shatrabase.
    const std::string men = "Ka5 Rd2 Qd1 kg10 sg9";
    const Moves seed = moves_of(Preset::Seed, men, "w T - - - 0 1");
    const Moves road = {"d2-d8", "d2-d9", "d2-d10", "d2-d11", "d2-d12", "d2-d13", "d2-d14"};
    EXPECT_EQ(moves_of(Preset::Altai, men, "w T - - - 0 1"), join({seed, road}));
    EXPECT_EQ(moves_of(Preset::Shatrabase, men, "w T - - - 0 1"), seed);
    // The batyr behind it is blocked; the biy, drops and great road: 3+20+20.
    EXPECT_EQ(seed.size(), 43u);
}

// ---- 4: reserves, drops and the temdek ----------------------------------------

TEST(ShatraDrops, StartPositionHas154Moves) {
    // 8.3: 10 reserve men x 14 empty cells of ranks 6-7, plus 7 shatras x 2.
    const Moves m = legal(State());
    EXPECT_EQ(m.size(), 154u);
    int drops = 0;
    for (const auto& x : m)
        if (parse_cell(x.substr(0, x.find('-'))) < 10) ++drops;
    EXPECT_EQ(drops, 140);
}

TEST(ShatraDrops, BiyStepsBackOntoItsGateAndIsAReserveThere) {
    // 4.1: the biy on d5 may step back onto d4 while the temdek is on (kept on
    // by the tura on d2); from d4 it is dropped like any reserve man.
    State s = make_state(Preset::Seed, setup("Kd5 Rd2 ka10", "w T - - - 0 1"));
    EXPECT_EQ(legal(s), join({drops("d2", kWhite, {"d5"}),
                              {"d5-c5", "d5-c6", "d5-d4", "d5-d6", "d5-e5", "d5-e6"}}));
    play(s, "d5-d4 a10-a9");
    EXPECT_EQ(legal(s), join({drops("d2", kWhite, {}), drops("d4", kWhite, {})}));
}

TEST(ShatraDrops, MenInTheEnemyHomeAreaMoveOrDrop) {
    // 4.2 and 11.8: Black's batyr d3 and tura c2 in White's fortress move
    // normally or drop onto White's half (a drop to a cell the batyr reaches
    // anyway, d5-d7, is that move: 8.1); the shatra e2 only moves. Temdeks
    // are off (no man in its own home area).
    const std::string men = "Kg5 Sa7 kg10 qd3 rc2 se2";
    const Moves queen = {"d3-c3",  "d3-d1",  "d3-d2",  "d3-d4",  "d3-d5",
                         "d3-d6",  "d3-d7",  "d3-d8",  "d3-d9",  "d3-d10",
                         "d3-d11", "d3-d12", "d3-d13", "d3-d14", "d3-e3"};
    const Moves tura = {"c2-c1", "c2-c3", "c2-d2"};
    const Moves biy = {"g10-f10", "g10-f9", "g10-g9"};
    // Black shatra beyond the ditch (seed: like a king): d1 and e1 are its
    // promotion cells; Black's batyr is on the board, so only =R and =B.
    const Moves shatra = {"e2-d1=R", "e2-d1=B", "e2-e1=R", "e2-e1=B", "e2-d2", "e2-e3"};
    EXPECT_EQ(moves_of(Preset::Seed, men, "b - - - - 0 1"),
              join({queen, tura, biy, shatra, drops("d3", kWhite, {"a7", "g5", "d5", "d6", "d7"}),
                    drops("c2", kWhite, {"a7", "g5"})}));
}

TEST(ShatraDrops, OwnHomeAreaAfterTheTemdekIsOff) {
    // 4.2: with the temdek off, White's batyr on d2 moves normally and may be
    // dropped onto the own half (except where it can move to anyway).
    const Moves m = moves_of(Preset::Seed, "Kg7 Qd2 ka10");
    EXPECT_TRUE(has(m, "d2-d1"));
    EXPECT_TRUE(has(m, "d2-d9"));
    EXPECT_TRUE(has(m, "d2-a7"));
    EXPECT_EQ(std::count_if(m.begin(), m.end(), [](const std::string& x) { return x == "d2-d5"; }),
              1);
}

TEST(ShatraDrops, AShatraBackInItsOwnHomeAreaMayBeDroppedToo) {
    // 4.2 gives "any man" in its own home area after the temdek is off the
    // drop right; 11.8 closes only the enemy home area to shatras. White's
    // shatra on d3 (back by a capture) steps to d4 or drops on its half.
    const Moves m = moves_of(Preset::Seed, "Kg7 Sd3 ka10");
    EXPECT_TRUE(has(m, "d3-d4"));
    EXPECT_TRUE(has(m, "d3-a5"));
    EXPECT_TRUE(has(m, "d3-f6"));
    EXPECT_FALSE(has(m, "d3-d8"));  // Black's half
}

TEST(ShatraDrops, GateDropsDependOnThePreset) {
    // 11.9 and 13: a batyr on the enemy gate (d11) drops in seed, not in
    // shatrabase; the biy on its own gate with the temdek on drops in both.
    const std::string men = "Kd4 Qd11 Sa7 ka10";
    const auto count_drops = [](const Moves& m, const std::string& from, int colour) {
        int n = 0;
        for (const auto& x : m)
            if (x.rfind(from + "-", 0) == 0 &&
                (kHalf[colour] & bit(parse_cell(x.substr(from.size() + 1)))))
                ++n;
        return n;
    };
    const Moves seed = moves_of(Preset::Seed, men, "w T - - - 0 1");
    const Moves sb = moves_of(Preset::Shatrabase, men, "w T - - - 0 1");
    // Black's half but a10, by drop or by move; in shatrabase only the nine
    // cells its ordinary moves reach (d10-d8, c10-a8, e10-g8).
    EXPECT_EQ(count_drops(seed, "d11", kBlack), 20);
    EXPECT_EQ(count_drops(sb, "d11", kBlack), 9);
    EXPECT_EQ(count_drops(seed, "d4", kWhite), 20);
    EXPECT_EQ(count_drops(sb, "d4", kWhite), 20);
}

TEST(ShatraTemdek, RemovedWhenTheLastReserveManLeaves) {
    // 4.3: the biy is the last reserve man; dropping it removes the temdek,
    // and stepping back onto the gate does not restore it.
    State s = make_state(Preset::Seed, setup("Kd4 Sa5 kg10 sa10", "w T - - - 0 1"));
    play(s, "d4-d6");
    EXPECT_FALSE(s.pos().temdek_on(kWhite));
    play(s, "g10-g9 d6-d5 g9-g10 d5-d4");
    EXPECT_FALSE(s.pos().temdek_on(kWhite));
    // With the temdek off the biy on d4 steps into its fortress (4.2).
    EXPECT_TRUE(has(legal(s), "g10-g9"));
    play(s, "g10-g9");
    EXPECT_TRUE(has(legal(s), "d4-d3"));
}

TEST(ShatraTemdek, CapturingTheLastReserveManInItsFortressRemovesIt) {
    // 5.5: White's batyr jumps Black's last reserve man (the tura on d12).
    State s = make_state(Preset::Seed, setup("Kg5 Qd7 ka8 rd12", "w t - - - 0 1"));
    EXPECT_TRUE(s.pos().temdek_on(kBlack));
    play(s, "d7:d13");
    EXPECT_FALSE(s.pos().temdek_on(kBlack));
}

TEST(ShatraTemdek, KeptForTheWholeTurnOfAChain) {
    // 4.3 timing, 5.5: the batyr on d1 is White's last reserve man. It jumps
    // d2 and c6 and stands on b6; jumping c5 would land on d4 or e3, inside
    // its home area, which a jump from the field may not do while the temdek
    // is on, even though the batyr has left (the temdek is updated only at
    // the end of the turn).
    const std::string men = "Kg5 Qd1 ka10 sd2 sc6 sc5 sg8";
    const Moves on = moves_of(Preset::Seed, men, "w T - - - 0 1");
    EXPECT_TRUE(has(on, "d1:d6:b6"));
    EXPECT_FALSE(has(on, "d1:d6:b6:d4"));
    const Moves off = moves_of(Preset::Seed, men);
    EXPECT_TRUE(has(off, "d1:d6:b6:d4"));
    EXPECT_FALSE(has(off, "d1:d6:b6"));  // not the longest after d6 any more
}

TEST(ShatraUrgent, ReserveCaptureEndingAtHomeMustBeDroppedNext) {
    // 4.4 and 5.5: the reserve tura d2 jumps d3 and may land on d4 (inside
    // the home area, allowed because the jump starts there) or beyond. On
    // d4 it is urgent: White's next turn must drop it.
    State s = make_state(Preset::Seed, setup("Kb5 Qd1 Rd2 kb10 sd3", "w T - - - 0 1"));
    const Moves first = legal(s);
    EXPECT_TRUE(has(first, "d2:d4"));
    EXPECT_TRUE(has(first, "d2:d5"));
    play(s, "d2:d4");
    EXPECT_EQ(s.pos().urgent, bit(parse_cell("d4")));
    play(s, "b10-b9");
    EXPECT_EQ(legal(s), drops("d4", kWhite, {"b5"}));
    play(s, "d4-e6");
    EXPECT_EQ(s.pos().urgent, 0u);
}

TEST(ShatraUrgent, ACaptureTakesPrecedenceAndTheMarkStays) {
    // 4.4: the urgent tura on d4 waits while the batyr must capture.
    State s = make_state(Preset::Seed, setup("Kb5 Qd1 Rd4 kg10 sd2", "w T - - d4 0 1"));
    EXPECT_EQ(legal(s), (Moves{"d1:d3"}));
    play(s, "d1:d3 g10-g9");
    EXPECT_EQ(legal(s), join({drops("d3", kWhite, {"b5"}), drops("d4", kWhite, {"b5"})}));
}

TEST(ShatraUrgent, NoEmptyCellSuspendsTheRuleOrLoses) {
    // 11.12 and 13: White's half is full (16 White men and five Black
    // shatras on rank 5 that nothing can jump), so the urgent tura on d4
    // cannot be dropped. seed: the rule is suspended (the shatras on rank 7
    // step across the ditch); shatrabase: White has no move and loses.
    const std::string men =
        "Ka5 Sg5 sb5 sc5 sd5 se5 sf5 Qa6 Rb6 Bc6 Bd6 Se6 Sf6 Sg6 Sa7 Sb7 Sc7 Sd7 Se7 Sf7 Sg7 Rd4 "
        "kg10";
    const State seed = make_state(Preset::Seed, setup(men, "w T - - d4 0 1"));
    const Moves m = legal(seed);
    EXPECT_FALSE(m.empty());
    for (const auto& x : m) EXPECT_EQ(kGeo.rank[parse_cell(x.substr(x.find('-') + 1))], 8) << x;
    const State sb = make_state(Preset::Shatrabase, setup(men, "w T - - d4 0 1"));
    EXPECT_TRUE(legal(sb).empty());
    EXPECT_EQ(sb.outcome(), Outcome::win(Player::Second));
}

// ---- 5: captures ----------------------------------------------------------------

TEST(ShatraCapture, CompulsoryAndShatrasJumpEveryWay) {
    // 5.1, 5.2: a White shatra in its own half jumps backward (c6 over c5 to
    // c4? a wall, so no) and sideways (c6 over d6 to e6); nothing else moves.
    EXPECT_EQ(moves_of(Preset::Seed, "Ka5 Sc6 ka10 sc5 sd6 sb7"), (Moves{"c6:a8", "c6:e6"}));
}

TEST(ShatraCapture, NoManIsJumpedTwice) {
    // 5.1: after jumping c7 the batyr cannot jump it back from d7..g7.
    EXPECT_EQ(moves_of(Preset::Seed, "Kg5 Qa7 kg10 sc7"),
              (Moves{"a7:d7", "a7:e7", "a7:f7", "a7:g7"}));
}

TEST(ShatraCapture, TheStartCellIsEmptyDuringTheChain) {
    // 5.1: the shatra on c5 goes round c6, d7, d6 and lands on its own start
    // cell, either way round.
    EXPECT_EQ(moves_of(Preset::Seed, "Kg5 Sc5 kg10 sc6 sd7 sd6"),
              (Moves{"c5:c7:e7:c5", "c5:e7:c7:c5"}));
}

TEST(ShatraCapture, LongLeapLandingByPreset) {
    // 5.3, 11.2, 13: the batyr jumps d7 and may land on d8, d9 or d10; from
    // each it can go on over the Black biy on d11, and from d9 also over f9.
    // seed and altai allow every landing here; shatrabase only the nearest
    // one that goes on (d8).
    const std::string men = "Kd4 Qd5 kd11 sd7 sf9";
    const Moves all = {"d5:d10:d12", "d5:d10:d13", "d5:d10:d14", "d5:d8:d12", "d5:d8:d13",
                       "d5:d8:d14",  "d5:d9:d12",  "d5:d9:d13",  "d5:d9:d14", "d5:d9:g9"};
    EXPECT_EQ(moves_of(Preset::Seed, men), all);
    EXPECT_EQ(moves_of(Preset::Altai, men), all);
    EXPECT_EQ(moves_of(Preset::Shatrabase, men), (Moves{"d5:d8:d12", "d5:d8:d13", "d5:d8:d14"}));
}

TEST(ShatraCapture, AltaiLandsWhereTheChainGoesOn) {
    // 5.3: the tura jumps b5 and could land on c5..g5; only from e5 can it
    // capture again (over e6), so altai forces e5 while seed leaves the
    // first landing free; after e6 no landing goes on, so all are allowed.
    const std::string men = "Kg8 Ra5 ka10 sb5 se6";
    EXPECT_EQ(moves_of(Preset::Altai, men),
              sorted({"a5:e5:e7", "a5:e5:e8", "a5:e5:e9", "a5:e5:e10"}));
    EXPECT_EQ(moves_of(Preset::Seed, men), (Moves{"a5:c5", "a5:d5", "a5:e5:e10", "a5:e5:e7",
                                                  "a5:e5:e8", "a5:e5:e9", "a5:f5", "a5:g5"}));
}

TEST(ShatraCapture, ALeapOverTheBiyMayLandAnywhereBeyondIt) {
    // 5.3, 5.8 and 13: taking the biy ends the chain, so no landing cell
    // beyond it "allows a continuation", and every landing is allowed (each
    // a final move), in altai and shatrabase as in seed. These are the cases
    // checked against Shatrabase's own move generator (given in its SPN):
    // the Black tura d10 jumps the biy e10 ...
    EXPECT_EQ(legal(make_state(Preset::Shatrabase, "9/1/7/7/1S5/5s1/4s2/2Kr2k/1/9 b - - - 3 34")),
              (Moves{"d10:f10", "d10:g10"}));
    // ... and the Black batyr a7 jumps a6 to a5, then the biy b5 (any of
    // c5..g5) or the shatra c7 (d8 or e9).
    EXPECT_EQ(
        legal(make_state(Preset::Shatrabase, "9/1/5K1/4S1R/Q3SSq/2r3k/6s/1R5/1/7B1 b - - - 14 53")),
        (Moves{"a7:a5:c5", "a7:a5:d5", "a7:a5:d8", "a7:a5:e5", "a7:a5:e9", "a7:a5:f5",
               "a7:a5:g5"}));
    // The White batyr a7 over the biy c7: from d7, e7 or f7 it could jump e8
    // were the game not over, yet g7 is allowed too.
    const std::string pos = "3/3/3/1/7/7/4s2/Q1k4/7/6K/1/3/3/3 w - - - - 0 1";
    const Moves all = {"a7:d7", "a7:e7", "a7:f7", "a7:g7"};
    for (const Preset p : {Preset::Seed, Preset::Altai, Preset::Shatrabase})
        EXPECT_EQ(legal(make_state(p, pos)), all) << preset_name(p);
}

TEST(ShatraCapture, SeedTakesTheMostAfterTheFirstJump) {
    // 0 and 5.1: from d8 the batyr can take the biy (2 men) or go g8, e10,
    // c12 (4 men, the last the biy): seed keeps only the longest path after
    // each first landing; altai lets the player choose.
    const std::string men = "Kd4 Qd5 kd11 sd7 sf9 sf8";
    const Moves seed = moves_of(Preset::Seed, men);
    EXPECT_TRUE(has(seed, "d5:d8:g8:e10:c12"));
    EXPECT_FALSE(has(seed, "d5:d8:d12"));
    EXPECT_TRUE(has(seed, "d5:d10:d12"));  // from d10 both ways take two
    EXPECT_TRUE(has(seed, "d5:d10:g7"));
    const Moves altai = moves_of(Preset::Altai, men);
    EXPECT_TRUE(has(altai, "d5:d8:d12"));
    EXPECT_TRUE(has(altai, "d5:d8:g8:e10:c12"));
    EXPECT_EQ(seed.size(), 8u);
    EXPECT_EQ(altai.size(), 14u);
}

TEST(ShatraCapture, IntoTheEnemyFortressRegardlessOfItsTemdek) {
    // 4.3, 5.5: Black's temdek does not restrict White: the batyr jumps the
    // reserve tura d12 and lands in Black's fortress (e13 beside d13 cannot
    // be jumped: f13 is a wall). Black's temdek stays on (e13 is left).
    State s = make_state(Preset::Seed, setup("Kg5 Qd9 kg10 rd12 se13", "w t - - - 0 1"));
    EXPECT_EQ(legal(s), (Moves{"d9:d13", "d9:d14"}));
    play(s, "d9:d14");
    EXPECT_TRUE(s.pos().temdek_on(kBlack));
}

TEST(ShatraCapture, FieldManMayNotLandInItsOwnHomeButTheBiyMayOnItsGate) {
    // 5.5: White's temdek is on (tura d2). The batyr on d7 cannot jump d5
    // to d4/d3; the biy on d6 jumps d5 onto its own gate d4.
    const Moves m = moves_of(Preset::Seed, "Kf6 Qd7 Rd2 ka10 sd5 se5", "w T - - - 0 1");
    EXPECT_FALSE(has(m, "d7:d4"));
    EXPECT_TRUE(has(m, "f6:d4"));
}

TEST(ShatraCapture, BiyFromItsGateIntoItsFortressDependsOnThePreset) {
    // 5.5 and 13: the reserve biy on d4 jumps a Black shatra on d3 to d2:
    // allowed in seed (a jump starting inside the home area), not in
    // shatrabase.
    const std::string men = "Kd4 Qc1 ka10 sd3";
    EXPECT_TRUE(has(moves_of(Preset::Seed, men, "w T - - - 0 1"), "d4:d2"));
    EXPECT_FALSE(has(moves_of(Preset::Shatrabase, men, "w T - - - 0 1"), "d4:d2"));
}

TEST(ShatraBiy, MayDeclineOrStopWhenItAloneCanCapture) {
    // 5.6: only the biy can capture (d6 over d7, then over e8): it may take
    // one, two, or step instead; the shatra a5 may not move.
    EXPECT_EQ(moves_of(Preset::Seed, "Kd6 Sa5 kd11 sd7 se8"),
              (Moves{"d6-c5", "d6-c6", "d6-c7", "d6-d5", "d6-e5", "d6-e6", "d6-e7", "d6:d8",
                     "d6:d8:f8"}));
    // If another man can capture, a capture is compulsory (by either).
    EXPECT_EQ(moves_of(Preset::Seed, "Kd6 Sa7 kd11 sd7 sb8"), (Moves{"a7:c9", "d6:d8"}));
}

TEST(ShatraBiy, TakingTheBiyEndsTheGame) {
    // 5.8 and 7: the batyr jumps the biy on d11 and lands on d12 (d13 is
    // taken); the chain stops there although it could go on over d13.
    State s = make_state(Preset::Seed, setup("Ka5 Qd8 kd11 sd13"));
    EXPECT_EQ(legal(s), (Moves{"d8:d12"}));
    play(s, "d8:d12");
    EXPECT_EQ(s.outcome(), Outcome::win(Player::First));
    Move buffer[State::kMaxMoves];
    EXPECT_EQ(s.generate(buffer), 0);
}

TEST(ShatraEnPassant, SkippedCellStandsForTheShatraOnce) {
    // 5.7: after c5-c7 the Black shatras b6 (beside the skipped c6) and d7
    // (beside the victim) may jump c6 and take c7; they may also take c7
    // plainly, except in shatrabase (13).
    const std::string men = "Kg5 Sc5 kg10 sb6 sa7 sd7";
    State seed = make_state(Preset::Seed, setup(men));
    play(seed, "c5-c7");
    EXPECT_EQ(seed.pos().ep_skip, parse_cell("c6"));
    EXPECT_EQ(legal(seed), (Moves{"b6:d6", "b6:d8", "d7:b5", "d7:b7"}));
    State sb = make_state(Preset::Shatrabase, setup(men));
    play(sb, "c5-c7");
    EXPECT_EQ(legal(sb), (Moves{"b6:d6", "d7:b5"}));
    play(seed, "b6:d6");
    EXPECT_EQ(seed.pos().board[static_cast<std::size_t>(parse_cell("c7"))], 0);
}

TEST(ShatraEnPassant, RecordedOnlyWhenSomeoneCanTakeIt) {
    // 5.7 (our keying decision, docs/shatra.md): no Black shatra next to a6.
    State s;
    play(s, "a5-a7");
    EXPECT_EQ(s.pos().ep_skip, kNoCell);
}

// ---- 5.4 and 6: promotion ---------------------------------------------------------

TEST(ShatraPromotion, MidChainByPreset) {
    // 5.4, 11.3, 13: the shatra c12 jumps d13 to e14 and promotes; as batyr
    // or tura it goes on over e13 to e12, as yalkyn it stops. seed keeps the
    // longer (0: "continue as the promoted piece if that allows more
    // captures"), altai all three, shatrabase promotes only at the end of the
    // chain, so the shatra jumps e13 as a shatra and does not promote.
    const std::string men = "Ka5 Sc12 kg10 sd13 se13";
    EXPECT_EQ(moves_of(Preset::Seed, men), (Moves{"c12:e14=Q:e12", "c12:e14=R:e12"}));
    EXPECT_EQ(moves_of(Preset::Altai, men), (Moves{"c12:e14=B", "c12:e14=Q:e12", "c12:e14=R:e12"}));
    EXPECT_EQ(moves_of(Preset::Shatrabase, men), (Moves{"c12:e14:e12"}));
    State s = make_state(Preset::Seed, setup(men));
    play(s, "c12:e14=Q:e12");
    EXPECT_EQ(s.pos().board[static_cast<std::size_t>(parse_cell("e12"))], man(kBatyr, kWhite));
}

TEST(ShatraPromotion, TakingTheBiyOnThePromotionRankByPreset) {
    // 6, 5.8 and 13: the Black shatra d3 jumps the White biy d2 and lands on
    // d1, its promotion rank. Shatrabase exchanges it as section 6 says, one
    // move per type Black lacks; seed and altai end the game with it
    // unpromoted (docs/shatra.md says why the presets differ).
    const std::string spn = "4K2s1/1/7/7/7/7/6k/7/1/9 b - - - 3 2";
    State sb = make_state(Preset::Shatrabase, spn);
    EXPECT_EQ(legal(sb), (Moves{"d3:d1=B", "d3:d1=Q", "d3:d1=R"}));
    EXPECT_EQ(legal(make_state(Preset::Seed, spn)), (Moves{"d3:d1"}));
    EXPECT_EQ(legal(make_state(Preset::Altai, spn)), (Moves{"d3:d1"}));
    play(sb, "d3:d1=R");
    EXPECT_EQ(sb.outcome(), Outcome::win(Player::Second));
    EXPECT_EQ(sb.pos().board[static_cast<std::size_t>(parse_cell("d1"))], man(kTura, kBlack));
    // The point is its own rules field: altai with it set promotes too.
    Rules altai = Rules::of(Preset::Altai);
    altai.promote_taking_biy = true;
    EXPECT_EQ(legal(make_state(altai, spn)), (Moves{"d3:d1=B", "d3:d1=Q", "d3:d1=R"}));
}

TEST(ShatraPromotion, DelayedPromotionIntoTheTypeCaptured) {
    // 6: White's shatra waits on d14; when Black takes a White tura it
    // becomes a tura at the end of Black's turn.
    State s =
        make_state(Preset::Seed, setup("Ka5 Sd14 Qa7 Rc7 Re7 Bf6 Bg6 kg10 sc8", "b - - - - 0 1"));
    play(s, "c8:c6");
    EXPECT_EQ(s.pos().board[static_cast<std::size_t>(parse_cell("d14"))], man(kTura, kWhite));
}

TEST(ShatraPromotion, SeveralWaitingShatrasPromoteFromTheCFile) {
    // 6 and 11.10: shatras wait on c14 and e14; Black takes the tura c7 and
    // then the yalkyn b7 (a6 is taken, so c8 cannot jump b7 first): c14
    // becomes the tura, e14 the yalkyn, in capture order. Promoting inside
    // the jump (shatrabase, 11.15) gives the same result.
    const std::string men = "Ka5 Sc14 Se14 Sa6 Qg7 Rc7 Rg6 Bb7 Bf6 kg10 sc8";
    for (const Preset p : {Preset::Seed, Preset::Shatrabase}) {
        State s = make_state(p, setup(men, "b - - - - 0 1"));
        ASSERT_EQ(legal(s), (Moves{"c8:c6:a8"}));
        play(s, "c8:c6:a8");
        EXPECT_EQ(s.pos().board[static_cast<std::size_t>(parse_cell("c14"))], man(kTura, kWhite));
        EXPECT_EQ(s.pos().board[static_cast<std::size_t>(parse_cell("e14"))], man(kYalkyn, kWhite));
    }
}

TEST(ShatraPromotion, TowerSquaresOnlyInShatrabase) {
    // 10 and 13: a White shatra on a10 may go to any empty cell of Black's
    // fortress, promoting on c14, d14 and e14 (all three types available):
    // 6 + 3 x 3 = 15 moves, besides a10-b10 and the biy's three steps.
    const Moves sb = moves_of(Preset::Shatrabase, "Ka5 Sa10 kg8");
    EXPECT_EQ(sb.size(), 19u);
    EXPECT_TRUE(has(sb, "a10-d13"));
    EXPECT_TRUE(has(sb, "a10-e14=B"));
    // seed: only the king steps a9, b9, b10, and the biy's three.
    EXPECT_EQ(moves_of(Preset::Seed, "Ka5 Sa10 kg8").size(), 6u);
}

// ---- 7: the end of the game ------------------------------------------------------

TEST(ShatraEnd, StalemateLosesForTheSideWithoutMoves) {
    // 7: Black's biy on a5 can neither step nor jump (every landing is taken).
    const State s =
        make_state(Preset::Seed, setup("Kg5 Sa6 Sb6 Sb5 Sa7 Sc7 Sc5 ka5", "b - - - - 0 1"));
    EXPECT_TRUE(legal(s).empty());
    EXPECT_EQ(s.outcome(), Outcome::win(Player::First));
}

TEST(ShatraEnd, ThreefoldRepetitionDraws) {
    // 7: the biys step out and back twice; the start position then stands for
    // the third time. Shatrabase has no draw rule.
    const std::string pos = setup("Ka5 Ra7 kg10 rg8");
    const std::string dance = "a5-b5 g10-f10 b5-a5 f10-g10 a5-b5 g10-f10 b5-a5";
    State s = make_state(Preset::Seed, pos);
    play(s, dance);
    EXPECT_FALSE(s.outcome().over());
    play(s, "f10-g10");
    EXPECT_EQ(s.outcome(), Outcome::draw());
    s.undo();
    EXPECT_FALSE(s.outcome().over());
    State sb = make_state(Preset::Shatrabase, pos);
    play(sb, dance);
    play(sb, "f10-g10");
    EXPECT_FALSE(sb.outcome().over());
}

TEST(ShatraEnd, ABiyStepThatIsAlsoADropDoesNotResetTheClock) {
    // 8.1 and 7: the White biy on its own gate with the temdek off may step
    // and, being in its own home area, be dropped (4.2). d4-c5 is both and
    // counts as a step, so the clock runs on; d4-a7 is only a drop and
    // resets it.
    const std::string off = setup("Kd4 kg10 sa10", "w - - - - 5 3");
    State s = make_state(Preset::Seed, off);
    play(s, "d4-c5");
    EXPECT_EQ(s.pos().clock, 6);
    s = make_state(Preset::Seed, off);
    play(s, "d4-a7");
    EXPECT_EQ(s.pos().clock, 0);
    // The same for a batyr on Black's gate: d11-d10 is a move and a drop.
    s = make_state(Preset::Seed, setup("Ka5 Qd11 kg10", "w - - - - 5 3"));
    play(s, "d11-d10");
    EXPECT_EQ(s.pos().clock, 6);
    // With the temdek on (the tura d2 is a reserve man) the biy on its gate
    // is a reserve man with no steps (3.1: it is dropped instead of
    // stepping), so d4-c5 is a drop and resets the clock.
    s = make_state(Preset::Seed, setup("Kd4 Rd2 kg10", "w T - - - 5 3"));
    play(s, "d4-c5");
    EXPECT_EQ(s.pos().clock, 0);
}

TEST(ShatraEnd, AGreatRoadMoveThatIsAlsoADropDoesNotResetTheClock) {
    // 8.1: the reserve tura d2 runs up the empty great road; d2-d6 is both
    // a drop and a great-road move (3.6), so it counts as the move and the
    // clock runs on; d2-b6 is only a drop and resets it. The move lists are
    // the same either way.
    const std::string pos = setup("Ka5 Rd2 kg10", "w T - - - 5 3");
    State s = make_state(Preset::Altai, pos);
    play(s, "d2-d6");
    EXPECT_EQ(s.pos().clock, 6);
    s = make_state(Preset::Altai, pos);
    play(s, "d2-b6");
    EXPECT_EQ(s.pos().clock, 0);
    // In seed there is no great road: d2-d6 is a drop.
    s = make_state(Preset::Seed, pos);
    play(s, "d2-d6");
    EXPECT_EQ(s.pos().clock, 0);
}

TEST(ShatraEnd, BareBiysAndTheHundredPlyRuleDraw) {
    // 7 [PROPOSAL]: both sides with only the biy; 100 plies without capture,
    // drop, shatra move or promotion (a shatra move resets the count).
    EXPECT_EQ(make_state(Preset::Seed, setup("Ka5 kg10")).outcome(), Outcome::draw());
    EXPECT_FALSE(make_state(Preset::Shatrabase, setup("Ka5 kg10")).outcome().over());
    State s = make_state(Preset::Seed, setup("Ka5 Sb7 kg10 rg8", "w - - - - 99 60"));
    play(s, "b7-b8");
    EXPECT_FALSE(s.outcome().over());
    EXPECT_EQ(s.pos().clock, 0);
    s.undo();
    play(s, "a5-a6");
    EXPECT_EQ(s.outcome(), Outcome::draw());
}

// ---- 13: Shatrabase's known bugs, not reproduced ----------------------------------
//
// The shatrabase preset follows Shatrabase's move generator except for the
// three bugs section 13 names; each test below is a position where the
// program goes wrong and the preset does not.

TEST(ShatrabaseBugNotReproduced, UrgentMarkFlippingOnEachJump) {
    // 4.4: the reserve tura c1 jumps c2 to c3 and d3 to e3, ending in its
    // home area, so it is urgent. Shatrabase flips the mark on each jump
    // inside the home area, so after two jumps it would not be.
    State s = make_state(Preset::Shatrabase, setup("Ka5 Rc1 kg10 sc2 sd3", "w T - - - 0 1"));
    EXPECT_EQ(legal(s), (Moves{"c1:c3:e3"}));
    play(s, "c1:c3:e3");
    EXPECT_EQ(s.pos().urgent, bit(parse_cell("e3")));
    play(s, "g10-g9");
    EXPECT_EQ(legal(s), drops("e3", kWhite, {"a5"}));
}

TEST(ShatrabaseBugNotReproduced, SliderRunningFromTheEnemyFortressIntoItsOwnHomeArea) {
    // Section 3: with White's temdek on (the yalkyn c3 is a reserve man) the
    // tura on Black's d12 may run down the d-file to d5 but not into White's
    // home area (d4..d1). Shatrabase lets it.
    const Moves m = moves_of(Preset::Shatrabase, "Ka5 Rd12 Bc3 kg10", "w T - - - 0 1");
    EXPECT_TRUE(has(m, "d12-d5"));
    for (const char* to : {"d4", "d3", "d2", "d1"}) EXPECT_FALSE(has(m, std::string("d12-") + to));
}

TEST(ShatrabaseBugNotReproduced, BiyInTheEnemyFortressDeniedItsSteps) {
    // 5.6 and 4.2: the White biy on Black's d13 alone can capture (d12 to
    // d11), so it may instead make any non-capturing move: its seven steps
    // and its drops onto Black's half. Shatrabase offers only the drops
    // while White's temdek is on (the tura d2 keeps it on).
    const Moves m = moves_of(Preset::Shatrabase, "Kd13 Rd2 ka10 sd12", "w T - - - 0 1");
    EXPECT_EQ(m, join({{"d13:d11", "d13-c12", "d13-e12", "d13-c13", "d13-e13", "d13-c14", "d13-d14",
                        "d13-e14"},
                       drops("d13", kBlack, {"a10"})}));
}

}  // namespace
}  // namespace asterism::shatra
