// The search tests' small game (tests/search): take 1 to 3 stones, whoever
// takes the last stone wins. The player to move loses exactly when the pile
// is a multiple of 4; with best play the winner needs 2 * (pile / 4) + 1
// plies and the loser lasts pile / 2 plies. It has what both searches ask
// for: alpha-beta's evaluation, undo and move hints, and MCTS's playout and
// AMAF keys.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rng.h"
#include "core/types.h"

namespace asterism::testing {

struct TakeAway {
    using Move = int;
    static constexpr int kMaxMoves = 3;
    static constexpr int kAmafKeys = 4;
    int pile = 10;
    std::vector<int> taken;

    int generate(Move* out) const {
        int n = 0;
        for (int k = 1; k <= 3 && k <= pile; ++k) out[n++] = k;
        return n;
    }
    void apply(Move m) {
        pile -= m;
        taken.push_back(m);
    }
    void undo() {
        pile += taken.back();
        taken.pop_back();
    }
    Player to_move() const { return taken.size() % 2 ? Player::Second : Player::First; }
    Outcome outcome() const {
        return pile == 0 ? Outcome::win(opponent(to_move())) : Outcome::ongoing();
    }
    std::uint64_t hash() const {
        return static_cast<std::uint64_t>(pile) * 2 + taken.size() % 2 + 1;
    }
    int evaluate() const { return 0; }
    bool is_noisy(Move) const { return false; }
    int move_hint(Move) const { return 0; }
    bool in_check() const { return false; }
    int amaf_key(Move m) const { return m; }
    template <class Sink>
    Outcome playout(Rng& rng, bool, Sink&& sink) {
        while (pile > 0) {
            Move moves[kMaxMoves];
            const Move m = moves[rng.below(static_cast<std::uint32_t>(generate(moves)))];
            sink(m, to_move());
            apply(m);
        }
        return outcome();
    }
};

}  // namespace asterism::testing
