// Tests of the generic alpha-beta search on a small game whose values are
// known exactly: it must find the winning move, score wins and losses with
// their exact distance (also through the transposition table, which this
// game is full of), stop at its node limit and repeat itself exactly.
#include <gtest/gtest.h>

#include <vector>

#include "common/take_away.h"
#include "search/alphabeta.h"
#include "search/alphabeta_agent.h"

namespace asterism {
namespace {

using testing::TakeAway;

TEST(SearchAlphaBeta, FindsTheWinWithItsExactDistance) {
    for (bool tt : {true, false}) {
        for (int pile : {1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15, 17, 18, 19}) {
            AlphaBetaConfig config;
            if (!tt) config.tt_entries = 0;
            AlphaBeta<TakeAway> search(config);
            TakeAway s;
            s.pile = pile;
            const auto r = search.search(s, {.depth = 30});
            ASSERT_TRUE(r.has_move);
            EXPECT_EQ(r.best, pile % 4) << "pile " << pile;
            EXPECT_EQ(r.score, ab::kMate - (2 * (pile / 4) + 1)) << "pile " << pile << " tt " << tt;
        }
    }
}

TEST(SearchAlphaBeta, ScoresTheLossWithItsExactDistance) {
    for (bool tt : {true, false}) {
        for (int pile : {4, 8, 12, 16}) {
            AlphaBetaConfig config;
            if (!tt) config.tt_entries = 0;
            AlphaBeta<TakeAway> search(config);
            TakeAway s;
            s.pile = pile;
            const auto r = search.search(s, {.depth = 30});
            EXPECT_EQ(r.score, -(ab::kMate - pile / 2)) << "pile " << pile << " tt " << tt;
        }
    }
}

// Lazy SMP: whatever the helpers leave in the shared table, the main
// thread's answer keeps the exact values of the game.
TEST(SearchAlphaBeta, ThreadsFindTheWinWithItsExactDistance) {
    for (int threads : {2, 4}) {
        for (int pile : {5, 10, 13, 16, 19}) {
            AlphaBetaConfig config;
            config.threads = threads;
            AlphaBeta<TakeAway> search(config);
            TakeAway s;
            s.pile = pile;
            const auto r = search.search(s, {.depth = 30});
            ASSERT_TRUE(r.has_move);
            if (pile % 4 == 0) {
                EXPECT_EQ(r.score, -(ab::kMate - pile / 2)) << "pile " << pile;
            } else {
                EXPECT_EQ(r.best, pile % 4) << "pile " << pile;
                EXPECT_EQ(r.score, ab::kMate - (2 * (pile / 4) + 1)) << "pile " << pile;
            }
        }
    }
}

TEST(SearchAlphaBeta, ATerminalRootHasNoMove) {
    AlphaBeta<TakeAway> search;
    TakeAway s;
    s.pile = 0;
    const auto r = search.search(s, {.depth = 3});
    EXPECT_FALSE(r.has_move);
    EXPECT_EQ(r.score, -ab::kMate);
}

TEST(SearchAlphaBeta, StopsAtTheNodeLimit) {
    for (std::uint64_t limit : {1, 5, 50, 500}) {
        AlphaBeta<TakeAway> search;
        TakeAway s;
        s.pile = 60;
        const auto r = search.search(s, {.nodes = limit});
        EXPECT_LE(r.nodes, limit);
        EXPECT_TRUE(r.has_move);
        EXPECT_GE(r.best, 1);
        EXPECT_LE(r.best, 3);
    }
}

TEST(SearchAlphaBeta, MinimumDepthOutlastsTheNodeLimit) {
    AlphaBeta<TakeAway> search;
    TakeAway s;
    s.pile = 60;
    AlphaBetaLimits limits;
    limits.nodes = 1;
    limits.min_depth = 3;
    const auto r = search.search(s, limits);
    EXPECT_EQ(r.depth, 3);
    EXPECT_GT(r.nodes, 3u);
}

TEST(SearchAlphaBeta, ProgressCanStopTheSearch) {
    AlphaBeta<TakeAway> search;
    TakeAway s;
    s.pile = 60;
    int calls = 0;
    const auto r = search.search(s, {.depth = 40}, [&](const AlphaBeta<TakeAway>::Result& so_far) {
        EXPECT_EQ(so_far.depth, ++calls);
        return calls < 3;
    });
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(r.depth, 3);
}

// The first player keeps a token where it stands (rated 100 for it) by
// moving it between cells 0 and 1, or pushes it to cell 2 (rated 60); the
// second player can only move its own token between two cells. Nothing
// ends; the evaluation decides.
struct Shuffle {
    using Move = int;  // 0 moves the mover's token, 1 pushes the first's token to cell 2
    static constexpr int kMaxMoves = 2;
    static constexpr int kAmafKeys = 2;
    int a = 0, b = 0;
    std::vector<int> undo_a;

