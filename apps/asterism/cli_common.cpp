// Helpers several subcommands share (cli.h).
#include <iostream>
#include <sstream>

#include "cli.h"
#include "core/registry.h"
#include "search/engines.h"

namespace asterism::cli {

Runner with_search_threads(CLI::App& command, Runner run) {
    auto threads = std::make_shared<int>(hardware_threads());
    command
        .add_option("--threads", *threads,
                    "Search threads at level 10 and for analyses (default: every core)")
        ->capture_default_str()
        ->check(CLI::Range(1, 1024));
    return [threads, run] {
        set_default_search_threads(*threads);
        return run();
    };
}

std::vector<std::string> split_moves(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string m; in >> m;) out.push_back(m);
    return out;
}

// Creates the game, sets the position and replays the moves, naming the
// failing move and its number if one is bad.
std::unique_ptr<Game> setup_game(const std::string& spec, const std::string& position,
                                 const std::string& moves) {
    auto game = Registry::instance().create(spec);
    if (!position.empty()) game->set_position(position);
    int number = 0;
    for (const auto& m : split_moves(moves)) {
        ++number;
        try {
            game->play(m);
        } catch (const GameError& e) {
            throw GameError("move " + std::to_string(number) + " '" + m + "': " + e.what());
        }
    }
    return game;
}

std::string player_label(const Game& g, Player p) {
    return p == Player::None ? "none" : g.player_name(p);
}

void print_state(const Game& g, const std::string& result) {
    std::cout << g.render() << "game:     " << g.spec() << "\n"
              << "position: " << g.position() << "\n"
              << "to move:  " << player_label(g, g.to_move()) << "\n"
              << "result:   " << (result.empty() ? g.result() : result) << "\n"
              << "legal:    " << g.legal_moves().size() << " moves\n";
}

}  // namespace asterism::cli
