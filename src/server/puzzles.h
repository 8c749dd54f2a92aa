// The puzzles of `asterism puzzles` (docs/learn.md, "Puzzles"), served
// read-only: GET /api/puzzles/GAME?i=I&n=K answers puzzles I..I+K-1 of the
// game's file (counted round the end), with the file's total:
//
//   {"game": "shatra", "total": 120, "first": 7, "puzzles": [{...}, ...]}
//
// GAME must be a registered game's id (core/registry.h); the file is
// data/puzzles/GAME.jsonl in the puzzles folder, named from the registry's
// id, so nothing of the request reaches the filesystem. Each file is read once, at its first
// request, and kept. The folder is the environment's ASTERISM_PUZZLES_DIR if set, else the
// installed share/asterism/puzzles beside the binary, else the source tree's data/puzzles
// (ASTERISM_PUZZLES_DIR, fixed at build time; installed.h).
#pragma once

#include <optional>
#include <string>

#include "server/api_message.h"
#include "server/routes.h"

namespace asterism::server {

// The most puzzles one request may ask for.
inline constexpr int kMaxPuzzlesPerRequest = 20;

// Adds GET /api/puzzles/GAME?i=&n= to the API's table: 404 for an unknown
// game or one with no puzzles here, 400 for a bad i or n.
void add_puzzle_routes(RouteTable& table);

// The folder puzzles are read from.
std::string puzzles_dir();

}  // namespace asterism::server
