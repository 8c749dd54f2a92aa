// Alpha-beta search, generic over a game's concrete State (DESIGN.md: hot
// loops are templates). Iterative deepening with aspiration windows and
// principal variation search, a fixed-size transposition table, move
// ordering (table move, noisy moves by the game's hint, two killers, a
// history table), late-move reductions for quiet moves, futility pruning
// near the leaves, quiescence over noisy moves, a check extension, mate
// scores that count the distance, and node and time limits. It uses no
// randomness at all: with one thread the same position and limits give the
// same move, score and node count (a time limit, of course, does not).
//
// More threads search by Lazy SMP: helper threads run the same iterative
// deepening on their own copies of everything but the transposition table,
// which all share, so that each finds the table filled by the others; the
// main thread's result is the answer. A node limit counts the nodes of all
// threads together. Helpers make the node count (and so the move) depend on
// timing: searches that must be reproducible use one thread.
//
// Requirements on S beyond the StateGame contract (core/state_game.h):
//   int evaluate() const;        static value for the player to move, in
//                                hundredths of a small man (|v| < kEvalLimit)
//   bool is_noisy(Move m) const; moves that change material or promote (in
//                                Shatra a whole capture chain is one move);
//                                quiescence searches only these
//   int move_hint(Move m) const; ordering among noisy moves, higher first
//                                (most valuable victim, least valuable
//                                attacker); called before m is applied
//   bool in_check() const;       the player to move is in check: a move that
//                                gives check is extended by one ply, and a
//                                side in check may not stand pat (a game
//                                without check returns false)
//   static constexpr bool kCacheEvaluation (optional, default false): the
//                                evaluation is dear enough to be remembered
//                                by position key
//   static constexpr int kAmafKeys; int amaf_key(Move m) const;
//                                the small move key MCTS uses (mcts.h),
//                                reused here to index the history table
//
// The game's own rules decide draws (repetition, move counters) and wins:
// a node is terminal when generate() returns no move, and its value comes
// from outcome(). On top of that the search scores a position repeated on
// its own path as a draw, so it never walks round in circles, and, when
// the caller gives it the game before the root (set_game_before), a
// position that has stood twice in the game already: reaching it again is
// the rules' threefold repetition. The game's own rules see that too, but
// only when the node is generated, after the transposition table has been
// asked: a value stored for the position earlier (often in the search of
// an earlier move) cut the node off first, and a side ahead walked its biy
// back and forth into the third repetition. AlphaBetaAgent gives the game
// only for games whose rules draw by repetition (a state may say it has no
// such rule: repetition_draws()).
//
// A side whose legal moves are all noisy (Shatra's compulsory captures, a
// chess side whose only moves capture) may not stand pat in quiescence
// either: it has no quiet alternative.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "core/types.h"
#include "search/ttable.h"

namespace asterism {

namespace ab {

constexpr int kInfinity = 32000;
constexpr int kMate = 31000;  // a win at the root; a win n plies away scores kMate - n
constexpr int kMaxPly = 128;  // deepest ply of the main search and quiescence together
constexpr int kMateBound = kMate - kMaxPly;  // scores beyond this are wins or losses
constexpr int kEvalLimit = 20000;            // static evaluations are clamped to this

// True for scores that announce a forced win or loss.
constexpr bool is_mate_score(int score) {
    return score >= kMateBound || score <= -kMateBound;
}

// Expected score in [0, 1] of the player to move for a search score: a
// logistic curve on which 400 units (four small men) are ten to one.
inline double winrate_of(int score) {
    if (score >= kMateBound) return 1.0;
    if (score <= -kMateBound) return 0.0;
    return 1.0 / (1.0 + std::pow(10.0, -score / 400.0));
}

}  // namespace ab

struct AlphaBetaConfig {
    // Transposition table entries (16 bytes each), rounded down to a power
    // of two; 0 switches the table off.
    std::size_t tt_entries = std::size_t{1} << 20;
    bool aspiration = true;
    bool reductions = true;  // late-move reductions of quiet moves
    // How hard late quiet moves are reduced: the reduction grows with the
    // logarithms of the depth and of the move's rank, times this.
    double reduction_scale = 0.8;
    // Near the leaves, quiet moves that cannot lift a hopeless static
    // evaluation to alpha are not searched.
    bool futility = true;
    // Off: the leaves take the static evaluation as it stands, captures
    // pending or not (a weak level's horizon).
    bool quiescence = true;
    // Threads searching together (Lazy SMP, above); 1 is the deterministic
    // search.
    int threads = 1;
};

struct AlphaBetaLimits {
    int depth = 0;            // deepest iteration; 0 = up to the ply limit
    std::uint64_t nodes = 0;  // 0 = no limit of this kind
    double seconds = 0;       // 0 = no limit of this kind
    // Iterations up to this depth finish even past the node limit, so that
    // a small budget never leaves the first plies half searched (a move
    // chosen from a half-searched first ply can be any move).
    int min_depth = 0;
};

namespace ab {

// What the threads of one search share besides the table.
struct SharedSearch {
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> nodes{0};  // counted in batches of kNodeBatch
    static constexpr std::uint64_t kNodeBatch = 256;
};

}  // namespace ab

template <class S>
class AlphaBeta {
  public:
    using Move = typename S::Move;
    // Ordering keys and table entries hold a move as its 16-bit index.
    static_assert(S::kMaxMoves < 65535, "move indices must fit in 16 bits");

