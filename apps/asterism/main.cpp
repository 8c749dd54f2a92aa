// The asterism command-line tool: one binary, many subcommands (DESIGN.md
// habit 9), each in its own cmd_<name>.cpp. This file only lists them and
// dispatches; main() is in main_plain.cpp, or main_mpi.cpp for asterism-mpi. Every subcommand talks
// to games through the type-erased face and the registry, so it knows no game by name. Bad input of
// any kind ends in a one-line "error: ..." on stderr and exit code 2.
#include <iostream>
#include <memory>
#include <vector>

#include "cli.h"
#include "core/types.h"

namespace asterism::cli {
namespace {

const Subcommand kSubcommands[] = {
    {"games", "List every game and its options", setup_games},
    {"state", "Print a position after a sequence of moves", setup_state},
    {"perft", "Count the leaf nodes of the move tree", setup_perft},
    {"play", "Play in the terminal", setup_play},
    {"replay", "Check a game record and replay it", setup_replay},
    {"review", "Analyse every move of a recorded game and mark the mistakes", setup_review},
    {"engine", "Text engine protocol (GTP family) on stdin and stdout (docs/protocol.md)",
     setup_engine},
    {"bench", "Deterministic speed benchmark", setup_bench},
    {"match", "Play two players against each other", setup_match},
    {"selfplay", "Self-play games: records and a training file (docs/learning.md)", setup_selfplay},
    {"puzzles", "Puzzles proven by the solver, from self-play or records (docs/learn.md)",
     setup_puzzles},
    {"train", "Fit learned knowledge to self-play training files (docs/learning.md)", setup_train},
    {"pgn", "Convert records to PGN and back, for Shatra and Star Pool Chess", setup_pgn},
    {"serve", "The browser interface: a local web server", setup_serve},
    {"admin", "The operator's tools for a server's data folder: moderators, suspensions",
     setup_admin},
    {"backup", "A consistent copy of a server's database, made while it runs", setup_backup},
    {"check", "Verify a server's database (or a backup): SQLite's checks and every game replayed",
     setup_check},
};

int run(int argc, char** argv) {
    CLI::App app{
        "asterism: engine and playing system for *Star, Asterisk, Shatra and "
        "Star Pool Chess"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "asterism " ASTERISM_VERSION);
    std::vector<std::pair<CLI::App*, Runner>> runners;
    for (const Subcommand& s : kSubcommands) {
        CLI::App* command = app.add_subcommand(s.name, s.help);
        runners.emplace_back(command, s.setup(*command));
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        std::string what = e.what();
        if (what.empty()) what = "bad command line";
        std::cerr << "error: " << what << " (try --help)\n";
        return kBadInput;
    }
    for (const auto& [command, runner] : runners)
        if (command->parsed()) return runner();
    return kBadInput;
}

}  // namespace

int run_main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const GameError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace asterism::cli
