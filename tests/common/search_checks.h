// Checks shared by the search tests of the games: a plain minimax oracle for
// short forced wins, and random positions to search from.
#pragma once

#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace asterism::testing {

// Whether the player to move can force a win within `plies` plies of its
// own and the opponent's moves (1 = at once, 3 = a win in two moves), by
// full-width minimax over the rules alone: the oracle the searches answer to.
template <class S>
bool wins_within(S& s, int plies) {
    if (plies <= 0) return false;
    const Player me = s.to_move();
    std::vector<typename S::Move> moves(S::kMaxMoves), replies(S::kMaxMoves);
    const int n = s.generate(moves.data());
    for (int i = 0; i < n; ++i) {
        s.apply(moves[static_cast<std::size_t>(i)]);
        bool won = s.outcome() == Outcome::win(me);
        if (!won && plies >= 3 && !s.outcome().over()) {
            won = true;
            const int r = s.generate(replies.data());
            for (int j = 0; j < r && won; ++j) {
                s.apply(replies[static_cast<std::size_t>(j)]);
                won = !s.outcome().over() && wins_within(s, plies - 2);
                s.undo();
            }
        }
        s.undo();
        if (won) return true;
    }
    return false;
}

// Positions met in seeded random games from `start`: one every few plies of
// each game, while the game goes on.
template <class S>
std::vector<S> sample_positions(const S& start, int games, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<S> out;
    std::vector<typename S::Move> moves(S::kMaxMoves);
    for (int g = 0; g < games; ++g) {
        S s = start;
        for (int ply = 0; ply < 120; ++ply) {
            const int n = s.generate(moves.data());
            if (n == 0) break;
            if (ply % 7 == 3) out.push_back(s);
            s.apply(moves[rng.below(static_cast<std::uint32_t>(n))]);
        }
    }
    return out;
}

}  // namespace asterism::testing