    struct RootMove {
        Move move{};
        int score = -ab::kInfinity;  // exact for the best move, an upper bound for the others
        std::uint64_t nodes = 0;     // spent below this move in all iterations so far
        std::vector<Move> pv;        // starts with `move`
    };

    struct Result {
        bool has_move = false;  // false only when the root is terminal
        Move best{};
        int score = 0;
        int depth = 0;  // last completed iteration (0 if none completed)
        int seldepth = 0;
        std::uint64_t nodes = 0;
        double seconds = 0;
        std::vector<RootMove> root_moves;  // best first
        const std::vector<Move>& pv() const { return root_moves.front().pv; }
    };

    explicit AlphaBeta(AlphaBetaConfig config = {})
        : config_(config),
          moves_(static_cast<std::size_t>(std::max(8 * S::kMaxMoves, 1 << 14))),
          order_(moves_.size()),
          history_(2 * static_cast<std::size_t>(S::kAmafKeys), 0),
          pv_(static_cast<std::size_t>(ab::kMaxPly + 1) * (ab::kMaxPly + 1)),
          pv_length_(ab::kMaxPly + 1, 0),
          killers_(ab::kMaxPly + 1),
          path_(ab::kMaxPly + 2, 0) {
        std::size_t n = 1;
        while (n * 2 <= config.tt_entries) n *= 2;
        tt_ = std::make_shared<ab::TTable>(config.tt_entries ? n : 0);
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m)
                reduction_[d][m] = static_cast<std::int8_t>(0.5 + config.reduction_scale *
                                                                      std::log(d) * std::log(m));
    }

    const AlphaBetaConfig& config() const { return config_; }

    // Forgets everything learnt (the table, killers, history), so that a
    // search does not depend on the ones before it.
    void clear() {
        tt_->clear();
        std::fill(history_.begin(), history_.end(), 0);
        helpers_.clear();
        for (auto& k : killers_) k = Killers{};
        generation_ = 0;
    }

    // Searches `root` by iterative deepening until a limit is reached.
    // `progress` (if any) is called with the result so far after each
    // completed iteration, and with the last completed one every
    // kReportNodes nodes in between (deep iterations take long, and a
    // caller that wants to stop should not wait for one to end); returning
    // false stops the search.
    Result search(const S& root, const AlphaBetaLimits& limits,
                  const std::function<bool(const Result&)>& progress = nullptr) {
        if (config_.threads > 1 && !tt_->empty()) return search_parallel(root, limits, progress);
        return search_alone(root, limits, progress);
    }

    std::uint64_t nodes() const { return nodes_; }

    // The game's positions from the root back, as S::hash() keys: `game[0]`
    // is the root's, `game[d]` the one d plies before it. They hold for the
    // searches that follow until set again. A position that stood twice in
    // them with the same player to move is a draw when the search reaches it.
    void set_game_before(const std::vector<std::uint64_t>& game) {
        drawn_before_.clear();
        for (std::size_t d = 1; d < game.size(); ++d) {
            int seen = 0;
            for (std::size_t e = d % 2; e < game.size(); e += 2) seen += game[e] == game[d] ? 1 : 0;
            if (seen >= 2) drawn_before_.push_back({game[d], static_cast<int>(d % 2)});
        }
    }

