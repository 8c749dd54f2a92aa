// Reviewing a game (search/review.h): a move that throws the win away is
// marked a blunder with the better move shown; the graph has one point per
// position and ends at the result; the thresholds are the documented ones.
#include <gtest/gtest.h>

#include "common/blunder_game.h"
#include "core/registry.h"
#include "search/review.h"

namespace asterism {
namespace {

TEST(Review, ThresholdsAreTenTwentyThirtyPoints) {
    EXPECT_EQ(mark_for_loss(0.0), ReviewMark::None);
    EXPECT_EQ(mark_for_loss(0.099), ReviewMark::None);
    EXPECT_EQ(mark_for_loss(0.1), ReviewMark::Inaccuracy);
    EXPECT_EQ(mark_for_loss(0.7 - 0.5), ReviewMark::Mistake);
    EXPECT_EQ(mark_for_loss(0.29), ReviewMark::Mistake);
    EXPECT_EQ(mark_for_loss(0.3), ReviewMark::Blunder);
    EXPECT_EQ(mark_for_loss(1.0), ReviewMark::Blunder);
    EXPECT_EQ(mark_name(ReviewMark::Blunder), "blunder");
    EXPECT_EQ(mark_name(ReviewMark::None), "");
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

// A stop flag already set stops the review before any position.
TEST(Review, StopsWhenAsked) {
    auto game = Registry::instance().create("starstar:size=6");
    game->play(game->legal_moves().front());
    const std::atomic<bool> stop{true};
    const Review r = review_game(*game, {.level = 3, .stop = &stop});
    EXPECT_TRUE(r.winrate_first.empty());
    EXPECT_TRUE(r.moves.empty());
}

}  // namespace
}  // namespace asterism
