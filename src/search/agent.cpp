#include "search/agent.h"

#include <algorithm>
#include <chrono>

#include "search/engines.h"

namespace asterism {

std::string proven_text(const Candidate& c) {
    if (c.proven == 0) return "";
    return std::string(c.proven > 0 ? "win" : "loss") + " in " + std::to_string(c.proven_plies);
}

Analysis Agent::analyze(const Game& game, Rng& rng, const SearchLimits&,
                        const std::function<bool(const Analysis&)>& progress) {
    Analysis a;
    const std::string m = choose(game, rng);
    a.candidates.push_back({m, 1, 0.5, {m}});
    if (progress) progress(a);
    return a;
}

namespace {

std::string random_of(const std::vector<std::string>& moves, Rng& rng) {
    return moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
}

class RandomAgent final : public Agent {
  public:
    std::string name() const override { return "random"; }
    std::string choose(const Game& game, Rng& rng) override {
        return random_of(game.legal_moves(), rng);
    }
};

class GreedyAgent final : public Agent {
  public:
    std::string name() const override { return "greedy"; }
    std::string choose(const Game& game, Rng& rng) override {
        const Player me = game.to_move();
        std::vector<std::string> safe;
        const auto moves = game.legal_moves();
        for (const auto& m : moves) {
            auto next = game.clone();
            next->play(m);
            const Outcome o = next->outcome();
            if (o.kind == Outcome::Kind::Win && o.winner == me) return m;
            const bool loses =
                o.kind == Outcome::Kind::Loss || (o.kind == Outcome::Kind::Win && o.winner != me);
            if (!loses) safe.push_back(m);
        }
        return random_of(safe.empty() ? moves : safe, rng);
    }
};

// Flat Monte Carlo. Playouts are spread over the moves in rounds, so that an
// analysis can be reported (and stopped) between rounds.
class MonteCarloAgent final : public Agent {
  public:
    explicit MonteCarloAgent(std::uint64_t playouts_per_move) : per_move_(playouts_per_move) {}
    std::string name() const override { return "mc"; }

    std::string choose(const Game& game, Rng& rng) override {
        SearchLimits limits;
        limits.playouts = per_move_ * game.legal_moves().size();
        return analyze(game, rng, limits, nullptr).candidates.front().move;
    }

    Analysis analyze(const Game& game, Rng& rng, const SearchLimits& limits,
                     const std::function<bool(const Analysis&)>& progress) override {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        const Player me = game.to_move();
        struct Entry {
            std::string move;
            std::unique_ptr<Game> after;
            double value = 0;  // sum of results for `me`, 1 win, 0.5 draw
            std::uint64_t visits = 0;
        };
        std::vector<Entry> entries;
        for (const auto& m : game.legal_moves()) {
            Entry e{m, game.clone()};
            e.after->play(m);
            entries.push_back(std::move(e));
        }
        const std::uint64_t budget =
            limits.playouts || limits.seconds ? limits.playouts : per_move_ * entries.size();
        constexpr std::uint64_t kRound = 8;
        Analysis a;
        for (;;) {
            for (auto& e : entries) {
                const Outcome o = e.after->outcome();
                if (o.over()) {
                    // A finished game needs no sampling: count it as certain.
                    const double r =
                        o.kind == Outcome::Kind::Win ? (o.winner == me ? 1.0 : 0.0) : 0.5;
                    e.value += r * kRound;
                    e.visits += kRound;
                } else {
                    const PlayoutStats st = e.after->random_playouts(rng, kRound, 1e9);
                    const auto draws = st.games - st.wins[0] - st.wins[1];
                    e.value += static_cast<double>(st.wins[index(me)]) + 0.5 * draws;
                    e.visits += st.games;
                }
                a.playouts += kRound;
            }
            a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            a.candidates.clear();
            for (const auto& e : entries)
                a.candidates.push_back({e.move,
                                        e.visits,
                                        e.visits ? e.value / static_cast<double>(e.visits) : 0,
                                        {e.move}});
            std::stable_sort(
                a.candidates.begin(), a.candidates.end(),
                [](const Candidate& x, const Candidate& y) { return x.winrate > y.winrate; });
            const bool out_of_budget = (budget && a.playouts >= budget) ||
                                       (limits.seconds > 0 && a.seconds >= limits.seconds);
            if (progress && !progress(a)) break;
            if (out_of_budget) break;
        }
        return a;
    }

  private:
    std::uint64_t per_move_;
};

}  // namespace

std::unique_ptr<Agent> make_random_agent() {
    return std::make_unique<RandomAgent>();
}
std::unique_ptr<Agent> make_greedy_agent() {
    return std::make_unique<GreedyAgent>();
}
std::unique_ptr<Agent> make_flat_monte_carlo(std::uint64_t playouts_per_move) {
    return std::make_unique<MonteCarloAgent>(playouts_per_move);
}

}  // namespace asterism