  private:
    // Lazy SMP (see the top of this file): the helpers search until the
    // main thread, which obeys the limits, is done.
    Result search_parallel(const S& root, const AlphaBetaLimits& limits,
                           const std::function<bool(const Result&)>& progress) {
        ab::SharedSearch shared;
        // Helpers stop at the node budget too, so that it holds while the
        // main thread waits for a core; the main thread alone finishes
        // min_depth and watches the clock.
        AlphaBetaLimits helper_limits;
        helper_limits.depth = limits.depth;
        helper_limits.nodes = limits.nodes;
        AlphaBetaConfig helper_config = config_;
        helper_config.threads = 1;
        helper_config.tt_entries = 0;
        while (static_cast<int>(helpers_.size()) < config_.threads - 1) {
            helpers_.push_back(std::make_unique<AlphaBeta>(helper_config));
            helpers_.back()->tt_ = tt_;
        }
        std::vector<std::thread> workers;
        for (auto& h : helpers_) {
            h->shared_ = &shared;
            h->drawn_before_ = drawn_before_;
            h->generation_ = generation_;  // both sides add one as they begin
            workers.emplace_back(
                [&h, &root, &helper_limits] { h->search_alone(root, helper_limits); });
        }
        shared_ = &shared;
        Result result = search_alone(root, limits, progress);
        shared.stop = true;
        for (auto& w : workers) w.join();
        shared_ = nullptr;
        for (auto& h : helpers_) {
            h->shared_ = nullptr;
            result.nodes += h->nodes_;
        }
        return result;
    }

    Result search_alone(const S& root, const AlphaBetaLimits& limits,
                        const std::function<bool(const Result&)>& progress = nullptr) {
        begin(root, limits, progress);
        Result result;
        const int n = pos_.generate(moves_.data());
        if (n == 0) {
            result.score = terminal_score(0);
            return finish(result);
        }
        std::vector<RootMove> roots = ordered_root_moves(n);
        result.has_move = true;
        result.best = roots.front().move;
        result.root_moves = roots;
        reported_ = &result;
        const int max_depth =
            std::min(limits.depth > 0 ? limits.depth : ab::kMaxPly - 8, ab::kMaxPly - 8);
        int previous = 0;
        for (int depth = 1; depth <= max_depth && !stop_; ++depth) {
            const int score = search_window(roots, depth, previous);
            // An interrupted iteration still counts when it has found a move
            // better than the last iteration's best: that move was searched
            // to the new depth in full. Otherwise the old order stands.
            if (stop_) {
                if (best_changed_) {
                    result.best = roots.front().move;
                    result.score = roots.front().score;
                    result.root_moves = roots;
                    // Moves this iteration did not reach keep bounds from
                    // shallower ones; none may look better than the best.
                    for (auto& rm : result.root_moves) rm.score = std::min(rm.score, result.score);
                }
                break;
            }
            previous = score;
            result.best = roots.front().move;
            result.score = score;
            result.depth = depth;
            result.root_moves = roots;
            result.nodes = nodes_;
            result.seldepth = seldepth_;
            result.seconds = elapsed();
            if (progress && !progress(result)) break;
            // A forced win or loss found within this depth will not change.
            if (ab::is_mate_score(score) && ab::kMate - std::abs(score) <= depth) break;
            if (n == 1 && depth >= 2 && limits.depth == 0) break;  // nothing to choose
        }
        return finish(result);
    }

    // Resets the per-search state for a search of `root`.
    void begin(const S& root, const AlphaBetaLimits& limits,
               const std::function<bool(const Result&)>& progress) {
        start_ = Clock::now();
        limits_ = limits;
        progress_ = progress ? &progress : nullptr;
        next_report_ = kReportNodes;
        nodes_ = 0;
        seldepth_ = 0;
        root_depth_ = 0;
        stop_ = false;
        ++generation_;
        for (auto& k : killers_) k = Killers{};
        // History from earlier searches still orders moves well, but aged so
        // that it cannot swamp what this search learns.
        for (auto& h : history_) h /= 4;
        pos_ = root;
    }

