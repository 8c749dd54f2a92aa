// Game knowledge for the searches: the static evaluation, the ordering hint
// of noisy moves and the playout policy. Nothing here is a rule; the values
// are our estimates, to be tuned by matches (DESIGN.md habit 7). The men's
// `value` column in rules.h is the coarse count that score() shows; the
// search wants finer steps, so it keeps its own table in knowledge.cpp.
//
// The members are declared in starpool.h; this header holds the playout
// template, included at the end of starpool.h so that the search templates
// see it whole, and knowledge.cpp holds the rest.
#pragma once

#include <cstdint>

#include "games/starpool/starpool.h"

namespace asterism::starpool {

template <class Sink>
Outcome State::playout(Rng& rng, bool knowledge, Sink&& sink) {
    Move moves[kMaxMoves];
    for (int plies = 0;; ++plies) {
        const int n = generate(moves);
        if (n == 0) return outcome();
        if (knowledge && plies >= kPlayoutPlies) return adjudicate();
        const Move m = knowledge ? playout_choice(rng, moves, n)
                                 : moves[rng.below(static_cast<std::uint32_t>(n))];
        sink(amaf_key(m), to_move());
        apply(m);
    }
}

}  // namespace asterism::starpool
