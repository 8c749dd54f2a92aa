// Google Benchmark program: random playouts from the start position for every
// registered game and each of its benchmark specs. One benchmark iteration
// is one complete random game; items/s is games/s. Run on one core, e.g.
//   build/release/bench/asterism_gbench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "core/registry.h"

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

}  // namespace

int main(int argc, char** argv) {
    for (const auto* info : asterism::Registry::instance().all()) {
        auto specs = info->bench_specs;
        if (specs.empty()) specs.push_back(info->id);
        for (const auto& spec : specs)
            benchmark::RegisterBenchmark(("playout/" + spec).c_str(), playouts, spec);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
