// StateGame<S> wraps a game's concrete State in the type-erased Game face, so
// each game writes its rules once (in S) and gets text moves, history, undo,
// perft and playouts for free. The requirements on S are listed below; the
// hot-loop templates (perft here, search later) use the same members.
//
//   using Move = ...;                       trivially copyable
//   static constexpr int kMaxMoves;         bound on generate()'s count
//   int generate(Move* out) const;          legal moves; 0 when the game is over
//   void apply(Move m);  void undo();       undo() reverts the last apply()
//   int ply() const;                        moves applied since construction
//   Outcome outcome() const;  Player to_move() const;  std::uint64_t hash() const;
//   std::string move_text(Move m) const;    notation, in the current position
//   Move parse_move(std::string_view) const; throws GameError (unparsable/illegal)
//   std::string position() const;
//   void set_position(std::string_view);    throws GameError, then unchanged
//   nlohmann::json score() const;  std::string render() const;
//   static constexpr int kPlayers; std::string player_name(Player) const;
//   std::string move_help() const;
//   Outcome random_playout(Rng&, std::uint64_t* moves) const;  plays a copy out
//
// Optional, for graphical front ends (Game::view, docs/view.md):
//   nlohmann::json view(ViewParts) const;   cells, men, decorations, extras
//   nlohmann::json move_view(Move m) const; {text, path, pick, label} of a legal move
//
// Optional, for learning programs (integer actions, observation tensors and
// batches; Game::num_distinct_actions and the rest): see state_batch.h.
#pragma once

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "core/game.h"
#include "core/state_batch.h"
#include "core/state_concept.h"

namespace asterism {

// Leaf count to `depth`, with bulk counting at the last ply.
template <class S>
std::uint64_t perft(S& s, int depth) {
    if (depth <= 0) return 1;
    typename S::Move moves[S::kMaxMoves];
    const int n = s.generate(moves);
    if (depth == 1) return static_cast<std::uint64_t>(n);
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) {
        s.apply(moves[i]);
        total += perft(s, depth - 1);
        s.undo();
    }
    return total;
}

template <class S>
class StateGame final : public Game {
    static_assert(GameState<S>, "a game's State must meet the contract above (state_concept.h)");

  public:
    StateGame(std::string spec, S state) : spec_(std::move(spec)), state_(std::move(state)) {}

    std::string spec() const override { return spec_; }
    std::unique_ptr<Game> clone() const override { return std::make_unique<StateGame>(*this); }
    int num_players() const override { return S::kPlayers; }
    std::string player_name(Player p) const override { return state_.player_name(p); }

    Player to_move() const override {
        return state_.outcome().over() ? Player::None : state_.to_move();
    }

