// The game contract in code (core/state_concept.h, search/concepts.h) and
// the registrations that join a game to its search and benches: every
// registered game has its search, at every level from 2 and in every
// variant its benches name, and no search or bench names a game that is not
// registered.
#include <gtest/gtest.h>

#include <set>

#include "core/registry.h"
#include "search/concepts.h"
#include "search/engines.h"

namespace asterism {
namespace {

// A State that has everything but one member fails the concept; the games'
// own States are checked where they bind their search (src/engines/).
struct NoUndo {
    using Move = int;
    static constexpr int kMaxMoves = 1, kPlayers = 2, kAmafKeys = 1;
    int generate(Move*) const { return 0; }
    void apply(Move) {}
    int ply() const { return 0; }
    Outcome outcome() const { return {}; }
    Player to_move() const { return Player::First; }
    std::uint64_t hash() const { return 0; }
    std::string move_text(Move) const { return {}; }
    Move parse_move(std::string_view) const { return 0; }
    std::string position() const { return {}; }
    void set_position(std::string_view) {}
    nlohmann::json score() const { return {}; }
    std::string render() const { return {}; }
    std::string player_name(Player) const { return {}; }
    std::string move_help() const { return {}; }
    Outcome random_playout(Rng&, std::uint64_t*) const { return {}; }
    int amaf_key(Move) const { return 0; }
};
struct Complete : NoUndo {
    void undo() {}
};
static_assert(!GameState<NoUndo>);
static_assert(GameState<Complete>);
static_assert(!MctsState<Complete>);       // no playout()
static_assert(!AlphaBetaState<Complete>);  // no evaluate() and the rest

TEST(Registrations, EverySearchAndBenchNamesARegisteredGame) {
    for (const std::string& id : engine_ids())
        EXPECT_NE(Registry::instance().find(id), nullptr) << "engine for unknown game " << id;
    for (const auto& b : search_benches()) {
        EXPECT_NE(Registry::instance().find(b.game_id), nullptr) << "bench for " << b.game_id;
        EXPECT_EQ(Registry::instance().create(b.bench.spec)->id(), b.game_id) << b.bench.spec;
    }
}

// No game, and no variant a game benches, falls back to the generic players
// (random, greedy, flat Monte Carlo) at the levels that search.
TEST(Registrations, EveryGameHasItsOwnSearchAtEverySearchingLevel) {
    for (const GameInfo* info : Registry::instance().all()) {
        // The tests' own toy games ("takeaway-test") exist to exercise the
        // generic players; they are registered only in the test binary.
        if (info->id.ends_with("-test")) continue;
        EXPECT_TRUE(has_engine(info->id)) << info->id << " has no search";
        std::set<std::string> specs(info->bench_specs.begin(), info->bench_specs.end());
        specs.insert(info->id);
        for (const std::string& spec : specs) {
            const auto game = Registry::instance().create(spec);
            for (const int level : {3, kMaxLevel}) {
                EngineSettings settings;
                settings.level = level;
                const std::string name = make_engine(*game, settings)->name();
                EXPECT_TRUE(name != "random" && name != "greedy" && name != "mc")
                    << spec << " at level " << level << " falls back to " << name;
            }
        }
    }
}

}  // namespace
}  // namespace asterism
