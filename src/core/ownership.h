// Ownership: who ends up owning each cell of a territory or connection game
// (KataGo's ownership map). A game says who owns every cell at the end of
// one game (FinalOwners); the Monte Carlo search counts that over its
// playouts, and the front ends show the shares (OwnershipEstimate).
//
// What "owns" means is each game's own definition, written where the game
// defines final_owners(): *Star in games/starstar/starstar.h, Asterisk in
// games/asterisk/asterisk.h; docs/protocol.md and docs/server.md repeat them.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace asterism {

// The end of one game as a game reports it: the owner of every cell
// (Player::None for nobody), and for games that score (*Star) each
// player's final score and the part of it that is counted in cells (for
// *Star the peries owned), indexed by index(Player).
struct FinalOwners {
    const Player* owner = nullptr;  // one entry per cell, in cell id order
    bool scored = false;
    std::array<int, 2> score{};
    std::array<int, 2> territory{};
};

// The shares over many finished games (a search's playouts): per cell the
// share of games each player owned it in; the rest is nobody's. The means
// of the scores and territories are there when the game scores.
struct OwnershipEstimate {
    std::uint64_t samples = 0;   // finished games counted
    std::vector<double> first;   // per cell, in [0, 1]
    std::vector<double> second;  // per cell, in [0, 1]
    bool scored = false;
    std::array<double, 2> score{};      // mean final score per player
    std::array<double, 2> territory{};  // mean cells-part of the score per player
    bool empty() const { return samples == 0; }
};

}  // namespace asterism
