// Integer actions, observation tensors and batches (core/state_batch.h) for
// every registered game, through the type-erased face: in random games every
// legal move has its own action, which names it and which it names back,
// and a batch stepped with random actions stays consistent. The Python
// module's tests (tests/python) check the same and more through Python;
// these also run under the sanitizers.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "../common/property.h"
#include "core/registry.h"
#include "core/state_batch.h"

namespace asterism {
namespace {

// Whether a game has an action encoding; the take-away game of core_test.cpp,
// registered for the tests, has none.
bool has_actions(const GameInfo& info) {
    try {
        Registry::instance().create(info.id)->num_distinct_actions();
        return true;
    } catch (const GameError&) {
        return false;
    }
}

std::vector<std::string> every_bench_spec() {
    std::vector<std::string> out;
    for (const GameInfo* info : Registry::instance().all()) {
        if (!has_actions(*info)) continue;
        if (info->bench_specs.empty()) out.push_back(info->id);
        out.insert(out.end(), info->bench_specs.begin(), info->bench_specs.end());
    }
    return out;
}

TEST(Actions, EveryGameButTheTestGameHasActionsAndObservations) {
    for (const GameInfo* info : Registry::instance().all()) {
        auto g = Registry::instance().create(info->id);
        if (info->id == "takeaway-test") {
            EXPECT_THROW(g->legal_actions(), GameError);
            EXPECT_THROW(g->observation_shape(), GameError);
            EXPECT_THROW(g->make_batch(1, 1, 0), GameError);
            continue;
        }
        EXPECT_GT(g->num_distinct_actions(), 0) << info->id;
        EXPECT_EQ(g->observation_planes().size(),
                  static_cast<std::size_t>(g->observation_shape().at(0)))
            << info->id;
    }
}

// Checks one position: actions ascending, distinct, in range, one per legal
// move, each naming its move and named back by it.
void check_actions(const Game& g) {
    const std::vector<int> actions = g.legal_actions();
    const std::vector<std::string> moves = g.legal_moves();
    ASSERT_EQ(actions.size(), moves.size()) << g.position();
    ASSERT_TRUE(std::adjacent_find(actions.begin(), actions.end(), std::greater_equal<int>()) ==
                actions.end())
        << "actions not distinct and ascending in " << g.position();
    std::set<std::string> named;
    for (const int a : actions) {
        ASSERT_GE(a, 0);
        ASSERT_LT(a, g.num_distinct_actions());
        const std::string text = g.action_to_string(a);
        ASSERT_EQ(g.string_to_action(text), a) << text << " in " << g.position();
        named.insert(text);
    }
    EXPECT_EQ(named, std::set<std::string>(moves.begin(), moves.end())) << g.position();
}

TEST(Actions, EveryLegalMoveHasItsOwnActionInRandomGames) {
    for (const std::string& spec : every_bench_spec()) {
        SCOPED_TRACE(spec);
        Rng rng(11);
        for (int game = 0; game < testing::scaled(3); ++game) {
            auto g = Registry::instance().create(spec);
            std::vector<float> tensor(
                static_cast<std::size_t>(observation_size(g->observation_shape())));
            for (int ply = 0; ply < 600 && !g->terminal(); ++ply) {
                check_actions(*g);
                if (::testing::Test::HasFatalFailure()) return;
                g->observation_tensor(tensor.data());
                const std::vector<int> actions = g->legal_actions();
                g->apply_action(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
            }
        }
    }
}

TEST(Actions, IllegalActionsThrowAndChangeNothing) {
    auto g = Registry::instance().create("starstar:size=6");
    g->apply_action(0);
    const std::string before = g->position();
    EXPECT_THROW(g->apply_action(0), GameError);
    EXPECT_THROW(g->apply_action(-1), GameError);
    EXPECT_THROW(g->apply_action(g->num_distinct_actions()), GameError);
    EXPECT_THROW(g->action_to_string(0), GameError);
    EXPECT_EQ(g->position(), before);
    EXPECT_EQ(g->history().size(), 1u);
}

// A batch stepped with its own random actions: the masks and the padded
// lists agree, every chosen action is legal, and games end and restart.
TEST(Actions, BatchesStepRandomGamesToTheirEnds) {
    for (const std::string& spec : every_bench_spec()) {
        SCOPED_TRACE(spec);
        auto g = Registry::instance().create(spec);
        const int size = 3, players = g->num_players(), actions = g->num_distinct_actions();
        auto batch = g->make_batch(size, 7, 500);
        std::vector<std::int32_t> chosen(size), counts(size), players_now(size);
        std::vector<float> returns(static_cast<std::size_t>(size * players));
        std::vector<std::uint8_t> done(size), truncated(size), mask;
        int ended = 0;
        for (int step = 0; step < 400 && ended < size; ++step) {
            const int width = batch->max_legal();
            std::vector<std::int32_t> legal(static_cast<std::size_t>(size * width));
            batch->legal_actions(legal.data(), width, counts.data());
            mask.resize(static_cast<std::size_t>(size) * static_cast<std::size_t>(actions));
            batch->legal_mask(mask.data());
            batch->random_actions(chosen.data());
            for (int i = 0; i < size; ++i) {
                const auto row = legal.begin() + i * width;
                ASSERT_NE(std::find(row, row + counts[i], chosen[i]), row + counts[i]);
                ASSERT_EQ(
                    std::count(mask.begin() + i * actions, mask.begin() + (i + 1) * actions, 1),
                    counts[i]);
            }
            batch->step(chosen.data(), returns.data(), done.data(), truncated.data());
            for (int i = 0; i < size; ++i) ended += done[i] && !truncated[i];
        }
        EXPECT_GT(ended, 0);
    }
}

}  // namespace
}  // namespace asterism
