// `asterism replay`: checks a game record and replays it.
#include <iostream>

#include "cli.h"
#include "record/record.h"

namespace asterism::cli {

namespace {

int cmd_replay(const std::string& path) {
    const LoadedGame loaded = load_record_file(path);
    for (const auto& t : loaded.record.tags) std::cout << t.key << ": " << t.value << "\n";
    std::cout << "moves:    " << loaded.record.moves.size() << "\n";
    print_state(*loaded.game, drawn_by_agreement(loaded.record));
    return 0;
}

}  // namespace

Runner setup_replay(CLI::App& command) {
    auto path = std::make_shared<std::string>();
    command.add_option("file", *path, "Record file (docs/records.md)")->required();
    return [path] { return cmd_replay(*path); };
}

}  // namespace asterism::cli
