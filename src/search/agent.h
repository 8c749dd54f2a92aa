// Computer players behind one interface, so that every front end (the
// terminal game, the engine protocol, the server, matches) can ask any of
// them for a move or for a running analysis without knowing how they search.
//
// The players so far work for every game through the type-erased face:
//   random  - a uniformly random legal move;
//   greedy  - a move that wins at once if there is one, else a random move
//             among those that do not lose at once (for Asterisk Solitaire
//             this is the spec's "never complete a chain when avoidable");
//   mc      - flat Monte Carlo: every legal move is valued by random
//             playouts from the position after it; two-player games only,
//             because playouts of Solitaire would see the hidden draw order.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/ownership.h"

namespace asterism {

// How long a search may run. Zero means "no limit of this kind"; when both
// are zero the player uses its own default effort.
struct SearchLimits {
    std::uint64_t playouts = 0;
    double seconds = 0;
};

// One candidate move in an analysis. `winrate` is from the point of view of
// the player to move, in [0, 1]; `pv` starts with `move`. A result the search
// has proven (the MCTS solver, or an alpha-beta mate score) is in `proven`:
// +1 the player to move wins by this move, -1 loses, 0 not proven; and
// `proven_plies` counts the plies until the game ends along the proof, this
// move included ("win in 1" is a move that wins at once). It is the proof's
// length: a shorter win may exist that the search has not proven.
struct Candidate {
    std::string move;
    std::uint64_t visits = 0;
    double winrate = 0;
    std::vector<std::string> pv;
    int proven = 0;
    int proven_plies = 0;
};

// "win in 3", "loss in 2" or "" for a candidate that is not proven; the
// words the terminal, the protocol's documentation and the page share.
std::string proven_text(const Candidate& c);

struct Analysis {
    std::vector<Candidate> candidates;  // best first
    std::uint64_t playouts = 0;         // the search's effort, counted in `unit`
    double seconds = 0;
    // "playouts" (Monte Carlo searches: a candidate's visits are playouts
    // through it) or "nodes" (alpha-beta: the nodes searched below it).
    std::string unit = "playouts";
    // The expected score of the player to move at the root and what it
    // rests on (root_visits: playouts or nodes; 0 when the player does not
    // say, e.g. a player that does not search). Monte Carlo searches give
    // the mean result of every playout through the root's moves (1 when one
    // is a proven win, 0 when all are proven losses), alpha-beta the best
    // move's score. The review
    // (search/review.h) reads it: it is a mean over the whole search, where
    // a candidate's winrate may rest on a handful of playouts.
    double root_winrate = 0.5;
    std::uint64_t root_visits = 0;
    // Who is expected to own each cell (KataGo's ownership map), when it was
    // asked for (EngineSettings::ownership) and the game and search give one:
    // MCTS on *Star and Asterisk. core/ownership.h says what it holds.
    OwnershipEstimate ownership;
};

class Agent {
  public:
    virtual ~Agent() = default;
    virtual std::string name() const = 0;

    // Chooses a legal move in a game that is not over.
    virtual std::string choose(const Game& game, Rng& rng) = 0;

    // The effort a move gets at this player's level, in its Analysis unit
    // (playouts or nodes); 0 when it has no fixed budget. A time-limited
    // search at a level passes it along, so the clock never buys a level
    // more than its own budget.
    virtual std::uint64_t level_effort() const { return 0; }

    // Analyses the position within `limits`, calling `progress` now and then
    // with the analysis so far; the search stops early when `progress`
    // returns false. Returns the final analysis. Players that do not search
    // return their chosen move as the only candidate.
    virtual Analysis analyze(const Game& game, Rng& rng, const SearchLimits& limits,
                             const std::function<bool(const Analysis&)>& progress);
};

std::unique_ptr<Agent> make_random_agent();
std::unique_ptr<Agent> make_greedy_agent();
std::unique_ptr<Agent> make_flat_monte_carlo(std::uint64_t playouts_per_move);

}  // namespace asterism
