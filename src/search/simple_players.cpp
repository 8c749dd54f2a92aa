#include "search/simple_players.h"

namespace asterism {
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

class MonteCarloAgent final : public Agent {
  public:
    explicit MonteCarloAgent(std::uint64_t playouts_per_move) : per_move_(playouts_per_move) {}
    std::string name() const override { return "mc"; }
    std::string choose(const Game& game, Rng& rng) override {
        const Player me = game.to_move();
        std::string best;
        double best_value = -1;
        for (const auto& m : game.legal_moves()) {
            auto next = game.clone();
            next->play(m);
            double value = 0;
            const Outcome o = next->outcome();
            if (o.over()) {
                value = o.kind == Outcome::Kind::Win ? (o.winner == me ? 2.0 : -1.0) : 0.5;
            } else {
                const PlayoutStats st = next->random_playouts(rng, per_move_, 1e9);
                const double draws = static_cast<double>(st.games - st.wins[0] - st.wins[1]);
                value = (static_cast<double>(st.wins[index(me)]) + 0.5 * draws) /
                        static_cast<double>(st.games);
            }
            if (value > best_value) best_value = value, best = m;
        }
        return best;
    }

  private:
    std::uint64_t per_move_;
};

}  // namespace

const std::vector<std::string>& agent_kinds() {
    static const std::vector<std::string> kinds{"random", "greedy", "mc"};
    return kinds;
}

std::unique_ptr<Agent> make_agent(std::string_view kind, const Game& game) {
    if (kind == "random") return std::make_unique<RandomAgent>();
    if (kind == "greedy") return std::make_unique<GreedyAgent>();
    if (kind == "mc") {
        if (game.num_players() != 2)
            throw GameError(
                "the mc player is for two-player games only (its playouts would "
                "see the hidden draw order); use greedy or random");
        return std::make_unique<MonteCarloAgent>(64);
    }
    throw GameError("unknown player '" + std::string(kind) +
                    "' (known: human, random, greedy, mc)");
}

}  // namespace asterism
