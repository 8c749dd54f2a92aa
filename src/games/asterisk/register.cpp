// Registers Asterisk with the game registry: the option list, the factory
// (Solitaire gets its one-player face) and what `asterism bench` measures.
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/asterisk/asterisk.h"
#include "games/asterisk/errors.h"

namespace asterism::asterisk {
namespace {

std::vector<std::string> bench_specs() {
    std::vector<std::string> out;
    for (const char* mode : {"standard", "inverted", "solitaire"})
        for (int n : kSizes) out.push_back("asterisk:size=" + std::to_string(n) + ",mode=" + mode);
    return out;
}

const GameRegistration kRegistration(GameInfo{
    "asterisk", "Asterisk",
    "Vander Laan's Y variant with shared pieces of three attributes; two of three goals win",
    option_specs(),
    [](const Options& options) -> std::unique_ptr<Game> {
        const Rules rules = rules_from_options(options);
        const std::string spec = canonical_spec(*Registry::instance().find("asterisk"), options);
        if (rules.mode == Mode::Solitaire)
            return std::make_unique<StateGame<SolitaireState>>(spec, SolitaireState(rules));
        return std::make_unique<StateGame<State>>(spec, State(rules));
    },
    bench_specs()});

// The messages of this game, for the English line of a reason and the
// catalogue the pages translate (core/errors.h).
const ErrorRowsRegistration kErrors{kErrorRows};

}  // namespace

}  // namespace asterism::asterisk
