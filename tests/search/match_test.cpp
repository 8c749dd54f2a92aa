// Tests of match statistics and of play_match, using the take-away game that
// tests/core/core_test.cpp registers in this test binary.
#include <gtest/gtest.h>

#include <cmath>

#include "core/registry.h"
#include "search/match.h"

namespace asterism {
namespace {

TEST(SearchMatch, EloAndIntervalFollowTheScore) {
    MatchResult even;
    even.wins = 50;
    even.losses = 50;
    EXPECT_DOUBLE_EQ(even.score(), 0.5);
    EXPECT_NEAR(even.elo(), 0.0, 1e-9);
    const auto [lo, hi] = even.elo_interval();
    EXPECT_LT(lo, 0);
    EXPECT_GT(hi, 0);
    EXPECT_NEAR(lo, -hi, 1e-6);

    MatchResult strong;
    strong.wins = 76;
    strong.draws = 0;
    strong.losses = 24;
    // A 76% score is about +200 Elo.
    EXPECT_NEAR(strong.elo(), 200.0, 2.0);
    const auto [slo, shi] = strong.elo_interval();
    EXPECT_GT(slo, 100.0);
    EXPECT_LT(shi, 320.0);
}

TEST(SearchMatch, ASweepHasAnHonestInterval) {
    // 20 wins of 20: the score's interval is Wilson's (0.839 to 1), not the
    // empty interval the normal approximation gives with no variance.
    MatchResult sweep;
    sweep.wins = 20;
    const auto [lo, hi] = sweep.score_interval();
    EXPECT_NEAR(lo, 0.8389, 5e-4);
    EXPECT_DOUBLE_EQ(hi, 1.0);
    EXPECT_EQ(elo_text(sweep.score()), "+inf");
    EXPECT_EQ(elo_text(lo), "+287");
    EXPECT_EQ(elo_text(0.0), "-inf");
    // 10 of 10: Wilson's upper end is 1, give or take a rounding error.
    MatchResult ten;
    ten.wins = 10;
    EXPECT_EQ(elo_text(ten.score_interval().second), "+inf");
    EXPECT_EQ(elo_text(1 - 1e-12), "+inf");
    EXPECT_EQ(elo_text(0.76), "+200");
}

TEST(SearchMatch, WinRateIntervalIsWilsons) {
    // Wilson 95% for 9 of 100: 4.8% to 16.2% (the normal approximation
    // would give 3.4% to 14.6%).
    const auto [lo, hi] = win_rate_interval(9, 100);
    EXPECT_NEAR(lo, 0.0481, 5e-4);
    EXPECT_NEAR(hi, 0.1621, 5e-4);
    // It stays inside [0, 1] at the ends, where the normal one collapses.
    const auto [all_lo, all_hi] = win_rate_interval(50, 50);
    EXPECT_NEAR(all_lo, 0.9287, 5e-4);
    EXPECT_NEAR(all_hi, 1.0, 1e-12);
    const auto [none_lo, none_hi] = win_rate_interval(0, 50);
    EXPECT_NEAR(none_lo, 0.0, 1e-12);
    EXPECT_NEAR(none_hi, 0.0713, 5e-4);
}

TEST(SearchMatch, SprtLlrPointsTheRightWay) {
    // Many more wins than losses favour H1 (elo1 = 50) over H0 (elo0 = 0).
    EXPECT_GT(sprt_llr(600, 100, 300, 0, 50), 2.94);
    EXPECT_LT(sprt_llr(300, 100, 600, 0, 50), -2.94);
    EXPECT_DOUBLE_EQ(sprt_llr(0, 0, 0, 0, 50), 0.0);
}

TEST(SearchMatch, PlayersAreParsedOrRejected) {
    auto g = Registry::instance().create("takeaway-test");
    EXPECT_EQ(make_player("random", *g, 1)->name(), "random");
    EXPECT_EQ(make_player("greedy", *g, 1)->name(), "greedy");
    EXPECT_EQ(make_player("mc:playouts=8", *g, 1)->name(), "mc");
    EXPECT_EQ(make_player("level:1", *g, 1)->name(), "random");
    for (const char* bad : {"wizard", "level:11", "level:x", "mc:playouts=-3", "mc:depth=2",
                            "random:playouts=3", "mcts:playouts=10"})
        EXPECT_THROW(make_player(bad, *g, 1), GameError) << bad;
}

// The chess-likes play alpha-beta by default and MCTS on request; *Star has
// MCTS only, so an alpha-beta player is refused there.
TEST(SearchMatch, AlphaBetaAndMctsPlayersForTheChessLikes) {
    for (const char* id : {"shatra", "starpool"}) {
        auto g = Registry::instance().create(id);
        EXPECT_EQ(make_player("level:5", *g, 1)->name(), "alphabeta") << id;
        EXPECT_EQ(make_player("ab:nodes=500", *g, 1)->name(), "alphabeta") << id;
        EXPECT_EQ(make_player("alphabeta:depth=2", *g, 1)->name(), "alphabeta") << id;
        EXPECT_EQ(make_player("ab:level=4", *g, 1)->name(), "alphabeta") << id;
        EXPECT_EQ(make_player("mcts:playouts=50", *g, 1)->name(), "mcts") << id;
        EXPECT_EQ(make_player("uct:playouts=50", *g, 1)->name(), "uct") << id;
        for (const char* bad :
             {"ab:playouts=3", "ab:level=1", "ab:level=11", "ab:nodes=x", "mcts:nodes=5"})
            EXPECT_THROW(make_player(bad, *g, 1), GameError) << id << " " << bad;
    }
    auto star = Registry::instance().create("starstar");
    EXPECT_EQ(make_player("mcts:playouts=50", *star, 1)->name(), "mcts");
    EXPECT_THROW(make_player("ab:nodes=50", *star, 1), GameError);
}

// A match of the takeaway test game between two player specs.
MatchSettings takeaway_match(const char* a, const char* b, int games) {
    MatchSettings s;
    s.game = "takeaway-test";
    s.a = a;
    s.b = b;
    s.games = games;
    return s;
}

TEST(SearchMatch, GreedyBeatsRandomAndTheCountsAddUp) {
    MatchSettings s = takeaway_match("greedy", "random", 200);
    s.random_plies = 1;
    int calls = 0;
    const MatchResult r = play_match(s, [&](const MatchResult&) { ++calls; });
    EXPECT_EQ(r.games(), 200);
    EXPECT_EQ(calls, 200);
    EXPECT_GT(r.score(), 0.6);
    // Every decided game was won by one of the two seats.
    EXPECT_EQ(r.seat_wins[0] + r.seat_wins[1], r.wins + r.losses);
    EXPECT_GT(r.seat_wins[0], 0);
    EXPECT_GT(r.seat_wins[1], 0);
    // Same settings, same result.
    const MatchResult again = play_match(s, nullptr);
    EXPECT_EQ(again.wins, r.wins);
    EXPECT_EQ(again.losses, r.losses);
}

TEST(SearchMatch, MctsParametersCanBeSetForTuning) {
    auto star = Registry::instance().create("starstar:size=6");
    EXPECT_EQ(make_player("mcts:playouts=50,exploration=0.2,rave_k=100,prior_weight=5,expand=2,"
                          "pool=5000",
                          *star, 1)
                  ->name(),
              "mcts");
    EXPECT_EQ(make_player("uct:playouts=50,expand=3", *star, 1)->name(), "uct");
    for (const char* bad : {"mcts:expand=0", "mcts:pool=10", "mcts:exploration=-1", "mcts:rave=1",
                            "mc:exploration=0.1", "ab:expand=2"})
        EXPECT_THROW(make_player(bad, *star, 1), GameError) << bad;
}

TEST(SearchMatch, AdjudicationNeedsAStreakForOneSide) {
    Outcome out;
    Adjudicator resign(ResignSettings{0.9, 4}, std::nullopt);
    EXPECT_TRUE(resign.active());
    // The first player's chances as each mover sees them: 0.95 for First is
    // 0.05 for Second. A weaker opinion breaks the streak.
    EXPECT_FALSE(resign.observe(Player::First, 0.95, 10, out));
    EXPECT_FALSE(resign.observe(Player::Second, 0.05, 11, out));
    EXPECT_FALSE(resign.observe(Player::First, 0.80, 12, out));
    EXPECT_FALSE(resign.observe(Player::Second, 0.04, 13, out));
    EXPECT_FALSE(resign.observe(Player::First, 0.99, 14, out));
    EXPECT_FALSE(resign.observe(Player::Second, 0.10, 15, out));
    EXPECT_FALSE(resign.decided());
    EXPECT_TRUE(resign.observe(Player::First, 0.97, 16, out));
    EXPECT_TRUE(resign.decided());
    EXPECT_EQ(out, Outcome::win(Player::First));

    Adjudicator draw(std::nullopt, DrawSettings{0.02, 3, 20});
    // Even positions count only from ply 20 on.
    EXPECT_FALSE(draw.observe(Player::First, 0.5, 18, out));
    EXPECT_FALSE(draw.observe(Player::Second, 0.5, 19, out));
    EXPECT_FALSE(draw.observe(Player::First, 0.51, 20, out));
    EXPECT_FALSE(draw.observe(Player::Second, 0.49, 21, out));
    EXPECT_TRUE(draw.observe(Player::First, 0.5, 22, out));
    EXPECT_EQ(out, Outcome::draw());
    // A move without a rating (a player that does not search) breaks the
    // streak.
    Adjudicator unrated(std::nullopt, DrawSettings{0.02, 3, 0});
    EXPECT_FALSE(unrated.observe(Player::First, 0.5, 1, out));
    EXPECT_FALSE(unrated.observe(Player::Second, 0.5, 2, out));
    EXPECT_FALSE(unrated.observe(Player::First, std::nullopt, 3, out));
    EXPECT_FALSE(unrated.observe(Player::Second, 0.5, 4, out));
    EXPECT_FALSE(unrated.observe(Player::First, 0.5, 5, out));
    EXPECT_TRUE(unrated.observe(Player::Second, 0.5, 6, out));

    EXPECT_FALSE(Adjudicator(std::nullopt, std::nullopt).active());
}

TEST(SearchMatch, AdjudicatedGamesAreCountedAndShorter) {
    MatchSettings s = takeaway_match("mc:playouts=64", "mc:playouts=64", 40);
    const MatchResult full = play_match(s, nullptr);
    EXPECT_EQ(full.adjudicated_wins + full.adjudicated_draws, 0);
    EXPECT_GE(full.min_plies, 4);  // ten stones, at most three a ply
    EXPECT_LE(full.max_plies, 10);
    // Flat Monte Carlo rates its best move above 0.55 almost everywhere,
    // so with a one-ply streak most games end early.
    s.resign = ResignSettings{0.55, 1};
    const MatchResult judged = play_match(s, nullptr);
    EXPECT_EQ(judged.games(), 40);
    EXPECT_GT(judged.adjudicated_wins, 20);
    EXPECT_LT(judged.plies, full.plies);
    EXPECT_EQ(judged.seat_wins[0] + judged.seat_wins[1], judged.wins + judged.losses);
    // Random players give no ratings, so nothing is adjudicated.
    s.a = s.b = "random";
    s.draw = DrawSettings{0.02, 1, 0};
    const MatchResult unrated = play_match(s, nullptr);
    EXPECT_EQ(unrated.adjudicated_wins + unrated.adjudicated_draws, 0);
}

TEST(SearchMatch, OptionListsAreParsedOrRejected) {
    const SprtSettings sp = parse_sprt("0,10");
    EXPECT_EQ(sp.elo0, 0);
    EXPECT_EQ(sp.elo1, 10);
    EXPECT_EQ(sp.alpha, 0.05);
    const SprtSettings sp4 = parse_sprt("-5,5,0.1,0.2");
    EXPECT_EQ(sp4.alpha, 0.1);
    EXPECT_EQ(sp4.beta, 0.2);
    const ResignSettings r = parse_resign("0.97,8");
    EXPECT_EQ(r.winrate, 0.97);
    EXPECT_EQ(r.plies, 8);
    const DrawSettings d = parse_draw("0.02,20,80");
    EXPECT_EQ(d.margin, 0.02);
    EXPECT_EQ(d.plies, 20);
    EXPECT_EQ(d.from, 80);
    for (const char* bad :
         {"", "5,0", "0,10,0.05", "0,10,1,0.05", "-inf,5", "0,nan", "0,10,", "0;10", "0,10x"})
        EXPECT_THROW(parse_sprt(bad), GameError) << bad;
    for (const char* bad : {"0.4,8", "1.5,8", "0.97,0", "0.97,2.5", "0.97", "0.97,8,1"})
        EXPECT_THROW(parse_resign(bad), GameError) << bad;
    for (const char* bad : {"0.02,20", "0.5,20,80", "0.02,0,80", "0.02,20,-1", "0.02,20,1e12"})
        EXPECT_THROW(parse_draw(bad), GameError) << bad;
    try {
        parse_resign("0.4,8");
        ADD_FAILURE() << "no error";
    } catch (const GameError& e) {
        EXPECT_STREQ(e.what(), "bad --resign '0.4,8': expected W,N with 0.5 < W <= 1 and N >= 1");
    }
}

TEST(SearchMatch, SprtStopsEarlyOnAClearDifference) {
    MatchSettings s = takeaway_match("mc:playouts=32", "random", 2000);
    s.sprt = SprtSettings{0, 50, 0.05, 0.05};
    const MatchResult r = play_match(s, nullptr);
    EXPECT_EQ(r.sprt_verdict, "H1 accepted");
    EXPECT_LT(r.games(), 2000);
}

}  // namespace
}  // namespace asterism
