// Tests of the generic MCTS on small games whose values are known: the solver
// must prove wins and losses, the best move must be found, tree reuse must
// keep the subtree, and one thread with a seed must be deterministic.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/take_away.h"
#include "search/mcts.h"

namespace asterism {
namespace {

using testing::TakeAway;

TEST(SearchMcts, SolverProvesTheWinAndFindsTheMove) {
    for (int pile : {5, 6, 7, 9, 10, 11, 13}) {
        Mcts<TakeAway> mcts;
        TakeAway s;
        s.pile = pile;
        mcts.set_root(s);
        mcts.search({20000, 0});
        EXPECT_EQ(mcts.root_proven(), 1) << "pile " << pile;
        EXPECT_EQ(mcts.node(mcts.best_child()).move, pile % 4) << "pile " << pile;
    }
}

TEST(SearchMcts, SolverProvesTheLoss) {
    for (int pile : {4, 8, 12}) {
        Mcts<TakeAway> mcts;
        TakeAway s;
        s.pile = pile;
        mcts.set_root(s);
        mcts.search({20000, 0});
        EXPECT_EQ(mcts.root_proven(), -1) << "pile " << pile;
    }
}

TEST(SearchMcts, WithoutSolverOrRaveTheBestMoveStillWins) {
    MctsConfig config;
    config.solver = false;
    config.rave = false;
    Mcts<TakeAway> mcts(config);
    TakeAway s;
    s.pile = 10;
    mcts.set_root(s);
    const auto st = mcts.search({20000, 0});
    EXPECT_EQ(st.playouts, 20000u);
    EXPECT_EQ(mcts.node(mcts.best_child()).move, 2);
    EXPECT_EQ(mcts.root_proven(), 0);
    EXPECT_GT(Mcts<TakeAway>::value(mcts.node(mcts.best_child())), 0.6);
}

// A leaf waits for expand_visits playouts before it gets children: the tree
// holds fewer nodes, and the solver still proves the win.
TEST(SearchMcts, AnExpansionThresholdGrowsASmallerTree) {
    auto nodes_after = [](std::uint32_t expand_visits, int pile, int* proven) {
        MctsConfig config;
        config.expand_visits = expand_visits;
        Mcts<TakeAway> mcts(config);
        TakeAway s;
        s.pile = pile;
        mcts.set_root(s);
        const auto st = mcts.search({2000, 0});
        if (proven) *proven = mcts.root_proven();
        return st.nodes;
    };
    // Only the root (and its three children) while no child has 5000 visits.
    EXPECT_EQ(nodes_after(5000, 30, nullptr), 4u);
    EXPECT_LT(nodes_after(8, 30, nullptr), nodes_after(1, 30, nullptr));
    int proven = 0;
    nodes_after(4, 9, &proven);
    EXPECT_EQ(proven, 1);
}

// TakeAway with an opinion: every move's prior is 0.9.
struct OpinionatedTakeAway : TakeAway {
    void priors(const Move*, int count, float* value) const {
        std::fill(value, value + count, 0.9f);
    }
};

// prior_visits: the root's children get their prior_weight AMAF playouts
// once the root has had that many visits, and only once; with 0, at once.
TEST(SearchMcts, PriorsComeWithTheVisitsAskedFor) {
    auto root_amaf = [](std::uint32_t prior_visits, std::uint64_t playouts) {
        MctsConfig config;
        config.prior_visits = prior_visits;
        config.prior_weight = 40;
        Mcts<OpinionatedTakeAway> mcts(config);
        OpinionatedTakeAway s;
        s.pile = 30;
        mcts.set_root(s);
        mcts.search({playouts, 0});
        std::vector<std::uint32_t> amaf;
        const auto& root = mcts.root();
        for (std::uint32_t i = 0; i < root.num_children; ++i)
            amaf.push_back(mcts.node(root.first_child + i).amaf_visits.load());
        return amaf;
    };
    for (const std::uint32_t a : root_amaf(0, 1)) EXPECT_GE(a, 40u);
    for (const std::uint32_t a : root_amaf(50, 10)) EXPECT_LE(a, 10u);
    for (const std::uint32_t a : root_amaf(50, 100)) {
        EXPECT_GE(a, 40u);
        EXPECT_LE(a, 40u + 100u);
    }
}

TEST(SearchMcts, OneThreadWithASeedIsDeterministic) {
    auto run = [] {
        MctsConfig config;
        config.solver = false;
        Mcts<TakeAway> mcts(config);
        TakeAway s;
        s.pile = 30;
        mcts.set_root(s);
        mcts.search({3000, 0});
        std::vector<std::uint32_t> visits;
        const auto& root = mcts.root();
        for (std::uint32_t i = 0; i < root.num_children; ++i)
            visits.push_back(mcts.node(root.first_child + i).visits.load());
        return visits;
    };
    const auto a = run();
    EXPECT_EQ(a, run());
    ASSERT_EQ(a.size(), 3u);
}

TEST(SearchMcts, TreeReuseKeepsTheSubtree) {
    MctsConfig config;
    config.solver = false;
    Mcts<TakeAway> mcts(config);
    TakeAway s;
    s.pile = 30;
    mcts.set_root(s);
    mcts.search({5000, 0});
    const auto& root = mcts.root();
    std::uint32_t child_visits = 0;
    for (std::uint32_t i = 0; i < root.num_children; ++i)
        if (mcts.node(root.first_child + i).move == 2)
            child_visits = mcts.node(root.first_child + i).visits.load();
    ASSERT_GT(child_visits, 0u);
    s.apply(2);
    mcts.advance(s, {2});
    EXPECT_EQ(mcts.root().visits.load(), child_visits);
    EXPECT_EQ(mcts.root_state().pile, 28);
    // Searching on from the kept tree adds to it.
    mcts.search({1000, 0});
    EXPECT_EQ(mcts.root().visits.load(), child_visits + 1000);
    // A move that is not in the tree starts afresh.
    s.apply(1);
    mcts.advance(s, {7});
    EXPECT_EQ(mcts.root().visits.load(), 0u);
}

TEST(SearchMcts, ThreadsShareOneTree) {
    MctsConfig config;
    config.threads = 2;
    config.solver = false;
    Mcts<TakeAway> mcts(config);
    TakeAway s;
    s.pile = 10;
    mcts.set_root(s);
    const auto st = mcts.search({20000, 0});
    EXPECT_GE(st.playouts, 20000u);
    EXPECT_EQ(mcts.root().visits.load(), st.playouts);
    EXPECT_EQ(mcts.node(mcts.best_child()).move, 2);
}

// One move decides the game: the first player names a margin from the list,
// and the sign of the margin decides who wins. Used to check the
// margin-aware final choice, which only games reporting margins get.
struct NameTheMargin {
    using Move = int;
    static constexpr int kMaxMoves = 4;
    static constexpr int kAmafKeys = 4;
    int margins[kMaxMoves] = {0, 0, 0, 0};
    int chosen = -1;

