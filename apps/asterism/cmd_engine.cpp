// `asterism engine`: the text engine protocol on stdin and stdout.
#include <iostream>

#include "cli.h"
#include "protocol/engine.h"

namespace asterism::cli {

Runner setup_engine(CLI::App& command) {
    auto options = std::make_shared<EngineOptions>();
    options->game = "starstar";
    command.add_option("game", options->game, "Game spec to start with")->capture_default_str();
    command.add_option("--level", options->level, "Strength 1..10")->capture_default_str();
    command.add_option("--seed", options->seed, "Seed for the engine's moves")
        ->capture_default_str();
    return with_search_threads(command, [options] {
        Engine engine(std::cin, std::cout, *options);
        engine.run();
        return 0;
    });
}

}  // namespace asterism::cli
