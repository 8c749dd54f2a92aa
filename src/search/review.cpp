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

// One position's analysis, as the review keeps it: the candidates of the
// search in position k are compared with the played move's value, which the
// search in position k + 1 (the same tree, moved down) has refined.
struct Searched {
    bool terminal = false;
    double result_first = 0.5;  // of a finished position
    Analysis analysis;
};

// The player to move's expected score at the root of an analysis: the mean
// over the whole search where the player gives one, else its best move's.
double root_value(const Analysis& a) {
    if (a.root_visits > 0) return a.root_winrate;
    return a.candidates.empty() ? 0.5 : a.candidates.front().winrate;
}

// A candidate's value for the player to move, as the review trusts it. A
// proven result counts as 1 or 0: the MCTS solver and alpha-beta's mate
// scores prove what they report. Otherwise a Monte Carlo candidate's mean
// rests on its own playouts only, often a handful at a review's budget, and
// the best of a few hundred such means is the luckiest, not the best: each
// is shrunk toward the root's mean by kShrinkPlayouts playouts' worth of it
// (docs/review.md), so that a move must show a better mean over many
// playouts before it counts as better than the move played.
double trusted_value(const Candidate& c, const Analysis& a) {
    if (c.proven != 0) return c.proven > 0 ? 1.0 : 0.0;
    if (a.unit != "playouts") return c.winrate;
    const double n = static_cast<double>(c.visits);
    return (n * c.winrate + kShrinkPlayouts * root_value(a)) / (n + kShrinkPlayouts);
}

// The best move in an analysis other than `played` (empty: any), by
// trusted value. Alpha-beta gives an exact score for its best move only
// (the others' are bounds), so only that one takes part.
struct Choice {
    double value = -1;  // below any value: nothing chosen
    const Candidate* candidate = nullptr;
};
Choice best_other(const Analysis& a, const std::string& played) {
    Choice best;
    for (const Candidate& c : a.candidates) {
        if (c.move != played) {
            const double v = trusted_value(c, a);
            if (v > best.value) best = {v, &c};
        }
        if (a.unit != "playouts") break;
    }
    return best;
}

Searched search_position(const Game& position, Agent& agent, Rng& rng,
                         const std::atomic<bool>* stop) {
    Searched s;
    if (position.terminal()) {
        s.terminal = true;
        s.result_first = result_for_first(position.outcome());
        return s;
    }
    std::function<bool(const Analysis&)> keep_going;
    if (stop) keep_going = [stop](const Analysis&) { return !stop->load(); };
    s.analysis = agent.analyze(position, rng, SearchLimits{}, keep_going);
    if (s.analysis.candidates.empty())
        throw GameError("internal: the review's analysis found no move");
    return s;
}

// `m`'s best move is `c`: its proof, if any.
void set_best(ReviewedMove& m, const Candidate& c) {
    m.best = c.move;
    m.proven = proven_text(c);
    m.proven_result = c.proven > 0 ? 1 : c.proven < 0 ? -1 : 0;
    m.proven_plies = c.proven != 0 ? c.proven_plies : 0;
}

// The move `move` played by `mover` at ply `ply` from the position that `a`
// analysed, judged against the search of the position it led to.
ReviewedMove judge(const Analysis& a, const std::string& move, int ply, Player mover,
                   const Searched& next, Player next_mover) {
    ReviewedMove m;
    m.ply = ply;
    m.move = move;
    m.mover = mover;
    // The next position's value for its own player to move, seen by this
    // mover: the other player's in most games, the same player's in a
    // one-player game or when a player moves twice (Asterisk's start).
    const double next_value =
        next.terminal ? next.result_first : view_of(next_mover, root_value(next.analysis));
    m.after = view_of(mover, next_value);
    const Choice other = best_other(a, m.move);
    if (other.value > m.after) {
        m.before = other.value;
        set_best(m, *other.candidate);
    } else {
        m.before = m.after;
        m.best = m.move;
        for (const Candidate& c : a.candidates)
            if (c.move == m.move) set_best(m, c);
    }
    m.loss = m.before - m.after;
    m.mark = mark_for_loss(m.loss);
    return m;
}