    // The root's `n` moves (generated into moves_) in their first order:
    // table move, noisy moves by hint, then history.
    std::vector<RootMove> ordered_root_moves(int n) {
        std::vector<RootMove> roots(static_cast<std::size_t>(n));
        score_moves(0, n, tt_move_index(pos_.hash(), n), 0);
        std::sort(order_.begin(), order_.begin() + n, std::greater<>());
        for (int i = 0; i < n; ++i) {
            RootMove& rm = roots[static_cast<std::size_t>(i)];
            rm.move =
                moves_[static_cast<std::size_t>(index_of(order_[static_cast<std::size_t>(i)]))];
            rm.pv = {rm.move};
        }
        return roots;
    }

    // One iteration to `depth`, in an aspiration window around the last
    // iteration's score from depth 4 on.
    int search_window(std::vector<RootMove>& roots, int depth, int previous) {
        int delta = 40;
        int alpha = -ab::kInfinity, beta = ab::kInfinity;
        if (config_.aspiration && depth >= 4 && !ab::is_mate_score(previous)) {
            alpha = std::max(previous - delta, -ab::kInfinity);
            beta = std::min(previous + delta, ab::kInfinity);
        }
        for (;;) {
            const int score = search_root(roots, alpha, beta, depth);
            if (stop_) return score;
            // A score outside the window is only a bound: widen and search
            // again.
            if (score <= alpha) {
                alpha = std::max(score - delta, -ab::kInfinity);
            } else if (score >= beta) {
                beta = std::min(score + delta, ab::kInfinity);
            } else {
                return score;
            }
            delta *= 4;
            if (delta > 1000) alpha = -ab::kInfinity, beta = ab::kInfinity;
        }
    }

    using Clock = std::chrono::steady_clock;
    static constexpr std::uint64_t kReportNodes = 50'000;  // a tenth of a second or so

    using TTEntry = ab::TTEntry;
    static constexpr std::uint16_t kNoIndex = 0xffff;
    static constexpr std::uint8_t kExact = 1, kLower = 2, kUpper = 3;

    struct EvalEntry {
        std::uint64_t key = 0;
        std::int32_t value = 0;
        bool set = false;
    };
    static constexpr std::size_t kEvalEntries = std::size_t{1} << 16;

    struct Killers {
        Move move[2]{};
        bool set[2] = {false, false};
    };

    Result& finish(Result& r) {
        reported_ = nullptr;
        progress_ = nullptr;
        r.nodes = nodes_;
        r.seconds = elapsed();
        r.seldepth = std::max(r.seldepth, seldepth_);
        return r;
    }

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    // Counts a node and decides whether to stop: the node limit exactly
    // (past min_depth), the clock every 1024 nodes so that timing stays off
    // the hot path.
    bool count_node() {
        ++nodes_;
        std::uint64_t counted = nodes_;
        // With helpers, the node limit counts every thread's nodes, added
        // up in batches so that the threads seldom touch the shared count.
        if (shared_) {
            if (nodes_ % ab::SharedSearch::kNodeBatch != 0) return stop_;
            counted = shared_->nodes.fetch_add(ab::SharedSearch::kNodeBatch) +
                      ab::SharedSearch::kNodeBatch;
            if (shared_->stop.load(std::memory_order_relaxed)) stop_ = true;
        }
        if (limits_.nodes && counted >= limits_.nodes && root_depth_ > limits_.min_depth)
            stop_ = true;
        if (limits_.seconds > 0 && (nodes_ & 1023) == 0 && elapsed() >= limits_.seconds)
            stop_ = true;
        if (nodes_ >= next_report_ && progress_ && reported_ && !stop_) {
            next_report_ = nodes_ + kReportNodes;
            Result& r = *reported_;
            r.nodes = nodes_;
            r.seconds = elapsed();
            if (!(*progress_)(r)) stop_ = true;
        }
        return stop_;
    }

    // Value of a position without moves, for the player to move, `ply`
    // plies from the root: quicker wins and slower losses score better.
    int terminal_score(int ply) const {
        const Outcome o = pos_.outcome();
        if (o.kind == Outcome::Kind::Win)
            return o.winner == pos_.to_move() ? ab::kMate - ply : -(ab::kMate - ply);
        if (o.kind == Outcome::Kind::Loss) return -(ab::kMate - ply);
        return 0;
    }

    // The static evaluation, remembered by position key for games that say
    // their evaluation is dear (S::kCacheEvaluation): transpositions and the
    // futility test ask again for positions already evaluated. The
    // evaluation is a function of the position, which the key stands for as
    // it does in the transposition table, so the search is the same with or
    // without the cache. A cheap evaluation (Shatra's) is faster than the
    // look-up's cache miss, so the others go straight to it.
    static constexpr bool kCacheEvaluation = [] {
        if constexpr (requires { S::kCacheEvaluation; })
            return S::kCacheEvaluation;
        else
            return false;
    }();

