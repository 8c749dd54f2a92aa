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

// Starting points for random games: the usual start, and positions with
// unusual men in unusual places (Pawns in citadels, men on the pool's
// diagonals, Captains, Generals and Sergeants early), so that random play
// meets the citadel option, the links and the rare kinds often.
inline constexpr const char* kVariedStarts[] = {
    "start",
    "4k3P/9/9/3p5/4*4/3P1P3/9/9/n3K4 [P-r-] w - 0 1",
    "k8/9/2p3p2/9/4*3K/9/2C6/9/9 [-C--] w - 0 1",
    "4k3S/7S1/p8/9/4*4/3S5/9/9/K8 [----] w - 0 1",
    "r1e1k1e1r/1n1l1l1n1/ppSpp1ppp/9/2P1*1G2/3s5/PP1P1PPPP/2l6/R1E1KLENR [WwWw] b Kk 0 12",
    "1N1lkl3/r7r/1p1ppp1pp/p3e4/P3*1p1w/2P4W1/EP1PPP1PP/5R3/W2LKLeN1 [R-nw] w - 2 19",
};

// A state at one of kVariedStarts.
inline State start_state(const std::string& position) {
    return position == "start" ? State{} : at_position(position);
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
