// `asterism perft`: leaf counts of the move tree.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli.h"

namespace asterism::cli {

namespace {

int cmd_perft(const std::string& spec, int depth, const std::string& position,
              const std::string& moves, bool divide) {
    if (depth < 0) throw GameError("perft depth must be 0 or more");
    auto g = setup_game(spec, position, moves);
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::pair<std::string, std::uint64_t>> parts;
    const std::uint64_t nodes = g->perft(depth, divide, &parts);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& [m, n] : parts) std::cout << m << ": " << n << "\n";
    std::fprintf(stderr, "perft %d: %.3f s, %.0f nodes/s\n", depth, secs,
                 secs > 0 ? static_cast<double>(nodes) / secs : 0.0);
    std::cout << "nodes: " << nodes << "\n";
    return 0;
}

}  // namespace

Runner setup_perft(CLI::App& command) {
    struct Args {
        std::string spec, position, moves;
        int depth = 0;
        bool divide = false;
    };
    auto a = std::make_shared<Args>();
    command.add_option("game", a->spec, "Game spec")->required();
    command.add_option("depth", a->depth, "Depth in plies")->required();
    command.add_option("--position", a->position, "Start from this position string");
    command.add_option("--moves", a->moves, "Moves to play first");
    command.add_flag("--divide", a->divide, "Print the count below each first move");
    return [a] { return cmd_perft(a->spec, a->depth, a->position, a->moves, a->divide); };
}

}  // namespace asterism::cli
