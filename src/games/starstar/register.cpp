// Registers *Star with the game registry: the option list, the factory and
// what `asterism bench` measures.
#include <memory>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/starstar/errors.h"
#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

const GameRegistration kRegistration{GameInfo{
    .id = "starstar",
    .title = "*Star",
    .summary = "Ea Ea's connection game on a five-sided ring board: build stars that own the "
               "perimeter",
    .options = option_specs(),
    .make = [](const Options& options) -> std::unique_ptr<Game> {
        const GameInfo& info = *Registry::instance().find("starstar");
        return std::make_unique<StateGame<State>>(canonical_spec(info, options),
                                                  State(rules_from_options(options)));
    },
    .bench_specs = {"starstar:size=6", "starstar:size=8", "starstar:size=10"},
}};

// The messages of this game, for the English line of a reason and the
// catalogue the pages translate (core/errors.h).
const ErrorRowsRegistration kErrors{kErrorRows};

}  // namespace
}  // namespace asterism::starstar
