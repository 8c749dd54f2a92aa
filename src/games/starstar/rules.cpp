#include "games/starstar/rules.h"

#include "core/game.h"

namespace asterism::starstar {

std::vector<OptionSpec> option_specs() {
    return {{.name = "size",
             .type = OptionSpec::Type::Int,
             .default_value = "10",
             .allowed = {"6", "8", "10"},
             .help = "rings on the board: 6, 8 or 10 (105, 180 or 275 cells)"},
            {.name = "swap",
             .type = OptionSpec::Type::Bool,
             .default_value = "false",
             .allowed = {},
             .help = "pie rule: White may answer Black's first stone with swap"}};
}

Rules rules_from_options(const Options& options) {
    return Rules{options.get_int("size"), options.get_bool("swap")};
}

}  // namespace asterism::starstar
