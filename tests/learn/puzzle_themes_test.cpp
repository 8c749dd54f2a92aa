// Puzzle filters and themes (learn/puzzles.h; docs/learn.md, "Filters" and
// "Themes"), each on a position written out here: the filters reject the
// positions they are for and keep the others, each theme is tagged where
// the line shows it and not where it does not, and find_puzzles' caps (a
// third opening with a check or a capture, a share of wins in three or
// more) hold as it keeps puzzles, whatever the threads, and a run that goes
// on from another's progress ends as one run would.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "learn/puzzles.h"

namespace asterism::learn {
namespace {

PuzzleSettings settings_for(const std::string& spec) {
    PuzzleSettings s;
    s.spec = spec;
    const bool placement = spec.rfind("starstar", 0) == 0 || spec.rfind("asterisk", 0) == 0;
    s.max_plies = s.horizon = spec.rfind("starstar", 0) == 0 ? 14 : placement ? 3 : 5;
    s.unique_line = !placement;
    s.max_nodes = 5'000'000;
    return s;
}

Rejection rejection(const std::string& spec, const std::string& position) {
    Rejection why = Rejection::Budget;
    make_puzzle(settings_for(spec), position, &why);
    return why;
}

std::vector<std::string> themes(const std::string& spec, const std::string& position) {
    Rejection why = Rejection::Budget;
    const auto p = make_puzzle(settings_for(spec), position, &why);
    EXPECT_TRUE(p) << position << ": " << rejection_name(why);
    return p ? p->themes : std::vector<std::string>{};
}

bool has(const std::vector<std::string>& list, const std::string& id) {
    return std::find(list.begin(), list.end(), id) != list.end();
}

// Shatra (seed form). A white rook, shatra and biy against a lone black biy.
const std::string kShatraLoneBiy = "3/3/3/1/7/7/7/R1S4/k6/2K4/1/3/3/3 w - - - - 3 121";
// The opening: White's only legal move is a capture.
const std::string kShatraOnlyMove =
    "sqs/sr1/brb/1/sssssss/2s4/5k1/7/5RR/SSSSSSS/K/B1B/S1S/SQS w Tt - - - 0 3";
// White must capture at every turn of its win.
const std::string kShatraForced =
    "s1s/srs/2b/1/ss2s2/7/2S1k1s/7/2S2K1/SSS1SSS/r/BRB/SR1/3 w Tt - - - 0 9";
// Black hunts the white biy with a quiet move and a chain capture.
const std::string kShatraHunt = "3/3/S2/1/6s/1k5/s6/7/7/qKQ4/1/3/3/3 b - - - - 0 81";
// White drops a man from the reserve, which Black takes.
const std::string kShatraDrop = "3/3/3/1/6S/7/1k5/b1s4/7/2S1S2/K/3/3/3 w T - - - 0 70";
// White enters Black's fortress and promotes.
const std::string kShatraEntry = "3/1S1/3/1/bs5/Q6/2k4/7/7/7/1/3/3/2K w - - - - 1 102";
// Black would be safe if it could pass.
const std::string kShatraZugzwang = "3/3/3/1/6S/4s2/1k5/b2S3/7/2S1S2/K/3/3/3 w T - - - 0 69";

// Star Pool Chess.
const std::string kPoolBare = "9/5k3/9/4W2p1/4*4/3P5/4KP3/3L1L1P1/9 [----] w - 1 81";
const std::string kPoolMateInOne =
    "2l2l3/1r7/2n2pkp1/5pp1p/2N1*3P/2p6/4PPPP1/r4E3/4K3R [----] b - 3 46";
const std::string kPoolQuiet = "7k1/6l2/9/c1N3p2/p3*1e2/9/KPc6/9/9 [----] b - 5 86";
const std::string kPoolPromotion = "9/4lk3/5l3/5PE2/4*4/3E5/2PP5/2K1P4/3L1L3 [----] w - 5 68";
const std::string kPoolStalemate = "5l3/2kl5/1p3Kpp1/5w1c1/4*P3/1n6p/8P/9/9 [----] b - 1 62";
const std::string kPoolSwap =
    "1nwl1l3/r4r3/ppe1pEpp1/2kp2pw1/P1p1*3p/R3N1P2/1PPPP2PP/1E1WK4/1N1L1L2W [R---] w - 3 21";

// Asterisk on the 8-board.
const std::string kAsteriskFull = "5/24/451/5146/33641/325216/3256315/.2662144 2 D";
const std::string kAsteriskPlain = "./../.6./.211/.1433/..543./....46./....4... 1 D";
const std::string kAsteriskBlock = "5/../.64/.243/.6454/222523/62.511./.6...1.. 2 D";
const std::string kAsteriskSwitch = "3/12/645/1.45/3552./.43523/..46614/...3..54 1 D";
const std::string kAsteriskShared = "6/6./.6./.61./.51../12514./.3246../...46... 1 D";

// *Star on the 6-ring board.
const std::string kStarFull =
    "bwbww/bbww1bwbbw/bwwbbb1wbwwwwbw/bbwbwww1bwbwbbwbbwbw/wwbwbwbwbwwbbbwwwwwwwbwbw/"
    "wbbwwbbwbwbwbbbwbbwbbbbbwbwbwb b";
const std::string kStarPlain =
    "wwwbb/wbwb1bwbwb/wbwbwwwbwwwbwbb/bwbbbbbbbwwbbbwwwbwb/bwwwwbw3bwbbwwwbbwbbbbw/"
    "bbwbwbww1b1bwbwbwbwbwwbwwbwwbw w";
const std::string kStarQuark =
    "wbwbb/1bbbbwbw2/bwwwwwwbwwb4/bw3wbbbwbbwbb1bwbw/bwb1bwwbwbwwwbwwbwwwwbwbw/"
    "bwbwbw1bbwwbwbwbwbwbwbbbwbwbbw b";
const std::string kStarStar =
    "1w1bb/wbbwbbwwwb/bbbbwbwwwbwbwww/wbwwbwbwbbwbwbwwbbbb/bbwbwbwbwbwwwbwwbwbbwwwww/"
    "1bwbwbwwbbwbwbwwbbbwbwbw1bwbbb w";

TEST(PuzzleFilters, AlmostNothingLeftIsRejectedPerGame) {
    EXPECT_EQ(rejection("shatra", kShatraLoneBiy), Rejection::NothingLeft);
    EXPECT_EQ(rejection("starpool", kPoolBare), Rejection::NothingLeft);
    EXPECT_EQ(rejection("asterisk:size=8", kAsteriskFull), Rejection::NothingLeft);
    EXPECT_EQ(rejection("starstar:size=6", kStarFull), Rejection::NothingLeft);
    // and kept where more is left
    EXPECT_EQ(rejection("shatra", kShatraHunt), Rejection::None);
    EXPECT_EQ(rejection("starpool", kPoolMateInOne), Rejection::None);
    EXPECT_EQ(rejection("asterisk:size=8", kAsteriskPlain), Rejection::None);
    EXPECT_EQ(rejection("starstar:size=6", kStarPlain), Rejection::None);
}

TEST(PuzzleFilters, OnlyMovesAndForcedLinesAreRejected) {
    EXPECT_EQ(rejection("shatra", kShatraOnlyMove), Rejection::OnlyMove);
    EXPECT_EQ(rejection("shatra", kShatraForced), Rejection::AllForced);
    // A line with one chosen capture among quiet moves is kept.
    EXPECT_EQ(rejection("shatra", kShatraDrop), Rejection::None);
}

TEST(PuzzleThemes, Shatra) {
    const auto hunt = themes("shatra", kShatraHunt);
    EXPECT_TRUE(has(hunt, "biy-hunt") && has(hunt, "chain-capture") && has(hunt, "quiet"));
    EXPECT_FALSE(has(hunt, "drop") || has(hunt, "promotion") || has(hunt, "fortress-entry") ||
                 has(hunt, "sacrifice") || has(hunt, "zugzwang-like"));
    const auto drop = themes("shatra", kShatraDrop);
    EXPECT_TRUE(has(drop, "drop") && has(drop, "sacrifice"));
    EXPECT_FALSE(has(drop, "biy-hunt") || has(drop, "zugzwang-like"));
    const auto entry = themes("shatra", kShatraEntry);
    EXPECT_TRUE(has(entry, "fortress-entry") && has(entry, "promotion"));
    EXPECT_TRUE(has(themes("shatra", kShatraZugzwang), "zugzwang-like"));
}

TEST(PuzzleThemes, StarPoolChess) {
    const auto mate = themes("starpool", kPoolMateInOne);
    EXPECT_EQ(mate, std::vector<std::string>{"mate"});
    const auto quiet = themes("starpool", kPoolQuiet);
    EXPECT_TRUE(has(quiet, "quiet") && has(quiet, "zugzwang-like") && has(quiet, "mate"));
    const auto promotion = themes("starpool", kPoolPromotion);
    EXPECT_TRUE(has(promotion, "promotion") && has(promotion, "bare-king") &&
                has(promotion, "sacrifice"));
    EXPECT_FALSE(has(promotion, "quiet") || has(promotion, "mate"));
    EXPECT_TRUE(has(themes("starpool", kPoolStalemate), "stalemate"));
    EXPECT_TRUE(has(themes("starpool", kPoolSwap), "wizard-swap"));
}

TEST(PuzzleThemes, PlacementGames) {
    EXPECT_TRUE(themes("asterisk:size=8", kAsteriskPlain).empty());
    EXPECT_EQ(themes("asterisk:size=8", kAsteriskBlock), std::vector<std::string>{"block"});
    EXPECT_TRUE(has(themes("asterisk:size=8", kAsteriskSwitch), "goal-switch"));
    EXPECT_EQ(themes("asterisk:size=8", kAsteriskShared), std::vector<std::string>{"shared-piece"});
    EXPECT_TRUE(themes("starstar:size=6", kStarPlain).empty());
    EXPECT_EQ(themes("starstar:size=6", kStarQuark), std::vector<std::string>{"quark-swing"});
    EXPECT_EQ(themes("starstar:size=6", kStarStar), std::vector<std::string>{"star-swing"});
}

TEST(PuzzleThemes, ChecksAndCapturesAreCountedForTheCap) {
    auto p = make_puzzle(settings_for("starpool"), kPoolMateInOne);
    ASSERT_TRUE(p);
    EXPECT_TRUE(p->sharp_opening);
    EXPECT_TRUE(opens_with_check_or_capture(*p));
    p = make_puzzle(settings_for("starpool"), kPoolQuiet);
    ASSERT_TRUE(p);
    EXPECT_FALSE(p->sharp_opening);
    EXPECT_FALSE(opens_with_check_or_capture(*p));
    // The placement games have neither.
    p = make_puzzle(settings_for("asterisk:size=8"), kAsteriskBlock);
    ASSERT_TRUE(p);
    EXPECT_FALSE(opens_with_check_or_capture(*p));
}

using Candidates = std::vector<std::pair<std::string, std::string>>;

std::vector<std::string> kept_positions(const PuzzleSettings& s, const Candidates& c, int threads,
                                        int max, PuzzleProgress& progress) {
    std::vector<std::string> out;
    for (const Puzzle& p : find_puzzles(s, c, threads, max, progress)) out.push_back(p.position);
    return out;
}

TEST(PuzzleCaps, AtMostAThirdOpenWithACheckOrACapture) {
    // Sharp openings: the mate in one (a check), the Wizard's mate, the
    // promotion (a capture); calm: the quiet move and the stalemate.
    const Candidates c = {{kPoolMateInOne, "a"}, {kPoolQuiet, "b"},     {kPoolSwap, "c"},
                          {kPoolStalemate, "d"}, {kPoolPromotion, "e"}, {kPoolBare, "f"}};
    for (int threads : {1, 2}) {
        PuzzleProgress progress;
        const auto kept = kept_positions(settings_for("starpool"), c, threads, 10, progress);
        // The first sharp one would be all the set, the second a half; the
        // third makes a third.
        EXPECT_EQ(kept, (std::vector<std::string>{kPoolQuiet, kPoolStalemate, kPoolPromotion}));
        EXPECT_EQ(progress.sharp, 1);
        EXPECT_EQ(progress.tally["over the third opening with a check or capture"], 2);
        EXPECT_EQ(progress.tally["almost nothing left"], 1);
        EXPECT_EQ(progress.decided, 6u);
    }
}

TEST(PuzzleCaps, WinsInThreeOrMoreKeepTheirShare) {
    const Candidates c = {{kShatraDrop, "a"}, {kShatraHunt, "b"}, {kShatraZugzwang, "c"}};
    PuzzleSettings s = settings_for("shatra");
    PuzzleProgress all;
    EXPECT_EQ(kept_positions(s, c, 1, 10, all).size(), 3u);
    s.min_long_percent = 50;
    PuzzleProgress half;
    EXPECT_EQ(kept_positions(s, c, 2, 10, half),
              (std::vector<std::string>{kShatraHunt, kShatraZugzwang}));
    EXPECT_EQ(half.long_wins, 2);
    EXPECT_EQ(half.tally["under the share of wins in three or more"], 1);
}

TEST(PuzzleCaps, ARunGoesOnFromAnotherRunsProgress) {
    const Candidates c = {{kPoolMateInOne, "a"}, {kPoolQuiet, "b"},     {kPoolSwap, "c"},
                          {kPoolStalemate, "d"}, {kPoolPromotion, "e"}, {kPoolBare, "f"}};
    PuzzleProgress whole;
    const auto all = kept_positions(settings_for("starpool"), c, 1, 10, whole);
    PuzzleProgress part;
    auto first = kept_positions(settings_for("starpool"), c, 2, 1, part);
    EXPECT_EQ(part.decided, 2u);  // stopped at the first puzzle kept
    const auto rest = kept_positions(settings_for("starpool"), c, 2, 10, part);
    first.insert(first.end(), rest.begin(), rest.end());
    EXPECT_EQ(first, all);
    EXPECT_EQ(part.tally, whole.tally);
    EXPECT_EQ(part.decided, whole.decided);
}

}  // namespace
}  // namespace asterism::learn
