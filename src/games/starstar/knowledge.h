// *Star's search knowledge: the playout that Monte Carlo tree search runs
// (src/search/mcts.h), uniform or with the playout policy. The policy knows
// one thing about a connection game: a player answers an intrusion into one
// of their two-bridges (board.h, Bridge) by taking the other carrier cell,
// as in Hex and Y programs; the rest is uniform. The policy's fill of the
// board is State::policy_playout in knowledge.cpp. Included at the end of
// starstar.h so that search templates see the playout whole.
#pragma once

#include <array>

#include "core/rng.h"
#include "core/types.h"
#include "games/starstar/starstar.h"

namespace asterism::starstar {

template <class Sink>
Outcome State::playout(Rng& rng, bool knowledge, Sink&& sink) const {
    std::array<Player, kMaxCells> board;
    int margin = 0;
    auto report_margin = [&] {
        if constexpr (requires { sink.score(0); }) sink.score(margin);
        if constexpr (requires { sink.wants_owners(); }) {
            if (sink.wants_owners()) {
                std::array<Player, kMaxCells> owner;
                sink.owners(owners_filled(board, owner.data()));
            }
        }
    };
    if (!knowledge) {
        const Outcome result = fill_and_score(rng, board, nullptr, &margin);
        if (swap_legal() && board[first_stone()] == kWhite) sink(kMaxCells, kWhite);
        for (int k = 0; k < empty_count_; ++k) sink(int{empty_[k]}, board[empty_[k]]);
        report_margin();
        return result;
    }
    std::array<Cell, kMaxCells + 1> order;
    int count = 0;
    const Outcome result = policy_playout(rng, board, order, &count, &margin);
    report_margin();
    for (int k = 0; k < count; ++k) {
        if (order[k] == kSwapCell)
            sink(kMaxCells, kWhite);
        else
            sink(int{order[k]}, board[order[k]]);
    }
    return result;
}

}  // namespace asterism::starstar
