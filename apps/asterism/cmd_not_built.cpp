// The subcommands the WebAssembly build of the tool leaves out (the
// server's, the terminal's, the engine protocol's and learning's: they need
// sockets, SQLite, threads or a terminal, which the engine in the browser
// has no use for; docs/wasm.md). Each keeps its name, so that
// `asterism --help` lists the same commands in both homes, and asked for, it
// says in one line that it is not in this build, with the bad-input exit
// code, whatever options follow.
#include <iostream>
#include <string>

#include "cli.h"

namespace asterism::cli {

namespace {

Runner not_in_this_build(CLI::App& command) {
    command.allow_extras();
    command.prefix_command();
    const std::string name = command.get_name();
    return [name] {
        std::cerr << "error: '" << name
                  << "' is not in this build (the WebAssembly build has the engine's "
                     "commands only: games, state, perft, bench, match, replay, pgn)\n";
        return kBadInput;
    };
}

}  // namespace

Runner setup_play(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_review(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_engine(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_selfplay(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_puzzles(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_train(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_serve(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_admin(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_backup(CLI::App& command) {
    return not_in_this_build(command);
}
Runner setup_check(CLI::App& command) {
    return not_in_this_build(command);
}

}  // namespace asterism::cli
