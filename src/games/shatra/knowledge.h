// Game knowledge for the searches, the part the search templates must see
// whole: the playout loop, uniform or guided by the playout policy. The
// members are declared in shatra.h, which includes this header at its end;
// the evaluation, the move hints and the policy itself are in knowledge.cpp.
#pragma once

#include <array>
#include <cstdint>

#include "games/shatra/shatra.h"

namespace asterism::shatra {

template <class Sink>
Outcome State::playout(Rng& rng, bool knowledge, Sink&& sink) {
    std::array<Move, kMaxMoves> list;
    for (int plies = 0; plies < kPlayoutCap; ++plies) {
        const int n = generate(list.data());
        if (n == 0) return outcome();
        if (knowledge && plies >= kPlayoutPlies) return adjudicate();
        const Move m = knowledge ? playout_choice(rng, list.data(), n)
                                 : list[rng.below(static_cast<std::uint32_t>(n))];
        sink(amaf_key(m), to_move());
        apply(m);
    }
    return outcome().over() ? outcome() : Outcome::draw();
}

}  // namespace asterism::shatra
