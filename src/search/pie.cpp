#include "search/pie.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/game.h"

namespace asterism {
namespace {

const std::string kSwap(kSwapMove);

// A third of `limits`, or of the level's own budget when they set none.
SearchLimits third_of(const SearchLimits& limits, std::uint64_t level_effort) {
    SearchLimits third = limits;
    if (!limits.playouts && limits.seconds <= 0) third.playouts = level_effort;
    third.playouts = third.playouts ? std::max<std::uint64_t>(1, third.playouts / 3) : 0;
    third.seconds /= 3;
    return third;
}

class PieSearch final : public Agent {
  public:
    PieSearch(std::unique_ptr<Agent> inner, std::function<std::unique_ptr<Agent>()> fresh)
        : inner_(std::move(inner)), fresh_(std::move(fresh)) {}

    std::string name() const override { return inner_->name(); }
    std::uint64_t level_effort() const override { return inner_->level_effort(); }

    std::string choose(const Game& game, Rng& rng) override {
        if (!swap_legal(game)) return inner_->choose(game, rng);
        return analyze(game, rng, SearchLimits{}, nullptr).candidates.front().move;
    }

    Analysis analyze(const Game& game, Rng& rng, const SearchLimits& limits,
                     const std::function<bool(const Analysis&)>& progress) override {
        if (!swap_legal(game)) return inner_->analyze(game, rng, limits, progress);
        const SearchLimits third = third_of(limits, inner_->level_effort());
        bool stopped = false;
        std::function<bool(const Analysis&)> watched;
        if (progress)
            watched = [&](const Analysis& so_far) { return !(stopped = !progress(so_far)); };
        Analysis a = inner_->analyze(game, rng, third, watched);
        auto& c = a.candidates;
        const auto other =
            std::find_if(c.begin(), c.end(), [](const Candidate& x) { return x.move != kSwap; });
        if (stopped || other == c.end()) return a;
        const Candidate best = *other;  // `other` moves when the swap is taken out of `c`
        // While the two searches after a move run, the caller is shown the
        // position's analysis again, and may stop them.
        std::function<bool(const Analysis&)> waiting;
        if (progress) waiting = [&](const Analysis&) { return !(stopped = !progress(a)); };
        const Player mover = game.to_move();
        const double by_other = value_after(game, best.move, mover, third, waiting);
        Candidate swap;
        swap.move = kSwap;
        swap.pv = {kSwap};
        swap.winrate = stopped ? 0 : value_after(game, kSwap, mover, third, waiting);
        if (stopped) return a;
        c.erase(
            std::remove_if(c.begin(), c.end(), [](const Candidate& x) { return x.move == kSwap; }),
            c.end());
        const bool take = best.proven <= 0 && swap.winrate > by_other;
        c.insert(take ? c.begin() : c.begin() + 1, swap);
        if (progress) progress(a);
        return a;
    }

  private:
    // The mover's expected score after `move`, from a fresh search rooted
    // there (the mean over its playouts, as the review reads it).
    double value_after(const Game& game, const std::string& move, Player mover,
                       const SearchLimits& limits,
                       const std::function<bool(const Analysis&)>& progress) {
        auto after = game.clone();
        after->play(move);
        if (after->terminal()) {
            const Outcome o = after->outcome();
            return o.winner == mover ? 1.0 : o.winner == Player::None ? 0.5 : 0.0;
        }
        Rng rng(1);
        const Analysis x = fresh_()->analyze(*after, rng, limits, progress);
        if (x.candidates.empty()) return 0.5;
        const double other = x.root_visits > 0 ? x.root_winrate : x.candidates.front().winrate;
        return after->to_move() == mover ? other : 1 - other;
    }

    std::unique_ptr<Agent> inner_;
    std::function<std::unique_ptr<Agent>()> fresh_;
};

}  // namespace

bool swap_legal(const Game& game) {
    const std::vector<std::string> legal = game.legal_moves();
    return std::binary_search(legal.begin(), legal.end(), kSwapMove);
}

std::unique_ptr<Agent> with_pie_search(std::unique_ptr<Agent> inner,
                                       std::function<std::unique_ptr<Agent>()> fresh) {
    return std::make_unique<PieSearch>(std::move(inner), std::move(fresh));
}

}  // namespace asterism
