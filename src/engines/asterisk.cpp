// Asterisk's searches: MCTS with RAVE, the playout knowledge and the priors
// of games/asterisk/knowledge.h for the two-player modes (standard and
// Inverted), and a Monte Carlo player for Solitaire.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/state_game.h"
#include "games/asterisk/asterisk.h"
#include "search/engine_maker.h"
#include "search/pie.h"

// The game's side of the contract, checked here so that a missing member is
// an error at this line (search/concepts.h).
static_assert(asterism::MctsState<asterism::asterisk::State>);

namespace asterism {
namespace {

using asterisk::Cell;
using asterisk::PieceType;
using asterisk::SolitaireState;

// ---- Solitaire -------------------------------------------------------------------

// The Solitaire player. The order of the draws is hidden: a player sees the
// board, the drawn piece and the counts of the pieces still to come. So the
// player first rebuilds the position from exactly that (public_view: the
// rest of the queue in a fixed order), and every look into the future draws
// pieces at random from the supply (State::solitaire_rollout); the
// real queue never reaches the search.
//
// A decision is between the cells where the drawn piece completes no chain
// (any other cell loses at once, unless it is the last). With few empty
// cells left the player computes the exact winning probability of each
// (expectimax over the draws). Otherwise each candidate is valued by
// rollouts that place the pieces by the "tightest cell" policy, with the
// budget spread by sequential halving: every round the better half of the
// candidates survives and gets the next share. All candidates see the same
// sampled futures (common random numbers), so a difference between two
// cells is not drowned by the luck of the draws.
class SolitairePlayer final : public Agent {
  public:
    SolitairePlayer(std::uint64_t rollouts, std::uint64_t seed)
        : rollouts_(rollouts), seed_(seed) {}

    std::string name() const override { return "solitaire-mc"; }

    std::string choose(const Game& game, Rng& rng) override {
        return analyze(game, rng, {}, nullptr).candidates.front().move;
    }

    Analysis analyze(const Game& game, Rng& rng, const SearchLimits& limits,
                     const std::function<bool(const Analysis&)>& progress) override {
        const auto* sg = dynamic_cast<const StateGame<SolitaireState>*>(&game);
        if (!sg) throw GameError("internal: the Solitaire player was given another game");
        if (game.terminal()) throw GameError("the game is over; no more moves");
        SolitaireState view = public_view(sg->state());
        const std::uint64_t budget = limits.playouts ? limits.playouts : rollouts_;
        Analysis a = decide(view, budget, rng.next() ^ seed_);
        if (progress) progress(a);
        return a;
    }

    // The position as a player may know it: the board, the drawn piece and
    // the supply, with the pieces after the drawn one queued by type.
    static SolitaireState public_view(const SolitaireState& s) {
        const asterisk::Geometry& g = s.geometry();
        std::string text;
        for (int r = 0; r < g.n; ++r) {
            if (r) text += '/';
            for (int c = 0; c <= r; ++c) {
                const PieceType t = s.at(asterisk::Geometry::id(r, c));
                text += t == asterisk::kNoPiece ? '.' : static_cast<char>('0' + t);
            }
        }
        const PieceType drawn = s.current();
        text += ' ';
        text += static_cast<char>('0' + drawn);
        for (PieceType t = 1; t <= asterisk::kTypes; ++t)
            text.append(static_cast<std::size_t>(s.supply(t) - (t == drawn)),
                        static_cast<char>('0' + t));
        SolitaireState view(s.rules());
        view.set_position(text);
        return view;
    }

    // Exact search below this many empty cells (the drawn piece's included):
    // five takes a few milliseconds, six a good part of a second.
    static constexpr int kExactCells = 5;

  private:
    struct Option {
        Cell cell;
        std::uint64_t wins = 0, tries = 0;
        double value = 0;
    };

