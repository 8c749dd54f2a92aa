// The API as the composition root (app.h) builds it, without sockets or
// files: a store in memory, an event hub and the game service, attached
// with online play on. Tests of the API build one of these.
#pragma once

#include <cstdint>

#include "server/api.h"
#include "server/events.h"
#include "server/game_service.h"
#include "store/store.h"

namespace asterism::server {

struct ApiRig {
    // `seed` 0 draws the engines' seeds from the OS; `games` are the game
    // service's limits (the local games' among them), whose search caps
    // are the API's, as in the server.
    explicit ApiRig(ApiLimits limits = {}, std::uint64_t seed = 0, OnlineLimits games = {})
        : store(":memory:"), service(store, hub, with_search(games, limits), seed), api(limits) {
        api.attach(&service, true);
    }
    ~ApiRig() { api.attach(nullptr, false); }

    static OnlineLimits with_search(OnlineLimits games, const ApiLimits& limits) {
        games.search = limits.search;
        return games;
    }

    store::Store store;
    EventHub hub;
    GameService service;
    Api api;
};

}  // namespace asterism::server
