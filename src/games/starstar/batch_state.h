// The *Star state that batches step (core/state_batch.h; the Python
// module's Batch). A batch never reads the groups that State keeps up to
// date move by move: its observations are the stones, its legal moves the
// empty cells, and its result is known only on a full board. So this state
// keeps the stones and the empty-cell list alone and scores the full board
// once, as the random playouts of `asterism bench` do; it is what lets a
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

class StarBatchState {
  public:
    using Move = State::Move;
    static constexpr int kMaxMoves = State::kMaxMoves;
    static constexpr int kPlayers = State::kPlayers;

    explicit StarBatchState(const State& s)
        : rules_(std::make_shared<const State>(State(s.rules()))),
          geo_(&s.geometry()),
          to_move_(s.to_move()) {
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

    int num_actions() const { return geo_->cells() + 1; }
    int action_of(Move m) const { return m.is_swap() ? geo_->cells() : m.cell; }
    bool decode_action(int a, Move* m) const {
        if (a == geo_->cells() && swap_legal())
            *m = Move::swap();
        else if (a >= 0 && a < geo_->cells() && stone_[a] == Player::None)
            *m = Move{static_cast<Cell>(a)};
        else
            return false;
        return true;
    }

    bool swap_legal() const {
        return rules_->rules().swap && empty_count_ == geo_->cells() - 1 && to_move_ == kWhite &&
               stone_[empty_[geo_->cells() - 1]] == kBlack;
    }
    int generate(Move* out) const {
        int n = 0;
        if (empty_count_ == 0) return 0;
        if (swap_legal()) out[n++] = Move::swap();
        for (int k = 0; k < empty_count_; ++k) out[n++] = Move{empty_[k]};
        return n;
    }
    Move random_move(Rng& rng) const {
        const int options = empty_count_ + (swap_legal() ? 1 : 0);
        const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(options)));
        return k < empty_count_ ? Move{empty_[k]} : Move::swap();
    }

    void apply(Move m) {
        if (m.is_swap()) {
            stone_[empty_[geo_->cells() - 1]] = kWhite;
        } else {
            // As State::place_stone: the cell leaves the empty part.
            const Cell last = empty_[--empty_count_];
            const Cell slot = where_[m.cell];
            empty_[slot] = last;
            where_[last] = slot;
            empty_[empty_count_] = m.cell;
            where_[m.cell] = static_cast<Cell>(empty_count_);
            stone_[m.cell] = to_move_;
        }
        to_move_ = opponent(to_move_);
    }

    Outcome outcome() const {
        return empty_count_ == 0 ? rules_->score_filled(stone_, nullptr) : Outcome::ongoing();
    }
    Player to_move() const { return to_move_; }

    std::vector<int> observation_shape() const { return rules_->observation_shape(); }
    std::vector<std::string> observation_planes() const { return rules_->observation_planes(); }
    void observe(float* out) const {
        observe_stones(*geo_, stone_.data(), to_move_, swap_legal(), out);
    }

  private:
    // An empty board of the same rules, which scores full boards.
    std::shared_ptr<const State> rules_;
    const Geometry* geo_;
    std::array<Player, kMaxCells> stone_{};
    std::array<Cell, kMaxCells> empty_{};  // the empty cells first, as in State
    std::array<Cell, kMaxCells> where_{};
    int empty_count_ = 0;
    Player to_move_ = kBlack;
};

}  // namespace asterism::starstar
