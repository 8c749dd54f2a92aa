// Integer actions, observations and batched stepping over a game's concrete
// State, for learning programs (the Python module, docs/python.md). A State
// opts in with a few optional members; StateGame<S> (state_game.h) turns
// them into the Game face's actions and observations, and StateBatch<S>
// steps many games at once without going through move text.
//
// Optional members of S (a game may have any of the groups):
//   int num_actions() const;                  size of the fixed action space
//   int action_of(Move m) const;              a legal move's action, when the
//                                             move alone determines it; or else
//   void encode_actions(const Move* moves, int n, int* out) const;
//                                             the actions of a whole legal list
//                                             (distinct, in the list's order)
//   bool decode_action(int a, Move* m) const; the legal move of action a in
//                                             O(1), false when a is not legal
//   std::vector<int> observation_shape() const;
//   std::vector<std::string> observation_planes() const;  one name a plane
//   void observe(float* out) const;           sets the tensor's non-zero
//                                             entries; the caller zero-fills
//   Move random_move(Rng&) const;             (already used by playouts)
//   using BatchState = ...;                   a lighter type that batches step
//                                             instead of S (see BatchStateOf)
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/game.h"

namespace asterism {

template <class S>
concept HasActionOf = requires(const S& s, typename S::Move m) {
    { s.action_of(m) } -> std::convertible_to<int>;
};
template <class S>
concept HasActions = requires(const S& s, const typename S::Move* m, int* out) {
    { s.num_actions() } -> std::convertible_to<int>;
}
&&(HasActionOf<S> ||
   requires(const S& s, const typename S::Move* m, int* out) { s.encode_actions(m, 0, out); });
template <class S>
concept HasActionDecoder = requires(const S& s, int a, typename S::Move* m) {
    { s.decode_action(a, m) } -> std::same_as<bool>;
};
template <class S>
concept HasObservation = requires(const S& s, float* out) {
    { s.observation_shape() } -> std::same_as<std::vector<int>>;
    { s.observation_planes() } -> std::same_as<std::vector<std::string>>;
    s.observe(out);
};
template <class S>
concept HasRandomMove = requires(const S& s, Rng& rng) {
    { s.random_move(rng) } -> std::same_as<typename S::Move>;
};

// The actions of n legal moves of s.
template <class S>
void encode_moves(const S& s, const typename S::Move* moves, int n, int* out) {
    if constexpr (HasActionOf<S>) {
        for (int i = 0; i < n; ++i) out[i] = s.action_of(moves[i]);
    } else {
        s.encode_actions(moves, n, out);
    }
}

// The legal moves of a position and their actions, side by side.
template <class S>
struct LegalSet {
    using Move = typename S::Move;
    std::vector<Move> moves;
    std::vector<int> actions;

    // `scratch` holds S::kMaxMoves moves, so that generate() has room.
    void fill(const S& s, std::vector<Move>& scratch) {
        scratch.resize(S::kMaxMoves);
        const int n = s.generate(scratch.data());
        moves.assign(scratch.begin(), scratch.begin() + n);
        actions.resize(static_cast<std::size_t>(n));
        encode_moves(s, moves.data(), n, actions.data());
    }
    int find(int action) const {
        const auto it = std::find(actions.begin(), actions.end(), action);
        return it == actions.end() ? -1 : static_cast<int>(it - actions.begin());
    }
};

// The type a batch steps: S itself, or a lighter state that S names as
// S::BatchState, built from an S, when the game's stepping can skip work
// that a batch never reads (*Star's groups, which only scoring needs).
template <class S>
struct BatchStateOf {
    using type = S;
};
template <class S>
requires requires {
    typename S::BatchState;
}
struct BatchStateOf<S> {
    using type = typename S::BatchState;
};

// Observation size: the product of the shape.
inline int observation_size(const std::vector<int>& shape) {
    int n = 1;
    for (int d : shape) n *= d;
    return n;
}

template <class Start>
class StateBatch final : public GameBatch {
  public:
    using S = typename BatchStateOf<Start>::type;
    using Move = typename S::Move;

    StateBatch(const Start& start, int size, std::uint64_t seed, int max_plies)
        : start_(start), rng_(seed), max_plies_(max_plies) {
        if (size < 1) throw error("batch.size");
        if (max_plies < 0) throw error("batch.maxPlies");
        if (start.outcome().over()) throw error("batch.over");
        games_.assign(static_cast<std::size_t>(size), start_);
        plies_.assign(games_.size(), 0);
        legal_.resize(games_.size());
        fresh_.assign(games_.size(), 0);
        chosen_.resize(games_.size());
        if constexpr (HasObservation<S>) shape_ = start_.observation_shape();
    }

