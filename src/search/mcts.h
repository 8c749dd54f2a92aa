// Monte Carlo tree search, generic over a game's concrete State (DESIGN.md:
// hot loops are templates). UCT with RAVE, an MCTS-solver that backs up
// proven wins and losses, tree reuse between moves, and tree parallelism with
// virtual loss. Nothing is allocated per playout: nodes come from a pool
// allocated once per search object, and each thread keeps its own scratch.
//
// Requirements on S beyond the StateGame contract (core/state_game.h):
//   static constexpr int kAmafKeys;          number of distinct AMAF keys
//   int amaf_key(Move m) const;              key of a move, in [0, kAmafKeys)
//   template <class Sink> Outcome playout(Rng&, bool knowledge, Sink&& sink);
//       plays *this out to the end (destroying it), uniformly at random or,
//       with `knowledge`, with the game's playout policy, calling
//       sink(key, player) for every move played.
// Optional:
//   void priors(const Move* moves, int count, float* value) const;
//       the game's prior value in [0, 1] of each move for its mover (0.5 =
//       no opinion). With `knowledge` and `rave` on (RAVE is what reads
//       them), a new child starts with prior_weight AMAF playouts at that
//       value, so the knowledge orders the first visits and fades as real
//       AMAF and UCT statistics come in.
//   Score margins: a playout may call sink.score(margin) with the final
//   margin from the first player's view, and `int terminal_margin() const`
//   gives it for a finished position. Then every node keeps its mean margin,
//   and among moves that all win (or all lose) the final choice prefers the
//   larger margin for the mover (config margin_choice).
//   Ownership (config ownership, core/ownership.h): with
//   `int owner_cells() const` and `FinalOwners final_owners(Player* buffer)
//   const` (who owns each cell of a finished position, written into
//   `buffer`), a playout whose sink has wants_owners() returning true calls
//   sink.owners(final) at its end, and the search counts, per thread, the
//   playouts (and finished positions reached in the tree) in which each
//   player owns each cell. Walks that end at a proven node play nothing out
//   and are not counted. Off, it costs one test per playout.
// Two-player, perfect-information games only; Asterisk Solitaire (chance and
// hidden draws) has its own player.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/ownership.h"
#include "core/rng.h"
#include "core/types.h"

namespace asterism {

struct MctsConfig {
    double exploration = 0.35;  // UCT constant
    bool rave = true;
    double rave_k = 600;      // RAVE weight beta = sqrt(k / (3 n + k)) for n parent visits
    double first_play = 1.1;  // value of an unvisited child without AMAF data
    bool solver = true;
    bool knowledge = true;     // the game's playout policy (and priors) instead of uniform moves
    double prior_weight = 40;  // AMAF playouts a game's prior is worth (games with priors)
    // 0: a node's children get their priors when it is expanded. Above 0,
    // when it has had this many visits: most nodes never get that far, so
    // the priors cost far less. For *Star this lost the priors' gain
    // (docs/strength.md); it is a player key for such experiments.
    std::uint32_t prior_visits = 0;
    // Games that report margins: when the best move's win rate is above
    // 1 - margin_window or below margin_window (or it is proven), choose
    // among the well-visited moves of nearly the same value the one with the
    // best mean margin, so that a won game is won by more and a lost one
    // lost by less.
    bool margin_choice = true;
    double margin_window = 0.1;
    // A leaf gets its children once it has had this many playouts (the root
    // at once). Above 1 the tree grows slower and holds more playouts
    // before the pool fills.
    std::uint32_t expand_visits = 1;
    int threads = 1;
    // Count who owns each cell at the end of every playout (games with
    // final_owners only); it changes no move the search chooses.
    bool ownership = false;
    std::size_t max_nodes = std::size_t{1} << 21;
    std::uint64_t seed = 1;
};

struct MctsLimits {
    std::uint64_t playouts = 0;  // 0 = no limit of this kind
    double seconds = 0;          // 0 = no limit of this kind
};

template <class S>
class Mcts {
  public:
    using Move = typename S::Move;

