// Asterisk's variant options (the list at the top of asterisk.h): the mode,
// the board size and the mode-only settings, and the conversion from the
// registry's option text, which refuses a setting its mode does not use.
#pragma once

#include <cstdint>
#include <vector>

namespace asterism {
// Declared, not included: core/game.h brings the JSON library, which the
// game header (and every search that includes it) should not parse.
struct OptionSpec;
class Options;
}  // namespace asterism

namespace asterism::asterisk {

enum class Mode : std::uint8_t { Standard, Inverted, Solitaire };
enum class GoalSet : std::uint8_t { D = 0, L = 1 };
enum class Prefill : std::uint8_t { A, B };  // Solitaire prefill readings (A7)

// A goal set's letter, as position strings, scores and the status write it.
inline char goal_char(GoalSet g) {
    return g == GoalSet::D ? 'D' : 'L';
}

struct Rules {
    int size = 11;
    Mode mode = Mode::Standard;
    GoalSet first_goals = GoalSet::D;
    bool pie = false;
    Prefill setup = Prefill::A;
    std::uint64_t seed = 1;
};

// The option list for the registry, one entry per field of Rules.
std::vector<OptionSpec> option_specs();

// Reads validated registry options and checks the combinations; throws
// GameError for a mode-only option set in another mode.
Rules rules_from_options(const Options& options);

}  // namespace asterism::asterisk