    int size() const override { return static_cast<int>(games_.size()); }
    int num_players() const override { return S::kPlayers; }
    int num_actions() const override { return start_.num_actions(); }
    std::vector<int> observation_shape() const override { return shape_; }

    void reset() override {
        for (std::size_t i = 0; i < games_.size(); ++i) restart(i);
    }

    void step(const std::int32_t* actions, float* returns, std::uint8_t* done,
              std::uint8_t* truncated) override {
        for (std::size_t i = 0; i < games_.size(); ++i) chosen_[i] = decode(i, actions[i]);
        const int players = S::kPlayers;
        for (std::size_t i = 0; i < games_.size(); ++i) {
            S& s = games_[i];
            s.apply(chosen_[i]);
            fresh_[i] = 0;
            float* row = returns + i * static_cast<std::size_t>(players);
            std::fill(row, row + players, 0.0f);
            const Outcome o = s.outcome();
            const bool cut = !o.over() && max_plies_ > 0 && ++plies_[i] >= max_plies_;
            done[i] = o.over() || cut;
            truncated[i] = cut;
            if (o.over()) outcome_returns(o, players, row);
            if (done[i]) restart(i);
        }
    }

    void random_actions(std::int32_t* out) override {
        for (std::size_t i = 0; i < games_.size(); ++i) {
            if constexpr (HasRandomMove<S> && HasActionOf<S>) {
                out[i] = games_[i].action_of(games_[i].random_move(rng_));
            } else {
                const LegalSet<S>& l = legal(i);
                out[i] = l.actions[rng_.below(static_cast<std::uint32_t>(l.actions.size()))];
            }
        }
    }

    void legal_mask(std::uint8_t* out) override {
        const std::size_t width = static_cast<std::size_t>(num_actions());
        std::memset(out, 0, width * games_.size());
        for (std::size_t i = 0; i < games_.size(); ++i)
            for (int a : legal(i).actions) out[i * width + static_cast<std::size_t>(a)] = 1;
    }

    int max_legal() override {
        std::size_t most = 0;
        for (std::size_t i = 0; i < games_.size(); ++i)
            most = std::max(most, legal(i).actions.size());
        return static_cast<int>(most);
    }

    void legal_actions(std::int32_t* out, int width, std::int32_t* counts) override {
        for (std::size_t i = 0; i < games_.size(); ++i) {
            const std::vector<int>& a = legal(i).actions;
            if (a.size() > static_cast<std::size_t>(width))
                throw error("batch.width", {{"width", width}, {"n", a.size()}});
            std::int32_t* row = out + i * static_cast<std::size_t>(width);
            std::copy(a.begin(), a.end(), row);
            std::fill(row + a.size(), row + width, -1);
            counts[i] = static_cast<std::int32_t>(a.size());
        }
    }

    void observations(float* out) const override {
        if constexpr (HasObservation<S>) {
            const std::size_t n = static_cast<std::size_t>(observation_size(shape_));
            std::fill(out, out + n * games_.size(), 0.0f);
            for (std::size_t i = 0; i < games_.size(); ++i) games_[i].observe(out + i * n);
        } else {
            throw error("batch.observation");
        }
    }

    void current_players(std::int32_t* out) const override {
        for (std::size_t i = 0; i < games_.size(); ++i) out[i] = index(games_[i].to_move());
    }

  private:
    void restart(std::size_t i) {
        games_[i] = start_;
        plies_[i] = 0;
        fresh_[i] = 0;
    }

    // The legal set of game i, generated once per position.
    const LegalSet<S>& legal(std::size_t i) {
        if (!fresh_[i]) {
            legal_[i].fill(games_[i], scratch_);
            fresh_[i] = 1;
        }
        return legal_[i];
    }

    Move decode(std::size_t i, std::int32_t action) {
        if constexpr (HasActionDecoder<S>) {
            Move m;
            if (games_[i].decode_action(action, &m)) return m;
        } else {
            const LegalSet<S>& l = legal(i);
            const int k = l.find(action);
            if (k >= 0) return l.moves[static_cast<std::size_t>(k)];
        }
        throw error("batch.action", {{"i", i}, {"action", action}});
    }

    S start_;
    std::vector<S> games_;
    std::vector<int> plies_;
    std::vector<LegalSet<S>> legal_;
    std::vector<std::uint8_t> fresh_;  // legal_[i] describes games_[i]
    std::vector<Move> chosen_;
    std::vector<Move> scratch_;
    std::vector<int> shape_;
    Rng rng_;
    int max_plies_;
};

}  // namespace asterism
