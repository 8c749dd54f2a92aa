// `asterism pgn export|import`: converting between asterism's records and
// PGN files (src/record/pgn.h, docs/records.md). main.cpp registers the
// subcommand with add_pgn_subcommand and runs it with cmd_pgn.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace asterism {

struct PgnArgs {
    CLI::App* export_cmd = nullptr;
    CLI::App* import_cmd = nullptr;
    std::vector<std::string> records;  // export: the record files
    std::string output;                // export: the PGN file; empty for stdout
    std::string pgn_file;              // import: the PGN file
    std::string out_dir = ".";         // import: where the records go
    std::string game;                  // import: the game of games that name none
    bool check = false;                // import: replay only, write nothing
    bool force = false;                // import: replace existing records
};

CLI::App* add_pgn_subcommand(CLI::App& app, PgnArgs& args);
int cmd_pgn(const PgnArgs& args);

}  // namespace asterism
