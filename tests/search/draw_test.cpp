// Tests of the draw policy (src/search/draw.h) on constructed repetitions:
// two Shatra biys stepping back and forth under the shatrabase preset, whose
// rules have no draw, so the same positions come round again and again.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/registry.h"
#include "search/draw.h"
#include "search/engines.h"

namespace asterism {
namespace {

// A biy and a tura each; the biys go a5-b5 and g10-f10 and back.
constexpr const char* kRooks = "3/3/3/1/6k/7/6r/R6/7/K6/1/3/3/3 w - - - - 0 1";
const std::vector<std::string> kCycle = {"a5-b5", "g10-f10", "b5-a5", "f10-g10"};

class DrawPolicyTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!Registry::instance().find("shatra")) GTEST_SKIP() << "shatra is not registered";
        game = Registry::instance().create("shatra:rules=shatrabase");
        game->set_position(kRooks);
    }
    // Plays `plies` plies of the cycle.
    void shuffle(int plies) {
        for (int i = 0; i < plies; ++i) game->play(kCycle[game->history().size() % 4]);
    }
    // A rating that counts how often it was asked for.
    DrawRating rated(std::optional<double> value) {
        return [this, value] {
            ++asked;
            return value;
        };
    }
    std::unique_ptr<Game> game;
    int asked = 0;
};

TEST_F(DrawPolicyTest, RepetitionsCountTheCurrentPositionAndTheOneBefore) {
    EXPECT_EQ(repetitions(*game), 1);
    shuffle(3);
    EXPECT_EQ(repetitions(*game), 1);
    shuffle(1);  // the start again
    EXPECT_EQ(repetitions(*game), 2);
    shuffle(1);  // after a5-b5 for the second time, and the start before it
    EXPECT_EQ(repetitions(*game), 2);
    shuffle(3);
    EXPECT_EQ(repetitions(*game), 3);
    shuffle(8);
    EXPECT_EQ(repetitions(*game), 5);
    // Another move leaves the cycle: the position it came from still counts.
    game->play("a7-a8");
    EXPECT_EQ(repetitions(*game), 5);
    game->play("g10-f10");
    EXPECT_EQ(repetitions(*game), 1);
}

TEST_F(DrawPolicyTest, NoOfferWithoutRepetitionAndTheRatingIsNotAsked) {
    shuffle(2);
    EXPECT_FALSE(computer_offers_draw(*game, -1, rated(0.5)));
    EXPECT_EQ(asked, 0);
}

TEST_F(DrawPolicyTest, ThreeOccurrencesBringAnOfferOnlyWhenRatedEven) {
    shuffle(8);  // the start for the third time
    ASSERT_EQ(repetitions(*game), 3);
    EXPECT_TRUE(computer_offers_draw(*game, -1, rated(0.5)));
    EXPECT_TRUE(computer_offers_draw(*game, -1, rated(0.54)));
    EXPECT_TRUE(computer_offers_draw(*game, -1, rated(0.46)));
    EXPECT_FALSE(computer_offers_draw(*game, -1, rated(0.6)));
    EXPECT_FALSE(computer_offers_draw(*game, -1, rated(0.3)));
    // A player that does not search gives no rating, and so no offer.
    EXPECT_FALSE(computer_offers_draw(*game, -1, rated(std::nullopt)));
    EXPECT_EQ(asked, 6);
}

TEST_F(DrawPolicyTest, FiveOccurrencesBringAnOfferWhateverTheRating) {
    shuffle(16);
    ASSERT_EQ(repetitions(*game), 5);
    EXPECT_TRUE(computer_offers_draw(*game, -1, rated(0.95)));
    EXPECT_TRUE(computer_offers_draw(*game, -1, rated(std::nullopt)));
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.99)));
    EXPECT_TRUE(computer_accepts_draw(*game, rated(std::nullopt)));
    EXPECT_EQ(asked, 0);
}

TEST_F(DrawPolicyTest, ADeclinedOfferWaitsBeforeItIsMadeAgain) {
    shuffle(40);
    const int ply = static_cast<int>(game->history().size());
    const DrawPolicy policy;
    EXPECT_FALSE(computer_offers_draw(*game, ply - 1, rated(0.5)));
    EXPECT_FALSE(computer_offers_draw(*game, ply - policy.reoffer_plies + 1, rated(0.5)));
    EXPECT_TRUE(computer_offers_draw(*game, ply - policy.reoffer_plies, rated(0.5)));
}

