// An Agent that runs AlphaBeta<S> on a game known to be a StateGame<S>,
// keeping its transposition table between moves. Each root move becomes a
// candidate: "visits" are the nodes searched below it, the winrate comes from
// its score (winrate_of), and the best move's principal variation is given
// in full.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "core/state_game.h"
#include "search/agent.h"
#include "search/alphabeta.h"
#include "search/engines.h"

namespace asterism {

template <class S>
class AlphaBetaAgent final : public Agent {
  public:
    AlphaBetaAgent(std::string label, AlphaBetaConfig config, AlphaBetaLimits limits)
        : label_(std::move(label)),
          search_(std::make_unique<AlphaBeta<S>>(config)),
          limits_(limits) {}

    std::string name() const override { return label_; }
    std::uint64_t level_effort() const override { return limits_.nodes; }

    std::string choose(const Game& game, Rng& rng) override {
        const Analysis a = analyze(game, rng, SearchLimits{}, nullptr);
        if (a.candidates.empty()) throw GameError("internal: " + label_ + " found no move");
        return a.candidates.front().move;
    }

    // `limits` (playouts read as nodes, seconds) replace the agent's own
    // when either is set.
    Analysis analyze(const Game& game, Rng&, const SearchLimits& limits,
                     const std::function<bool(const Analysis&)>& progress) override {
        const auto* sg = dynamic_cast<const StateGame<S>*>(&game);
        if (!sg) throw GameError("internal: " + label_ + " was given a different game");
        S root = sg->state();
        if constexpr (requires { root.set_knowledge(0); }) root.set_knowledge(knowledge_);
        AlphaBetaLimits l = limits_;
        if (limits.playouts || limits.seconds > 0) {
            l.nodes = limits.playouts;
            l.seconds = limits.seconds;
        }
        bool repetition_draws = true;
        if constexpr (requires { root.repetition_draws(); })
            repetition_draws = root.repetition_draws();
        search_->set_game_before(repetition_draws ? game_before(root, sg->plies())
                                                  : std::vector<std::uint64_t>{});
        using Result = typename AlphaBeta<S>::Result;
        const Result r = search_->search(root, l, [&](const Result& so_far) {
            return progress ? progress(to_analysis(root, so_far)) : true;
        });
        Analysis a = to_analysis(root, r);
        if (progress) progress(a);
        return a;
    }

    const AlphaBeta<S>& search() const { return *search_; }

    // The game's positions from `root` back (root first), at most
    // kGameBefore plies: enough for any cycle that leads to a third
    // repetition, at a cost of a few microseconds a move.
    static std::vector<std::uint64_t> game_before(S position, std::size_t plies) {
        constexpr std::size_t kGameBefore = 100;
        std::vector<std::uint64_t> keys{position.hash()};
        for (std::size_t k = 0; k < std::min(plies, kGameBefore); ++k) {
            position.undo();
            keys.push_back(position.hash());
        }
        return keys;
    }

    // Which knowledge the game's State uses in this search (EngineSettings::
    // knowledge); games without a choice ignore it.
    void set_knowledge(int k) { knowledge_ = k; }

  private:
    static Analysis to_analysis(const S& root, const typename AlphaBeta<S>::Result& r) {
        Analysis a;
        a.unit = "nodes";
        a.playouts = r.nodes;
        a.seconds = r.seconds;
        for (const auto& rm : r.root_moves) {
            Candidate c;
            c.move = root.move_text(rm.move);
            c.visits = rm.nodes;
            c.winrate = ab::winrate_of(rm.score);
            // A mate score is a proof, with its distance in plies; only the
            // best move's score is exact, the others' are upper bounds, which
            // prove a loss but not a win.
            const bool exact = a.candidates.empty();
            if (ab::is_mate_score(rm.score) && (exact || rm.score < 0)) {
                c.proven = rm.score > 0 ? 1 : -1;
                c.proven_plies = ab::kMate - std::abs(rm.score);
            }
            S s = root;
            for (const auto& m : rm.pv) {
                c.pv.push_back(s.move_text(m));
                s.apply(m);
            }
            if (c.pv.empty()) c.pv.push_back(c.move);
            a.candidates.push_back(std::move(c));
        }
        if (!a.candidates.empty()) {
            a.root_winrate = a.candidates.front().winrate;
            a.root_visits = r.nodes;
        }
        return a;
    }

    std::string label_;
    std::unique_ptr<AlphaBeta<S>> search_;
    AlphaBetaLimits limits_;
    int knowledge_ = 1;
};

// A fixed-depth search from a fresh table, for `asterism bench`: the node
// count is deterministic and serves as a signature. Games whose State has
// no choice of evaluation ignore `knowledge`.
template <class S>
SearchBenchRun run_alphabeta_bench(const Game& game, int depth, int knowledge) {
    const auto* sg = dynamic_cast<const StateGame<S>*>(&game);
    if (!sg) throw GameError("internal: alpha-beta bench given a different game");
    AlphaBetaConfig config;
    config.tt_entries = std::size_t{1} << 20;
    AlphaBeta<S> search(config);
    AlphaBetaLimits limits;
    limits.depth = depth;
    S root = sg->state();
    if constexpr (requires { root.set_knowledge(0); }) root.set_knowledge(knowledge);
    const auto r = search.search(root, limits);
    SearchBenchRun run;
    run.nodes = r.nodes;
    run.digest = r.nodes;
    run.seconds = r.seconds;
    run.score = r.score;
    run.best = r.has_move ? sg->state().move_text(r.best) : "";
    return run;
}

}  // namespace asterism