    struct Node {
        Move move{};
        Player mover = Player::None;         // who played `move` into this node
        std::atomic<std::int8_t> proven{0};  // +1 mover wins, -1 mover loses
        std::atomic<std::uint8_t> state{0};  // kLeaf, kExpanding, kExpanded
        bool terminal = false;
        Player winner = Player::None;  // of a terminal node
        // Of a proven node: the plies from its position to the end of the
        // game along the proof (0 for a finished game). A proven win takes
        // the shortest proven winning child, a proven loss the longest
        // child, so it is the proof's length, not always the shortest win.
        std::atomic<std::uint16_t> proof_plies{0};
        std::atomic<std::uint32_t> visits{0};
        std::atomic<std::uint32_t> virtual_loss{0};
        std::atomic<std::uint64_t> wins2{0};  // 2 per win of `mover`, 1 per draw
        std::atomic<std::uint32_t> amaf_visits{0};
        std::atomic<std::uint64_t> amaf_wins2{0};
        std::atomic<std::int64_t> margin_sum{0};  // first player's view, over margin_count
        std::atomic<std::uint32_t> margin_count{0};
        std::atomic<bool> primed{false};  // its children have their priors (prior_visits)
        std::uint32_t first_child = 0;
        std::uint32_t num_children = 0;
    };
    static constexpr std::uint8_t kLeaf = 0, kExpanding = 1, kExpanded = 2;

    struct Stats {
        std::uint64_t playouts = 0;
        double seconds = 0;
        std::size_t nodes = 0;
    };

    explicit Mcts(MctsConfig config = {})
        : config_(config),
          pool_(allocate(config.max_nodes)),
          spare_(allocate(config.max_nodes)),
          rng_(config.seed) {}

    const MctsConfig& config() const { return config_; }
    MctsConfig& config() { return config_; }

    // Starts from `root`, discarding any tree.
    void set_root(const S& root) {
        root_state_ = root;
        new (&pool_[0]) Node();
        pool_[0].mover = opponent(root.to_move());
        used_ = 1;
    }

    // Moves the root down the tree along `moves` (played since the last
    // root), keeping that subtree; starts afresh if a move is not in the tree.
    void advance(const S& new_root, const std::vector<Move>& moves) {
        std::uint32_t at = 0;
        bool found = used_ > 0;
        for (const Move& m : moves) {
            if (!found) break;
            const Node& n = pool_[at];
            found = false;
            if (n.state.load(std::memory_order_acquire) != kExpanded) break;
            for (std::uint32_t i = 0; i < n.num_children; ++i)
                if (pool_[n.first_child + i].move == m) {
                    at = n.first_child + i;
                    found = true;
                    break;
                }
        }
        if (!found) return set_root(new_root);
        root_state_ = new_root;
        // Copy the kept subtree into the spare pool, breadth first, so that
        // children stay contiguous; then swap pools.
        new (&spare_[0]) Node();
        copy_node(spare_[0], pool_[at]);
        std::size_t next = 1;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> queue{{at, 0}};  // old, new
        for (std::size_t qi = 0; qi < queue.size(); ++qi) {
            const auto [old_i, new_i] = queue[qi];
            const Node& o = pool_[old_i];
            Node& n = spare_[new_i];
            if (o.state.load() != kExpanded || o.num_children == 0) {
                if (o.state.load() != kExpanded) n.state.store(kLeaf);
                continue;
            }
            n.first_child = static_cast<std::uint32_t>(next);
            for (std::uint32_t i = 0; i < o.num_children; ++i) {
                new (&spare_[next]) Node();
                copy_node(spare_[next], pool_[o.first_child + i]);
                queue.emplace_back(o.first_child + i, static_cast<std::uint32_t>(next));
                ++next;
            }
        }
        std::swap(pool_, spare_);
        used_ = next;
        pool_[0].mover = opponent(new_root.to_move());
    }