TEST_F(DrawPolicyTest, AnOfferIsAcceptedWhenLosingOrEvenInARepeatedPosition) {
    shuffle(1);
    // Nothing has repeated yet: an even game is played on.
    EXPECT_FALSE(computer_accepts_draw(*game, rated(0.5)));
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.1)));  // losing
    shuffle(3);                                             // the start for the second time
    ASSERT_EQ(repetitions(*game), 2);
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.5)));
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.54)));
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.1)));  // losing
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.2)));
    EXPECT_FALSE(computer_accepts_draw(*game, rated(0.3)));
    EXPECT_FALSE(computer_accepts_draw(*game, rated(0.7)));
    EXPECT_FALSE(computer_accepts_draw(*game, rated(std::nullopt)));
}

TEST_F(DrawPolicyTest, AGameAsLongAsTheCapIsDrawnWhateverTheRatings) {
    DrawPolicy policy;
    policy.ply_cap = 6;
    game->play("a5-a6");  // no repetition on the way
    game->play("g10-g9");
    game->play("a6-a5");
    game->play("g9-f9");
    game->play("a5-b5");
    EXPECT_FALSE(computer_offers_draw(*game, -1, rated(0.9), policy));
    EXPECT_FALSE(computer_accepts_draw(*game, rated(0.9), policy));
    game->play("f9-e9");
    ASSERT_EQ(repetitions(*game), 1);
    EXPECT_TRUE(computer_offers_draw(*game, -1, rated(0.9), policy));
    EXPECT_TRUE(computer_accepts_draw(*game, rated(0.9), policy));
    EXPECT_EQ(asked, 1);  // for the acceptance below the cap only
}

TEST_F(DrawPolicyTest, AFinishedOrOnePlayerGameHasNoDraws) {
    game->set_position("3/3/3/1/7/7/4k2/7/3s3/K1S4/1/3/3/3 w - - - - 0 1");
    game->play("c5:e7:e9");  // takes the biy
    ASSERT_TRUE(game->terminal());
    EXPECT_FALSE(computer_offers_draw(*game, -1, rated(0.5)));
    EXPECT_FALSE(computer_accepts_draw(*game, rated(0.5)));
    if (!Registry::instance().find("asterisk")) return;
    auto solo = Registry::instance().create("asterisk:mode=solitaire");
    DrawPolicy policy;
    policy.ply_cap = 0;
    EXPECT_FALSE(computer_offers_draw(*solo, -1, rated(0.5), policy));
    EXPECT_FALSE(computer_accepts_draw(*solo, rated(0.5), policy));
}

TEST_F(DrawPolicyTest, SearchRatingsAreFromTheAskingPlayersView) {
    // Fresh players, as a search may keep what it learnt from one call to
    // the next.
    EngineSettings settings;
    settings.level = 3;
    Rng rng(1);
    const auto white = search_rating(*make_engine(*game, settings), *game, Player::First, rng);
    const auto black = search_rating(*make_engine(*game, settings), *game, Player::Second, rng);
    ASSERT_TRUE(white && black);
    EXPECT_NEAR(*white + *black, 1.0, 1e-9);
    auto random = make_random_agent();
    EXPECT_FALSE(search_rating(*random, *game, Player::First, rng));
}

TEST(DrawOffers, AnOfferStandsUntilAnsweredOrAMoveDeclinesIt) {
    DrawOffers d;
    EXPECT_EQ(d.offered_by(), Player::None);
    EXPECT_EQ(d.last_offer_ply(Player::First), -1);
    d.offer(Player::First, 12);
    EXPECT_EQ(d.offered_by(), Player::First);
    EXPECT_EQ(d.last_offer_ply(Player::First), 12);
    d.moved(Player::First);  // the offerer's own move keeps it
    EXPECT_EQ(d.offered_by(), Player::First);
    d.moved(Player::Second);  // the other side's move declines it
    EXPECT_EQ(d.offered_by(), Player::None);
    EXPECT_EQ(d.last_offer_ply(Player::First), 12);
    d.offer(Player::Second, 13);
    d.decline();
    EXPECT_EQ(d.offered_by(), Player::None);
    EXPECT_FALSE(d.agreed());
    d.offer(Player::Second, 15);
    d.accept();
    EXPECT_TRUE(d.agreed());
    EXPECT_EQ(d.offered_by(), Player::None);
    d.clear();
    EXPECT_FALSE(d.agreed());
    EXPECT_EQ(d.last_offer_ply(Player::Second), -1);
}

}  // namespace
}  // namespace asterism
