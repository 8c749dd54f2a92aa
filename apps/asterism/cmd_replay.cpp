// `asterism replay`: checks a game record and replays it.
#include <iostream>

#include "cli.h"
#include "record/record.h"

namespace asterism::cli {

namespace {

// The record's own result where the rules have not ended the game: a
// resignation or a draw by agreement, with the record's Termination.
std::string recorded_result(const LoadedGame& loaded) {
    if (drawn_by_agreement(loaded.record)) return "1/2-1/2 (draw by agreement)";
    const std::string result = loaded.record.tag_value("Result");
    if (loaded.game->result() != "*" || result.empty() || result == "*") return {};
    const std::string why = loaded.record.tag_value("Termination");
    return result + " (" + (why.empty() ? "as recorded; not over by the rules" : why) + ")";
}

int cmd_replay(const std::string& path) {
    const LoadedGame loaded = load_record_file(path);
    for (const auto& t : loaded.record.tags) std::cout << t.key << ": " << t.value << "\n";
    std::cout << "moves:    " << loaded.record.moves.size() << "\n";
    print_state(*loaded.game, recorded_result(loaded));
    return 0;
}

}  // namespace

Runner setup_replay(CLI::App& command) {
    auto path = std::make_shared<std::string>();
    command.add_option("file", *path, "Record file (docs/records.md)")->required();
    return [path] { return cmd_replay(*path); };
}

}  // namespace asterism::cli
