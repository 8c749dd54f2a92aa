// Helpers shared by the Star Pool Chess tests: a state at a position, moves
// applied by text, and the message of a GameError.
#pragma once

#include <string>
#include <vector>

#include "games/starpool/starpool.h"

namespace asterism::starpool::testing {

inline State at_position(const std::string& position) {
    State s;
    s.set_position(position);
    return s;
}

inline void play(State& s, const std::vector<std::string>& moves) {
    for (const auto& m : moves) s.apply(s.parse_move(m));
}

// The GameError message a call produces, or "" if it does not throw.
template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const GameError& e) {
        return e.what();
    }
    return "";
}

}  // namespace asterism::starpool::testing
