// `asterism bench`: the deterministic benchmark and its signature.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "cli.h"
#include "core/registry.h"
#include "search/engines.h"

namespace asterism::cli {

namespace {

// Random playouts of every registered game and benched variant; returns the
// number of moves played, its part of the signature.
std::uint64_t bench_playouts(std::uint64_t games, std::uint64_t seed) {
    std::uint64_t signature = 0;
    std::printf("%-44s %10s %12s %14s %10s\n", "game", "games", "games/s", "moves/s", "check");
    for (const GameInfo* info : Registry::instance().all()) {
        std::vector<std::string> specs = info->bench_specs;
        if (specs.empty()) specs.push_back(info->id);
        for (const auto& spec : specs) {
            auto g = Registry::instance().create(spec);
            Rng rng(seed);
            const PlayoutStats st = g->random_playouts(rng, games, 1e9);
            signature += st.moves;
            std::printf("%-44s %10llu %12.0f %14.0f %10llu\n", g->spec().c_str(),
                        static_cast<unsigned long long>(st.games),
                        static_cast<double>(st.games) / st.seconds,
                        static_cast<double>(st.moves) / st.seconds,
                        static_cast<unsigned long long>(st.checksum % 100000));
        }
    }
    return signature;
}

// Perft of the positions each game lists; returns the nodes counted.
std::uint64_t bench_perft() {
    std::uint64_t signature = 0;
    bool header = false;
    for (const GameInfo* info : Registry::instance().all()) {
        for (const auto& pb : info->bench_perft) {
            if (!header)
                std::printf("\n%-44s %6s %14s %14s\n", "perft", "depth", "nodes", "nodes/s");
            header = true;
            auto g = Registry::instance().create(pb.spec);
            if (!pb.position.empty()) g->set_position(pb.position);
            const auto start = std::chrono::steady_clock::now();
            const std::uint64_t nodes = g->perft(pb.depth, false, nullptr);
            const double secs =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            signature += nodes;
            const std::string label =
                g->spec() + (pb.position.empty() ? " start" : " " + pb.position.substr(0, 20));
            std::printf("%-44s %6d %14llu %14.0f\n", label.c_str(), pb.depth,
                        static_cast<unsigned long long>(nodes), static_cast<double>(nodes) / secs);
        }
    }
    return signature;
}

// Fixed-effort searches: alpha-beta to a depth, MCTS for a number of
// playouts; deterministic with one thread, so they join the signature.
std::uint64_t bench_searches() {
    std::uint64_t signature = 0;
    bool header = false;
    for (const auto& sb : search_benches()) {
        if (!header)
            std::printf("\n%-38s %-10s %8s %12s %12s %8s %s\n", "search", "kind", "effort", "nodes",
                        "nodes/s", "score", "best");
        header = true;
        auto g = Registry::instance().create(sb.bench.spec);
        if (!sb.bench.position.empty()) g->set_position(sb.bench.position);
        const SearchBenchRun run = sb.run(*g, sb.bench.depth);
        signature += run.digest;
        const std::string label =
            sb.bench.spec +
            (sb.bench.position.empty() ? " start" : " " + sb.bench.position.substr(0, 16));
        const std::string effort =
            std::to_string(sb.bench.depth) + (sb.bench.kind == "mcts" ? " po" : " ply");
        std::printf("%-38s %-10s %8s %12llu %12.0f %8d %s\n", label.c_str(), sb.bench.kind.c_str(),
                    effort.c_str(), static_cast<unsigned long long>(run.nodes),
                    static_cast<double>(run.nodes) / std::max(run.seconds, 1e-9), run.score,
                    run.best.c_str());
    }
    return signature;
}

int cmd_bench(std::uint64_t games, std::uint64_t seed) {
    const std::uint64_t signature = bench_playouts(games, seed) + bench_perft() + bench_searches();
    std::printf("Bench: %llu\n", static_cast<unsigned long long>(signature));
    return 0;
}

}  // namespace

Runner setup_bench(CLI::App& command) {
    struct Args {
        std::uint64_t games = kBenchGames;
        std::uint64_t seed = kBenchSeed;
    };
    auto a = std::make_shared<Args>();
    command.add_option("--games", a->games, "Random games per game and size")
        ->capture_default_str();
    command.add_option("--seed", a->seed, "Seed")->capture_default_str();
    return [a] { return cmd_bench(a->games, a->seed); };
}

}  // namespace asterism::cli
