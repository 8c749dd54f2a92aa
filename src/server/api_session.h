// What the local games' API (api.h) keeps about a game, shared by its two
// files: api.cpp (the routes and the table of sessions) and
// api_searches.cpp (the computer's moves, analyses, draw answers and
// reviews). Private to the API.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "server/api.h"
#include "server/reviews.h"
#include "table/table.h"

namespace asterism::server {

// A game in play and what the API keeps about it. `mutex` guards every
// field but `last_used`, which the Api's table lock guards. `level` is the
// level of the seats named "computer" (and of "Computer move" for a person).
struct Api::Session {
    explicit Session(Table t) : table(std::move(t)) {}
    std::mutex mutex;
    Table table;
    int level = 3;
    std::uint64_t next_seed = 1;
    std::uint64_t last_used = 0;
    double last_used_at = 0;  // seconds (steady clock), for the idle expiry
    std::string client;       // the address that created it, for the per-address cap
    // Set when the session leaves the table: a search made for it stops.
    std::atomic<bool> dropped{false};
    std::unique_ptr<ReviewJob> review;  // the last review asked for, running or done
};

// One request on its way through a route: the request, the session named
// in the path (for session routes) and its id.
struct Api::Call {
    const ApiRequest& request;
    std::string id;
    std::shared_ptr<Session> session;
};

}  // namespace asterism::server