    int evaluate() {
        if constexpr (!kCacheEvaluation)
            return std::clamp(pos_.evaluate(), -ab::kEvalLimit, ab::kEvalLimit);
        const std::uint64_t key = pos_.hash();
        EvalEntry& e = evals_[key & (kEvalEntries - 1)];
        if (e.key == key && e.set) return e.value;
        e.value = std::clamp(pos_.evaluate(), -ab::kEvalLimit, ab::kEvalLimit);
        e.key = key;
        e.set = true;
        return e.value;
    }

    // Whether the position at `ply` already stood on this search path with
    // the same player to move, or twice in the game before the root.
    bool repeated(int ply) const {
        const std::uint64_t h = path_[static_cast<std::size_t>(ply)];
        for (int i = ply - 2; i >= 0; i -= 2)
            if (path_[static_cast<std::size_t>(i)] == h) return true;
        for (const DrawnBefore& b : drawn_before_)
            if (b.key == h && (ply + b.parity) % 2 == 0) return true;
        return false;
    }

    // ---- transposition table ----------------------------------------------

    // The table's entry for `key` in `e`, if it has one.
    bool probe(std::uint64_t key, TTEntry& e) const {
        if (tt_->empty()) return false;
        e = tt_->read(key);
        return e.key == key && e.bound;
    }

    int tt_move_index(std::uint64_t key, int n) const {
        TTEntry e;
        return probe(key, e) && e.move < n ? e.move : -1;
    }

    // Mate scores are stored relative to the node, not the root, so that a
    // transposition at another ply reads the right distance.
    static int to_tt(int score, int ply) {
        return score >= ab::kMateBound    ? score + ply
               : score <= -ab::kMateBound ? score - ply
                                          : score;
    }
    static int from_tt(int score, int ply) {
        return score >= ab::kMateBound    ? score - ply
               : score <= -ab::kMateBound ? score + ply
                                          : score;
    }

    void store(std::uint64_t key, int depth, int score, int bound, int move_index, int ply) {
        if (tt_->empty()) return;
        TTEntry e = tt_->read(key);
        // Keep a deeper entry of this search for another position; replace
        // entries of earlier searches and shallower ones.
        if (e.key != key && e.bound && e.generation == generation_ && e.depth > depth + 2) return;
        if (e.key == key && move_index < 0) move_index = e.move == kNoIndex ? -1 : e.move;
        e.key = key;
        e.score = static_cast<std::int16_t>(to_tt(score, ply));
        e.move = move_index < 0 ? kNoIndex : static_cast<std::uint16_t>(move_index);
        e.depth = static_cast<std::int8_t>(std::clamp(depth, 0, 127));
        e.bound = static_cast<std::uint8_t>(bound);
        e.generation = generation_;
        tt_->write(e);
    }

    // ---- move ordering --------------------------------------------------------

    int history_index(const Move& m) const {
        return index(pos_.to_move()) * S::kAmafKeys + pos_.amaf_key(m);
    }

    // Ordering keys: the ordering value above, the move's index in
    // generate()'s order below, inverted so that among equal values the
    // earlier move sorts first. Sorting keys instead of moves keeps the
    // moves in place, so a key's index names its move and its table index.
    static std::int64_t make_key(int value, int i) {
        return static_cast<std::int64_t>(value) * 65536 + (65535 - i);
    }
    static int index_of(std::int64_t key) { return 65535 - static_cast<int>(key & 65535); }
    static int value_of(std::int64_t key) { return static_cast<int>(key >> 16); }

    // Fills order_[base .. base+n) with the keys of the moves at moves_[base ..).
    void score_moves(std::size_t base, int n, int tt_index, int ply) {
        const Killers& k = killers_[static_cast<std::size_t>(ply)];
        for (int i = 0; i < n; ++i) {
            const Move& m = moves_[base + static_cast<std::size_t>(i)];
            int v;
            if (i == tt_index) {
                v = 1 << 30;
            } else if (pos_.is_noisy(m)) {
                v = (1 << 28) + pos_.move_hint(m);
            } else if (k.set[0] && m == k.move[0]) {
                v = (1 << 27) + 1;
            } else if (k.set[1] && m == k.move[1]) {
                v = 1 << 27;
            } else {
                v = history_[static_cast<std::size_t>(history_index(m))];
            }
            order_[base + static_cast<std::size_t>(i)] = make_key(v, i);
        }
    }

