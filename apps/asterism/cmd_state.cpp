// `asterism state`: a position after a sequence of moves.
#include <iostream>

#include "cli.h"

namespace asterism::cli {

namespace {

nlohmann::json state_json(const Game& g) {
    return {{"game", g.spec()},
            {"position", g.position()},
            {"to_move", player_label(g, g.to_move())},
            {"legal", g.legal_moves()},
            {"terminal", g.terminal()},
            {"result", g.result()},
            {"score", g.score()},
            {"history", g.history()},
            {"hash", g.hash()}};
}

int cmd_state(const std::string& spec, const std::string& position, const std::string& moves,
              bool json) {
    auto g = setup_game(spec, position, moves);
    if (json) {
        std::cout << state_json(*g).dump() << "\n";
        return 0;
    }
    print_state(*g);
    return 0;
}

}  // namespace

Runner setup_state(CLI::App& command) {
    struct Args {
        std::string spec, position, moves;
        bool json = false;
    };
    auto a = std::make_shared<Args>();
    command.add_option("game", a->spec, "Game spec, e.g. starstar:size=8")->required();
    command.add_option("--position", a->position, "Start from this position string");
    command.add_option("--moves", a->moves, "Moves to play, separated by spaces");
    command.add_flag("--json", a->json, "Print one JSON object");
    return [a] { return cmd_state(a->spec, a->position, a->moves, a->json); };
}

}  // namespace asterism::cli
