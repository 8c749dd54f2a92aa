// What the local games' routes (/api/sessions, api.h) share between their
// two files: api.cpp (the routes) and api_searches.cpp (the computer's
// moves, analyses, draw answers and reviews). The games themselves are the
// game service's (games/game.h). Private to the API.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/api.h"
#include "server/games/game.h"

namespace asterism::server {

// One request on its way through a route: the request, the token named in
// the path (for a local game's routes) and its game.
struct Api::Call {
    const ApiRequest& request;
    std::string id;
    std::shared_ptr<GameService::Game> game;
};

}  // namespace asterism::server
