// A game in progress as JSON, one shape for every home of a local game: the
// server (its game service and routes) and the page's own engine
// (apps/web-engine/local_game.cpp) apply a table's events and describe a
// table with these functions, so that a game held in the browser answers as
// the server's does and the two cannot drift apart.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/view.h"
#include "search/draw.h"
#include "table/table.h"

namespace asterism {

// A seat's index in an event (0 or 1); GameError for another value.
Player player_of(const nlohmann::json& j);

// The events that change a table alone: table/table_events.h.

// The one view of a game (docs/view.md): what every game's reply and
// stream shows of its rules state, from `t` as it is or from `shown`, a copy
// taken back to an earlier ply (browsing).
nlohmann::json game_view(const Table& t, const Game& shown, ViewParts parts);
// The part of game_view that a move changes: ply, to_move, terminal,
// result, outcome (text, kind, side) and score, of `shown` as game_view says.
nlohmann::json turn_json(const Table& t, const Game& shown);
// The draw offer as a state shows it: {offered_by: -1 or a seat, agreed}.
nlohmann::json draw_json(const Table& table);
// The seats as a page shows them: name, "human" or "computer", and the player.
nlohmann::json players_json(const Table& table);
// The one state of a game in progress (docs/server.md, "A game's state"),
// what every home of a game (the server's games of both kinds, the page's
// own engine) answers with: the game's view of `shown` (the table's game,
// or a copy taken back to an earlier ply: browsing) with `ply` the shown
// position's, the seats as `players`, and `draw: {offered_by, agreed}`
// (offered_by a player index or -1).
nlohmann::json table_state(const Table& table, const Game& shown, ViewParts parts);
// The state of POST /api/view: a position and the moves played from it,
// which no game holds (id "", both seats a person's). The server and the
// page's engine (its diagrams offline) answer with this one function.
nlohmann::json view_state(const Table& table);

// What a game's state says beyond its table, which only the game's home
// knows: the server's row, seats, clock and stored events, or the page's kept
// events. game_state writes these fields and the table's, so that one
// function names every field of the state of every home of a game.
struct StateFrame {
    std::string kind;         // "local" or "online"
    std::string id;           // what names the game (a local game's token)
    std::string status;       // open, playing, finished or aborted
    std::string termination;  // "" unless over: rules, agreement, time,
                              // resignation, or why the server ended it
    nlohmann::json seats;     // [{computer, player, name, joined, account, connected}]
    int takeback_by = -1;     // the seat asking for a takeback, or -1
    nlohmann::json clock;     // {kind, base, increment, per_move, left, running}
    std::uint64_t seq = 0;    // the game's events so far
    std::int64_t now = 0;     // ms since 1970, when the state was written
    bool rated = false;
    int level = 0;           // a local game's computer level; 0: none (online)
    std::string tournament;  // the tournament's id, "" for none
};

// The one state of a game (docs/server.md, "A game's state"): the table's
// state of `shown` (table_state) and the frame's fields.
nlohmann::json game_state(const Table& table, const Game& shown, ViewParts parts,
                          const StateFrame& frame);

// How a finished table ended: "agreement", "time", "resignation" or "rules";
// "" while it goes on.
std::string termination_of(const Table& table);

// A local game's frame, all of which follows from its table, its level and
// the number of its events: the server's local games and the page's engine
// (apps/web-engine/local_game.cpp) both take it from here, so that the page
// cannot tell which of them holds a game. Seats are named by their sides,
// joined, held by no account, and "connected" when the computer holds them;
// there is no clock.
StateFrame local_frame(const Table& table, std::string id, int level, std::uint64_t seq,
                       std::int64_t now);

}  // namespace asterism
