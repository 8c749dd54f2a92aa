#include "search/review.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/registry.h"
#include "search/engines.h"
#include "search/pie.h"

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

double move_accuracy(double loss) {
    // Lichess's fit (AccuracyPercent.fromWinPercents), on a loss in points
    // of 100, with its one point of "uncertainty bonus".
    if (loss <= 0) return 100;
    const double raw =
        103.1668100711649 * std::exp(-0.04354415386753951 * 100 * loss) - 3.166924740191411 + 1;
    return std::clamp(raw, 0.0, 100.0);
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

// One search of one position, rooted there, by a player of its own (no tree
// or table carried over from another search, so that every search of the
// review has the same shape): the first player's expected score as that
// search gives it, and its best move.
struct Valued {
    bool done = false;  // searched (false: stopped before)
    bool terminal = false;
    bool sampled = false;  // a Monte Carlo search's (its value depends on the seed)
    Player to_move = Player::None;
    double first = 0.5;
    Candidate best;
};

// The player to move's expected score at the root of an analysis: the mean
// over the whole search where the player gives one, else its best move's.
double root_value(const Analysis& a) {
    if (a.root_visits > 0) return a.root_winrate;
    return a.candidates.empty() ? 0.5 : a.candidates.front().winrate;
}

// What the review's searches are: the engine's settings and the stretch
// that takes a search's win rate to the chance of winning (0: the default
// for the search, kMonteCarloStretch for a Monte Carlo mean, 1 for
// alpha-beta's score).
struct Searcher {
    EngineSettings es;
    double stretch = 0;
};

// A search's win rate w on the scale of the chance of winning:
// 1 / (1 + ((1 - w) / w)^stretch), a logistic stretch of its logit.
double calibrated(double w, double stretch) {
    if (w <= 0 || w >= 1 || stretch == 1) return w;
    return 1 / (1 + std::pow((1 - w) / w, stretch));
}

Valued value_position(const Game& position, const Searcher& searcher,
                      const std::atomic<bool>* stop) {
    const EngineSettings& es = searcher.es;
    Valued v;
    if (stop && stop->load()) return v;
    v.done = true;
    if (position.terminal()) {
        v.terminal = true;
        v.first = result_for_first(position.outcome());
        return v;
    }
    v.to_move = position.to_move();
    std::function<bool(const Analysis&)> keep_going;
    if (stop) keep_going = [stop](const Analysis&) { return !stop->load(); };
    auto agent = make_engine(position, es);
    Rng rng(es.seed);
    const Analysis a = agent->analyze(position, rng, SearchLimits{}, keep_going);
    if (a.candidates.empty()) throw GameError("internal: the review's analysis found no move");
    v.best = a.candidates.front();
    v.sampled = a.unit == "playouts";
    // A proven result is the value, whatever the mean says.
    if (v.best.proven > 0)
        v.first = view_of(v.to_move, 1.0);
    else
        v.first =
            view_of(v.to_move, calibrated(root_value(a), searcher.stretch > 0   ? searcher.stretch
                                                         : a.unit == "playouts" ? kMonteCarloStretch
                                                                                : 1.0));
    return v;
}

// Position k's searches: rooted at k, and rooted after k's best move (the
// same search as the next position's when the move played was the best).
struct PositionSearches {
    Valued here;
    Valued after_best;
    bool swap_legal = false;  // the pie rule's swap is a move here
    // Up to the swap: the player it may take the game from, whose expected
    // score is then at most one half (None elsewhere; see swap_bounds).
    Player swap_bound = Player::None;
};

// The position after `move` from `position`, searched.
Valued value_after(const Game& position, const std::string& move, const Searcher& es,
                   const std::atomic<bool>* stop) {
    auto after = position.clone();
    after->play(move);
    return value_position(*after, es, stop);
}

// The tempo bias of a search at position k, for its mover: how much more the
// search rooted at k gives the mover than the search rooted after its best
// move (in which the other player is to move), halved: a search favours the
// player it is rooted for, and the mean of the two is the same for either.
// Zero when the same player moves again (nothing to cancel) or at a proof.
double tempo_bias(const PositionSearches& p) {
    if (p.here.terminal || !p.after_best.done || p.after_best.to_move == p.here.to_move) return 0;
    if (p.here.best.proven != 0) return 0;
    const Player mover = p.here.to_move;
    return (view_of(mover, p.here.first) - view_of(mover, p.after_best.first)) / 2;
}

// The graph's value of position k: the first player's expected score with
// the tempo bias taken out, i.e. the mean of the two searches.
double graph_value(const PositionSearches& p) {
    if (p.here.terminal) return p.here.first;
    const double bias = tempo_bias(p);
    const double bias_first = p.here.to_move == Player::Second ? -bias : bias;
    const double v = std::clamp(p.here.first - bias_first, 0.0, 1.0);
    if (p.swap_bound == Player::First) return std::min(v, 0.5);
    if (p.swap_bound == Player::Second) return std::max(v, 0.5);
    return v;
}

// The pie rule's swap gives the player who may take it the other side of
// the same position (*Star's and Asterisk's: search/pie.h), so it is worth
// one minus the best other move, and the player it may be taken from can
// hold at most one half until the choice is made: a search that rates
// that player higher (it seldom looks at the swap) is refuted by the rules.
// Marks each position up to the first where the swap is legal, if any.
void swap_bounds(std::vector<PositionSearches>& seen) {
    const auto at = std::find_if(seen.begin(), seen.end(),
                                 [](const PositionSearches& p) { return p.swap_legal; });
    if (at == seen.end() || at->here.to_move == Player::None) return;
    const Player taken_from = opponent(at->here.to_move);
    for (auto p = seen.begin(); p != at + 1; ++p) p->swap_bound = taken_from;
}

// Whether `mover` has lost by force in `v`: the game over and lost, or the
// other player to move with a proven win (the mover to move again with
// every move a proven loss).
bool lost_by_force(const Valued& v, Player mover) {
    if (!v.done) return false;
    if (v.terminal) return view_of(mover, v.first) == 0;
    return v.to_move == mover ? v.best.proven < 0 : v.best.proven > 0;
}

// The move played let the other player force the win, and the best move
// did not (both searches rooted after a move of position k): lichess's
// "checkmate is now unavoidable" (its Advice, MateCreated): the mark it earns, by how
// much the best move still held for the mover, whatever the loss: a
// blunder from 7% or more, a mistake from 2.5% (lichess's -700 and -999
// centipawns on its win-percent curve), an inaccuracy below, where the
// game was lost anyway but not yet by force.
ReviewMark forced_loss_mark(Player mover, const Valued& by_best, const Valued& played) {
    if (!lost_by_force(played, mover) || lost_by_force(by_best, mover)) return ReviewMark::None;
    const double held = view_of(mover, by_best.first);
    return held >= 0.07    ? ReviewMark::Blunder
           : held >= 0.025 ? ReviewMark::Mistake
                           : ReviewMark::Inaccuracy;
}

// How many times the mover's odds (p / (1 - p)) by the best move exceed
// its odds by the move played, where the mover was losing (under
// kLosingPosition by the best move) and they fell at least kOddsCut times;
// 0 otherwise, and for a proven value (0 or 1: forced_loss_mark's case).
// In a lost position a move can throw away most of what was left and lose
// two points of expected score, which no threshold of points marks.
double lost_odds_cut(double by_best, double by_played) {
    if (by_best >= kLosingPosition || by_played <= 0 || by_best <= 0 || by_played >= 1) return 0;
    const double cut = (by_best / (1 - by_best)) / (by_played / (1 - by_played));
    return cut >= kOddsCut ? cut : 0;
}

// `m`'s better move is `c`: its proof, if any.
void set_best(ReviewedMove& m, const Candidate& c) {
    m.best = c.move;
    m.proven = proven_text(c);
    m.proven_result = c.proven > 0 ? 1 : c.proven < 0 ? -1 : 0;
    m.proven_plies = c.proven != 0 ? c.proven_plies : 0;
}

// The move played at `ply` from position `p`, which led to the position
// searched in `next`. Its loss compares two searches of one kind, each
// rooted after a move of position k (the best one's, the played one's), so
// that both favour the same player by the same tempo and the difference does
// not: the best move's value minus the played move's, at least 0. `before`
// is the position's graph value for the mover, `after` that less the loss.
ReviewedMove judge(const PositionSearches& p, const Valued& next, const std::string& move,
                   int ply) {
    ReviewedMove m;
    m.ply = ply;
    m.move = move;
    m.mover = p.here.to_move;
    m.before = view_of(m.mover, graph_value(p));
    set_best(m, p.here.best);
    ReviewMark forced = ReviewMark::None;
    m.by_best = m.by_played = view_of(m.mover, next.first);
    if (p.here.best.move != move) {
        m.by_best = view_of(m.mover, p.after_best.first);
        m.loss = std::max(0.0, m.by_best - m.by_played);
        forced = forced_loss_mark(m.mover, p.after_best, next);
        m.forced_loss = forced != ReviewMark::None;
        m.odds_cut = lost_odds_cut(m.by_best, m.by_played);
    }
    if (m.loss <= 0 && !m.forced_loss) {
        m.best = move;
        m.proven.clear();
        m.proven_result = m.proven_plies = 0;
        if (p.here.best.move == move) set_best(m, p.here.best);
    }
    m.after = std::max(0.0, m.before - m.loss);
    m.mark = std::max({mark_for_loss(m.loss), forced,
                       m.odds_cut > 0 ? ReviewMark::Inaccuracy : ReviewMark::None});
    return m;
}

// The pie rule's `swap` (*Star's and Asterisk's name for it), where it is
// legal, is searched as a move of its own, whatever the search at k made of
// it, and is the best move when the mover's value after it is higher. It
// is the one choice between two different games, and a short search
// decides it badly: the swap is one move among a hundred placements, its
// prior a rough count (Asterisk's policy_swap), and at level 5 it can go
// unvisited while the search after it gives the mover 20 points more than
// after the placement the search prefers (docs/review.md, "The swap").
void weigh_the_swap(const Game& position, const std::string& played, const Searcher& es,
                    const std::atomic<bool>* stop, PositionSearches& p) {
    const std::string swap(kSwapMove);
    p.swap_legal = asterism::swap_legal(position);
    if (!p.swap_legal || p.here.best.move == swap) return;
    const Valued after = value_after(position, swap, es, stop);
    if (!after.done) return;
    const Player mover = p.here.to_move;
    // When the best move was the one played, its search is the next
    // position's, not yet made: made here for the comparison.
    if (!p.after_best.done) p.after_best = value_after(position, p.here.best.move, es, stop);
    if (!p.after_best.done || view_of(mover, after.first) <= view_of(mover, p.after_best.first))
        return;
    Candidate best;
    best.move = swap;
    best.winrate = view_of(mover, after.first);
    p.here.best = best;
    p.after_best = played == swap ? Valued{} : after;
}

// Position k (`position`, from which `played` was played, empty for the last
// position) and the search after its best move; `next` is filled in later
// when the best move is the one played.
PositionSearches search_position(const Game& position, const std::string& played,
                                 const Searcher& es, const std::atomic<bool>* stop) {
    PositionSearches p;
    p.here = value_position(position, es, stop);
    if (!p.here.done || p.here.terminal) return p;
    if (p.here.best.move != played)
        p.after_best = value_after(position, p.here.best.move, es, stop);
    weigh_the_swap(position, played, es, stop, p);
    return p;
}

// The review's searches of `game` at `level`, with the stretch the game
// registers for its form (GameInfo::review_stretch), if any.
Searcher searcher_for(const Game& game, const ReviewSettings& settings, int level) {
    Searcher s;
    s.es.level = level;
    s.es.seed = settings.seed;
    s.es.threads = settings.threads;
    // The review weighs the swap itself (weigh_the_swap), each search with
    // the level's whole budget; a player's own weighing (search/pie.h)
    // would split the search of that position in three.
    s.es.pie = false;
    Options options;
    const GameInfo* info = registered_options(game, options);
    if (info && info->review_stretch) s.stretch = info->review_stretch(options);
    return s;
}

// Move `m` of `position` judged again by the searches of `es`, made
// `samples` times with different seeds where they are Monte Carlo ones: the
// judgement with the median loss (kCheckSamples). False when stopped.
bool check_mark(const Game& position, const Searcher& es, int samples,
                const std::atomic<bool>* stop, ReviewedMove& m) {
    std::vector<ReviewedMove> judged;
    for (int i = 0; i < std::max(1, samples); ++i) {
        Searcher sample = es;
        sample.es.seed = es.es.seed + 7919 * static_cast<std::uint64_t>(i);
        const PositionSearches p = search_position(position, m.move, sample, stop);
        const Valued next = value_after(position, m.move, sample, stop);
        if (!next.done || !p.here.done) return false;
        judged.push_back(judge(p, next, m.move, m.ply));
        if (!next.sampled && !p.here.sampled) break;
    }
    std::sort(judged.begin(), judged.end(),
              [](const ReviewedMove& a, const ReviewedMove& b) { return a.loss < b.loss; });
    m = judged[(judged.size() - 1) / 2];
    return true;
}

// Every mark is checked again by a player kVerifyLevels
// stronger (at most kMaxLevel): the same searches at that level, and that
// judgement stands. A short search's swings (a capture it has not seen
// through, a few lucky playouts) are what mark good moves; a mark that holds
// under a longer look is one a strong player would accept. The graph keeps
// the review's level.
void verify_marks(const Game& start, const std::vector<std::string>& history,
                  const ReviewSettings& settings, Review& review) {
    const Searcher es =
        searcher_for(start, settings, std::min(settings.level + kVerifyLevels, kMaxLevel));
    if (es.es.level <= settings.level) return;
    // The largest losses first, and at most max_verified of them: a game of
    // bad moves would otherwise cost a stronger search for every one of its
    // marks. A mark left over stands as the review judged it.
    std::vector<ReviewedMove*> marked;
    for (ReviewedMove& m : review.moves)
        if (m.mark != ReviewMark::None) marked.push_back(&m);
    std::stable_sort(
        marked.begin(), marked.end(),
        [](const ReviewedMove* a, const ReviewedMove* b) { return a->loss > b->loss; });
    if (marked.size() > settings.max_verified) marked.resize(settings.max_verified);
    for (ReviewedMove* mp : marked) {
        ReviewedMove& m = *mp;
        auto position = start.clone();
        for (int i = 0; i < m.ply; ++i) position->play(history[static_cast<std::size_t>(i)]);
        const double before = m.before;
        if (!check_mark(*position, es, settings.check_samples, settings.stop, m)) return;
        // The graph and `before` stay the review's own.
        m.before = before;
        m.after = std::max(0.0, before - m.loss);
    }
}

// The move that lost the game (issue 43): in a game one player won, the
// loser's last move after which its best move would still have kept at
// least its share of the start (its value in the first position, at most
// one half: the first move's advantage is the game's, not a mistake) and
// the move played did not. A game lost by many small losses has no move
// that loses 10 points; this is the one after which the loser never again
// had its share, and it is marked at least a mistake when it lost at least
// an inaccuracy's worth (a crossing by a point or two of noise is not).
void mark_the_losing_move(const Game& game, const std::vector<PositionSearches>& seen,
                          Review& review) {
    if (!game.terminal() || review.winrate_first.empty()) return;
    const Outcome o = game.outcome();
    if (o.kind != Outcome::Kind::Win || o.winner == Player::None) return;
    ReviewedMove* losing = nullptr;
    for (ReviewedMove& m : review.moves) {
        const auto k = static_cast<std::size_t>(m.ply);
        if (m.mover == o.winner || k + 1 >= seen.size() || seen[k].here.terminal) continue;
        const double share = std::min(0.5, view_of(m.mover, review.winrate_first.front()));
        // The values of the searches that judged the move: a checked
        // mark's are the check's, which a level-5 search's noise (a swap
        // valued 47% or 62% by two seeds) does not decide.
        if (m.by_best >= share && m.by_played < share) losing = &m;
    }
    if (!losing || losing->loss < kInaccuracyLoss - 1e-9) return;
    losing->decisive = true;
    if (losing->mark == ReviewMark::Inaccuracy) losing->mark = ReviewMark::Mistake;
}

}  // namespace

