// A local game held in the page (docs/wasm.md, "The local game"): the page
// keeps a game as the server keeps one, its creation (spec, start position)
// and an append-only list of events in the server's own shapes (move, undo,
// players, turn, draw, load: server/games/log.cpp), and asks the engine to
// replay them. Every state is the server's local game's, written by the same
// function (table/table_json.h, game_state over local_frame), so that the
// page cannot tell which home holds a game. Four requests:
//
//   {"op":"game","spec":S,"position":P,"events":[...],"local_id":I,"now":T,"ply":N?}
//       {"state": GET /api/games/ID[?ply=N]'s state}, of the game now or at ply N
//   {"op":"change", ...,"seed":N,"change":{"type":"move"|"undo"|"players"|
//       "computer"|"draw"|"load", ...}}
//       {"event": the event to append, "state": the state after it, with the
//       computer's `move` or its `answer` to a draw offer as the server adds
//       them}; a change the game refuses is an error and nothing is appended
//   {"op":"record", ...,"format":"record"|"pgn"}
//       {"record"|"pgn": text, "filename"}: the bytes /api/games/ID/record
//       and /pgn write
//   {"op":"view","spec":S,"position":P,"moves":[...]}
//       {"state": POST /api/view's state}: a diagram, which no game holds
#pragma once

#include <nlohmann/json.hpp>

namespace asterism::web_engine {

nlohmann::json local_state(const nlohmann::json& request);
nlohmann::json local_change(const nlohmann::json& request);
nlohmann::json local_record(const nlohmann::json& request);
nlohmann::json local_view(const nlohmann::json& request);

}  // namespace asterism::web_engine
