// An Agent that runs Mcts<S> on a game known to be a StateGame<S>, keeping its
// tree between moves of the same game.
#pragma once

#include <string>
#include <vector>

#include "core/state_game.h"
#include "search/agent.h"
#include "search/mcts.h"

namespace asterism {

template <class S>
class MctsAgent final : public Agent {
  public:
    MctsAgent(std::string label, MctsConfig config, SearchLimits limits)
        : label_(std::move(label)), mcts_(config), limits_(limits) {}

    std::string name() const override { return label_; }
    std::uint64_t level_effort() const override { return limits_.playouts; }

    std::string choose(const Game& game, Rng& rng) override {
        const Analysis a = analyze(game, rng, limits_, nullptr);
        return a.candidates.front().move;
    }

    Analysis analyze(const Game& game, Rng&, const SearchLimits& limits,
                     const std::function<bool(const Analysis&)>& progress) override {
        prepare(game);
        MctsLimits ml{limits.playouts, limits.seconds};
        if (!ml.playouts && ml.seconds <= 0) ml = {limits_.playouts, limits_.seconds};
        Analysis a;
        const auto st = mcts_.search(ml, [&] {
            if (!progress) return true;
            a = snapshot();
            return progress(a);
        });
        a = snapshot();
        a.playouts = st.playouts;
        a.seconds = st.seconds;
        if (progress) progress(a);
        return a;
    }

    const Mcts<S>& mcts() const { return mcts_; }

    // Which knowledge the game's State uses in this search (EngineSettings::
    // knowledge); games without a choice ignore it.
    void set_knowledge(int k) { knowledge_ = k; }

  private:
    // Points the tree at the game's position, reusing the old tree when the
    // game has only moved on from the last searched position.
    void prepare(const Game& game) {
        const auto* sg = dynamic_cast<const StateGame<S>*>(&game);
        if (!sg) throw GameError("internal: " + label_ + " was given a different game");
        S now = sg->state();
        if constexpr (requires { now.set_knowledge(0); }) now.set_knowledge(knowledge_);
        const auto history = game.history();
        const bool extends = searched_ && history.size() >= history_.size() &&
                             std::equal(history_.begin(), history_.end(), history.begin());
        if (extends) {
            S s = mcts_.root_state();
            std::vector<typename S::Move> moves;
            for (std::size_t i = history_.size(); i < history.size(); ++i) {
                moves.push_back(s.parse_move(history[i]));
                s.apply(moves.back());
            }
            if (s.hash() == now.hash())
                mcts_.advance(now, moves);
            else
                mcts_.set_root(now);
        } else {
            mcts_.set_root(now);
        }
        history_ = history;
        searched_ = true;
    }

    Analysis snapshot() const {
        Analysis a;
        const auto& root = mcts_.root();
        if (root.state.load() != Mcts<S>::kExpanded) return a;
        for (std::uint32_t i = 0; i < root.num_children; ++i) {
            const std::uint32_t ci = root.first_child + i;
            const auto& c = mcts_.node(ci);
            Candidate cand;
            cand.visits = c.visits.load();
            const int pr = c.proven.load();
            cand.winrate = pr > 0 ? 1.0 : (pr < 0 ? 0.0 : Mcts<S>::value(c));
            // The child's proof counts the plies after its move.
            cand.proven = pr > 0 ? 1 : (pr < 0 ? -1 : 0);
            cand.proven_plies = pr != 0 ? c.proof_plies.load() + 1 : 0;
            // The principal variation follows the best child at each level.
            S s = mcts_.root_state();
            std::uint32_t at = ci;
            for (int depth = 0; depth < 12; ++depth) {
                const auto& n = mcts_.node(at);
                cand.pv.push_back(s.move_text(n.move));
                s.apply(n.move);
                if (n.state.load() != Mcts<S>::kExpanded || n.num_children == 0) break;
                const std::uint32_t next = mcts_.best_child(at);
                if (mcts_.node(next).visits.load() == 0) break;
                at = next;
            }
            cand.move = cand.pv.front();
            a.candidates.push_back(std::move(cand));
        }
        const std::uint32_t best = mcts_.best_child(0);
        std::stable_sort(
            a.candidates.begin(), a.candidates.end(), [](const Candidate& x, const Candidate& y) {
                return x.visits != y.visits ? x.visits > y.visits : x.winrate > y.winrate;
            });
        // A proven win is the move to play even with fewer visits.
        const std::string best_text = mcts_.root_state().move_text(mcts_.node(best).move);
        auto it = std::find_if(a.candidates.begin(), a.candidates.end(),
                               [&](const Candidate& c) { return c.move == best_text; });
        if (it != a.candidates.end()) std::rotate(a.candidates.begin(), it, it + 1);
        a.ownership = mcts_.ownership();
        root_value(a);
        return a;
    }

    // The root's expected score for the player to move, from its children,
    // each valued for that player who plays it: a proven win among them
    // makes it 1, proven losses everywhere 0, else the mean of their
    // playouts. Not the root node's own mean: the root is labelled for the
    // player not to move (mcts.h, set_root), which is wrong where a player
    // moves twice running (Asterisk's start) or alone (Solitaire), and its
    // counts then mix the two.
    void root_value(Analysis& a) const {
        const auto& root = mcts_.root();
        std::uint64_t visits = 0, wins2 = 0;
        bool win = false, all_lost = root.num_children > 0;
        for (std::uint32_t i = 0; i < root.num_children; ++i) {
            const auto& c = mcts_.node(root.first_child + i);
            const int pr = c.proven.load();
            win = win || pr > 0;
            all_lost = all_lost && pr < 0;
            visits += c.visits.load();
            wins2 += c.wins2.load();
        }
        a.root_visits = visits;
        a.root_winrate = win        ? 1.0
                         : all_lost ? 0.0
                         : visits ? static_cast<double>(wins2) / (2.0 * static_cast<double>(visits))
                                  : 0.5;
    }

    std::string label_;
    Mcts<S> mcts_;
    SearchLimits limits_;
    std::vector<std::string> history_;
    bool searched_ = false;
    int knowledge_ = 1;
};

}  // namespace asterism
