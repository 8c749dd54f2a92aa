// The API as the composition root (app.h) builds it, without sockets or
// files: a store in memory, an event hub and the game service, attached
// with online play on. Tests of the API build one of these.
#pragma once

#include <algorithm>
#include <string>

#include <cstdint>

#include <gtest/gtest.h>

#include "core/errors.h"
#include "server/api.h"
#include "server/errors.h"
#include "server/events.h"
#include "server/game_service.h"
#include "store/store.h"

namespace asterism::server {

// Sets the request's path and, from what follows a '?', its query, as the
// HTTP layer splits them.
inline void set_path(ApiRequest& r, const std::string& path) {
    const auto q = path.find('?');
    r.path = path.substr(0, q);
    if (q == std::string::npos) return;
    std::string rest = path.substr(q + 1);
    while (!rest.empty()) {
        const auto amp = std::min(rest.find('&'), rest.size());
        const std::string item = rest.substr(0, amp);
        const auto eq = item.find('=');
        r.query[item.substr(0, eq)] = eq == std::string::npos ? "" : item.substr(eq + 1);
        rest.erase(0, std::min(amp + 1, rest.size()));
    }
}

// An error reply as errors.h makes it: a code of the catalogue, the
// catalogue's status, and the English line made from the code's template
// and the parameters (so that a page translating the code says the same);
// or a code of the rules engine's catalogue (core/errors.h) the same way.
inline void expect_catalogued(int status, const nlohmann::json& body) {
    ASSERT_TRUE(body.contains("code")) << "no code: " << body.dump();
    const std::string code = body["code"].get<std::string>();
    // The rules engine's own error (core/errors.h): 400, its line made from
    // its row and the parameters, reasons and all.
    if (find_engine_error(code) != nullptr) {
        EXPECT_EQ(status, 400) << code;
        ASSERT_TRUE(body.contains("params") && body["params"].is_object()) << body.dump();
        EXPECT_EQ(reason_line({{"code", code}, {"params", body["params"]}}),
                  body.value("error", ""))
            << body.dump();
        return;
    }
    const auto rows = error_catalogue();
    const auto row =
        std::find_if(rows.begin(), rows.end(), [&](const ErrorEntry& e) { return e.code == code; });
    ASSERT_NE(row, rows.end()) << "not in the catalogue: " << code;
    EXPECT_EQ(row->status, status) << code;
    ASSERT_TRUE(body.contains("params") && body["params"].is_object()) << body.dump();
    EXPECT_EQ(error_line(*row, body["params"]), body.value("error", "")) << body.dump();
}

struct ApiRig {
    // `seed` 0 draws the engines' seeds from the OS; `games` are the game
    // service's limits (the local games' among them), whose search caps
    // are the API's, as in the server.
    explicit ApiRig(ApiLimits limits = {}, std::uint64_t seed = 0, GameLimits games = {})
        : store(":memory:"), service(store, hub, with_search(games, limits), seed), api(limits) {
        api.attach(&service, true);
    }
    ~ApiRig() { api.attach(nullptr, false); }

    static GameLimits with_search(GameLimits games, const ApiLimits& limits) {
        games.search = limits.search;
        return games;
    }

    store::Store store;
    EventHub hub;
    GameService service;
    Api api;
};

}  // namespace asterism::server