    Player to_move() const { return undo_a.size() % 2 ? Player::Second : Player::First; }
    int generate(Move* out) const {
        if (to_move() == Player::Second) {
            out[0] = 0;
            return 1;
        }
        int n = 0;
        if (a < 2) out[n++] = 0;
        out[n++] = 1;
        return n;
    }
    void apply(Move m) {
        undo_a.push_back(a);
        if (undo_a.size() % 2 == 0)
            b ^= 1;
        else
            a = m == 1 ? 2 : a < 2 ? a ^ 1 : a;
    }
    void undo() {
        if (undo_a.size() % 2 == 0) b ^= 1;
        a = undo_a.back();
        undo_a.pop_back();
    }
    Outcome outcome() const { return Outcome::ongoing(); }
    std::uint64_t hash() const {
        return static_cast<std::uint64_t>((a * 2 + b) * 2) + undo_a.size() % 2 + 1;
    }
    int evaluate() const {
        const int v = a < 2 ? 100 : 60;
        return to_move() == Player::First ? v : -v;
    }
    bool is_noisy(Move) const { return false; }
    int move_hint(Move) const { return 0; }
    bool in_check() const { return false; }
    int amaf_key(Move m) const { return m; }
};

// A position that stood twice in the game before the root is a draw when
// the search reaches it again (the third time): the side rated ahead then
// gives up some of its lead (pushes) rather than repeat into a draw. One
// earlier occurrence is no draw, and neither is one with the other player
// to move.
TEST(SearchAlphaBeta, AThreefoldRepetitionOfTheGameIsADraw) {
    const auto best_with = [](const std::vector<std::uint64_t>& before) {
        AlphaBeta<Shuffle> search;
        Shuffle s;
        s.undo_a = {0, 1, 0, 1};  // four plies played; the first to move
        search.set_game_before(before);
        return search.search(s, {.depth = 2}).best;
    };
    Shuffle after_shuffle;  // the root's position after the first player's 0
    after_shuffle.undo_a = {0, 1, 0, 1, 0};
    after_shuffle.a = 1;
    const std::uint64_t x = after_shuffle.hash();
    Shuffle root;
    root.undo_a = {0, 1, 0, 1};
    const std::uint64_t r = root.hash();
    EXPECT_EQ(best_with({}), 0);
    EXPECT_EQ(best_with({r, 7, 8, 9, 10}), 0);
    EXPECT_EQ(best_with({r, x, 8, 9, 10}), 0) << "one earlier occurrence is no draw";
    EXPECT_EQ(best_with({r, x, 8, x, 10}), 1) << "a third occurrence is a draw";
    EXPECT_EQ(best_with({r, 7, x, 9, x}), 0) << "the other player to move: another position";
}

// The agent hands the search the game's positions root first, walking
// back by undo, at most as far as the game goes.
TEST(SearchAlphaBeta, TheAgentGivesTheGameRootFirst) {
    TakeAway s;
    s.pile = 10;
    s.apply(1);
    s.apply(2);
    const std::vector<std::uint64_t> keys = AlphaBetaAgent<TakeAway>::game_before(s, 2);
    TakeAway start;
    start.pile = 10;
    TakeAway one = start;
    one.apply(1);
    EXPECT_EQ(keys, (std::vector<std::uint64_t>{s.hash(), one.hash(), start.hash()}));
    EXPECT_EQ(AlphaBetaAgent<TakeAway>::game_before(s, 0), std::vector<std::uint64_t>{s.hash()});
}

TEST(SearchAlphaBeta, WinrateFollowsTheScore) {
    EXPECT_DOUBLE_EQ(ab::winrate_of(0), 0.5);
    EXPECT_NEAR(ab::winrate_of(400), 10.0 / 11.0, 1e-12);
    EXPECT_GT(ab::winrate_of(100), ab::winrate_of(50));
    EXPECT_EQ(ab::winrate_of(ab::kMate - 5), 1.0);
    EXPECT_EQ(ab::winrate_of(-(ab::kMate - 5)), 0.0);
}

}  // namespace
}  // namespace asterism
