// The puzzles of `asterism puzzles` (docs/learn.md, "Puzzles"), served by
// the puzzle service (puzzles/service.h): sets, ratings, the daily puzzle
// and the next one. The folder is the environment's ASTERISM_PUZZLES_DIR if
// set, else the installed share/asterism/puzzles beside the binary, else the
// source tree's data/puzzles (ASTERISM_PUZZLES_DIR, fixed at build time;
// installed.h).
#pragma once

#include <string>

#include "server/routes.h"

namespace asterism::server {

// Adds the puzzles' routes of a service without a store (no account is
// rated), for an API the composition root has attached no service to.
void add_puzzle_routes(RouteTable& table);

// The folder puzzles are read from.
std::string puzzles_dir();

}  // namespace asterism::server
