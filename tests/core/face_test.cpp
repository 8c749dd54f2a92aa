// The face suite: what every registered game must do through the
// type-erased face (core/game.h), as one test suite parametrised over every
// game and benched variant in the registry, so that a fifth game is checked
// as soon as it registers (after OpenSpiel's basic tests over every game).
// Per game: the spec is canonical; random games keep positions, history,
// undo and results consistent; bad moves and positions are clear errors
// that change nothing; records round-trip; the view matches the legal moves;
// every legal move has its own integer action, and batches (core/state_batch.h)
// step random games to their ends. The per-game folders test the concrete
// State (rules, notation, perft, search); the Python module's tests
// (tests/python) check the actions and batches again through Python.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "../common/property.h"
#include "../common/registered.h"
#include "../common/view_checks.h"
#include "core/registry.h"
#include "core/state_batch.h"
#include "core/text.h"
#include "record/record.h"

namespace asterism {
namespace {

// Whether a game has an action encoding; the take-away game of core_test.cpp,
// registered for the tests, has none.
bool has_actions(const Game& g) {
    try {
        g.num_distinct_actions();
        return true;
    } catch (const GameError&) {
        return false;
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

class Face : public ::testing::TestWithParam<std::string> {};

INSTANTIATE_TEST_SUITE_P(Registered, Face, ::testing::ValuesIn(testing::registered_specs()),
                         [](const auto& test) { return testing::spec_test_name(test.param); });

TEST_P(Face, SpecIsCanonicalAndNamesARegisteredGame) {
    auto g = Registry::instance().create(GetParam());
    ASSERT_NE(Registry::instance().find(g->id()), nullptr) << g->id();
    EXPECT_TRUE(g->spec().starts_with(g->id())) << g->spec();
    EXPECT_EQ(Registry::instance().create(g->spec())->spec(), g->spec());
    EXPECT_GE(g->num_players(), 1);
    EXPECT_LE(g->num_players(), 2);
    EXPECT_FALSE(g->move_help().empty());
    EXPECT_FALSE(g->render().empty());
}

// Random games through the face: the side to move and the legal moves agree
// with the outcome, the position text rebuilds the position in a fresh game,
// a clone is the same game, every move goes into the history, and undoing
// the whole game comes back to the start.
TEST_P(Face, RandomGamesKeepPositionHistoryAndUndoConsistent) {
    Rng rng(3);
    for (int game = 0; game < testing::scaled(4); ++game) {
        auto g = Registry::instance().create(GetParam());
        const std::string start = g->position();
        int plies = 0;
        for (; !g->terminal(); ++plies) {
            ASSERT_LT(plies, 5000) << "no end in sight: " << g->position();
            const auto moves = g->legal_moves();
            ASSERT_FALSE(moves.empty()) << g->position();
            ASSERT_TRUE(std::is_sorted(moves.begin(), moves.end()));
            ASSERT_NE(g->to_move(), Player::None);
            auto fresh = Registry::instance().create(g->spec());
            fresh->set_position(g->position());
            ASSERT_EQ(fresh->position(), g->position());
            ASSERT_EQ(fresh->hash(), g->hash()) << g->position();
            ASSERT_EQ(g->clone()->position(), g->position());
            g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
        EXPECT_EQ(g->to_move(), Player::None);
        EXPECT_TRUE(g->legal_moves().empty());
        EXPECT_NE(g->result(), "*");
        EXPECT_EQ(g->history().size(), static_cast<std::size_t>(plies));
        while (g->undo()) {
        }
        EXPECT_EQ(g->position(), start);
        EXPECT_TRUE(g->history().empty());
    }
}

// A hostile or mistaken caller: every bad move or position is a GameError
// with a printable one-line message, and the game is as it was.
TEST_P(Face, BadMovesAndPositionsAreErrorsThatChangeNothing) {
    auto g = Registry::instance().create(GetParam());
    g->play(g->legal_moves().front());
    const std::string before = g->position();
    const std::string bad[] = {
        "",      " ",     "zz999", "\xff\xfe", std::string("a\0b", 3), std::string(5000, 'a'),
        "1. e4", "resign"};
    for (const std::string& text : bad) {
        for (const bool as_position : {false, true}) {
            try {
                as_position ? g->set_position(text) : g->play(text);
                ADD_FAILURE() << "accepted " << printable(text, 40)
                              << (as_position ? " as a position" : " as a move");
            } catch (const GameError& e) {
                const std::string message = e.what();
                EXPECT_FALSE(message.empty());
                EXPECT_LE(message.size(), 1000u);
                EXPECT_EQ(message.find('\n'), std::string::npos) << message;
                EXPECT_TRUE(valid_utf8(message)) << printable(message, 80);
            }
            EXPECT_EQ(g->position(), before) << printable(text, 40);
            EXPECT_EQ(g->history().size(), 1u);
        }
    }
}

// A game written as a record and read back is the same game.
TEST_P(Face, RecordsRoundTrip) {
    auto g = Registry::instance().create(GetParam());
    Rng rng(9);
    for (int ply = 0; ply < 40 && !g->terminal(); ++ply) {
        const auto moves = g->legal_moves();
        g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    Record record;
    update_record(record, *g, "");
    const LoadedGame loaded = replay_record(parse_record(format_record(record), "face"));
    EXPECT_EQ(loaded.game->spec(), g->spec());
    EXPECT_EQ(loaded.game->position(), g->position());
    EXPECT_EQ(loaded.game->history(), g->history());
    EXPECT_EQ(loaded.game->result(), g->result());
}

TEST_P(Face, ViewMatchesTheLegalMovesAlongRandomGames) {
    auto g = Registry::instance().create(GetParam());
    if (g->view()["kind"] == "generic") GTEST_SKIP() << "no drawing of its own";
    Rng rng(5);
    testing::check_view(*g, "start");
    for (int ply = 0; ply < 60 && !g->terminal(); ++ply) {
        const auto moves = g->legal_moves();
        g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        if (ply % 7 == 0 || g->terminal()) testing::check_view(*g, "ply " + std::to_string(ply));
    }
}

// The view's cells are the board, the same in every position of a game, so
// that the online server may send them once per game (docs/online.md).
TEST_P(Face, TheViewsCellsStayTheSameAlongAGame) {
    auto g = Registry::instance().create(GetParam());
    const nlohmann::json cells = g->view()["cells"];
    Rng rng(8);
    for (int ply = 0; ply < 200 && !g->terminal(); ++ply) {
        const auto moves = g->legal_moves();
        g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        ASSERT_EQ(g->view()["cells"], cells) << "ply " << ply;
    }
}

// The changing part of a view is the whole view without its cells and box.
TEST_P(Face, TheChangingViewIsTheWholeWithoutTheBoard) {
    auto g = Registry::instance().create(GetParam());
    Rng rng(9);
    for (int ply = 0; ply < 40 && !g->terminal(); ++ply) {
        nlohmann::json whole = g->view();
        const nlohmann::json box = whole["box"];
        whole.erase("cells");
        whole.erase("box");
        ASSERT_EQ(g->view(ViewParts::Changing), whole) << "ply " << ply;
        ASSERT_EQ(g->view()["box"], box) << "ply " << ply;
        const auto moves = g->legal_moves();
        g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
}

TEST_P(Face, EveryLegalMoveHasItsOwnActionInRandomGames) {
    Rng rng(11);
    for (int game = 0; game < testing::scaled(3); ++game) {
        auto g = Registry::instance().create(GetParam());
        if (!has_actions(*g)) GTEST_SKIP() << "no action encoding";
        std::vector<float> tensor(
            static_cast<std::size_t>(observation_size(g->observation_shape())));
        EXPECT_EQ(g->observation_planes().size(),
                  static_cast<std::size_t>(g->observation_shape().at(0)));
        for (int ply = 0; ply < 600 && !g->terminal(); ++ply) {
            check_actions(*g);
            if (::testing::Test::HasFatalFailure()) return;
            g->observation_tensor(tensor.data());
            const std::vector<int> actions = g->legal_actions();
            g->apply_action(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
        }
    }
}

// A batch stepped with its own random actions: the masks and the padded
// lists agree, every chosen action is legal, and games end and restart.
TEST_P(Face, BatchesStepRandomGamesToTheirEnds) {
    auto g = Registry::instance().create(GetParam());
    if (!has_actions(*g)) GTEST_SKIP() << "no action encoding";
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
            ASSERT_EQ(std::count(mask.begin() + i * actions, mask.begin() + (i + 1) * actions, 1),
                      counts[i]);
        }
        batch->step(chosen.data(), returns.data(), done.data(), truncated.data());
        for (int i = 0; i < size; ++i) ended += done[i] && !truncated[i];
    }
    EXPECT_GT(ended, 0);
}

// Only the take-away test game lacks actions; every real game has them.
TEST(Actions, EveryGameButTheTestGameHasActionsAndObservations) {
    for (const std::string& spec : testing::registered_specs()) {
        auto g = Registry::instance().create(spec);
        if (g->id() == "takeaway-test") {
            EXPECT_THROW(g->legal_actions(), GameError);
            EXPECT_THROW(g->observation_shape(), GameError);
            EXPECT_THROW(g->make_batch(1, 1, 0), GameError);
            continue;
        }
        EXPECT_TRUE(has_actions(*g)) << spec;
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

}  // namespace
}  // namespace asterism
