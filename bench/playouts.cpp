// Google Benchmark program: random playouts from the start position for every
// registered game and each of its benchmark specs (one iteration is one
// complete random game; items/s is games/s), the fixed-depth alpha-beta
// searches that `asterism bench` times (one iteration is one search from a
// fresh table; items/s is nodes/s), and an MCTS search for every game with
// a registered two-player search (mcts/<game>: one iteration is a search of
// 2,000 playouts; see the playouts/s counter). Run on one core, e.g.
//   build/release/bench/asterism_gbench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "search/engines.h"

namespace {

void playouts(benchmark::State& st, std::string spec) {
    auto game = asterism::Registry::instance().create(spec);
    asterism::Rng rng(1);
    std::uint64_t moves = 0;
    for (auto _ : st) {
        const auto stats = game->random_playouts(rng, 1, 1e9);
        moves += stats.moves;
        benchmark::DoNotOptimize(stats.checksum);
    }
    st.SetItemsProcessed(st.iterations());
    st.counters["moves/s"] =
        benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

// One MCTS search of 2,000 playouts from the start position with the game's
// registered engine (full strength: its knowledge on, one thread); the
// playouts/s counter is the search speed, tree included.
void mcts_search(benchmark::State& st, std::string spec) {
    auto game = asterism::Registry::instance().create(spec);
    asterism::EngineSettings settings;
    settings.search = asterism::EngineSettings::Search::Mcts;
    settings.limits.playouts = 2000;
    asterism::Rng rng(1);
    std::uint64_t playouts = 0;
    for (auto _ : st) {
        auto agent = asterism::make_engine(*game, settings);
        const auto a = agent->analyze(*game, rng, settings.limits, nullptr);
        playouts += a.playouts;
        benchmark::DoNotOptimize(a.candidates.data());
    }
    st.counters["playouts/s"] =
        benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kIsRate);
}

void alphabeta(benchmark::State& st, asterism::RegisteredSearchBench sb) {
    auto game = asterism::Registry::instance().create(sb.bench.spec);
    if (!sb.bench.position.empty()) game->set_position(sb.bench.position);
    std::uint64_t nodes = 0;
    for (auto _ : st) {
        const auto run = sb.run(*game, sb.bench.depth, 1);  // the fitted evaluation
        nodes += run.nodes;
        benchmark::DoNotOptimize(run.score);
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(nodes));
}

}  // namespace

int main(int argc, char** argv) {
    for (const auto* info : asterism::Registry::instance().all()) {
        auto specs = info->bench_specs;
        if (specs.empty()) specs.push_back(info->id);
        for (const auto& spec : specs)
            benchmark::RegisterBenchmark(("playout/" + spec).c_str(), playouts, spec);
    }
    for (const auto& sb : asterism::search_benches()) {
        const std::string where = sb.bench.position.empty() ? "start" : sb.bench.position;
        benchmark::RegisterBenchmark(("alphabeta/" + sb.bench.spec + "/" + where +
                                      "/depth:" + std::to_string(sb.bench.depth))
                                         .c_str(),
                                     alphabeta, sb)
            ->Unit(benchmark::kMillisecond);
    }
    // MCTS: each game's default spec, where it has a two-player search.
    for (const auto* info : asterism::Registry::instance().all())
        if (asterism::has_engine(info->id) &&
            asterism::Registry::instance().create(info->id)->num_players() == 2)
            benchmark::RegisterBenchmark(("mcts/" + info->id).c_str(), mcts_search, info->id)
                ->Unit(benchmark::kMillisecond);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
