// A game in progress as JSON, one shape for every home of a local game: the
// server (its game service and routes) and the page's own engine
// (apps/web-engine/local_game.cpp) apply a table's events and describe a
// table with these functions, so that a game held in the browser answers as
// the server's does and the two cannot drift apart.
#pragma once

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/view.h"
#include "search/draw.h"
#include "table/table.h"

namespace asterism {

// A seat's index in an event (0 or 1); GameError for another value.
Player player_of(const nlohmann::json& j);

// The events that change a table alone, as the server logs them (docs/
// server.md, "Durable games") and the page's local games keep them:
//   draw     {action: offer|accept|decline, by, answer?}: an offer (and the
//            computer's answer to it, when the offer was to a computer seat)
//   turn     {player, answered_draw?, move?, offers_draw?}: a computer's turn
//            as it planned it (search/draw.h, ComputerTurn)
//   players  {players: [PLAYER, PLAYER], level}: a local game's seats; the
//            level is returned, for a "computer" seat's next choice
//   load     {record}: a local game's first event, a record (or PGN) to go on from
// Each throws GameError, the table unchanged, for an event it refuses.
void apply_draw_event(Table& t, const nlohmann::json& d);
void apply_turn_event(Table& t, const nlohmann::json& d);
int apply_players_event(Table& t, const nlohmann::json& d);
void apply_load_event(Table& t, const nlohmann::json& d);

// The one view of a game (docs/view.md): what every game's reply and
// stream shows of its rules state, from `t` as it is or from `shown`, a copy
// taken back to an earlier ply (browsing).
nlohmann::json game_view(const Table& t, const Game& shown, ViewParts parts);
// The seats as a page shows them: name, "human" or "computer", and the player.
nlohmann::json players_json(const Table& table);
// The one state of a game in progress (docs/server.md, "A game's state"),
// what every home of a game (the server's games of both kinds, the page's
// own engine) answers with: the game's view of `shown` (the table's game,
// or a copy taken back to an earlier ply: browsing) with `ply` the shown
// position's, the seats as `players`, and `draw: {offered_by, agreed}`
// (offered_by a player index or -1).
nlohmann::json table_state(const Table& table, const Game& shown, ViewParts parts);
// A local game's state in the shape the page's engine answers the old
// /api/sessions routes with (docs/wasm.md): the game's view as
// it is now or of `shown` after `shown_ply` moves (browsing), with the
// game's id, its seats and the level a "computer" seat plays at.
nlohmann::json local_game_view(const std::string& id, const Table& table, int level,
                               const Game& shown, int shown_ply);
// Adds `draw: {offered_by, agreed}` to a game state (offered_by is a player
// index or -1), and makes an agreed game a finished one: terminal, result
// 1/2-1/2, outcome "Draw by agreement", nobody to move.
void add_draw_state(nlohmann::json& state, const DrawOffers& draws);

}  // namespace asterism