    // The key of the i-th move to search. The first few are picked one by
    // one (a cut usually comes early, and then sorting would be wasted);
    // a node that gets that far sorts the rest at once, since picking each
    // of a hundred moves would cost a hundred passes.
    std::int64_t next_key(std::size_t base, int i, int n) {
        constexpr int kPicked = 6;
        const auto first = order_.begin() + static_cast<long>(base);
        if (i < kPicked) {
            const auto at = first + i;
            std::iter_swap(at, std::max_element(at, first + n));
        } else if (i == kPicked) {
            std::sort(first + i, first + n, std::greater<>());
        }
        return first[i];
    }

    void reward_quiet(const Move& m, int depth, int ply) {
        Killers& k = killers_[static_cast<std::size_t>(ply)];
        if (!(k.set[0] && m == k.move[0])) {
            k.move[1] = k.move[0];
            k.set[1] = k.set[0];
            k.move[0] = m;
            k.set[0] = true;
        }
        int& h = history_[static_cast<std::size_t>(history_index(m))];
        h = std::min(h + depth * depth, 1 << 26);
    }

    // ---- the search -------------------------------------------------------

    void update_pv(int ply, const Move& m) {
        const std::size_t row = static_cast<std::size_t>(ply) * (ab::kMaxPly + 1);
        const std::size_t next = row + (ab::kMaxPly + 1);
        pv_[row] = m;
        const int len = pv_length_[static_cast<std::size_t>(ply + 1)];
        for (int i = 0; i < len; ++i)
            pv_[row + 1 + static_cast<std::size_t>(i)] = pv_[next + static_cast<std::size_t>(i)];
        pv_length_[static_cast<std::size_t>(ply)] = len + 1;
    }

    int search_root(std::vector<RootMove>& roots, int alpha, int beta, int depth) {
        root_depth_ = depth;
        path_[0] = pos_.hash();
        pv_length_[0] = 0;
        const int alpha0 = alpha;
        int best = -ab::kInfinity;
        std::size_t best_i = 0;
        for (std::size_t i = 0; i < roots.size(); ++i) {
            RootMove& rm = roots[i];
            const std::uint64_t before = nodes_;
            pos_.apply(rm.move);
            const bool check = pos_.in_check();
            const int new_depth = depth - 1 + (check ? 1 : 0);
            int score;
            if (i == 0) {
                score = -search(-beta, -alpha, new_depth, 1, check, true);
            } else {
                score = -search(-alpha - 1, -alpha, new_depth, 1, check, false);
                if (!stop_ && score > alpha && score < beta)
                    score = -search(-beta, -alpha, new_depth, 1, check, true);
            }
            pos_.undo();
            rm.nodes += nodes_ - before;
            if (stop_) break;
            if (score > best) {
                best = score;
                best_i = i;
            }
            if (score > alpha || i == 0) {
                rm.score = score;
                rm.pv.assign(1, rm.move);
                const std::size_t row = ab::kMaxPly + 1;
                for (int k = 0; k < pv_length_[1]; ++k)
                    rm.pv.push_back(pv_[row + static_cast<std::size_t>(k)]);
            } else {
                rm.score = std::min(score, alpha);
            }
            if (score > alpha) alpha = score;
            if (alpha >= beta) break;
        }
        // A move that beat the window goes to the front; the others keep
        // their order (stable), which is the order of the last iteration.
        best_changed_ = best_i > 0 && best > alpha0;
        if (best_changed_)
            std::rotate(roots.begin(), roots.begin() + static_cast<long>(best_i),
                        roots.begin() + static_cast<long>(best_i) + 1);
        if (!stop_) {
            const int bound = best >= beta ? kLower : best > alpha0 ? kExact : kUpper;
            // The root move's index in generate()'s order, for the table.
            const int n = pos_.generate(moves_.data());
            int idx = -1;
            for (int j = 0; j < n; ++j)
                if (moves_[static_cast<std::size_t>(j)] == roots.front().move) idx = j;
            store(path_[0], depth, best, bound, idx, 0);
        }
        return best;
    }

