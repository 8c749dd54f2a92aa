// The pieces the subcommands of the asterism tool share. Each subcommand
// lives in its own cmd_<name>.cpp and offers one function that declares its
// options on the command-line parser and returns what runs it; main.cpp
// lists them and dispatches, nothing more.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"

namespace asterism::cli {

// Exit code of every bad input (an unknown game, a bad option or move...).
inline constexpr int kBadInput = 2;

// `asterism bench` without options: pinned, so that its `Bench: N` line is a
// signature of behaviour; the bench test (tests/cli/bench_test.sh) checks N
// against tests/data/bench_signature.txt.
inline constexpr std::uint64_t kBenchGames = 20000;
inline constexpr std::uint64_t kBenchSeed = 1;

// What a subcommand runs once the command line is parsed.
using Runner = std::function<int()>;
// Declares a subcommand's options on its parser and returns its runner.
using Setup = Runner (*)(CLI::App& command);

struct Subcommand {
    const char* name;
    const char* help;
    Setup setup;
};

// Parses the command line and runs the subcommand; the exit code. Bad input
// of any kind ends in a one-line "error: ..." on stderr and kBadInput.
int run_main(int argc, char** argv);

// In the order `asterism --help` lists them.
Runner setup_games(CLI::App& command);
Runner setup_state(CLI::App& command);
Runner setup_perft(CLI::App& command);
Runner setup_play(CLI::App& command);
Runner setup_replay(CLI::App& command);
Runner setup_review(CLI::App& command);
Runner setup_engine(CLI::App& command);
Runner setup_bench(CLI::App& command);
Runner setup_match(CLI::App& command);
Runner setup_selfplay(CLI::App& command);
Runner setup_puzzles(CLI::App& command);
Runner setup_train(CLI::App& command);
Runner setup_pgn(CLI::App& command);
Runner setup_serve(CLI::App& command);
Runner setup_admin(CLI::App& command);
Runner setup_backup(CLI::App& command);
Runner setup_check(CLI::App& command);

// ---- shared by several subcommands ------------------------------------------

std::vector<std::string> split_moves(const std::string& text);
// Creates the game, sets the position and replays the moves, naming the
// failing move and its number if one is bad.
std::unique_ptr<Game> setup_game(const std::string& spec, const std::string& position,
                                 const std::string& moves);
std::string player_label(const Game& g, Player p);
// Adds --threads to an interactive command (play, engine, serve): the
// threads of full-strength play and of analyses, every core unless given
// (search/engines.h, default_search_threads). The returned runner sets
// them, then runs `run`.
Runner with_search_threads(CLI::App& command, Runner run);

// ---- a server's database, read by the operator's tools (cmd_ops.cpp) ----

// The database file of the server's data folder `data` (asterism.db); an
// error naming the folder when there is none.
std::string database_in(const std::string& data);
// Runs `use` on a fresh copy of the database `source` in the temporary
// folder (SQLite's online backup: one consistent state, even of a database
// a server is writing), removed afterwards whatever `use` does: a tool that
// reads a live database this way changes nothing the server uses. `what`
// names the copy's file ("check", "puzzles").
void with_database_copy(const std::string& source, const std::string& what,
                        const std::function<void(const std::string&)>& use);

// The board and the facts of a position; `agreed`: the players agreed a
// draw (a record says so).
// `result`, when not empty, replaces the rules' result (a record's
// resignation or agreed draw on a game the rules have not ended).
void print_state(const Game& g, const std::string& result = {});

}  // namespace asterism::cli
