// Simple computer players that work for every game through the type-erased
// face. They stand in until the search issue brings MCTS and alpha-beta:
//   random  - a uniformly random legal move;
//   greedy  - a move that wins at once if there is one, else a random move
//             among those that do not lose at once (for Asterisk Solitaire
//             this is the spec's "never complete a chain when avoidable");
//   mc      - flat Monte Carlo: every legal move is valued by random
//             playouts from the position after it; two-player games only,
//             because playouts of Solitaire would see the hidden draw order.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace asterism {

class Agent {
  public:
    virtual ~Agent() = default;
    virtual std::string name() const = 0;
    // Chooses a legal move in a game that is not over.
    virtual std::string choose(const Game& game, Rng& rng) = 0;
};

// Kinds accepted by make_agent(), for help texts.
const std::vector<std::string>& agent_kinds();

// Throws GameError for an unknown kind or one that does not suit the game.
std::unique_ptr<Agent> make_agent(std::string_view kind, const Game& game);

}  // namespace asterism
