// Registers Shatra with the game registry: the option list, the factory,
// what `asterism bench` measures and how PGN writes it.
#include <memory>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/shatra/errors.h"
#include "games/shatra/shatra.h"

namespace asterism::shatra {
namespace {

const GameRegistration kRegistration{GameInfo{
    "shatra",
    "Shatra",
    "Altai chess-draughts on a 62-cell board with fortresses, drops and compulsory chain "
    "captures",
    option_specs(),
    [](const Options& options) -> std::unique_ptr<Game> {
        const GameInfo& info = *Registry::instance().find("shatra");
        return std::make_unique<StateGame<State>>(canonical_spec(info, options),
                                                  State(rules_from_options(options)));
    },
    {"shatra", "shatra:rules=altai", "shatra:rules=shatrabase", "shatra:rules=original"},
    {
        {"shatra", "", 4},
        // The Original form's start (spec 14.13: 916,845 leaves).
        {"shatra:rules=original", "", 4},
        // A middle game with captures (tests/data/shatra_perft_seed.txt).
        {"shatra", "sqs/1rs/b1b/k/sssss1s/3s2r/7/S2R3/1B3s1/SSSSSSS/K/3/SRS/1QS w Tt - - - 0 5", 5},
    },
    // PGN: Shatrabase's files name no game, so a PGN game that names none is
    // Shatra with Shatrabase's rules and notation, its cells renumbered.
    PgnNotation{"Shatra", "", "", "shatra:rules=shatrabase,notation=shatrabase",
                shatrabase_numbering},
    // The review's stretch of alpha-beta's win rate (400 units ten to one),
    // fitted per form by logistic regression of the results of level-5
    // self-play on the searches' scores (docs/review.md): a man is worth
    // less in the forms with fewer kinds of piece. Overridden single rules
    // keep their preset's figure.
    [](const Options& options) {
        const std::string& preset = options.get("rules");
        if (preset == "original") return 0.33;
        if (preset == "shatrabase") return 0.42;
        if (preset == "altai") return 0.61;
        return 0.64;
    },
    // The review's level: 7 for the seed form, whose level-5 review left
    // the random side of 3 of 6 games against level 7 with under 3 marks
    // and marked 3 mistakes or blunders in a strong game (level 7: 1 of 6
    // and none); 5 for the others, where 7 changed nothing (docs/review.md,
    // "A review's level per form").
    [](const Options& options) { return options.get("rules") == "seed" ? 7 : kReviewLevel; },
}};

// The messages of this game, for the English line of a reason and the
// catalogue the pages translate (core/errors.h).
const ErrorRowsRegistration kErrors{kErrorRows};

}  // namespace
}  // namespace asterism::shatra
