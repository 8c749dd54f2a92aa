// The *Star state that batches step (core/state_batch.h; the Python
// module's Batch). A batch never reads the groups that State keeps up to
// date move by move: its observations are the stones, its legal moves the
// empty cells, and its result is known only on a full board. So this state
// keeps the stones and the empty-cell list alone (Stones in starstar.h,
// which State builds on too, so both generate moves by the same code) and
// scores the full board once, as the random playouts of `asterism bench` do; it is what lets a
// batch step *Star near the speed of those playouts. The Python tests check
// that a batch agrees with State move by move.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/types.h"
#include "games/starstar/starstar.h"

namespace asterism::starstar {

// The observation planes of State::observe, from the stones (learning.cpp).
void observe_stones(const Geometry& g, const Player* stones, Player to_move, bool swap_legal,
                    float* out);

class BatchState : public Stones {
  public:
    using Move = State::Move;
    static constexpr int kMaxMoves = State::kMaxMoves;
    static constexpr int kPlayers = State::kPlayers;

    explicit BatchState(const State& s)
        : Stones(s.rules()), scorer_(std::make_shared<const State>(State(s.rules()))) {
        to_move_ = s.to_move();
        // The empty cells first, the stones after, as State keeps them,
        // so that a lone stone sits last (swap_legal reads it there).
        int front = 0, back = geo_->cells();
        for (Cell c = 0; c < geo_->cells(); ++c) {
            stone_[c] = s.stone(c);
            const Cell slot = static_cast<Cell>(s.stone(c) == Player::None ? front++ : --back);
            empty_[slot] = c;
            where_[c] = slot;
        }
        empty_count_ = front;
    }

    // The moves, actions, swap_legal() and the rest are Stones', as State's.
    void apply(Move m) {
        if (m.is_swap())
            stone_[first_stone()] = kWhite;
        else
            take(m.cell, to_move_);  // as State::place_stone, without the groups
        to_move_ = opponent(to_move_);
    }

    Outcome outcome() const {
        return empty_count_ == 0 ? scorer_->score_filled(stone_, nullptr) : Outcome::ongoing();
    }

    std::vector<int> observation_shape() const { return scorer_->observation_shape(); }
    std::vector<std::string> observation_planes() const { return scorer_->observation_planes(); }
    void observe(float* out) const {
        observe_stones(*geo_, stone_.data(), to_move_, swap_legal(), out);
    }

  private:
    // An empty board of the same rules, which scores full boards.
    std::shared_ptr<const State> scorer_;
};

}  // namespace asterism::starstar