std::vector<PlayerReview> summarize_players(const Review& review) {
    // Lichess's game accuracy: each move's accuracy weighted by how much the
    // graph moves around it (the standard deviation of the win rate, in
    // points, over a window of a tenth of the game, 2 to 8 positions, kept
    // within 0.5 to 12), and the mean of that weighted mean with the
    // harmonic mean of the same accuracies, per player.
    if (review.winrate_first.empty()) return {};
    const std::size_t n = std::min(review.moves.size(), review.winrate_first.size() - 1);
    const std::size_t window = std::clamp<std::size_t>(n / 10, 2, 8);
    std::vector<double> weights;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t from = i + 2 > window ? i + 2 - window : 0;
        const std::size_t to = std::min(from + window, review.winrate_first.size());
        double mean = 0, squares = 0;
        for (std::size_t j = from; j < to; ++j) mean += 100 * review.winrate_first[j];
        mean /= static_cast<double>(to - from);
        for (std::size_t j = from; j < to; ++j)
            squares += std::pow(100 * review.winrate_first[j] - mean, 2);
        weights.push_back(
            std::clamp(std::sqrt(squares / static_cast<double>(to - from)), 0.5, 12.0));
    }
    std::vector<PlayerReview> players;
    for (const Player p : {Player::First, Player::Second}) {
        PlayerReview s;
        s.player = p;
        double weighted = 0, weight = 0, inverse = 0;
        bool zero = false;
        for (std::size_t i = 0; i < n; ++i) {
            const ReviewedMove& m = review.moves[i];
            if (m.mover != p) continue;
            const double a = move_accuracy(m.loss);
            ++s.moves;
            weighted += a * weights[i];
            weight += weights[i];
            zero = zero || a <= 0;
            inverse += a > 0 ? 1 / a : 0;
            s.inaccuracies += m.mark == ReviewMark::Inaccuracy ? 1 : 0;
            s.mistakes += m.mark == ReviewMark::Mistake ? 1 : 0;
            s.blunders += m.mark == ReviewMark::Blunder ? 1 : 0;
        }
        if (s.moves == 0) continue;
        const double harmonic = zero ? 0 : s.moves / inverse;
        s.accuracy = (weighted / weight + harmonic) / 2;
        players.push_back(s);
    }
    return players;
}

