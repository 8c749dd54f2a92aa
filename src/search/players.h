// The one grammar for naming a computer player, used by every front end
// (`asterism play` and `match`, the engine protocol, the server and its
// records). A player is:
//
//   level:N         the game's own search at strength N (1..10); "N" alone too
//   random          a uniformly random legal move
//   greedy          a move that wins at once, else one that does not lose at once
//   mc[:playouts=N] flat Monte Carlo (two-player games)
//   mcts:KEYS       the game's tree search with explicit limits and tuning:
//                   playouts, seconds, threads, exploration, rave_k,
//                   prior_weight, prior_visits, expand, pool, knowledge (1
//                   learned, the default; 0 the hand-made knowledge before
//                   it; 2 also the learned playouts of *Star and Asterisk)
//   uct:KEYS        the same, as plain UCT (no RAVE, no game knowledge)
//   ab:KEYS         alpha-beta (also alphabeta:): nodes, depth, seconds, level,
//                   threads, knowledge
//
// `threads` is 1 unless given (a node or playout budget then counts all
// threads together); a level takes the process's default at level 10
// (search/engines.h), which is 1 unless a front end such as `asterism play`
// sets it.
//
// A person's seat ("human") is the table's business (table/seat.h), not a
// player's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "search/agent.h"

namespace asterism {

// Throws GameError for a malformed player, an unknown key, or a search the
// game does not have.
std::unique_ptr<Agent> make_player(const std::string& text, const Game& game,
                                   std::uint64_t seed = 1);

// What a service lets a client's player ask for: every number a player can
// name that makes a search longer, wider or larger. A level (1..10) is always
// within them; the other players must name numbers within them.
struct PlayerBounds {
    double seconds = 30;               // seconds=
    int threads = 1;                   // threads=
    std::uint64_t effort = 2'000'000;  // playouts= (MCTS) and nodes= (alpha-beta)
    std::uint64_t pool = 1 << 21;      // pool= (MCTS tree nodes)
    int depth = 64;                    // depth= (alpha-beta)
    std::uint64_t mc_playouts = 2000;  // mc's playouts= per legal move
};

// Throws GameError with a one-line message naming the first key of `text`
// that is beyond `bounds` (or a malformed player).
void check_player_bounds(const std::string& text, const PlayerBounds& bounds);

// The form records and messages write: "level:6" for "6", otherwise the
// text as given.
std::string canonical_player(const std::string& text);

// The strength level a player text names ("level:6", "6"), or 0.
int player_level(const std::string& text);

}  // namespace asterism
