// Searching players need a game's concrete State (search is templated on it),
// while everything else sees only the type-erased face. This registry joins
// the two: a small binding file per game (src/engines/<game>.cpp) registers a
// maker that builds that game's searching agent, and front ends ask for one
// by strength level without knowing the game.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "search/agent.h"

namespace asterism {

// Strength levels run from 1 (a few playouts) to kMaxLevel (full strength).
constexpr int kMaxLevel = 10;

// EngineSettings::threads: let the process decide.
constexpr int kAutoThreads = 0;

// The threads an automatic engine uses at full strength: 1 unless a front
// end changes it (`asterism play`, `engine` and `serve` take every core, or
// --threads), so that libraries, tests and matches stay deterministic.
int default_search_threads();
void set_default_search_threads(int threads);
// The machine's cores (at least 1).
int hardware_threads();
// The most threads a search or a match may use: 1024, or 1 in a build that
// cannot start a thread (the WebAssembly build, docs/wasm.md), which then
// refuses more in one line rather than failing as the thread starts.
int max_threads();

struct EngineSettings {
    // Which search a game that has more than one should use; Default is the
    // game's own choice (alpha-beta for the chess-likes, MCTS for the rest).
    enum class Search { Default, Mcts, AlphaBeta };

    int level = kMaxLevel;
    // Search threads; kAutoThreads takes the process's choice
    // (default_search_threads()) at full strength, or when the settings
    // carry their own limits (an analysis, a timed search), and one thread
    // for the fixed budgets of the levels below, so that those stay
    // reproducible.
    int threads = kAutoThreads;
    std::uint64_t seed = 1;
    SearchLimits limits;     // overrides the level's own limits when non-zero
    bool plain_uct = false;  // baseline: no RAVE, no game knowledge
    Search search = Search::Default;
    int depth = 0;  // alpha-beta: deepest iteration (0 = the level's or the limits' choice)
    // The game knowledge the search uses: 1 (the default) the learned
    // priors and fitted evaluations of docs/learning.md, 0 the hand-made
    // knowledge they replaced, kept so that one binary can measure the two
    // against each other (player key knowledge=0).
    int knowledge = 1;
    // The pie rule's swap weighed by searches after it and after the best
    // other move (search/pie.h), in *Star and Asterisk; false leaves it to
    // the search, as before (player key pie=0, for the matches that
    // measured it).
    bool pie = true;
    // Count who owns each cell over the playouts (Analysis::ownership); MCTS
    // on games that report owners only, and it changes no move chosen.
    bool ownership = false;
    // MCTS parameters that replace the game's tuned values when set (for
    // tuning matches: `mcts:exploration=0.2,rave_k=1000,...`).
    struct MctsOverrides {
        std::optional<double> exploration, rave_k, prior_weight;
        std::optional<std::uint32_t> expand_visits, prior_visits;
        std::optional<std::size_t> max_nodes;
    } mcts;
};

using EngineMaker = std::function<std::unique_ptr<Agent>(const Game&, const EngineSettings&)>;

struct EngineRegistration {
    EngineRegistration(std::string game_id, EngineMaker maker);
};

// The strongest player there is for this game at this level: random at
// level 1, greedy at 2, and from level 3 the game's registered maker if it
// has one and it returns a player (a maker returns null for a variant it has
// no search for), otherwise flat Monte Carlo (greedy for one-player games,
// whose hidden draws flat Monte Carlo would see). Throws GameError for a
// level outside 1..kMaxLevel.
std::unique_ptr<Agent> make_engine(const Game& game, const EngineSettings& settings);

// Playouts per decision at a level (2..10) for the Monte Carlo players.
std::uint64_t playouts_for_level(int level);

// What one level (2..10) of an alpha-beta player searches: a node budget
// with iterations up to `min_depth` finished whatever the budget, or, with
// no budget, a fixed depth; with or without quiescence at the leaves.
struct AlphaBetaLevel {
    std::uint64_t nodes = 0;
    int depth = 0;
    int min_depth = 0;
    bool quiescence = true;
};
using AlphaBetaLevels = std::array<AlphaBetaLevel, kMaxLevel + 1>;  // by level; 0 and 1 unused

// The alpha-beta levels a game uses unless it brings its own.
const AlphaBetaLevels& default_alphabeta_levels();

// The default levels moved up by one, for a game where three million nodes
// gained nothing measurable over one million: level 2 looks one ply ahead
// without quiescence, so it does not see the capture its move allows;
// level 3 is the default level 2 (the one-ply search with quiescence), and
// levels 4 to 10 have the default budgets of levels 3 to 9, 1,000 to
// 1,000,000 nodes. Star Pool Chess and Shatra's Original form use them.
const AlphaBetaLevels& million_node_alphabeta_levels();

// Nodes per decision at a level of default_alphabeta_levels() (0 where the
// level has a fixed depth instead).
std::uint64_t nodes_for_level(int level);

// Whether a game has a registered search.
bool has_engine(const std::string& game_id);
// The game ids searches are registered under (a test checks each is a
// registered game, and that every game has one).
std::vector<std::string> engine_ids();

// Fixed-effort searches that `asterism bench` times and counts into its
// signature, registered by the games' binding files: a spec, a position
// (empty for the start) and the effort, a depth for alpha-beta or a number
// of playouts for MCTS. Both are deterministic with one thread.
struct SearchBench {
    std::string spec;
    std::string position;
    int depth = 1;  // or playouts, for kind "mcts"
    std::string kind = "alpha-beta";
};
struct SearchBenchRun {
    std::uint64_t nodes = 0;  // alpha-beta nodes or MCTS playouts: the rate's numerator
    double seconds = 0;
    int score = 0;  // centipawns for alpha-beta, win rate in tenths of a percent for MCTS
    std::string best;
    std::uint64_t digest = 0;  // what the bench signature adds
};
// `knowledge` is the evaluation an alpha-beta bench searches with (1, the
// default, the fitted one; 0 the hand-made one, whose trees are those of
// the project before the fit); the MCTS benches ignore it.
using SearchBenchRunner = std::function<SearchBenchRun(const Game&, int depth, int knowledge)>;

struct SearchBenchRegistration {
    SearchBenchRegistration(std::string game_id, std::vector<SearchBench> benches,
                            SearchBenchRunner run);
};

struct RegisteredSearchBench {
    std::string game_id;
    SearchBench bench;
    SearchBenchRunner run;
};
// Every registered search bench, by game id, in registration order within a game.
std::vector<RegisteredSearchBench> search_benches();

// The runner for MCTS benches: the game's own MCTS engine at full knowledge,
// one thread, seed 1, `playouts` playouts. Its count is a digest of the
// root's visit distribution, which any change of behaviour moves.
SearchBenchRun run_mcts_bench(const Game& game, int playouts, int knowledge);

}  // namespace asterism
