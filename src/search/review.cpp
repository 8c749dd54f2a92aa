#include "search/review.h"

#include <algorithm>
#include <memory>

#include "search/engines.h"

namespace asterism {

std::string mark_name(ReviewMark m) {
    switch (m) {
        case ReviewMark::Inaccuracy:
            return "inaccuracy";
        case ReviewMark::Mistake:
            return "mistake";
        case ReviewMark::Blunder:
            return "blunder";
        case ReviewMark::None:
            break;
    }
    return "";
}

ReviewMark mark_for_loss(double loss) {
    // A small epsilon keeps a loss of exactly 0.2 (0.7 - 0.5 in floating
    // point) on the side of the threshold it is written on.
    constexpr double kEps = 1e-9;
    if (loss >= kBlunderLoss - kEps) return ReviewMark::Blunder;
    if (loss >= kMistakeLoss - kEps) return ReviewMark::Mistake;
    if (loss >= kInaccuracyLoss - kEps) return ReviewMark::Inaccuracy;
    return ReviewMark::None;
}

namespace {

// A player's view of the first player's win rate.
double view_of(Player p, double first) {
    return p == Player::Second ? 1 - first : first;
}

// The first player's result in a finished game: 1, 0 or 1/2.
double result_for_first(const Outcome& o) {
    if (o.kind == Outcome::Kind::Win) return o.winner == Player::First ? 1.0 : 0.0;
    if (o.kind == Outcome::Kind::Loss) return 0.0;
    return 0.5;
}

// What one position's analysis gives the review.
struct Assessed {
    double first = 0.5;  // the first player's win rate
    std::string best;
    std::string proven;
};

Assessed assess(const Game& position, Agent& agent, Rng& rng, const std::atomic<bool>* stop) {
    if (position.terminal()) return {result_for_first(position.outcome()), "", ""};
    std::function<bool(const Analysis&)> keep_going;
    if (stop) keep_going = [stop](const Analysis&) { return !stop->load(); };
    const Analysis a = agent.analyze(position, rng, SearchLimits{}, keep_going);
    if (a.candidates.empty()) throw GameError("internal: the review's analysis found no move");
    const Candidate& best = a.candidates.front();
    return {view_of(position.to_move(), best.winrate), best.move, proven_text(best)};
}

}  // namespace

Review review_game(const Game& game, const ReviewSettings& settings,
                   const std::function<bool(int, int)>& progress) {
    const std::vector<std::string> history = game.history();
    auto position = game.clone();
    while (position->undo()) {
    }
    EngineSettings es;
    es.level = settings.level;
    es.seed = settings.seed;
    es.threads = settings.threads;
    auto agent = make_engine(*position, es);
    Rng rng(settings.seed);
    const int total = static_cast<int>(history.size()) + 1;
    Review review;
    std::vector<Assessed> seen;
    for (int k = 0; k < total; ++k) {
        if (k > 0) position->play(history[static_cast<std::size_t>(k - 1)]);
        if (settings.stop && settings.stop->load()) break;
        seen.push_back(assess(*position, *agent, rng, settings.stop));
        review.winrate_first.push_back(seen.back().first);
        if (progress && !progress(k + 1, total)) break;
    }
    position = game.clone();
    while (position->undo()) {
    }
    for (std::size_t k = 0; k + 1 < seen.size(); ++k) {
        ReviewedMove m;
        m.ply = static_cast<int>(k);
        m.move = history[k];
        m.mover = position->to_move();
        m.before = view_of(m.mover, seen[k].first);
        m.after = view_of(m.mover, seen[k + 1].first);
        m.best = seen[k].best;
        m.proven = seen[k].proven;
        m.loss = m.move == m.best ? 0.0 : std::max(0.0, m.before - m.after);
        m.mark = mark_for_loss(m.loss);
        review.moves.push_back(std::move(m));
        position->play(history[k]);
    }
    return review;
}

}  // namespace asterism
