// *Star rules options (../shared/rules/starstar.md): the board size and the
// pie rule, and their conversion from the registry's option text. The
// options are described at the top of starstar.h.
#pragma once

#include <vector>

// Declared, not included: core/game.h brings the JSON library, which the
// hot State header keeps out.
namespace asterism {
struct OptionSpec;
class Options;
}  // namespace asterism

namespace asterism::starstar {

struct Rules {
    int size = 10;
    bool swap = false;
};

// The option list for the registry: `size` and `swap`.
std::vector<OptionSpec> option_specs();

// Builds the rules from validated options.
Rules rules_from_options(const Options& options);

}  // namespace asterism::starstar
