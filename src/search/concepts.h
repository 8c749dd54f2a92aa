// What the searches need of a game's State beyond core's GameState
// (core/state_concept.h); mcts.h and alphabeta.h describe each member. Each
// game's binding (src/engines/<game>.cpp) checks its State against the
// concepts of the searches it binds, so that a missing member is an error at
// that line.
#pragma once

#include <concepts>

#include "core/rng.h"
#include "core/state_concept.h"

namespace asterism {

// A sink that takes what a playout reports; stands for the search's own.
struct PlayoutSinkArchetype {
    void operator()(int key, Player p) const;
    void score(int margin) const;
};

template <class S>
concept MctsState = GameState<S> &&
    requires(S s, const S cs, typename S::Move m, Rng& rng, PlayoutSinkArchetype sink) {
    { S::kAmafKeys } -> std::convertible_to<int>;
    { cs.amaf_key(m) } -> std::convertible_to<int>;
    { s.playout(rng, true, sink) } -> std::same_as<Outcome>;
};

template <class S>
concept AlphaBetaState = GameState<S> && requires(const S cs, typename S::Move m) {
    { cs.evaluate() } -> std::convertible_to<int>;
    { cs.is_noisy(m) } -> std::convertible_to<bool>;
    { cs.move_hint(m) } -> std::convertible_to<int>;
    { cs.in_check() } -> std::convertible_to<bool>;
    { S::kAmafKeys } -> std::convertible_to<int>;
    { cs.amaf_key(m) } -> std::convertible_to<int>;
};

}  // namespace asterism
