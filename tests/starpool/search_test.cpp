// Alpha-beta and MCTS on Star Pool Chess: the search finds mates in one and
// two, wins material with a fork, agrees with and without its transposition
// table, repeats itself exactly, keeps to its node limit, and only ever
// answers with legal moves.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/search_checks.h"
#include "core/registry.h"
#include "games/starpool/starpool.h"
#include "search/alphabeta.h"
#include "search/engines.h"
#include "search/mcts.h"

namespace asterism::starpool {
namespace {

using Search = AlphaBeta<State>;

State at(const std::string& position) {
    State s;
    s.set_position(position);
    return s;
}

AlphaBetaLimits depth(int d) {
    AlphaBetaLimits l;
    l.depth = d;
    return l;
}

bool legal(const State& s, const State::Move& m) {
    std::vector<State::Move> moves(State::kMaxMoves);
    const int n = s.generate(moves.data());
    return std::find(moves.begin(), moves.begin() + n, m) != moves.begin() + n;
}

// Black's King on a9 is walled in by its own Pawns and the Lieutenant in
// w4; the Rook's check along the ninth rank mates.
TEST(StarPoolSearch, FindsMateInOne) {
    State s = at("k8/pp7/9/9/4*4/9/9/9/4K2R1 [---l] w - 0 1");
    Search search;
    const auto r = search.search(s, depth(3));
    EXPECT_EQ(s.move_text(r.best), "h1-h9");
    EXPECT_EQ(r.score, ab::kMate - 1);
    s.apply(r.best);
    EXPECT_EQ(s.end_reason(), "checkmate");
}

// Two Rooks: one takes the eighth rank, the other mates on the ninth. The
// Pawn in w4 cannot move (w1 is taken), so the King has no citadel escape.
TEST(StarPoolSearch, FindsMateInTwo) {
    State s = at("k8/9/9/9/4*4/9/9/6R2/4K2R1 [W--p] w - 0 1");
    EXPECT_FALSE(testing::wins_within(s, 1));
    EXPECT_TRUE(testing::wins_within(s, 3));
    Search search;
    const auto r = search.search(s, depth(4));
    EXPECT_EQ(r.score, ab::kMate - 3);
    // Whatever the first move, it must keep the mate in hand.
    s.apply(r.best);
    std::vector<State::Move> replies(State::kMaxMoves);
    const int n = s.generate(replies.data());
    ASSERT_GT(n, 0);
    for (int i = 0; i < n; ++i) {
        s.apply(replies[static_cast<std::size_t>(i)]);
        EXPECT_TRUE(testing::wins_within(s, 1)) << s.position();
        s.undo();
    }
}

// Nd5+ forks the King on c7 and the General on g6 (reached through the
// pool: d5 east skips e5 to f5, then north-east).
TEST(StarPoolSearch, WinsTheGeneralWithAFork) {
    const State s = at("9/9/p1k5p/6g2/4*4/9/P1N5P/9/4K4 [----] w - 0 1");
    EXPECT_LT(s.evaluate(), -300);
    Search search;
    const auto r = search.search(s, depth(4));
    EXPECT_EQ(s.move_text(r.best), "c3-d5");
    EXPECT_GT(r.score, 300);
}

TEST(StarPoolSearch, SameScoreWithAndWithoutTheTable) {
    std::vector<State> positions = {State()};
    for (const State& p : testing::sample_positions(State(), 1, 11)) positions.push_back(p);
    for (const State& p : positions) {
        AlphaBetaConfig with, without;
        // Reductions and futility pruning depend on the move order and
        // the window, which the table changes; plain alpha-beta does not.
        with.reductions = without.reductions = false;
        with.futility = without.futility = false;
        without.tt_entries = 0;
        Search a(with), b(without);
        EXPECT_EQ(a.search(p, depth(4)).score, b.search(p, depth(4)).score) << p.position();
    }
}

TEST(StarPoolSearch, DeterministicMoveAndNodeCount) {
    for (const State& p : testing::sample_positions(State(), 1, 5)) {
        AlphaBetaLimits limits;
        limits.nodes = 3000;
        Search a, b;
        const auto ra = a.search(p, limits), rb = b.search(p, limits);
        EXPECT_TRUE(ra.best == rb.best) << p.position();
        EXPECT_EQ(ra.nodes, rb.nodes);
        EXPECT_EQ(ra.score, rb.score);
    }
}

TEST(StarPoolSearch, KeepsToTheNodeLimitAndAnswersLegally) {
    for (const State& p : testing::sample_positions(State(), 2, 7)) {
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

// Lazy SMP on the real game: the threads find the mate in two, and with a
// node budget they answer legally within the budget, which counts all
// threads' nodes (a batch per thread may be counted late).
TEST(StarPoolSearch, ThreadsFindTheMateAndKeepToTheBudget) {
    AlphaBetaConfig config;
    config.threads = 3;
    Search search(config);
    const State mate = at("k8/9/9/9/4*4/9/9/6R2/4K2R1 [W--p] w - 0 1");
    EXPECT_EQ(search.search(mate, depth(4)).score, ab::kMate - 3);
    for (const State& p : testing::sample_positions(State(), 2, 7)) {
        AlphaBetaLimits limits;
        limits.nodes = 5000;
        const auto r = search.search(p, limits);
        EXPECT_LE(r.nodes, limits.nodes + 3 * ab::SharedSearch::kNodeBatch);
        ASSERT_TRUE(r.has_move);
        EXPECT_TRUE(legal(p, r.best)) << p.position() << " " << p.move_text(r.best);
    }
}

TEST(StarPoolSearch, EveryLevelPlaysLegalMovesThroughTheEngineFace) {
    auto game = Registry::instance().create("starpool");
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

// Star Pool Chess brings its own levels (src/engines/starpool.cpp): level 2
// has no quiescence, level 3 is the usual one-ply search, and levels 4 to
// 10 take the usual budgets of levels 3 to 9, up to a million nodes.
TEST(StarPoolSearch, LevelsStopAtAMillionNodesAndLevelTwoSeesNoRecapture) {
    auto game = Registry::instance().create("starpool");
    for (int level = 4; level <= kMaxLevel; ++level) {
        EngineSettings settings;
        settings.level = level;
        EXPECT_EQ(make_engine(*game, settings)->level_effort(), nodes_for_level(level - 1))
            << "level " << level;
    }
    EngineSettings top;
    top.level = kMaxLevel;
    EXPECT_EQ(make_engine(*game, top)->level_effort(), 1'000'000u);
    // The Rook can take the Pawn on b6, which the Pawn on c7 defends.
    game->set_position("4k4/9/2p6/1p7/4*4/9/9/9/1R2K4 [----] w - 0 1");
    auto move_at = [&](int level) {
        EngineSettings settings;
        settings.level = level;
        Rng rng(1);
        return make_engine(*game, settings)->choose(*game, rng);
    };
    EXPECT_EQ(move_at(2), "b1xb6");
    EXPECT_NE(move_at(3), "b1xb6");
    EXPECT_NE(move_at(4), "b1xb6");
}

TEST(StarPoolSearch, MctsFindsTheMateInOne) {
    for (bool knowledge : {true, false}) {
        MctsConfig config;
        config.knowledge = knowledge;
        config.max_nodes = 1 << 16;
        Mcts<State> mcts(config);
        const State s = at("k8/pp7/9/9/4*4/9/9/9/4K2R1 [---l] w - 0 1");
        mcts.set_root(s);
        mcts.search({2000, 0});
        EXPECT_EQ(s.move_text(mcts.node(mcts.best_child()).move), "h1-h9");
        EXPECT_EQ(mcts.root_proven(), 1);
    }
}

}  // namespace
}  // namespace asterism::starpool