    Analysis decide(SolitaireState& s, std::uint64_t budget, std::uint64_t seed) const {
        const PieceType t = s.current();
        const asterisk::Geometry& g = s.geometry();
        std::vector<Option> options;
        Cell any = asterisk::kNoCell;
        for (int c = 0; c < g.cells; ++c) {
            if (s.at(Cell(c)) != asterisk::kNoPiece) continue;
            any = Cell(c);
            if (s.empty_cells() == 1 || !s.ends_game(Cell(c), t)) options.push_back({Cell(c)});
        }
        Analysis a;
        if (options.empty()) {  // every cell completes a chain: the game is lost
            const std::string m = s.move_text({any, t});
            a.candidates.push_back({m, 0, 0.0, {m}});
            return a;
        }
        if (options.size() > 1) {
            if (s.empty_cells() <= kExactCells) {
                for (Option& o : options) {
                    s.apply({o.cell, t});
                    o.value = exact(s);
                    s.undo();
                    o.tries = 1;
                }
            } else {
                halving(s, t, options, budget, seed);
            }
        } else {
            options[0].value = 1;  // forced; its value is not needed
        }
        std::stable_sort(options.begin(), options.end(), [](const Option& x, const Option& y) {
            return x.tries != y.tries ? x.tries > y.tries : x.value > y.value;
        });
        for (const Option& o : options) {
            const std::string m = s.move_text({o.cell, t});
            a.candidates.push_back({m, o.tries, o.value, {m}});
            a.playouts += o.tries;
        }
        return a;
    }

    // Sequential halving with common random numbers: the k-th rollout of
    // every candidate uses draw stream k.
    void halving(const SolitaireState& s, PieceType t, std::vector<Option>& options,
                 std::uint64_t budget, std::uint64_t seed) const {
        std::vector<Option*> alive;
        for (Option& o : options) alive.push_back(&o);
        const int rounds =
            static_cast<int>(std::ceil(std::log2(static_cast<double>(alive.size()))));
        for (int round = 0; alive.size() > 1; ++round) {
            const std::uint64_t share = std::max<std::uint64_t>(
                1, budget / (alive.size() * static_cast<std::uint64_t>(std::max(1, rounds))));
            for (Option* o : alive) {
                SolitaireState after = s;
                after.apply({o->cell, t});
                for (std::uint64_t k = 0; k < share; ++k) {
                    const std::uint64_t j = o->tries++;
                    Rng draws(seed + 0x9e3779b97f4a7c15ULL * (j + 1));
                    Rng choices(seed ^ (0xc2b2ae3d27d4eb4fULL * (j + 1)));
                    o->wins +=
                        after.solitaire_rollout(draws, choices, SolitaireState::kTightest).kind ==
                        Outcome::Kind::Win;
                }
                o->value = static_cast<double>(o->wins) / static_cast<double>(o->tries);
            }
            // Keep the better half; equal values keep the earlier cell.
            std::stable_sort(alive.begin(), alive.end(),
                             [](const Option* x, const Option* y) { return x->value > y->value; });
            alive.resize((alive.size() + 1) / 2);
        }
        // The survivor sorts first by its number of rollouts.
    }

    // The probability of winning from `s` (the drawn piece placed) with
    // perfect play over the remaining random draws.
    static double exact(SolitaireState& s) {
        if (s.outcome().over()) return s.outcome().kind == Outcome::Kind::Win ? 1 : 0;
        if (s.empty_cells() == 1) return 1;  // the last piece always completes the first chain
        const asterisk::Geometry& g = s.geometry();
        double total = 0, value = 0;
        for (PieceType t = 1; t <= asterisk::kTypes; ++t) {
            const int n = s.supply(t);
            if (n == 0) continue;
            total += n;
            double best = 0;
            for (int c = 0; c < g.cells && best < 1; ++c) {
                if (s.at(Cell(c)) != asterisk::kNoPiece || s.ends_game(Cell(c), t)) continue;
                s.apply({Cell(c), t});
                best = std::max(best, exact(s));
                s.undo();
            }
            value += n * best;
        }
        return value / total;
    }