    // Long: this is the hottest function of the chess-likes' search; its steps
    // (table, generation, futility, the move loop with its reductions) share a
    // dozen locals, and keeping them in one frame is what the node rate
    // measured in `asterism bench` was tuned against.
    int search(int alpha, int beta, int depth, int ply, bool in_check, bool pv_node) {
        pv_length_[static_cast<std::size_t>(ply)] = 0;
        if (count_node()) return 0;
        seldepth_ = std::max(seldepth_, ply);
        path_[static_cast<std::size_t>(ply)] = pos_.hash();
        if (repeated(ply)) return 0;
        if (ply >= ab::kMaxPly - 1) return evaluate();
        // Mate distance pruning: nothing here can beat a mate found nearer
        // the root.
        alpha = std::max(alpha, -(ab::kMate - ply));
        beta = std::min(beta, ab::kMate - ply - 1);
        if (alpha >= beta) return alpha;

        // The table is asked before moves are generated: a cut saves the
        // generation, which is the dearest part of a node.
        const std::uint64_t key = path_[static_cast<std::size_t>(ply)];
        int tt_index = -1;
        if (depth > 0) {
            if (TTEntry e; probe(key, e)) {
                tt_index = e.move == kNoIndex ? -1 : e.move;
                const int s = from_tt(e.score, ply);
                if (!pv_node && e.depth >= depth &&
                    (e.bound == kExact || (e.bound == kLower && s >= beta) ||
                     (e.bound == kUpper && s <= alpha)))
                    return s;
            }
        }
        const std::size_t base = top_;
        if (base + static_cast<std::size_t>(S::kMaxMoves) > moves_.size()) return evaluate();
        const int n = pos_.generate(moves_.data() + base);
        if (n == 0) return terminal_score(ply);
        if (depth <= 0)
            return config_.quiescence ? quiesce(alpha, beta, ply, in_check, n) : evaluate();
        if (tt_index >= n) tt_index = -1;

        score_moves(base, n, tt_index, ply);
        top_ = base + static_cast<std::size_t>(n);
        // Futility: a node a ply or two from the leaves whose static value
        // is far below alpha searches only the moves that can change that
        // (noisy moves, checks, killers) once one move has been searched.
        const bool futile = config_.futility && !pv_node && !in_check && depth <= 2 &&
                            !ab::is_mate_score(alpha) && evaluate() + 150 * depth <= alpha;
        const int alpha0 = alpha;
        int best = -ab::kInfinity;
        int best_index = -1;
        int searched = 0;
        for (int i = 0; i < n; ++i) {
            const std::int64_t order = next_key(base, i, n);
            const int move_index = index_of(order);
            const Move m = moves_[base + static_cast<std::size_t>(move_index)];
            const bool noisy = pos_.is_noisy(m);
            const bool killer = value_of(order) >= (1 << 27) && value_of(order) < (1 << 28);
            pos_.apply(m);
            const bool check = pos_.in_check();
            // Check extension, kept to the first part of the tree so that
            // long checking sequences cannot blow the search up.
            const int extension = check && ply < 2 * root_depth_ ? 1 : 0;
            const int new_depth = depth - 1 + extension;
            if (futile && searched > 0 && !noisy && !killer && !check) {
                pos_.undo();
                continue;
            }
            int score;
            if (searched == 0) {
                score = -search(-beta, -alpha, new_depth, ply + 1, check, pv_node);
            } else {
                // Late quiet moves are searched shallower first; a move that
                // surprises is searched again at full depth.
                int reduction = 0;
                if (config_.reductions && depth >= 3 && searched >= 2 && !noisy && !killer &&
                    !in_check && !check) {
                    reduction =
                        reduction_[std::min(depth, 63)][std::min(searched, 63)] - (pv_node ? 1 : 0);
                    reduction = std::clamp(reduction, 0, new_depth - 1);
                }
                score = -search(-alpha - 1, -alpha, new_depth - reduction, ply + 1, check, false);
                if (!stop_ && reduction > 0 && score > alpha)
                    score = -search(-alpha - 1, -alpha, new_depth, ply + 1, check, false);
                if (!stop_ && pv_node && score > alpha && score < beta)
                    score = -search(-beta, -alpha, new_depth, ply + 1, check, true);
            }
            pos_.undo();
            ++searched;
            if (stop_) {
                top_ = base;
                return 0;
            }
            if (score > best) {
                best = score;
                best_index = move_index;
                if (score > alpha) {
                    alpha = score;
                    if (pv_node) update_pv(ply, m);
                    if (alpha >= beta) {
                        if (!noisy) reward_quiet(m, depth, ply);
                        break;
                    }
                }
            }
        }
        top_ = base;
        const int bound = best >= beta ? kLower : best > alpha0 ? kExact : kUpper;
        store(key, depth, best, bound, bound == kUpper ? -1 : best_index, ply);
        return best;
    }

