// Registers Star Pool Chess with the game registry: the option list, the
// factory, what `asterism bench` measures and how PGN writes it.
#include <memory>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/starpool/errors.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

const GameRegistration kRegistration(GameInfo{
    "starpool",
    "Star Pool Chess",
    "Makruk-like chess on a 9x9 board around the Star Pool, with four corner citadels",
    option_specs(),
    [](const Options& o) {
        return std::make_unique<StateGame<State>>(
            canonical_spec(*Registry::instance().find("starpool"), o),
            State(rules_from_options(o)));
    },
    {"starpool"},
    // The start, and a middle game from a seeded random game with eight
    // captures for White, men in three citadels and a black Elephant on g1.
    {{"starpool", "", 5},
     {"starpool", "1N1lkl3/r7r/1p1ppp1pp/p3e4/P3*1p1w/2P4W1/EP1PPP1PP/5R3/W2LKLeN1 [R-nw] w - 2 19",
      5}},
    // PGN reserves '<' and '>', so the Wizard's swap w1<>a1 is w1=a1 there
    // ('=' is free: promotions are not written).
    PgnNotation{"Star Pool Chess", "<>", "="},
    // The review's stretch of alpha-beta's win rate, fitted as Shatra's
    // (docs/review.md).
    [](const Options&) { return 0.69; },
});

// The messages of this game, for the English line of a reason and the
// catalogue the pages translate (core/errors.h).
const ErrorRowsRegistration kErrors{kErrorRows};

}  // namespace
}  // namespace asterism::starpool
