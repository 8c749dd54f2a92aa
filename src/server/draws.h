// Draws by agreement in the JSON API (api.cpp's /draw route and computer
// moves; docs/server.md): how a game state shows offers and an agreed draw,
// and which player a person's offer comes from. The offers themselves are
// the table's (table/table.h).
#pragma once

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "search/draw.h"
#include "table/table.h"
#include "table/table_json.h"

namespace asterism::server {

// The player a person's offer comes from: `player` in the body if given,
// else the side to move if a person holds it, else the one seat a person
// holds. Throws HttpError 400 (draw.*, errors.h) when that is not a person's seat or there is none.
Player offering_player(const nlohmann::json& body, const Table& table);

}  // namespace asterism::server