    int generate(Move* out) const {
        if (chosen >= 0) return 0;
        for (int k = 0; k < kMaxMoves; ++k) out[k] = k;
        return kMaxMoves;
    }
    void apply(Move m) { chosen = m; }
    Player to_move() const { return chosen < 0 ? Player::First : Player::Second; }
    Outcome outcome() const {
        if (chosen < 0) return Outcome::ongoing();
        return Outcome::win(margins[chosen] > 0 ? Player::First : Player::Second);
    }
    std::uint64_t hash() const { return static_cast<std::uint64_t>(chosen + 1); }
    int amaf_key(Move m) const { return m; }
    int terminal_margin() const { return margins[chosen]; }
    template <class Sink>
    Outcome playout(Rng&, bool, Sink&&) {
        return outcome();
    }
};

TEST(SearchMcts, AmongWinningMovesTheLargestMarginIsChosen) {
    NameTheMargin s{{3, 9, 1, 5}};
    Mcts<NameTheMargin> mcts;
    mcts.set_root(s);
    mcts.search({2000, 0});
    ASSERT_EQ(mcts.root_proven(), 1);
    EXPECT_EQ(mcts.node(mcts.best_child()).move, 1);
    EXPECT_DOUBLE_EQ(Mcts<NameTheMargin>::mean_margin(mcts.node(mcts.best_child())), 9.0);
}

TEST(SearchMcts, AmongLosingMovesTheSmallestLossIsChosen) {
    NameTheMargin s{{-7, -2, -11, -5}};
    Mcts<NameTheMargin> mcts;
    mcts.set_root(s);
    mcts.search({2000, 0});
    ASSERT_EQ(mcts.root_proven(), -1);
    EXPECT_EQ(mcts.node(mcts.best_child()).move, 1);
}

TEST(SearchMcts, AWinIsNeverTradedForAMargin) {
    // Moves 1 and 3 lose; of the two wins, 2 has the larger margin.
    NameTheMargin s{{2, -1, 4, -3}};
    Mcts<NameTheMargin> mcts;
    mcts.set_root(s);
    mcts.search({2000, 0});
    EXPECT_EQ(mcts.node(mcts.best_child()).move, 2);
    // Without the margin rule the choice is any winning move.
    MctsConfig plain;
    plain.margin_choice = false;
    Mcts<NameTheMargin> other(plain);
    other.set_root(s);
    other.search({2000, 0});
    const int m = other.node(other.best_child()).move;
    EXPECT_TRUE(m == 0 || m == 2) << m;
}

}  // namespace
}  // namespace asterism
