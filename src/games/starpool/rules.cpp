#include "games/starpool/rules.h"

#include "core/game.h"
#include "core/types.h"
#include "games/starpool/errors.h"

namespace asterism::starpool {
namespace {

std::vector<std::string> setup_names() {
    std::vector<std::string> out;
    for (const SetupDef& s : kSetups) out.emplace_back(s.name);
    return out;
}

}  // namespace

Rules Rules::preset(std::string_view name) {
    std::string known;
    for (const SetupDef& s : kSetups) {
        if (s.name == name) return Rules{std::string(s.name), std::string(s.position)};
        known += (known.empty() ? "" : ", ") + std::string(s.name);
    }
    throw error("spec.starpool.setup", {{"name", std::string(name)}, {"list", known}});
}

std::vector<OptionSpec> option_specs() {
    return {{"setup", OptionSpec::Type::Enum, std::string(kSetups[0].name), setup_names(),
             "start position preset (starpool.md section 3)"}};
}

Rules rules_from_options(const Options& options) {
    return Rules::preset(options.get("setup"));
}

}  // namespace asterism::starpool
