// `asterism bench`: the deterministic benchmark and its signature.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "cli.h"
#include "core/registry.h"
#include "search/engines.h"
#include "search/players.h"

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
// `knowledge` picks the alpha-beta searches' evaluation (SearchBenchRunner).
std::uint64_t bench_searches(int knowledge) {
    std::uint64_t signature = 0;
    bool header = false;
    for (const auto& sb : search_benches()) {
        if (!header)
            std::printf("\n%-38s %-10s %8s %12s %12s %8s %s\n", "search", "kind", "effort", "nodes",
                        "nodes/s", "score", "best");
        header = true;
        auto g = Registry::instance().create(sb.bench.spec);
        if (!sb.bench.position.empty()) g->set_position(sb.bench.position);
        const SearchBenchRun run = sb.run(*g, sb.bench.depth, knowledge);
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

// Search speed with one thread and with `threads`: *Star 8 rings (MCTS,
// playouts) and Shatra (alpha-beta, nodes), each at a fixed budget that
// counts all threads together. Timing decides which thread does what, so
// these runs stay out of the signature.
void bench_threads(int threads) {
    struct Run {
        const char* spec;
        const char* player;  // without threads=
        const char* unit;
    };
    const Run runs[] = {{"starstar:size=8", "mcts:playouts=100000", "playouts"},
                        {"shatra", "ab:nodes=2000000", "nodes"}};
    std::printf("\n%-38s %-24s %8s %12s %12s %s\n", "threads", "player", "threads", "count",
                "per second", "scaling");
    for (const Run& run : runs) {
        auto g = Registry::instance().create(run.spec);
        double one = 0;
        for (int t : {1, threads}) {
            const std::string player = std::string(run.player) + ",threads=" + std::to_string(t);
            auto agent = make_player(player, *g, 1);
            Rng rng(1);
            const Analysis a = agent->analyze(*g, rng, {}, nullptr);
            const double rate = static_cast<double>(a.playouts) / std::max(a.seconds, 1e-9);
            if (t == 1) one = rate;
            std::printf("%-38s %-24s %8d %12llu %12.0f %s x%.2f\n", run.spec, run.player, t,
                        static_cast<unsigned long long>(a.playouts), rate, run.unit, rate / one);
            if (threads == 1) break;
        }
    }
}

int cmd_bench(std::uint64_t games, std::uint64_t seed, int threads, int knowledge) {
    const std::uint64_t signature =
        bench_playouts(games, seed) + bench_perft() + bench_searches(knowledge);
    if (threads > 0) bench_threads(threads);
    std::printf("Bench: %llu\n", static_cast<unsigned long long>(signature));
    return 0;
}

}  // namespace

Runner setup_bench(CLI::App& command) {
    struct Args {
        std::uint64_t games = kBenchGames;
        std::uint64_t seed = kBenchSeed;
        int threads = hardware_threads();
        int knowledge = 1;
    };
    auto a = std::make_shared<Args>();
    command.add_option("--games", a->games, "Random games per game and size")
        ->capture_default_str();
    command.add_option("--seed", a->seed, "Seed")->capture_default_str();
    command
        .add_option("--threads", a->threads,
                    "Threads of the scaling runs after the signature's (0: none; default: every "
                    "core)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1024));
    // The hand-made evaluation searches the same trees as the project did
    // before its weights were fitted, so speed can be compared node for node
    // with an older binary; the signature then differs from the recorded one.
    command
        .add_option("--knowledge", a->knowledge,
                    "Evaluation of the alpha-beta searches: 1 fitted, 0 by hand (the trees of "
                    "before the fit; another signature)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1));
    return [a] {
        if (a->threads > max_threads())
            throw GameError("--threads must be from 0 to " + std::to_string(max_threads()));
        return cmd_bench(a->games, a->seed, a->threads, a->knowledge);
    };
}

}  // namespace asterism::cli
