// What the tests of the API's game routes share: a call through the
// request-to-response function without sockets, a new local game (POST
// /api/games with kind "local"), a game's paths, and an error's checks.
#pragma once

#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "server/api.h"
#include "server/api_rig.h"

namespace asterism::server {

inline ApiResponse call(Api& api, const std::string& method, const std::string& path,
                        const std::string& body = {},
                        std::map<std::string, std::string> query = {}) {
    // The operator's own machine, spared the per-network caps.
    ApiRequest r{method, path,    std::move(query),  body, "127.0.0.1", {},
                 {},     nullptr, "application/json"};
    r.local = true;
    return api.handle(r);
}

inline ApiResponse post(Api& api, const std::string& path, const nlohmann::json& body) {
    return call(api, "POST", path, body.dump());
}

// POST /api/games for a local game: the body with kind "local".
inline ApiResponse post_local(Api& api, nlohmann::json body) {
    body["kind"] = "local";
    return post(api, "/api/games", body);
}

// A new local game's state; fails the test unless it was made.
inline nlohmann::json make(Api& api, const nlohmann::json& body) {
    const ApiResponse r = post_local(api, body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(r.body.value("id", ""), r.body["state"].value("id", "?"));
    return r.body["state"];
}

// The path of a game (a local game's state names it by its token).
inline std::string path(const nlohmann::json& game, const std::string& action = {}) {
    return "/api/games/" + game["id"].get<std::string>() + (action.empty() ? "" : "/" + action);
}

// A 4xx reply with a message that contains `text`.
inline void expect_error(const ApiResponse& r, int status, const std::string& text) {
    EXPECT_EQ(r.status, status) << r.body.dump();
    ASSERT_TRUE(r.body.contains("error")) << r.body.dump();
    EXPECT_NE(r.body["error"].get<std::string>().find(text), std::string::npos)
        << "message: " << r.body["error"];
    expect_catalogued(r.status, r.body);
}

}  // namespace asterism::server
