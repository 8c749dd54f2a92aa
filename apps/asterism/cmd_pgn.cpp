// `asterism pgn export RECORD... [-o FILE]` writes records as one PGN file;
// `asterism pgn import FILE [--out DIR]` writes one record per PGN game.
// Both check every game by replaying it before anything is written, so a
// bad game leaves no partial output behind.
#include "cli.h"

#include <filesystem>
#include <iostream>

#include "core/game.h"
#include "record/file_io.h"
#include "record/pgn.h"
#include "record/record.h"

namespace asterism::cli {

namespace {

// What `asterism pgn export|import` was asked to do.
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

int cmd_export(const PgnArgs& args) {
    std::string text;
    for (const auto& path : args.records) {
        const LoadedGame loaded = load_record_file(path);
        try {
            text += format_pgn_game(loaded.record);
        } catch (const RecordError&) {
            throw;
        } catch (const GameError& e) {
            throw GameError(path + ": " + e.what());
        }
        if (&path != &args.records.back()) text += "\n";
    }
    if (args.output.empty())
        std::cout << text;
    else
        write_file_atomically(args.output, text);
    return 0;
}

// "DIR/STEM-N.rec", N zero-padded to the width of the number of games.
std::string record_name(const PgnArgs& args, std::size_t index, std::size_t count) {
    std::string n = std::to_string(index + 1);
    n.insert(0, std::to_string(count).size() - n.size(), '0');
    const std::string stem = std::filesystem::path(args.pgn_file).stem().string();
    return (std::filesystem::path(args.out_dir) / (stem + "-" + n + ".rec")).string();
}

int cmd_import(const PgnArgs& args) {
    PgnReadOptions options;
    if (!args.game.empty()) options.default_game = args.game;
    const std::vector<LoadedGame> games = load_pgn_file(args.pgn_file, options);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < games.size(); ++i) {
        names.push_back(record_name(args, i, games.size()));
        if (!args.check && !args.force && std::filesystem::exists(names.back()))
            throw GameError(names.back() + " exists; --force replaces it");
    }
    for (std::size_t i = 0; i < games.size(); ++i) {
        const LoadedGame& g = games[i];
        if (!args.check) save_record_file(names[i], g.record);
        std::cout << (args.check ? "game " + std::to_string(i + 1) : "wrote " + names[i]) << ": "
                  << g.game->spec() << ", " << g.record.moves.size() << " moves, "
                  << g.record.tag_value(tag::kResult) << "\n";
    }
    return 0;
}

}  // namespace

Runner setup_pgn(CLI::App& pgn) {
    auto args = std::make_shared<PgnArgs>();
    pgn.require_subcommand(1);
    args->export_cmd = pgn.add_subcommand("export", "Write game records as one PGN file");
    args->export_cmd->add_option("records", args->records, "Record files (docs/records.md)")
        ->required();
    args->export_cmd->add_option("-o,--output", args->output,
                                 "PGN file to write (default: stdout)");
    args->import_cmd = pgn.add_subcommand("import", "Write one game record per game of a PGN file");
    args->import_cmd->add_option("file", args->pgn_file, "PGN file")->required();
    args->import_cmd->add_option("--out", args->out_dir, "Folder for the records")
        ->capture_default_str();
    args->import_cmd->add_option(
        "--game", args->game,
        "Game spec for games with no Variant or GameSpec tag (default: Shatrabase's Shatra)");
    args->import_cmd->add_flag("--check", args->check, "Replay every game, write nothing");
    args->import_cmd->add_flag("--force", args->force, "Replace records that exist");
    return [args] { return *args->export_cmd ? cmd_export(*args) : cmd_import(*args); };
}

}  // namespace asterism::cli
