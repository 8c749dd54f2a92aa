#include "games/asterisk/rules.h"

#include <string>

#include "core/game.h"
#include "games/asterisk/errors.h"

namespace asterism::asterisk {

// A function, not a global: the registration calls it during static
// initialisation, possibly before globals of this file exist.
std::vector<OptionSpec> option_specs() {
    return {
        {"size", OptionSpec::Type::Int, "11", {"8", "11", "12", "15", "20"}, "cells on each side"},
        {"mode",
         OptionSpec::Type::Enum,
         "standard",
         {"standard", "inverted", "solitaire"},
         "standard; inverted (the opponent chooses your piece); solitaire (one player)"},
        {"first_goals",
         OptionSpec::Type::Enum,
         "D",
         {"D", "L"},
         "the first player's goal set: D = dark, hex, asterisk; L = light, circle, empty"},
        {"pie",
         OptionSpec::Type::Bool,
         "false",
         {},
         "inverted only: the first player may swap goal sets after the second's first "
         "placement"},
        {"setup",
         OptionSpec::Type::Enum,
         "A",
         {"A", "B"},
         "solitaire only: prefill rings 0 and 2+ (A) or only rings 0 and 2 (B)"},
        {"seed", OptionSpec::Type::Seed, "1", {}, "solitaire only: the deal"}};
}

Rules rules_from_options(const Options& o) {
    Rules r;
    r.size = o.get_int("size");
    const std::string& mode = o.get("mode");
    r.mode = mode == "inverted"    ? Mode::Inverted
             : mode == "solitaire" ? Mode::Solitaire
                                   : Mode::Standard;
    r.first_goals = o.get("first_goals") == "L" ? GoalSet::L : GoalSet::D;
    r.pie = o.get_bool("pie");
    r.setup = o.get("setup") == "B" ? Prefill::B : Prefill::A;
    r.seed = o.get_u64("seed");
    // Options that only mean something in one mode are refused elsewhere, so
    // that a spec never carries a setting that silently does nothing.
    const Rules defaults;
    if (r.mode == Mode::Solitaire && r.first_goals != defaults.first_goals)
        throw error("spec.ast.goals");
    if (r.mode != Mode::Inverted && r.pie != defaults.pie) throw error("spec.ast.pie");
    if (r.mode != Mode::Solitaire && r.setup != defaults.setup) throw error("spec.ast.setup");
    if (r.mode != Mode::Solitaire && r.seed != defaults.seed) throw error("spec.ast.seed");
    return r;
}

}  // namespace asterism::asterisk
