// Alpha-beta and MCTS on Shatra: the search finds wins by capturing the biy
// (at once and after a forcing sacrifice), wins material, agrees with and
// without its transposition table, repeats itself exactly, keeps to its
// node limit, and only ever answers with legal moves; two computers end
// every game, even under the shatrabase preset, which has no draw rule.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/search_checks.h"
#include "core/registry.h"
#include "core/state_game.h"
#include "search/alphabeta.h"
#include "search/draw.h"
#include "search/engines.h"
#include "search/match.h"
#include "search/mcts.h"
#include "shatra/test_util.h"

namespace asterism::shatra {
namespace {

using testing::make_state;
using testing::setup;
using Search = AlphaBeta<State>;

AlphaBetaLimits depth(int d) {
    AlphaBetaLimits l;
    l.depth = d;
    return l;
}

bool legal(const State& s, const Move& m) {
    std::vector<Move> moves(State::kMaxMoves);
    const int n = s.generate(moves.data());
    return std::find(moves.begin(), moves.begin() + n, m) != moves.begin() + n;
}

// The batyr can take the black batyr or the biy; only the biy wins.
TEST(ShatraSearch, TakesTheBiyWhenItCan) {
    const State s = make_state(Preset::Seed, setup("Kc5 Qa6 ka9 qe6 se10"));
    Search search;
    const auto r = search.search(s, depth(3));
    EXPECT_EQ(s.move_text(r.best), "a6:a10");
    EXPECT_EQ(r.score, ab::kMate - 1);
}

// White steps a shatra next to the black shatra that shields the biy; the
// capture is compulsory, it opens the d-file, and the batyr takes the biy.
TEST(ShatraSearch, FindsTheSacrificeThatWinsInTwo) {
    State s = make_state(Preset::Seed, setup("Kg5 Qd5 Sc6 Sa5 kd9 sd8 sg10"));
    EXPECT_FALSE(asterism::testing::wins_within(s, 1));
    EXPECT_TRUE(asterism::testing::wins_within(s, 3));
    Search search;
    const auto r = search.search(s, depth(4));
    EXPECT_EQ(r.score, ab::kMate - 3);
    EXPECT_EQ(s.move_text(r.best), "c6-c7");
    ASSERT_GE(r.pv().size(), 3u);
    EXPECT_EQ(
        s.move_text(r.pv()[0]) + " " +
            [&] {
                State t = s;
                t.apply(r.pv()[0]);
                return t.move_text(r.pv()[1]);
            }(),
        "c6-c7 d8:b6");
}

// The batyr must take the shatra on d7 and may land on d8, d9 or d10; on d8
// the tura on a8 takes it back.
TEST(ShatraSearch, WinsMaterialWithoutLosingTheBatyr) {
    const State s = make_state(Preset::Seed, setup("Kg5 Qd5 Sa5 Sb5 kc13 sd7 ra8 sg10 sf10"));
    Search search;
    const auto r = search.search(s, depth(4));
    EXPECT_NE(s.move_text(r.best), "d5:d8");
    EXPECT_GT(r.score, 50);
}

TEST(ShatraSearch, SameScoreWithAndWithoutTheTable) {
    std::vector<State> positions = {State()};
    for (const State& p : asterism::testing::sample_positions(State(), 3, 11))
        positions.push_back(p);
    for (const State& p : positions) {
        AlphaBetaConfig with, without;
        // Reductions and futility pruning depend on the move order and
        // the window, which the table changes; plain alpha-beta does not.
        with.reductions = without.reductions = false;
        with.futility = without.futility = false;
        without.tt_entries = 0;
        Search a(with), b(without);
        EXPECT_EQ(a.search(p, depth(3)).score, b.search(p, depth(3)).score) << p.position();
    }
}

TEST(ShatraSearch, DeterministicMoveAndNodeCount) {
    for (const State& p : asterism::testing::sample_positions(State(), 2, 5)) {
        AlphaBetaLimits limits;
        limits.nodes = 3000;
        Search a, b;
        const auto ra = a.search(p, limits), rb = b.search(p, limits);
        EXPECT_TRUE(ra.best == rb.best) << p.position();
        EXPECT_EQ(ra.nodes, rb.nodes);
        EXPECT_EQ(ra.score, rb.score);
    }
}

TEST(ShatraSearch, KeepsToTheNodeLimitAndAnswersLegally) {
    for (const State& p : asterism::testing::sample_positions(State(), 6, 7)) {
        for (std::uint64_t limit : {1, 200, 2000}) {
            AlphaBetaLimits limits;
            limits.nodes = limit;
            Search search;
            const auto r = search.search(p, limits);
            EXPECT_LE(r.nodes, limit);
            ASSERT_TRUE(r.has_move);
            EXPECT_TRUE(legal(p, r.best)) << p.position() << " " << p.move_text(r.best);
        }
    }
}

TEST(ShatraSearch, EveryLevelPlaysLegalMovesThroughTheEngineFace) {
    auto game = Registry::instance().create("shatra");
    for (int level = 1; level <= 6; ++level) {
        EngineSettings settings;
        settings.level = level;
        auto engine = make_engine(*game, settings);
        Rng rng(3);
        auto g = game->clone();
        for (int ply = 0; ply < 12 && !g->terminal(); ++ply) {
            const std::string m = engine->choose(*g, rng);
            const auto legal_moves = g->legal_moves();
            ASSERT_TRUE(std::binary_search(legal_moves.begin(), legal_moves.end(), m))
                << "level " << level << ": " << m;
            g->play(m);
        }
    }
}

// A level's budget is in the search's own unit: nodes for alpha-beta, also
// when a clock adds a time limit (the protocol passes level_effort along).
TEST(ShatraSearch, ALevelsEffortIsItsNodeBudget) {
    auto game = Registry::instance().create("shatra");
    for (int level = 3; level <= 10; ++level) {
        EngineSettings settings;
        settings.level = level;
        EXPECT_EQ(make_engine(*game, settings)->level_effort(), nodes_for_level(level));
    }
    EngineSettings mcts;
    mcts.level = 5;
    mcts.search = EngineSettings::Search::Mcts;
    EXPECT_EQ(make_engine(*game, mcts)->level_effort(), playouts_for_level(5));
    Rng rng(1);
    EngineSettings three;
    three.level = 3;
    const Analysis a = make_engine(*game, three)->analyze(*game, rng, {}, nullptr);
    EXPECT_EQ(a.unit, "nodes");
    EXPECT_GE(a.playouts, nodes_for_level(3));
}

// The Original form stops at a million nodes (src/engines/shatra.cpp),
// with the levels Star Pool Chess uses: levels 4 to 10 take the usual
// budgets of levels 3 to 9. The extended forms keep three million.
TEST(ShatraSearch, OriginalFormLevelsStopAtAMillionNodes) {
    auto original = Registry::instance().create("shatra:rules=original");
    auto altai = Registry::instance().create("shatra:rules=altai");
    for (int level = 4; level <= kMaxLevel; ++level) {
        EngineSettings settings;
        settings.level = level;
        EXPECT_EQ(make_engine(*original, settings)->level_effort(), nodes_for_level(level - 1))
            << "level " << level;
        EXPECT_EQ(make_engine(*altai, settings)->level_effort(), nodes_for_level(level))
            << "level " << level;
    }
    EngineSettings top;
    top.level = kMaxLevel;
    EXPECT_EQ(make_engine(*original, top)->level_effort(), 1'000'000u);
    EXPECT_EQ(make_engine(*altai, top)->level_effort(), 3'000'000u);
}

TEST(ShatraSearch, AnalysisReportsCandidatesBestFirst) {
    auto game = Registry::instance().create("shatra");
    EngineSettings settings;
    settings.limits.playouts = 5000;
    auto engine = make_engine(*game, settings);
    Rng rng(1);
    int reports = 0;
    const Analysis a = engine->analyze(*game, rng, {}, [&](const Analysis&) {
        ++reports;
        return true;
    });
    EXPECT_GT(reports, 1);
    ASSERT_EQ(a.candidates.size(), game->legal_moves().size());
    EXPECT_LE(a.playouts, 5000u);
    EXPECT_EQ(a.candidates.front().pv.front(), a.candidates.front().move);
    for (const auto& c : a.candidates) EXPECT_LE(c.winrate, a.candidates.front().winrate + 1e-9);
}

TEST(ShatraSearch, MctsRunsOnShatraToo) {
    for (bool knowledge : {true, false}) {
        MctsConfig config;
        config.knowledge = knowledge;
        config.max_nodes = 1 << 16;
        Mcts<State> mcts(config);
        const State s = make_state(Preset::Seed, setup("Kc5 Qa6 ka9 qe6 se10"));
        mcts.set_root(s);
        mcts.search({300, 0});
        EXPECT_EQ(s.move_text(mcts.node(mcts.best_child()).move), "a6:a10");
    }
}

// Level 2 against itself under shatrabase once went on for ever, the biys
// stepping back and forth from ply 67. Now the two agree a draw when the
// positions come round a fifth time (search/draw.h), and every game between
// two computers ends by the policy's ply cap at the latest.
TEST(ShatraSearch, TwoComputersEndEveryGameUnderShatrabase) {
    MatchSettings s;
    s.game = "shatra:rules=shatrabase";
    s.a = s.b = "level:2";
    s.games = 2;
    s.random_plies = 0;  // the game of the report, played with both colours
    const MatchResult r = play_match(s, nullptr);
    EXPECT_EQ(r.games(), 2);
    EXPECT_EQ(r.agreed_draws, 2);
    EXPECT_EQ(r.draws, 2);
    // By the fifth repetition, long before the policy's ply cap: 85 to 100
    // plies with the hand-made evaluation, 121 with the fitted one.
    EXPECT_LE(r.max_plies, 200);

    // With random openings some games are won, the others agreed drawn,
    // and none outlasts the cap.
    s.games = 10;
    s.random_plies = 2;
    const MatchResult more = play_match(s, nullptr);
    EXPECT_EQ(more.games(), 10);
    EXPECT_EQ(more.agreed_draws, more.draws);
    EXPECT_GT(more.agreed_draws, 0);
    const DrawPolicy policy;
    EXPECT_LE(more.max_plies, policy.ply_cap + policy.reoffer_plies);
}

}  // namespace
}  // namespace asterism::shatra