// Every mistake or blunder is checked again by a player kVerifyLevels
// stronger (at most kMaxLevel), with a tree of its own: position k and then
// k + 1 searched anew, the move judged again, and that judgement stands. A
// short search's swings (a capture it has not seen through, a few lucky
// playouts) are what mark good moves; a mark that holds under a longer look
// is one a strong player would accept. The graph keeps the review's level.
void verify_marks(const Game& start, const std::vector<std::string>& history,
                  const std::vector<Player>& movers, const ReviewSettings& settings,
                  Review& review) {
    EngineSettings es;
    es.level = std::min(settings.level + kVerifyLevels, kMaxLevel);
    es.seed = settings.seed;
    es.threads = settings.threads;
    if (es.level <= settings.level) return;
    // The largest losses first, and at most max_verified of them: a game of
    // bad moves would otherwise cost a stronger search for every one of its
    // marks. A mark left over stands as the review judged it.
    std::vector<ReviewedMove*> marked;
    for (ReviewedMove& m : review.moves)
        if (m.mark == ReviewMark::Mistake || m.mark == ReviewMark::Blunder) marked.push_back(&m);
    std::stable_sort(
        marked.begin(), marked.end(),
        [](const ReviewedMove* a, const ReviewedMove* b) { return a->loss > b->loss; });
    if (marked.size() > settings.max_verified) marked.resize(settings.max_verified);
    for (ReviewedMove* mp : marked) {
        ReviewedMove& m = *mp;
        if (settings.stop && settings.stop->load()) return;
        auto position = start.clone();
        for (int i = 0; i < m.ply; ++i) position->play(history[static_cast<std::size_t>(i)]);
        auto agent = make_engine(*position, es);
        Rng rng(settings.seed + static_cast<std::uint64_t>(m.ply));
        const Searched here = search_position(*position, *agent, rng, settings.stop);
        position->play(m.move);
        const Searched next = search_position(*position, *agent, rng, settings.stop);
        m = judge(here.analysis, m.move, m.ply, m.mover, next,
                  movers[static_cast<std::size_t>(m.ply) + 1]);
    }
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
    const auto start = position->clone();
    auto agent = make_engine(*position, es);
    Rng rng(settings.seed);
    const int total = static_cast<int>(history.size()) + 1;
    // One player searches every position in turn. A Monte Carlo player
    // keeps its tree from one position to the next, so the search of
    // position k + 1 goes on with the node of the move played in position
    // k: at the end its root's mean is that move's value over at least the
    // level's playouts, whatever few it had in the search of position k.
    std::vector<Searched> seen;
    std::vector<Player> movers;
    for (int k = 0; k < total; ++k) {
        if (k > 0) position->play(history[static_cast<std::size_t>(k - 1)]);
        if (settings.stop && settings.stop->load()) break;
        movers.push_back(position->to_move());
        seen.push_back(search_position(*position, *agent, rng, settings.stop));
        if (progress && !progress(k + 1, total)) break;
    }
    Review review;
    for (std::size_t k = 0; k < seen.size(); ++k) {
        const Player mover = movers[k];
        if (seen[k].terminal) {
            review.winrate_first.push_back(seen[k].result_first);
            continue;
        }
        const Analysis& a = seen[k].analysis;
        if (k + 1 >= seen.size()) {
            // The last position reviewed: no move played from it.
            const Choice best = best_other(a, "");
            review.winrate_first.push_back(view_of(mover, best.value));
            continue;
        }
        ReviewedMove m =
            judge(a, history[k], static_cast<int>(k), mover, seen[k + 1], movers[k + 1]);
        review.winrate_first.push_back(view_of(mover, m.before));
        review.moves.push_back(std::move(m));
    }
    verify_marks(*start, history, movers, settings, review);
    return review;
}

}  // namespace asterism
