// Draws by agreement in the JSON API (api.cpp's /draw route and computer
// moves; docs/server.md): how a game state shows offers and an agreed draw,
// which player a person's offer comes from, and a computer's turn with the
// draw policy of search/draw.h. Kept apart from api.cpp so that the route
// there stays a short block.
#pragma once

#include <array>
#include <string>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "search/agent.h"
#include "search/draw.h"

namespace asterism::server {

// Adds `draw: {offered_by, agreed}` to a game state (offered_by is a player
// index or -1), and makes an agreed game a finished one: terminal, result
// 1/2-1/2, outcome "Draw by agreement", nobody to move.
void add_draw_state(nlohmann::json& state, const DrawOffers& draws);

// The player a person's offer comes from: `player` in the body if given,
// else the side to move if a person holds it, else the one seat a person
// holds. Throws GameError when that is not a person's seat or there is none.
Player offering_player(const nlohmann::json& body, const Game& game,
                       const std::array<std::string, 2>& seats);

// What a computer does at its turn, worked out on a copy of the game without
// the session's lock: it accepts a draw that stands against it (and then
// does not move), or moves and perhaps offers a draw with its move.
// `answers` says whether the seat is the computer's own (a person's seat
// played by "Computer move" neither answers nor offers).
struct ComputerTurn {
    bool accepts = false;
    std::string move;
    bool offers = false;
};
ComputerTurn computer_turn(const Game& game, Agent& agent, Rng& rng, const DrawOffers& draws,
                           bool answers);

}  // namespace asterism::server