    // Quiescence: the moves `n` already generated at moves_[top_ ..) are
    // searched if noisy, after the side to move was offered the static
    // evaluation ("stand pat") where it has a quiet alternative.
    int quiesce(int alpha, int beta, int ply, bool in_check, int n) {
        const std::size_t base = top_;
        int count = 0;
        for (int i = 0; i < n; ++i) {
            const Move& m = moves_[base + static_cast<std::size_t>(i)];
            const bool noisy = pos_.is_noisy(m);
            if (noisy || in_check)
                order_[base + static_cast<std::size_t>(count++)] =
                    make_key(noisy ? pos_.move_hint(m) : 0, i);
        }
        const bool forced = in_check || count == n;
        int best = -ab::kInfinity;
        if (!forced) {
            best = evaluate();
            if (best >= beta) return best;
            alpha = std::max(alpha, best);
        }
        top_ = base + static_cast<std::size_t>(n);
        for (int i = 0; i < count; ++i) {
            const Move m =
                moves_[base + static_cast<std::size_t>(index_of(next_key(base, i, count)))];
            pos_.apply(m);
            const bool check = pos_.in_check();
            const int score = -quiesce_node(-beta, -alpha, ply + 1, check);
            pos_.undo();
            if (stop_) {
                top_ = base;
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) break;
                }
            }
        }
        top_ = base;
        return best;
    }

    int quiesce_node(int alpha, int beta, int ply, bool in_check) {
        if (count_node()) return 0;
        seldepth_ = std::max(seldepth_, ply);
        path_[static_cast<std::size_t>(ply)] = pos_.hash();
        if (repeated(ply)) return 0;
        if (ply >= ab::kMaxPly - 1) return evaluate();
        const std::size_t base = top_;
        if (base + static_cast<std::size_t>(S::kMaxMoves) > moves_.size()) return evaluate();
        const int n = pos_.generate(moves_.data() + base);
        if (n == 0) return terminal_score(ply);
        return quiesce(alpha, beta, ply, in_check, n);
    }

    AlphaBetaConfig config_;
    AlphaBetaLimits limits_;
    std::shared_ptr<ab::TTable> tt_;  // shared with the helpers
    std::uint16_t generation_ = 0;
    std::vector<std::unique_ptr<AlphaBeta>> helpers_;  // threads - 1 of them, made when needed
    ab::SharedSearch* shared_ = nullptr;               // during a search with helpers

    // One stack of moves for every ply (each node uses the part above the
    // parent's list), with their ordering keys.
    std::vector<Move> moves_;
    std::vector<std::int64_t> order_;
    std::size_t top_ = 0;

    std::vector<EvalEntry> evals_ = std::vector<EvalEntry>(kCacheEvaluation ? kEvalEntries : 0);
    std::vector<int> history_;  // by player and amaf_key
    std::vector<Move> pv_;      // triangular: row ply holds the line from ply
    std::vector<int> pv_length_;
    std::vector<Killers> killers_;
    std::vector<std::uint64_t> path_;  // hashes along the current line
    // Positions before the root that a return to would repeat a third time,
    // with the parity of their distance from the root (set_game_before).
    struct DrawnBefore {
        std::uint64_t key;
        int parity;
    };
    std::vector<DrawnBefore> drawn_before_;
    std::int8_t reduction_[64][64] = {};  // late-move reductions by depth and move rank

    S pos_{};
    Clock::time_point start_{};
    std::uint64_t nodes_ = 0;
    int seldepth_ = 0;
    int root_depth_ = 0;
    bool stop_ = false;
    bool best_changed_ = false;  // the last root search found a new best move
    const std::function<bool(const Result&)>* progress_ = nullptr;
    Result* reported_ = nullptr;  // the last completed iteration, for reports
    std::uint64_t next_report_ = 0;
};

}  // namespace asterism