    std::vector<std::string> legal_moves() const override {
        std::vector<typename S::Move> moves(S::kMaxMoves);
        const int n = state_.generate(moves.data());
        std::vector<std::string> out;
        out.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) out.push_back(state_.move_text(moves[i]));
        std::sort(out.begin(), out.end());
        return out;
    }

    void play(std::string_view text) override {
        if (state_.outcome().over())
            throw error("over.rules.noMoves",
                        {{"why", reason("over.result", {{"result", result()}})}});
        const typename S::Move m = state_.parse_move(text);
        history_.push_back(state_.move_text(m));
        state_.apply(m);
    }

    bool undo() override {
        if (history_.empty()) return false;
        state_.undo();
        history_.pop_back();
        return true;
    }

    const std::vector<std::string>& history() const override { return history_; }
    // The moves played, without copying their texts.
    std::size_t plies() const { return history_.size(); }

    std::string position() const override { return state_.position(); }
    void set_position(std::string_view text) override {
        S fresh = state_;
        fresh.set_position(text);
        state_ = std::move(fresh);
        history_.clear();
    }
    std::uint64_t hash() const override { return state_.hash(); }

    Outcome outcome() const override { return state_.outcome(); }
    nlohmann::json score() const override { return state_.score(); }
    std::string render() const override { return state_.render(); }
    std::string render_labels() const override {
        if constexpr (requires(const S& s) { s.render_labels(); })
            return state_.render_labels();
        else
            return state_.render();
    }
    std::string move_help() const override { return state_.move_help(); }

    using Game::view;
    nlohmann::json view(ViewParts parts) const override {
        if constexpr (requires(const S& s, typename S::Move m) {
                          s.view(parts);
                          s.move_view(m);
                      }) {
            nlohmann::json j = state_.view(parts);
            nlohmann::json moves = nlohmann::json::array();
            std::vector<typename S::Move> legal(S::kMaxMoves);
            const int n = state_.generate(legal.data());
            moves.get_ref<nlohmann::json::array_t&>().reserve(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i) moves.push_back(state_.move_view(legal[i]));
            j["moves"] = std::move(moves);
            // The last move as it was made, so that a front end can show its
            // path (a capture chain step by step); it is described in the
            // position before it.
            if (!history_.empty()) {
                S before = state_;
                before.undo();
                j["last"] = before.move_view(before.parse_move(history_.back()));
            }
            return j;
        } else {
            return Game::view(parts);
        }
    }

    std::uint64_t perft(int depth, bool divide,
                        std::vector<std::pair<std::string, std::uint64_t>>* out) const override {
        S s = state_;
        if (!divide || depth <= 0) return asterism::perft(s, depth);
        std::vector<typename S::Move> moves(S::kMaxMoves);
        const int n = s.generate(moves.data());
        std::uint64_t total = 0;
        for (int i = 0; i < n; ++i) {
            std::string text = s.move_text(moves[i]);
            s.apply(moves[i]);
            const std::uint64_t count = asterism::perft(s, depth - 1);
            s.undo();
            total += count;
            if (out) out->emplace_back(std::move(text), count);
        }
        if (out) std::sort(out->begin(), out->end());
        return total;
    }

    PlayoutStats random_playouts(Rng& rng, std::uint64_t max_games, double seconds) const override {
        using Clock = std::chrono::steady_clock;
        PlayoutStats st;
        const auto start = Clock::now();
        while (st.games < max_games) {
            // Check the clock every 64 games so timing stays off the hot path.
            for (int i = 0; i < 64 && st.games < max_games; ++i) {
                std::uint64_t moves = 0;
                const Outcome o = state_.random_playout(rng, &moves);
                st.moves += moves;
                ++st.games;
                if (o.kind == Outcome::Kind::Win) ++st.wins[index(o.winner)];
                st.checksum = st.checksum * 31 + static_cast<std::uint64_t>(o.kind) * 3 +
                              static_cast<std::uint64_t>(o.winner);
            }
            st.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            if (st.seconds >= seconds) break;
        }
        return st;
    }

    int num_distinct_actions() const override {
        if constexpr (HasActions<S>)
            return state_.num_actions();
        else
            throw no_actions();
    }

    std::vector<int> legal_actions() const override {
        LegalSet<S> l = legal_set();
        std::sort(l.actions.begin(), l.actions.end());
        return l.actions;
    }

    void apply_action(int action) override {
        const typename S::Move m = legal_move(action);
        history_.push_back(state_.move_text(m));
        state_.apply(m);
    }

    std::string action_to_string(int action) const override {
        return state_.move_text(legal_move(action));
    }

    int string_to_action(std::string_view text) const override {
        if (state_.outcome().over())
            throw error("over.rules.noMoves",
                        {{"why", reason("over.result", {{"result", result()}})}});
        const typename S::Move m = state_.parse_move(text);
        const LegalSet<S> l = legal_set();
        for (std::size_t i = 0; i < l.moves.size(); ++i)
            if (l.moves[i] == m) return l.actions[i];
        throw GameError("internal: '" + std::string(text) + "' parsed to a move not generated");
    }

    std::vector<int> observation_shape() const override {
        if constexpr (HasObservation<S>)
            return state_.observation_shape();
        else
            throw no_observation();
    }
    std::vector<std::string> observation_planes() const override {
        if constexpr (HasObservation<S>)
            return state_.observation_planes();
        else
            throw no_observation();
    }
    void observation_tensor(float* out) const override {
        if constexpr (HasObservation<S>) {
            std::fill(out, out + observation_size(state_.observation_shape()), 0.0f);
            state_.observe(out);
        } else {
            throw no_observation();
        }
    }

    std::unique_ptr<GameBatch> make_batch(int size, std::uint64_t seed,
                                          int max_plies) const override {
        if constexpr (HasActions<S>)
            return std::make_unique<StateBatch<S>>(state_, size, seed, max_plies);
        else
            throw no_actions();
    }

    // The concrete state, for code that knows the game (tests, benchmarks).
    const S& state() const { return state_; }

  private:
    GameError no_actions() const { return error("action.none", {{"id", id()}}); }
    GameError no_observation() const { return error("observation.none", {{"id", id()}}); }
    LegalSet<S> legal_set() const {
        LegalSet<S> l;
        if constexpr (HasActions<S>) {
            std::vector<typename S::Move> scratch;
            l.fill(state_, scratch);
        } else {
            throw no_actions();
        }
        return l;
    }
    // The legal move of an action, or GameError saying why there is none.
    typename S::Move legal_move(int action) const {
        const int count = num_distinct_actions();
        if (state_.outcome().over())
            throw error("over.rules.noMoves",
                        {{"why", reason("over.result", {{"result", result()}})}});
        if (action < 0 || action >= count)
            throw error("action.range", {{"action", action}, {"max", count - 1}});
        const LegalSet<S> l = legal_set();
        const int k = l.find(action);
        if (k < 0) throw error("action.illegal", {{"action", action}});
        return l.moves[static_cast<std::size_t>(k)];
    }

    std::string spec_;
    S state_;
    std::vector<std::string> history_;
};

// Calls f(state) with the concrete State of `game` when it is a
// StateGame<S> of one of `States` (a std::tuple of State types, such as
// AllStates of the generated games/all_states.h), and says whether it was.
// Tools that run typed code over any game (learn/: fitting, puzzles) use it,
// so that none of them lists the games.
template <class States, class F>
bool visit_state(const Game& game, F&& f) {
    return [&]<class... S>(std::tuple<S...>*) {
        return ([&] {
            const auto* typed = dynamic_cast<const StateGame<S>*>(&game);
            if (typed) f(typed->state());
            return typed != nullptr;
        }() || ...);
    }(static_cast<States*>(nullptr));
}

}  // namespace asterism