    std::uint64_t rollouts_;
    std::uint64_t seed_;
};

// The search settings of Standard, from matches on size 11 at 1000 playouts
// a move with priors and knowledge playouts on both sides (60 games each):
// no UCB exploration term (RAVE and the priors explore enough; with ~400
// moves a node, the default 0.35 spreads the playouts over every child)
// beat 0.35 by 60-0 and 0.1 by 45-15; a RAVE constant of 3000 beat 600 by
// 39-21 (10000 was no better); 40 prior playouts beat 150 by 46-14 (15
// was no different, 31-29).
// Inverted showed no difference with these settings (21-19), so it keeps
// the defaults.
// Much larger budgets need a little exploration: at 36,450 playouts a move
// (level 9) exploration 0.1 beat 0 by 26-14 in 40 games; at 12,150 (level
// 8) they were level (29-31 in 60) and 0.2 was worse than 0.1 (22-38); at
// 4,050 (level 7) 0 beat 0.1 by 59-41 in 100. So budgets up to level 8
// keep no exploration, larger ones (and time-limited searches, which run
// many thousand playouts) use 0.1.
void tune_standard(MctsConfig& c, const SearchLimits& limits) {
    const bool small = limits.playouts && limits.playouts <= 15000 && limits.seconds <= 0;
    c.exploration = small ? 0 : 0.1;
    c.rave_k = 3000;
    c.prior_weight = 40;
}

// Playouts a move at each level of the two-player modes. Below about a
// thousand playouts three times more was worth some 220 to 300 Elo a step
// on size 11, above it much less: 4,050 playouts beat 1,350 by only 54-46
// in 100 games and 12,150 beat 4,050 by 30-20 in 50, while nine times more
// beat 1,350 by 31-9 and 109,350 beat 12,150 by 31-9 in 40. So the levels
// double from 16 up to 1,350 playouts (level 8), and the top two are nine
// times apart, which keeps each level measurably above the one below.
std::uint64_t two_player_playouts(int level) {
    static constexpr std::uint64_t kPlayouts[kMaxLevel + 1] = {0,   0,   16,   35,    70,    150,
                                                               300, 650, 1350, 12150, 109350};
    return kPlayouts[std::clamp(level, 2, kMaxLevel)];
}

std::unique_ptr<Agent> make_asterisk_engine(const Game& game, const EngineSettings& s) {
    if (const auto* sg = dynamic_cast<const StateGame<asterisk::State>*>(&game)) {
        EngineSettings at_level = s;
        if (!s.limits.playouts && s.limits.seconds <= 0)
            at_level.limits.playouts = two_player_playouts(s.level);
        // Standard's swap: the searches of search/pie.h decide it.
        if (sg->state().rules().mode == asterisk::Mode::Standard) {
            auto make = [g = std::shared_ptr<Game>(game.clone()), at_level] {
                return make_mcts_engine<asterisk::State>(*g, at_level, tune_standard);
            };
            return s.pie ? with_pie_search(make(), make) : make();
        }
        return make_mcts_engine<asterisk::State>(game, at_level);
    }
    if (s.search == EngineSettings::Search::AlphaBeta)
        throw GameError("no alpha-beta search is registered for asterisk");
    if (s.plain_uct)
        throw GameError("plain UCT is for Asterisk's two-player modes; Solitaire has levels");
    const std::uint64_t rollouts =
        s.limits.playouts ? s.limits.playouts : playouts_for_level(s.level);
    return std::make_unique<SolitairePlayer>(rollouts, s.seed);
}

const EngineRegistration kAsterisk("asterisk", make_asterisk_engine);

const SearchBenchRegistration kAsteriskBench("asterisk",
                                             {
                                                 {"asterisk:size=11", "", 20000, "mcts"},
                                                 {"asterisk:size=11,mode=inverted", "", 20000,
                                                  "mcts"},
                                             },
                                             run_mcts_bench);

}  // namespace
}  // namespace asterism
