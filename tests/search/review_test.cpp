// Reviewing a game (search/review.h): a move that throws the win away is
// marked a blunder with the better move shown; the graph has one point per
// position and ends at the result; the thresholds are the documented ones;
// games between two level-10 players are seldom marked (issue 27).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "common/blunder_game.h"
#include "core/registry.h"
#include "record/record.h"
#include "search/review.h"

namespace asterism {
namespace {

// Lichess's thresholds (lila's Advice: 0.1, 0.2 and 0.3 of "winning
// chances", which run from -1 to 1): 5, 10 and 15 points of expected score.
// The review had twice these until issue 43.
TEST(Review, ThresholdsAreLichessFiveTenFifteenPoints) {
    EXPECT_EQ(mark_for_loss(0.0), ReviewMark::None);
    EXPECT_EQ(mark_for_loss(0.049), ReviewMark::None);
    EXPECT_EQ(mark_for_loss(0.05), ReviewMark::Inaccuracy);
    EXPECT_EQ(mark_for_loss(0.6 - 0.5), ReviewMark::Mistake);
    EXPECT_EQ(mark_for_loss(0.149), ReviewMark::Mistake);
    EXPECT_EQ(mark_for_loss(0.15), ReviewMark::Blunder);
    EXPECT_EQ(mark_for_loss(1.0), ReviewMark::Blunder);
    EXPECT_EQ(mark_name(ReviewMark::Blunder), "blunder");
    EXPECT_EQ(mark_name(ReviewMark::None), "");
}

// Each form's review level (docs/review.md, "A review's level per form"):
// *Star's 8-ring board and Shatra's seed form at 7, every other form at
// kReviewLevel.
TEST(Review, LevelPerForm) {
    const auto level = [](const char* spec) {
        return review_level_of(*Registry::instance().create(spec));
    };
    EXPECT_EQ(kReviewLevel, 5);
    EXPECT_EQ(level("starstar:size=6"), 5);
    EXPECT_EQ(level("starstar:size=8"), 7);
    EXPECT_EQ(level("starstar:size=8,swap=true"), 7);
    EXPECT_EQ(level("starstar:size=10"), 5);
    EXPECT_EQ(level("shatra"), 7);
    EXPECT_EQ(level("shatra:rules=seed,notation=algebraic"), 7);
    for (const char* spec : {"asterisk:size=8", "asterisk:size=11", "shatra:rules=original",
                             "shatra:rules=altai", "starpool"})
        EXPECT_EQ(level(spec), kReviewLevel) << spec;
}

TEST(Review, MarksTheMoveThatThrowsTheWinAway) {
    const testing::BlunderGame bg = testing::find_blunder_game();
    ASSERT_FALSE(bg.moves.empty()) << "no game with the pattern among the seeds";
    auto game = Registry::instance().create(bg.spec);
    for (const auto& m : bg.moves) game->play(m);
    ASSERT_TRUE(game->terminal());
    const Review r = review_game(*game, {.level = 5});
    ASSERT_EQ(r.winrate_first.size(), bg.moves.size() + 1);
    ASSERT_EQ(r.moves.size(), bg.moves.size());
    // The game ended with the blunderer's opponent winning.
    const ReviewedMove& blunder = r.moves[static_cast<std::size_t>(bg.blunder_ply)];
    const double last = r.winrate_first.back();
    EXPECT_EQ(last, blunder.mover == Player::First ? 0.0 : 1.0);
    EXPECT_EQ(blunder.move, bg.moves[static_cast<std::size_t>(bg.blunder_ply)]);
    EXPECT_EQ(blunder.mark, ReviewMark::Blunder) << "loss " << blunder.loss;
    EXPECT_DOUBLE_EQ(blunder.before, 1.0);
    EXPECT_DOUBLE_EQ(blunder.after, 0.0);
    EXPECT_EQ(blunder.proven, "win in 1");
    // The better move shown wins at once.
    auto position = Registry::instance().create(bg.spec);
    for (int k = 0; k < bg.blunder_ply; ++k) position->play(bg.moves[static_cast<std::size_t>(k)]);
    ASSERT_NE(blunder.best, blunder.move);
    position->play(blunder.best);
    EXPECT_EQ(position->outcome().winner, blunder.mover);
    // The winning reply is the best move and so is never marked.
    EXPECT_EQ(r.moves.back().mark, ReviewMark::None);
}

// The chess-likes review through alpha-beta, the same shape.
TEST(Review, WorksForEveryGame) {
    for (const char* spec : {"starstar:size=6", "asterisk:size=8", "shatra", "starpool"}) {
        auto game = Registry::instance().create(spec);
        Rng rng(5);
        for (int k = 0; k < 6 && !game->terminal(); ++k) {
            const auto legal = game->legal_moves();
            game->play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
        const Review r = review_game(*game, {.level = 3});
        ASSERT_EQ(r.moves.size(), game->history().size()) << spec;
        ASSERT_EQ(r.winrate_first.size(), game->history().size() + 1) << spec;
        for (const double w : r.winrate_first) {
            EXPECT_GE(w, 0.0) << spec;
            EXPECT_LE(w, 1.0) << spec;
        }
        for (const auto& m : r.moves) {
            EXPECT_FALSE(m.best.empty()) << spec;
            EXPECT_GE(m.loss, 0.0) << spec;
        }
    }
}

// The stronger player checks the marks with the largest losses first, and
// no more than max_verified of them: with one check allowed, every mark but
// the largest loss's stays as the review judged it, while checking all of
// them changes some of their losses (so that the first comparison could
// fail). A random game has many marks.
TEST(Review, ChecksTheLargestLossesFirstAndNoMore) {
    auto game = Registry::instance().create("shatra");
    Rng rng(5);
    for (int k = 0; k < 16 && !game->terminal(); ++k) {
        const auto legal = game->legal_moves();
        game->play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    const auto is_marked = [](const ReviewedMove& m) {
        return m.mark == ReviewMark::Mistake || m.mark == ReviewMark::Blunder;
    };
    const Review unchecked = review_game(*game, {.level = 3, .max_verified = 0});
    const Review one = review_game(*game, {.level = 3, .max_verified = 1});
    const Review all = review_game(*game, {.level = 3, .max_verified = 100});
    ASSERT_EQ(one.moves.size(), unchecked.moves.size());
    std::size_t largest = unchecked.moves.size();
    int marks = 0;
    for (std::size_t i = 0; i < unchecked.moves.size(); ++i) {
        if (!is_marked(unchecked.moves[i])) continue;
        ++marks;
        if (largest == unchecked.moves.size() ||
            unchecked.moves[i].loss > unchecked.moves[largest].loss)
            largest = i;
    }
    ASSERT_GE(marks, 3) << "the random game has too few marks to tell";
    int changed_by_all = 0;
    for (std::size_t i = 0; i < unchecked.moves.size(); ++i) {
        if (i == largest) continue;
        EXPECT_EQ(one.moves[i].mark, unchecked.moves[i].mark) << "ply " << i + 1;
        EXPECT_DOUBLE_EQ(one.moves[i].loss, unchecked.moves[i].loss) << "ply " << i + 1;
        if (all.moves[i].loss != unchecked.moves[i].loss) ++changed_by_all;
    }
    EXPECT_GT(changed_by_all, 0) << "no check changed a loss: the comparison above proves nothing";
}

// A stop flag already set stops the review before any position.
TEST(Review, StopsWhenAsked) {
    auto game = Registry::instance().create("starstar:size=6");
    game->play(game->legal_moves().front());
    const std::atomic<bool> stop{true};
    const Review r = review_game(*game, {.level = 3, .stop = &stop});
    EXPECT_TRUE(r.winrate_first.empty());
    EXPECT_TRUE(r.moves.empty());
}

// The openings of games between two level-10 players, one pair of games
// per game (tests/data/review/README.md says how they were made), reviewed
// at the default level: issue 27 asks that at most 5% of the moves of such
// games be marked mistakes or blunders, and none of the first ten moves a
// blunder. Before, the review marked most of them blunders: it took the
// best candidate's mean, resting on a few playouts (docs/review.md).
// scripts/review-accuracy.sh measures the same on whole games.
TEST(Review, StrongGamesAreSeldomMarked) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(ASTERISM_TEST_DATA "/review"))
        if (e.path().extension() == ".rec") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 6u);
    int moves = 0, marked = 0;
    std::vector<std::string> games;
    for (const auto& path : files) {
        const LoadedGame loaded = load_record_file(path.string());
        games.push_back(loaded.game->id());
        const Review r = review_game(*loaded.game, ReviewSettings{});
        ASSERT_EQ(r.moves.size(), loaded.game->history().size()) << path;
        ASSERT_GE(r.moves.size(), 10u) << path;
        for (const ReviewedMove& m : r.moves) {
            ++moves;
            const bool bad = m.mark == ReviewMark::Mistake || m.mark == ReviewMark::Blunder;
            marked += bad ? 1 : 0;
            if (bad)
                std::printf("%s ply %d %s: %s, loss %.2f (better %s)\n", path.filename().c_str(),
                            m.ply + 1, m.move.c_str(), mark_name(m.mark).c_str(), m.loss,
                            m.best.c_str());
            if (m.ply < 10) {
                EXPECT_NE(m.mark, ReviewMark::Blunder)
                    << path << " ply " << m.ply + 1 << " " << m.move << " loss " << m.loss;
            }
        }
    }
    // Every game is in the set.
    for (const char* id : {"starstar", "asterisk", "shatra", "starpool"})
        EXPECT_NE(std::find(games.begin(), games.end(), id), games.end()) << id;
    EXPECT_LE(marked * 20, moves) << marked << " of " << moves << " moves marked";
}

// Lichess's move accuracy on hand values (docs/review.md): 100 for no loss,
// 103.1668 * exp(-4.354415 * loss) - 3.1669 + 1 otherwise, within 0..100.
TEST(ReviewIssue43, MoveAccuracyIsLichessFormula) {
    EXPECT_DOUBLE_EQ(move_accuracy(0), 100);
    EXPECT_NEAR(move_accuracy(0.1), 64.580, 0.001);
    EXPECT_NEAR(move_accuracy(0.3), 25.772, 0.001);
    EXPECT_DOUBLE_EQ(move_accuracy(1.0), 0);
}

// A player's accuracy is the mean of the weighted mean and the harmonic mean
// of its moves' accuracies; on a flat graph every weight is the least, 0.5,
// so the weighted mean is the plain mean. The marks are counted per player.
TEST(ReviewIssue43, PlayerAccuracyAndCountsOnHandValues) {
    Review r;
    r.winrate_first = {0.5, 0.5, 0.5, 0.5, 0.5};
    const std::pair<Player, double> played[] = {
        {Player::First, 0}, {Player::Second, 0.05}, {Player::First, 0.3}, {Player::Second, 0}};
    for (const auto& [mover, loss] : played) {
        ReviewedMove m;
        m.ply = static_cast<int>(r.moves.size());
        m.mover = mover;
        m.loss = loss;
        m.mark = mark_for_loss(loss);
        r.moves.push_back(m);
    }
    const std::vector<PlayerReview> players = summarize_players(r);
    ASSERT_EQ(players.size(), 2u);
    const double a3 = move_accuracy(0.3);
    const double first = ((100 + a3) / 2 + 2 / (1 / 100.0 + 1 / a3)) / 2;
    EXPECT_NEAR(players[0].accuracy, first, 1e-9);
    EXPECT_NEAR(first, 51.934, 0.001);
    EXPECT_EQ(players[0].moves, 2);
    EXPECT_EQ(players[0].blunders, 1);
    EXPECT_EQ(players[0].inaccuracies + players[0].mistakes, 0);
    EXPECT_EQ(players[1].inaccuracies, 1);
    EXPECT_EQ(players[1].mistakes + players[1].blunders, 0);
}

Review review_of_file(const std::string& name, const ReviewSettings& settings = {}) {
    const LoadedGame loaded = load_record_file(ASTERISM_TEST_DATA "/review/" + name);
    return review_game(*loaded.game, settings);
}

// The graph does not swing with the side to move (issue 43): a *Star game
// on the small board, a random player against level 7, reviewed at the
// default level. Before, each fresh search valued the player to move about
// 20 points higher, so the first player's value went up and down on every
// ply; now after at least 80% of the level-7 player's moves it moves by
// less than 12 points, and on average over the game the player to move is
// valued within 5 points of the player who just moved.
TEST(ReviewIssue43, GraphHasNoSideToMoveSwing) {
    const Review r = review_of_file("random/starstar6-random-vs-level7.rec");
    ASSERT_EQ(r.winrate_first.size(), r.moves.size() + 1);
    int strong = 0, calm = 0;
    double swing = 0;
    for (const ReviewedMove& m : r.moves) {
        const auto k = static_cast<std::size_t>(m.ply);
        const double before = r.winrate_first[k], after = r.winrate_first[k + 1];
        // The mover's drop: the side-to-move bias made it about 0.2 a ply.
        swing += m.mover == Player::First ? before - after : after - before;
        if (m.mover != Player::Second) continue;
        ++strong;
        calm += std::abs(after - before) < 0.12 ? 1 : 0;
    }
    EXPECT_GE(calm * 5, strong * 4) << calm << " of " << strong;
    EXPECT_LT(std::abs(swing / static_cast<double>(r.moves.size())), 0.05) << swing;
}

// A random player's losing move is marked, with the better move, and the
// level-7 player's moves are not (issue 43): Star Pool Chess, where the
// random side's e3-e4 (ply 3) loses material for nothing. Before, the
// level-7 player's f7-f6 was marked an inaccuracy as well.
TEST(ReviewIssue43, MarksTheRandomMoveThatLosesAndNotTheStrongSide) {
    const Review r = review_of_file("random/starpool-random-vs-level7.rec");
    ASSERT_GE(r.moves.size(), 3u);
    const ReviewedMove& lost = r.moves[2];
    EXPECT_EQ(lost.move, "e3-e4");
    EXPECT_TRUE(lost.mark == ReviewMark::Mistake || lost.mark == ReviewMark::Blunder)
        << "loss " << lost.loss;
    EXPECT_FALSE(lost.best.empty());
    EXPECT_NE(lost.best, lost.move);
    EXPECT_GE(lost.before, 0.3) << "the game was not lost before it";
    for (const ReviewedMove& m : r.moves) {
        if (m.mover == Player::Second) {
            EXPECT_EQ(m.mark, ReviewMark::None) << "ply " << m.ply + 1 << " " << m.move;
        }
    }
    ASSERT_EQ(r.players.size(), 2u);
    EXPECT_LT(r.players[0].accuracy + 10, r.players[1].accuracy);
}

// A move after which the other player wins by force, where the best move
// left no forced win, is marked whatever the loss of expected score, as
// lichess marks a mate it allows ("checkmate is now unavoidable"): Shatra's
// Original form between level 7 and a random player, lost by the random
// side's b9-b8 (ply 2). Near the end the random side, already lost (its
// expected score about 1%), walks into a proven loss that its best move
// still avoided: an inaccuracy, with that better move, and without the
// rule not marked at all. The level-7 side, winning, allows none.
TEST(ReviewIssue43, MarksTheMoveThatLetsTheLossBeForced) {
    const Review r = review_of_file("random/shatra-original-level7-vs-random.rec");
    std::vector<const ReviewedMove*> forced;
    for (const ReviewedMove& m : r.moves)
        if (m.forced_loss) forced.push_back(&m);
    ASSERT_FALSE(forced.empty());
    for (const ReviewedMove* m : forced) {
        EXPECT_EQ(m->mover, Player::Second) << m->move;
        EXPECT_NE(m->mark, ReviewMark::None) << m->move;
        EXPECT_FALSE(m->best.empty());
        EXPECT_NE(m->best, m->move) << "a better move is shown";
        EXPECT_LT(m->before, 0.05) << m->move << ": marked in a lost position";
        EXPECT_EQ(m->mark, ReviewMark::Inaccuracy) << m->move << " at " << m->before;
    }
    int random_marks = 0;
    for (const ReviewedMove& m : r.moves)
        random_marks += m.mover == Player::Second && m.mark != ReviewMark::None;
    EXPECT_GE(random_marks, 3);
}

// A losing player's move that throws away most of what was left is marked
// (issue 43, fourth pass): Star Pool Chess between a random player and
// level 7, decided by the random side's e3-e4 and e4-e6 (plies 3 and 5).
// After them the random side's expected score is a few points, and no move
// could lose the 5 points of an inaccuracy; lichess marks none of them.
// Each move that cut its odds threefold or more is now an inaccuracy at
// least, with the better move; the winning side, never under 25%, has none.
TEST(ReviewIssue43, MarksTheMoveThatThrowsAwayWhatWasLeft) {
    const Review r = review_of_file("random/starpool-random-vs-level7.rec");
    int cut = 0, random_marks = 0;
    for (const ReviewedMove& m : r.moves) {
        random_marks += m.mover == Player::First && m.mark != ReviewMark::None;
        if (m.odds_cut <= 0) continue;
        ++cut;
        EXPECT_EQ(m.mover, Player::First) << "ply " << m.ply + 1 << " " << m.move;
        EXPECT_GE(m.odds_cut, kOddsCut);
        EXPECT_NE(m.mark, ReviewMark::None) << m.move;
        EXPECT_NE(m.best, m.move) << "a better move is shown";
        EXPECT_LT(m.after, kLosingPosition) << m.move << ": the mover was losing";
    }
    EXPECT_GE(cut, 1);
    EXPECT_GE(random_marks, 3);
}

// The goal of issue 43 for a game with a random player: at least 3 of its
// moves marked, none of the level-7 player's.
void expect_random_marked(const Review& r, Player random) {
    int random_marks = 0, strong_marks = 0;
    for (const ReviewedMove& x : r.moves)
        (x.mover == random ? random_marks : strong_marks) += x.mark != ReviewMark::None;
    EXPECT_GE(random_marks, 3);
    EXPECT_EQ(strong_marks, 0);
}

// The move that lost the game is marked at least a mistake (issue 43): a
// *Star game on the small board between a random player (first) and level
// 7, lost by many small losses. The random side's S21 (ply 3) is its last
// move after which its best move would still have kept its share of the
// start and the move played did not, by the values of the searches that
// judged it (a checked mark's are the check's); its loss, 8.6 points, is an
// inaccuracy's, and the rule makes it a mistake. (The test's first game,
// starstar6-level7-vs-random.rec, showed the rule with one check a mark;
// by the check's own values its crossing is gone there, and with the
// median of three its A31 loses 10.3 points, a mistake by itself.)
TEST(ReviewIssue43, MarksTheMoveThatLostTheGame) {
    const Review r = review_of_file("random/starstar6-random-vs-level7-seed3.rec");
    std::vector<const ReviewedMove*> decisive;
    for (const ReviewedMove& m : r.moves)
        if (m.decisive) decisive.push_back(&m);
    ASSERT_EQ(decisive.size(), 1u);
    const ReviewedMove& m = *decisive.front();
    EXPECT_EQ(m.mover, Player::First);
    EXPECT_EQ(m.move, "S21");
    EXPECT_EQ(m.mark, ReviewMark::Mistake);
    EXPECT_LT(m.loss, kMistakeLoss) << "the rule, not the loss, made it a mistake";
    EXPECT_GE(m.loss, kInaccuracyLoss);
    EXPECT_GE(m.before, 0.3) << "the game was not lost before it";
    EXPECT_GE(m.by_best, 0.5) << "its best move kept the share";
    EXPECT_LT(m.by_played, 0.5) << "the move played did not";
    expect_random_marked(r, Player::First);
}

// The pie rule's swap not taken (issue 43, the swap): Asterisk 8 between
// level 7 (first) and a random player. Level 7's three opening placements
// left the first player about 73%; the second player's swap would have
// taken that position over, and the random side placed dca@d6 instead.
// The review's level-5 search of that position never visited the swap
// (one move among some 500, its prior low), so before the swap was
// searched on its own the move was unmarked and the game had no move that
// lost it. Now it is the blunder that lost the game, the better move
// "swap", and the level-7 side is not marked; and the graph gives the first
// player no more than one half before the choice.
TEST(ReviewIssue43, MarksTheSwapNotTaken) {
    const Review r = review_of_file("random/asterisk8-level7-vs-random.rec");
    ASSERT_GE(r.moves.size(), 4u);
    const ReviewedMove& m = r.moves[3];
    EXPECT_EQ(m.mover, Player::Second);
    EXPECT_EQ(m.move, "dca@d6");
    EXPECT_EQ(m.best, "swap");
    EXPECT_EQ(m.mark, ReviewMark::Blunder) << "loss " << m.loss;
    EXPECT_TRUE(m.decisive);
    // Until the second player chooses, the first can hold at most one half:
    // the swap would take anything more (the level-5 searches, which seldom
    // look at it, gave the first player up to 64%).
    ASSERT_GE(r.winrate_first.size(), 5u);
    for (std::size_t k = 0; k <= 3; ++k) EXPECT_LE(r.winrate_first[k], 0.5) << "position " << k;
    EXPECT_GT(r.winrate_first[4], 0.5) << "after the swap not taken";
    EXPECT_GE(m.before, 0.3) << "the game was not lost before it";
    expect_random_marked(r, Player::Second);
}

// Forty plies of Shatra's Original form between level-9 players (issue 27's
// goal: at most 5% of the moves after the random plies marked mistakes or
// blunders). Two things keep the level-5 review from marking them: the
// stretch fitted for the form (0.33: alpha-beta's 400 units ten to one
// overrates a man of this form, whose strong moves otherwise lose "20
// points" to a level-5 look) and every mark, inaccuracies too, checked by
// a player two levels stronger. Unchecked, the review marks several of them.
TEST(ReviewIssue43, StrongShatraOriginalGameIsHardlyMarked) {
    const GameInfo* shatra = Registry::instance().find("shatra");
    ASSERT_TRUE(shatra && shatra->review_stretch);
    EXPECT_DOUBLE_EQ(
        shatra->review_stretch(Registry::instance().parse_options(*shatra, "rules=original")),
        0.33);
    const Review checked = review_of_file("strong/shatra-original-level9.rec");
    const Review unchecked =
        review_of_file("strong/shatra-original-level9.rec", {.max_verified = 0});
    const auto count = [](const Review& r, bool bad_only) {
        int n = 0;
        for (std::size_t i = 2; i < r.moves.size(); ++i) {
            const ReviewMark mark = r.moves[i].mark;
            n += bad_only ? mark == ReviewMark::Mistake || mark == ReviewMark::Blunder
                          : mark != ReviewMark::None;
        }
        return n;
    };
    ASSERT_EQ(checked.moves.size(), 40u);
    EXPECT_LE(count(checked, true) * 20, 38) << count(checked, true) << " mistakes or blunders";
    EXPECT_LE(count(checked, false), 2);
    EXPECT_GT(count(unchecked, false), count(checked, false));
}

// Asterisk 11 between level-9 players after 2 random plies (issue 27's
// goal: no blunder among the first ten moves). A level-7 search of one
// position differs by several points from seed to seed, and one check
// judged the level-9 placement lhe@d7 at ply 7 a blunder (17 points; level
// 9 rates it and the "better" lca@e10 alike). The median of three checks
// with different seeds (kCheckSamples) does not.
TEST(ReviewIssue43, AMonteCarloCheckIsTheMedianOfThree) {
    const std::string file = "strong/asterisk11-level9.rec";
    const auto early_blunders = [](const Review& r) {
        int n = 0;
        for (std::size_t i = 2; i < std::min<std::size_t>(r.moves.size(), 12); ++i)
            n += r.moves[i].mark == ReviewMark::Blunder;
        return n;
    };
    const Review once = review_of_file(file, {.check_samples = 1});
    ASSERT_EQ(once.moves.size(), 28u);
    EXPECT_GT(early_blunders(once), 0) << "one check no longer marks ply 7: the test shows nothing";
    const Review median = review_of_file(file);
    EXPECT_EQ(early_blunders(median), 0);
    int bad = 0;
    for (std::size_t i = 2; i < median.moves.size(); ++i)
        bad += median.moves[i].mark == ReviewMark::Mistake ||
               median.moves[i].mark == ReviewMark::Blunder;
    EXPECT_LE(bad * 20, 26) << bad << " mistakes or blunders in 26 moves";
}

}  // namespace
}  // namespace asterism
