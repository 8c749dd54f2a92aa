#include "search/engines.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

#include "core/errors.h"

namespace asterism {
namespace {

std::map<std::string, EngineMaker>& makers() {
    static std::map<std::string, EngineMaker> m;
    return m;
}

std::map<std::string, std::vector<RegisteredSearchBench>>& benches() {
    static std::map<std::string, std::vector<RegisteredSearchBench>> m;
    return m;
}

}  // namespace

SearchBenchRegistration::SearchBenchRegistration(std::string id, std::vector<SearchBench> list,
                                                 SearchBenchRunner run) {
    for (auto& b : list) benches()[id].push_back({id, std::move(b), run});
}

std::vector<RegisteredSearchBench> search_benches() {
    std::vector<RegisteredSearchBench> out;
    for (const auto& [id, list] : benches()) out.insert(out.end(), list.begin(), list.end());
    return out;
}

SearchBenchRun run_mcts_bench(const Game& game, int playouts, int /*knowledge*/) {
    EngineSettings settings;
    settings.search = EngineSettings::Search::Mcts;
    settings.limits.playouts = static_cast<std::uint64_t>(playouts);
    auto agent = make_engine(game, settings);
    Rng rng(1);
    const Analysis a = agent->analyze(game, rng, settings.limits, nullptr);
    SearchBenchRun run;
    run.seconds = a.seconds;
    run.nodes = a.playouts;
    for (std::size_t i = 0; i < a.candidates.size(); ++i)
        run.digest += a.candidates[i].visits * (i + 1);
    if (!a.candidates.empty()) {
        run.best = a.candidates.front().move;
        run.score = static_cast<int>(1000 * a.candidates.front().winrate);
    }
    return run;
}

EngineRegistration::EngineRegistration(std::string id, EngineMaker maker) {
    makers()[std::move(id)] = std::move(maker);
}

bool has_engine(const std::string& id) {
    return makers().count(id) > 0;
}

std::vector<std::string> engine_ids() {
    std::vector<std::string> ids;
    for (const auto& [id, maker] : makers()) ids.push_back(id);
    return ids;
}

// Playouts per decision at each level from 2 up: 16 at level 2, then a
// factor of three per level from 50 (level 3) to about a hundred thousand
// (level 10).
std::uint64_t playouts_for_level(int level) {
    if (level <= 2) return 16;
    std::uint64_t p = 50;
    for (int l = 3; l < level; ++l) p *= 3;
    return p;
}

// Level 2 looks one ply ahead (with quiescence); greedy play, which only
// takes a win at once, is no better than random in Shatra, where captures
// are compulsory anyway (15-15 in 30 games). From level 3 a node budget,
// about three times more per level: level 3 is about a two-ply search,
// level 10 three million nodes (a few seconds a move at about a million
// nodes per second), and every level from 3 finishes two plies whatever
// its budget. Node budgets rather than time keep a level's play
// reproducible. A 300-node level 3 was no stronger than level 2's one ply
// (Shatra 11-2-7, Star Pool 10-5-5 in 20 games), while a two-ply search
// beat level 2 by 35-1-4 and 35-4-1 in 40 and was level with 1,000 nodes.
const AlphaBetaLevels& default_alphabeta_levels() {
    static const AlphaBetaLevels levels = [] {
        AlphaBetaLevels l{};
        l[2] = {0, 1, 0, true};
        const std::uint64_t nodes[] = {1'000,   3'000,   10'000,    30'000,
                                       100'000, 300'000, 1'000'000, 3'000'000};
        for (int level = 3; level <= kMaxLevel; ++level) l[level] = {nodes[level - 3], 0, 2, true};
        return l;
    }();
    return levels;
}

const AlphaBetaLevels& million_node_alphabeta_levels() {
    static const AlphaBetaLevels levels = [] {
        AlphaBetaLevels l{};
        l[2] = {0, 1, 0, false};
        for (int level = 3; level <= kMaxLevel; ++level)
            l[level] = default_alphabeta_levels()[level - 1];
        return l;
    }();
    return levels;
}

std::uint64_t nodes_for_level(int level) {
    return default_alphabeta_levels()[std::clamp(level, 2, kMaxLevel)].nodes;
}

namespace {
std::atomic<int> g_search_threads{1};
}  // namespace

int default_search_threads() {
    return g_search_threads.load();
}

void set_default_search_threads(int threads) {
    g_search_threads = std::max(1, threads);
}

// The WebAssembly build has no threads (docs/wasm.md): there a second
// thread cannot start, whatever the machine has.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
int hardware_threads() {
    return 1;
}
int max_threads() {
    return 1;
}
#else
int hardware_threads() {
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}
int max_threads() {
    return 1024;
}
#endif

std::unique_ptr<Agent> make_engine(const Game& game, const EngineSettings& requested) {
    EngineSettings settings = requested;
    if (settings.threads == kAutoThreads) {
        const bool own_limits = settings.limits.playouts || settings.limits.seconds > 0;
        settings.threads = settings.level == kMaxLevel || own_limits ? default_search_threads() : 1;
    }
    if (settings.threads < 1) throw error("engine.threads");
    if (settings.level < 1 || settings.level > kMaxLevel)
        throw error("engine.level", {{"max", kMaxLevel}, {"level", settings.level}});
    if (settings.level == 1) return make_random_agent();
    // From level 2 the game's own maker comes first (level 2 is its search
    // at the smallest budget, or greedy where that is the better first
    // step); it may decline (return null) for a variant it has no search
    // for, e.g. after reading the game's options.
    auto it = makers().find(game.id());
    if (it != makers().end())
        if (auto agent = it->second(game, settings)) return agent;
    if (settings.level == 2 || game.num_players() != 2) return make_greedy_agent();
    const std::uint64_t moves = std::max<std::size_t>(1, game.legal_moves().size());
    return make_flat_monte_carlo(
        std::max<std::uint64_t>(1, playouts_for_level(settings.level) / moves));
}

}  // namespace asterism