    // Runs playouts from the root until a limit is reached or the root is
    // proven; `progress` (if any) is called about every `report_every`
    // playouts from thread 0 and may return false to stop the search.
    template <class Progress>
    Stats search(const MctsLimits& limits, Progress&& progress, std::uint64_t report_every = 2000) {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        if (used_ == 0) set_root(root_state_);
        std::atomic<std::uint64_t> done{0};
        std::atomic<bool> stop{false};
        const int threads = std::max(1, config_.threads);
        start_ownership(threads);
        auto worker = [&](int id) {
            Rng rng(id == 0 ? rng_.next() : rng_seed_for(id));
            Scratch scratch;
            if (!tallies_.empty()) {
                scratch.tally = tallies_[static_cast<std::size_t>(id)].get();
                scratch.owners.resize(scratch.tally->first.size());
            }
            std::uint64_t next_report = report_every;
            for (std::uint64_t local = 0; !stop.load(std::memory_order_relaxed); ++local) {
                // A proven root ends the search, except where margins
                // still separate the proven moves (best_by_margin).
                if (pool_[0].proven.load(std::memory_order_relaxed) != 0 && config_.solver &&
                    !wants_margins())
                    break;
                iterate(rng, scratch);
                const std::uint64_t total = done.fetch_add(1, std::memory_order_relaxed) + 1;
                if (limits.playouts && total >= limits.playouts) stop = true;
                if ((local & 15) == 0 && limits.seconds > 0 &&
                    std::chrono::duration<double>(Clock::now() - start).count() >= limits.seconds)
                    stop = true;
                if (id == 0 && total >= next_report) {
                    next_report = total + report_every;
                    if (!progress()) stop = true;
                }
            }
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
        worker(0);
        for (auto& t : pool) t.join();
        if constexpr (kHasMargins)
            if (config_.margin_choice && config_.solver && pool_[0].proven.load() != 0)
                probe_margins();
        Stats st;
        st.playouts = done.load();
        st.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        st.nodes = std::min(used_.load(), config_.max_nodes);  // failed claims overshoot
        return st;
    }
    Stats search(const MctsLimits& limits) {
        return search(limits, [] { return true; });
    }

    const Node& root() const { return pool_[0]; }
    const Node& node(std::uint32_t i) const { return pool_[i]; }
    const S& root_state() const { return root_state_; }

    // The root's proven result from the view of the player to move: +1 win,
    // -1 loss, 0 unknown.
    int root_proven() const { return -pool_[0].proven.load(); }
    // The plies to the end of the game along the root's proof (root_proven).
    int root_proof_plies() const { return pool_[0].proof_plies.load(); }

    // The ownership counted by the last search (empty unless
    // MctsConfig::ownership was on and the game reports owners); safe to
    // call from a progress callback while the search runs.
    OwnershipEstimate ownership() const {
        OwnershipEstimate e;
        if (tallies_.empty()) return e;
        const std::size_t cells = tallies_.front()->first.size();
        e.first.assign(cells, 0.0);
        e.second.assign(cells, 0.0);
        for (const auto& t : tallies_) {
            e.samples += t->samples.load(std::memory_order_relaxed);
            for (std::size_t c = 0; c < cells; ++c) {
                e.first[c] += t->first[c].load(std::memory_order_relaxed);
                e.second[c] += t->second[c].load(std::memory_order_relaxed);
            }
            e.scored |= t->scored.load(std::memory_order_relaxed);
            for (int p = 0; p < 2; ++p) {
                e.score[p] += static_cast<double>(t->score[p].load(std::memory_order_relaxed));
                e.territory[p] +=
                    static_cast<double>(t->territory[p].load(std::memory_order_relaxed));
            }
        }
        const double n = std::max<double>(1.0, static_cast<double>(e.samples));
        for (std::size_t c = 0; c < cells; ++c) e.first[c] /= n, e.second[c] /= n;
        for (int p = 0; p < 2; ++p) e.score[p] /= n, e.territory[p] /= n;
        return e;
    }

    // Index of the child to play: a proven win if there is one, else the most
    // visited child that is not a proven loss (ties to the better value).
    std::uint32_t best_child(std::uint32_t parent = 0) const {
        const Node& p = pool_[parent];
        if (p.state.load() != kExpanded || p.num_children == 0) return 0;
        std::uint32_t best = p.first_child;
        double best_key = -1e300;
        for (std::uint32_t i = 0; i < p.num_children; ++i) {
            const Node& c = pool_[p.first_child + i];
            const int pr = c.proven.load();
            const double v = c.visits.load();
            double key = pr > 0 ? 1e18 + v : (pr < 0 ? -1e18 + v : v + 1e-3 * value(c));
            if (key > best_key) best_key = key, best = p.first_child + i;
        }
        if constexpr (kHasMargins)
            if (config_.margin_choice) return best_by_margin(p, best);
        return best;
    }

    // Mean margin of a node for its mover; 0 without data.
    static double mean_margin(const Node& n) {
        const auto count = n.margin_count.load();
        if (count == 0) return 0;
        const double m = static_cast<double>(n.margin_sum.load()) / count;
        return n.mover == Player::First ? m : -m;
    }

    // Mean result of a node for its mover, in [0, 1].
    static double value(const Node& n) {
        const auto v = n.visits.load();
        return v ? static_cast<double>(n.wins2.load()) / (2.0 * v) : 0.5;
    }

  private:
    // One thread's ownership counts. Only that thread writes them, by plain
    // relaxed loads and stores (no locked additions in the playout loop);
    // any thread may read them, for progress reports.
    struct OwnerTally {
        explicit OwnerTally(std::size_t cells) : first(cells), second(cells) {}
        std::vector<std::atomic<std::uint32_t>> first, second;
        std::atomic<std::uint64_t> samples{0};
        std::atomic<bool> scored{false};
        std::array<std::atomic<std::int64_t>, 2> score{}, territory{};

        template <class T, class U>
        static void bump(std::atomic<T>& a, U by) {
            a.store(static_cast<T>(a.load(std::memory_order_relaxed) + by),
                    std::memory_order_relaxed);
        }
        void add(const FinalOwners& f) {
            for (std::size_t c = 0; c < first.size(); ++c) {
                if (f.owner[c] == Player::First) bump(first[c], 1);
                if (f.owner[c] == Player::Second) bump(second[c], 1);
            }
            if (f.scored) {
                scored.store(true, std::memory_order_relaxed);
                for (int p = 0; p < 2; ++p) {
                    bump(score[p], f.score[p]);
                    bump(territory[p], f.territory[p]);
                }
            }
            bump(samples, 1);  // last, so a reader rarely sees counts above it
        }
    };

    struct Scratch {
        std::vector<std::uint32_t> path;
        std::vector<std::uint32_t> stamp = std::vector<std::uint32_t>(S::kAmafKeys, 0);
        std::vector<std::uint16_t> first_ply = std::vector<std::uint16_t>(S::kAmafKeys, 0);
        std::vector<Player> first_player = std::vector<Player>(S::kAmafKeys, Player::None);
        std::uint32_t generation = 0;
        std::vector<Move> moves = std::vector<Move>(S::kMaxMoves);
        std::vector<float> priors = std::vector<float>(S::kMaxMoves);
        int margin = 0;  // of this iteration's playout or terminal node
        bool has_margin = false;
        OwnerTally* tally = nullptr;  // this thread's, when ownership is on
        std::vector<Player> owners;   // final_owners' buffer
    };

    static constexpr bool kHasPriors = requires(const S& s, const Move* m, int n, float* v) {
        s.priors(m, n, v);
    };
    static constexpr bool kHasMargins = requires(const S& s) { s.terminal_margin(); };
    static constexpr bool kHasOwnership = requires(const S& s, Player* buffer) {
        s.owner_cells();
        s.final_owners(buffer);
    };

    // Fresh tallies for a search, one per thread, when ownership is on.
    void start_ownership(int threads) {
        tallies_.clear();
        if constexpr (kHasOwnership) {
            if (!config_.ownership) return;
            const auto cells = static_cast<std::size_t>(root_state_.owner_cells());
            for (int t = 0; t < threads; ++t)
                tallies_.push_back(std::make_unique<OwnerTally>(cells));
        }
    }

    // Counts the owners of a finished position reached without a playout.
    void note_owners(const S& s, Scratch& sc) {
        if constexpr (kHasOwnership)
            if (sc.tally) sc.tally->add(s.final_owners(sc.owners.data()));
    }

    // A proven root stops the search before its other proven children have
    // margins (the solver never plays into a proven node again), so each
    // child proven alike with the best gets a few playouts of its own.
    void probe_margins() {
        constexpr std::uint32_t kProbes = 32;
        const Node& root = pool_[0];
        if (root.state.load() != kExpanded) return;
        int best_proof = 0;
        for (std::uint32_t i = 0; i < root.num_children; ++i)
            best_proof = std::max(best_proof, int{pool_[root.first_child + i].proven.load()});
        if (best_proof == 0) best_proof = -1;  // every child lost: all alike
        struct MarginSink {
            int margin = 0;
            void operator()(int, Player) {}
            void score(int m) { margin = m; }
        };
        for (std::uint32_t i = 0; i < root.num_children; ++i) {
            Node& c = pool_[root.first_child + i];
            if (c.proven.load() != best_proof) continue;
            S after = root_state_;
            after.apply(c.move);
            const bool over = after.outcome().over();
            for (std::uint32_t k = c.margin_count.load(); k < (over ? 1 : kProbes); ++k) {
                MarginSink sink;
                if (over) {
                    sink.margin = after.terminal_margin();
                } else {
                    S copy = after;
                    copy.playout(rng_, config_.knowledge, sink);
                }
                c.margin_sum.fetch_add(sink.margin);
                c.margin_count.fetch_add(1);
            }
        }
    }

    // The margin-aware final choice (MctsConfig::margin_choice): when the
    // position is decided either way, the move with the best mean margin
    // among those as good as `best` (proven alike, or within 0.02 in value
    // with at least half its visits).
    std::uint32_t best_by_margin(const Node& p, std::uint32_t best) const {
        const Node& b = pool_[best];
        const int bp = b.proven.load();
        const double bv = bp > 0 ? 1.0 : (bp < 0 ? 0.0 : value(b));
        if (bp == 0 && b.visits.load() < 100) return best;
        if (bp == 0 && bv < 1 - config_.margin_window && bv > config_.margin_window) return best;
        std::uint32_t chosen = best;
        double chosen_margin = mean_margin(b);
        for (std::uint32_t i = 0; i < p.num_children; ++i) {
            const std::uint32_t ci = p.first_child + i;
            const Node& c = pool_[ci];
            if (c.margin_count.load() == 0) continue;
            const int cp = c.proven.load();
            const bool alike = bp != 0 ? cp == bp
                                       : cp == 0 && 2 * c.visits.load() >= b.visits.load() &&
                                             value(c) >= bv - 0.02;
            if (alike && mean_margin(c) > chosen_margin)
                chosen = ci, chosen_margin = mean_margin(c);
        }
        return chosen;
    }

    std::uint64_t rng_seed_for(int id) const {
        return config_.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(id);
    }

    static void copy_node(Node& to, const Node& from) {
        to.move = from.move;
        to.mover = from.mover;
        to.proven.store(from.proven.load());
        to.state.store(from.state.load());
        to.terminal = from.terminal;
        to.winner = from.winner;
        to.proof_plies.store(from.proof_plies.load());
        to.visits.store(from.visits.load());
        to.virtual_loss.store(0);
        to.wins2.store(from.wins2.load());
        to.amaf_visits.store(from.amaf_visits.load());
        to.amaf_wins2.store(from.amaf_wins2.load());
        to.margin_sum.store(from.margin_sum.load());
        to.margin_count.store(from.margin_count.load());
        to.primed.store(from.primed.load());
        to.first_child = 0;
        to.num_children = from.num_children;
    }

    // Node storage is claimed from the system without touching it, so a
    // large pool costs only the pages a search really uses; every node is
    // constructed in place when it is first handed out.
    struct FreeNodes {
        void operator()(Node* p) const { std::free(p); }
    };
    using NodePool = std::unique_ptr<Node[], FreeNodes>;
    static_assert(std::is_trivially_destructible_v<Node>);
    static NodePool allocate(std::size_t n) {
        void* p = std::calloc(n, sizeof(Node));
        if (!p) throw std::bad_alloc();
        return NodePool(static_cast<Node*>(p));
    }

    void record(Scratch& sc, int key, Player who, int ply) {
        if (sc.stamp[key] == sc.generation) return;
        sc.stamp[key] = sc.generation;
        sc.first_ply[key] = static_cast<std::uint16_t>(ply);
        sc.first_player[key] = who;
    }

    // Expands a leaf: creates its children or marks it terminal. Returns
    // false if another thread is expanding it or the pool is full.
    bool expand(Node& n, const S& s, Scratch& sc) {
        std::uint8_t expected = kLeaf;
        if (!n.state.compare_exchange_strong(expected, kExpanding, std::memory_order_acq_rel))
            return false;
        const int count = s.generate(sc.moves.data());
        if (count == 0) {
            const Outcome o = s.outcome();
            n.terminal = true;
            n.winner = o.kind == Outcome::Kind::Win ? o.winner : Player::None;
            if (n.winner != Player::None) n.proven.store(n.winner == n.mover ? 1 : -1);
            n.num_children = 0;
            n.state.store(kExpanded, std::memory_order_release);
            return true;
        }
        const std::size_t first = used_.fetch_add(static_cast<std::size_t>(count));
        if (first + static_cast<std::size_t>(count) > config_.max_nodes) {
            n.state.store(kLeaf, std::memory_order_release);
            return false;
        }
        const Player mover = s.to_move();
        for (int i = 0; i < count; ++i) {
            Node& c = *new (&pool_[first + static_cast<std::size_t>(i)]) Node();
            c.move = sc.moves[i];
            c.mover = mover;
        }
        if (uses_priors() && config_.prior_visits == 0) {
            n.primed.store(true, std::memory_order_relaxed);
            add_priors(s, sc, first, count);
        }
        n.first_child = static_cast<std::uint32_t>(first);
        n.num_children = static_cast<std::uint32_t>(count);
        n.state.store(kExpanded, std::memory_order_release);
        return true;
    }

    bool uses_priors() const {
        return kHasPriors && config_.knowledge && config_.rave && config_.prior_weight > 0;
    }

    // Gives the `count` children from pool_[first] of the position `s`,
    // whose moves are in sc.moves, prior_weight AMAF playouts at their prior.
    void add_priors(const S& s, Scratch& sc, std::size_t first, int count) {
        if constexpr (kHasPriors) {
            s.priors(sc.moves.data(), count, sc.priors.data());
            const auto w = static_cast<std::uint32_t>(config_.prior_weight + 0.5);
            for (int i = 0; i < count; ++i) {
                Node& c = pool_[first + static_cast<std::size_t>(i)];
                const double v = std::clamp(static_cast<double>(sc.priors[i]), 0.0, 1.0);
                c.amaf_visits.fetch_add(w, std::memory_order_relaxed);
                c.amaf_wins2.fetch_add(static_cast<std::uint64_t>(2.0 * w * v + 0.5),
                                       std::memory_order_relaxed);
            }
        }
    }

    // With prior_visits: gives an expanded node's children their priors
    // once it has been visited that often (one thread does it).
    void prime(Node& n, const S& s, Scratch& sc) {
        if (n.primed.load(std::memory_order_relaxed) ||
            n.visits.load(std::memory_order_relaxed) < config_.prior_visits ||
            n.primed.exchange(true))
            return;
        for (std::uint32_t i = 0; i < n.num_children; ++i)
            sc.moves[i] = pool_[n.first_child + i].move;
        add_priors(s, sc, n.first_child, static_cast<int>(n.num_children));
    }

    bool wants_margins() const { return kHasMargins && config_.margin_choice; }

    std::uint32_t select(const Node& p, const S& s, bool at_root) const {
        // At the root of a game with margins a proven win is not taken at
        // once: its siblings must be tried too, to compare their margins.
        const bool take_wins = !(at_root && wants_margins());
        const double parent_visits = std::max<double>(1.0, p.visits.load());
        const double log_n = std::log(parent_visits);
        const double beta =
            config_.rave ? std::sqrt(config_.rave_k / (3.0 * parent_visits + config_.rave_k)) : 0.0;
        std::uint32_t best = p.first_child;
        double best_value = -1e300;
        for (std::uint32_t i = 0; i < p.num_children; ++i) {
            const Node& c = pool_[p.first_child + i];
            const int pr = config_.solver ? c.proven.load(std::memory_order_relaxed) : 0;
            if (pr > 0 && take_wins) return p.first_child + i;  // a proven win: take it
            double v;
            if (pr < 0) {
                v = -1e9;
            } else if (pr > 0) {
                v = -1e8;  // a known win, not taken at once: try the unknown moves first
            } else {
                const double n = c.visits.load(std::memory_order_relaxed) +
                                 c.virtual_loss.load(std::memory_order_relaxed);
                const double an = c.amaf_visits.load(std::memory_order_relaxed);
                const double aq = an > 0 ? c.amaf_wins2.load(std::memory_order_relaxed) / (2.0 * an)
                                         : config_.first_play;
                if (n == 0) {
                    v = config_.rave && an > 0 ? aq + config_.exploration * std::sqrt(log_n)
                                               : config_.first_play + 1.0;
                } else {
                    const double q = c.wins2.load(std::memory_order_relaxed) / (2.0 * n);
                    const double mixed = config_.rave && an > 0 ? (1 - beta) * q + beta * aq : q;
                    v = mixed + config_.exploration * std::sqrt(log_n / n);
                }
            }
            if (v > best_value) best_value = v, best = p.first_child + i;
        }
        (void)s;
        return best;
    }

    static void set_proof(Node& n, int proven, int plies) {
        n.proof_plies.store(static_cast<std::uint16_t>(std::min(plies, 0xffff)),
                            std::memory_order_relaxed);
        n.proven.store(static_cast<std::int8_t>(proven));
    }

    // Marks `parent` proven when its children decide it (MCTS-solver), with
    // the length of the proof.
    void update_proof(std::uint32_t parent_index) {
        Node& p = pool_[parent_index];
        if (p.state.load(std::memory_order_acquire) != kExpanded || p.num_children == 0) return;
        bool all_lost = true;
        Player to_move = Player::None;
        int shortest_win = -1, longest_loss = 0;
        for (std::uint32_t i = 0; i < p.num_children; ++i) {
            const Node& c = pool_[p.first_child + i];
            to_move = c.mover;
            const int pr = c.proven.load();
            const int plies = c.proof_plies.load(std::memory_order_relaxed);
            if (pr > 0 && (shortest_win < 0 || plies < shortest_win)) shortest_win = plies;
            if (pr < 0) longest_loss = std::max(longest_loss, plies);
            if (pr == 0) all_lost = false;
        }
        if (shortest_win >= 0) {
            set_proof(p, p.mover == to_move ? 1 : -1, shortest_win + 1);
        } else if (all_lost) {
            const Player winner = opponent(to_move);
            set_proof(p, p.mover == winner ? 1 : -1, longest_loss + 1);
        }
    }

    // One iteration: walk down from the root, finish the game with a
    // playout unless the walk ended at a known result, and back the result
    // up the path.
    void iterate(Rng& rng, Scratch& sc) {
        S s = root_state_;
        sc.path.clear();
        if (++sc.generation == 0) {
            std::fill(sc.stamp.begin(), sc.stamp.end(), 0);
            sc.generation = 1;
        }
        sc.has_margin = false;
        int ply = 0;
        const std::optional<Outcome> known = descend(s, sc, ply);
        backpropagate(sc, known ? *known : finish(s, rng, sc, ply));
    }

    // Selects and applies moves from the root, expanding the node where the
    // walk stops when it has earned it; returns the result if the walk ended
    // at a proven or terminal node, nothing if a playout must decide.
    std::optional<Outcome> descend(S& s, Scratch& sc, int& ply) {
        std::uint32_t at = 0;
        for (;;) {
            sc.path.push_back(at);
            Node& n = pool_[at];
            if (config_.solver && n.proven.load(std::memory_order_relaxed) != 0 && at != 0) {
                const Player winner = n.proven.load() > 0 ? n.mover : opponent(n.mover);
                return Outcome::win(winner);
            }
            if (n.state.load(std::memory_order_acquire) != kExpanded) {
                const bool can_expand =
                    n.visits.load(std::memory_order_relaxed) >= config_.expand_visits || at == 0;
                if (!can_expand || !expand(n, s, sc)) return std::nullopt;
            }
            if (n.terminal) {
                note_margin(s, sc);
                note_owners(s, sc);
                return n.winner == Player::None ? Outcome::draw() : Outcome::win(n.winner);
            }
            if (config_.prior_visits > 0 && uses_priors()) prime(n, s, sc);
            at = select(n, s, at == 0);
            Node& c = pool_[at];
            c.virtual_loss.fetch_add(1, std::memory_order_relaxed);
            record(sc, s.amaf_key(c.move), c.mover, ply);
            s.apply(c.move);
            ++ply;
        }
    }

    // For games with margins, the final margin of a finished game.
    void note_margin(const S& s, Scratch& sc) {
        if constexpr (kHasMargins) {
            sc.margin = s.terminal_margin();
            sc.has_margin = true;
        }
    }

    // The result of the game from `s`: its outcome if over, else a playout's.
    Outcome finish(S& s, Rng& rng, Scratch& sc, int ply) {
        const Outcome o = s.outcome();
        if (o.over()) {
            note_margin(s, sc);
            note_owners(s, sc);
            return o;
        }
        // The sink records AMAF moves, for games with margins the playout's
        // final margin, and with ownership on who owns what at its end.
        struct Sink {
            Mcts* self;
            Scratch* sc;
            int ply;
            void operator()(int key, Player who) { self->record(*sc, key, who, ply++); }
            void score(int margin) {
                sc->margin = margin;
                sc->has_margin = true;
            }
            bool wants_owners() const { return sc->tally != nullptr; }
            void owners(const FinalOwners& f) { sc->tally->add(f); }
        };
        return s.playout(rng, config_.knowledge, Sink{this, &sc, ply});
    }

    void backpropagate(Scratch& sc, const Outcome& result) {
        auto reward2 = [&](Player mover) -> std::uint64_t {
            if (result.kind == Outcome::Kind::Draw) return 1;
            return result.kind == Outcome::Kind::Win && result.winner == mover ? 2 : 0;
        };
        for (std::size_t d = sc.path.size(); d-- > 0;) {
            Node& n = pool_[sc.path[d]];
            n.visits.fetch_add(1, std::memory_order_relaxed);
            n.wins2.fetch_add(reward2(n.mover), std::memory_order_relaxed);
            if (sc.has_margin) {
                n.margin_sum.fetch_add(sc.margin, std::memory_order_relaxed);
                n.margin_count.fetch_add(1, std::memory_order_relaxed);
            }
            if (d > 0) n.virtual_loss.fetch_sub(1, std::memory_order_relaxed);
            if (config_.rave && n.state.load(std::memory_order_acquire) == kExpanded) {
                // AMAF: credit every child whose move its mover played later
                // in this simulation (at or after this node's depth).
                const int depth = static_cast<int>(d);
                for (std::uint32_t i = 0; i < n.num_children; ++i) {
                    Node& c = pool_[n.first_child + i];
                    const int key = root_state_.amaf_key(c.move);
                    if (sc.stamp[key] == sc.generation && sc.first_player[key] == c.mover &&
                        sc.first_ply[key] >= depth) {
                        c.amaf_visits.fetch_add(1, std::memory_order_relaxed);
                        c.amaf_wins2.fetch_add(reward2(c.mover), std::memory_order_relaxed);
                    }
                }
            }
            if (config_.solver && d + 1 < sc.path.size()) update_proof(sc.path[d]);
        }
    }

    MctsConfig config_;
    NodePool pool_;
    NodePool spare_;
    std::atomic<std::size_t> used_{0};
    S root_state_{};
    Rng rng_;
    std::vector<std::unique_ptr<OwnerTally>> tallies_;  // by thread, while ownership is on
};

}  // namespace asterism
