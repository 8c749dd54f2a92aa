// A local game held in the page (docs/wasm.md, "The local game"): the page
// keeps a game as the server keeps one, its creation (spec, start position)
// and an append-only list of events in the server's own shapes (move, undo,
// players, turn, draw, load: server/games/log.cpp), and asks the engine to
// replay them. Three requests:
//
//   {"op":"session","spec":S,"position":P,"events":[...],"local_id":I,"ply":N?}
//       {"session": the Session JSON /api/sessions answers (game_view,
//       players, level, shown_ply, draw)}, of the game now or at ply N
//   {"op":"change", ...,"seed":N,"change":{"type":"move"|"undo"|"players"|
//       "computer"|"draw"|"load", ...}}
//       {"event": the event to append, "session": the Session after it}; a
//       change the game refuses is an error and nothing is appended
//   {"op":"record", ...,"format":"record"|"pgn"}
//       {"record"|"pgn": text, "filename"}: the bytes /api/sessions/ID/record
//       and /pgn write
#pragma once

#include <nlohmann/json.hpp>

namespace asterism::web_engine {

nlohmann::json local_session(const nlohmann::json& request);
nlohmann::json local_change(const nlohmann::json& request);
nlohmann::json local_record(const nlohmann::json& request);

}  // namespace asterism::web_engine