Review review_game(const Game& game, const ReviewSettings& settings,
                   const std::function<bool(int, int)>& progress) {
    const std::vector<std::string> history = game.history();
    auto position = game.clone();
    while (position->undo()) {
    }
    const auto start = position->clone();
    const Searcher es = searcher_for(game, settings, settings.level);
    const int total = static_cast<int>(history.size()) + 1;
    std::vector<PositionSearches> seen;
    for (int k = 0; k < total; ++k) {
        if (k > 0) position->play(history[static_cast<std::size_t>(k - 1)]);
        const std::string played = k + 1 < total ? history[static_cast<std::size_t>(k)] : "";
        PositionSearches p = search_position(*position, played, es, settings.stop);
        if (!p.here.done) break;
        // The best move was the one played: the search after it is this one.
        if (k > 0 && !seen.back().after_best.done) seen.back().after_best = p.here;
        seen.push_back(std::move(p));
        if (progress && !progress(k + 1, total)) break;
    }
    swap_bounds(seen);
    Review review;
    double bias_sum = 0;
    int bias_count = 0;
    for (std::size_t k = 0; k < seen.size(); ++k) {
        review.winrate_first.push_back(graph_value(seen[k]));
        if (seen[k].here.terminal || k + 1 >= seen.size()) continue;
        bias_sum += tempo_bias(seen[k]);
        ++bias_count;
        review.moves.push_back(judge(seen[k], seen[k + 1].here, history[k], static_cast<int>(k)));
    }
    review.tempo_bias = bias_count ? bias_sum / bias_count : 0;
    verify_marks(*start, history, settings, review);
    mark_the_losing_move(game, seen, review);
    review.players = summarize_players(review);
    return review;
}

}  // namespace asterism
