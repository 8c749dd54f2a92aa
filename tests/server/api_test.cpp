// Tests of the browser UI's JSON API (src/server/api.h) through its request
// to response function, without sockets: the catalog, the puzzles, unknown
// pages and methods, oversized and random bodies, the stateless view. One
// smoke test at the end goes through a real socket on a port the system
// picks. The games' routes have files of their own (local_games_test.cpp,
// local_records_test.cpp, online_test.cpp).
#include <httplib.h>

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "core/rng.h"
#include "server/api.h"
#include "server/api_calls.h"
#include "server/api_rig.h"
#include "server/app.h"

namespace asterism::server {
namespace {

using nlohmann::json;

TEST(ServerApi, CatalogListsEveryGameWithItsOptions) {
    ApiRig rig;
    Api& api = rig.api;
    const ApiResponse r = call(api, "GET", "/api/catalog");
    ASSERT_EQ(r.status, 200);
    std::vector<std::string> ids;
    for (const auto& g : r.body["games"]) ids.push_back(g["id"]);
    std::vector<std::string> expected;
    for (const GameInfo* info : Registry::instance().all()) expected.push_back(info->id);
    EXPECT_EQ(ids, expected);
    EXPECT_EQ(r.body["levels"]["max"], 10);
    const auto& star = r.body["games"][std::find(ids.begin(), ids.end(), "starstar") - ids.begin()];
    EXPECT_EQ(star["options"][0]["name"], "size");
}

// The puzzles route takes its games from the registry: a game registered
// anywhere (here the tests' take-away game) is one it may hold puzzles for,
// and an unknown name's error lists every registered game. On a list of
// four names by hand the take-away game was unknown.
TEST(ServerApi, PuzzlesKnowEveryRegisteredGame) {
    ApiRig rig;
    expect_error(call(rig.api, "GET", "/api/puzzles/takeaway-test"), 404,
                 "no puzzles for takeaway-test on this server");
    const ApiResponse unknown = call(rig.api, "GET", "/api/puzzles/chess");
    for (const GameInfo* info : Registry::instance().all()) expect_error(unknown, 404, info->id);
}

TEST(ServerApi, UnknownPagesMethodsAndSessions) {
    ApiRig rig;
    Api& api = rig.api;
    expect_error(call(api, "GET", "/api/nothing"), 404, "no such page");
    expect_error(call(api, "GET", "/elsewhere"), 404, "no such page");
    expect_error(call(api, "POST", "/api/catalog"), 405, "takes GET");
    expect_error(call(api, "GET", "/api/games/0123456789abcdef"), 404, "no game");
    const json s = make(api, {{"game", "asterisk"}});
    expect_error(call(api, "GET", path(s, "teleport")), 404, "no such page");
    expect_error(call(api, "GET", path(s, "move")), 405, "takes POST");
    expect_error(call(api, "GET", path(s, "move/extra")), 404, "no such page");
}

TEST(ServerApi, OversizedBodiesAreRefused) {
    ApiLimits limits;
    limits.max_body = 1000;
    ApiRig rig(limits);
    Api& api = rig.api;
    const std::string big = "{\"game\": \"" + std::string(2000, 'x') + "\"}";
    expect_error(call(api, "POST", "/api/games", big), 413, "limit is 1000");
}

// Random bytes as bodies and paths: never a crash, never a 5xx.
TEST(ServerApi, GarbageNeverCrashesTheApi) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "shatra"}});
    Rng rng(99);
    const std::vector<std::string> paths = {
        "/api/games",        path(s, "move"), path(s, "takeback"),    path(s, "players"),
        path(s, "computer"), path(s, "draw"), path(s) + "/../../etc", "/api/games//move"};
    for (int i = 0; i < 400; ++i) {
        std::string body;
        const int n = static_cast<int>(rng.below(40));
        for (int k = 0; k < n; ++k) body += static_cast<char>(rng.below(256));
        if (i % 3 == 0) body = "{\"move\": " + body + "}";
        if (i % 5 == 0) body = "{\"game\": \"shatra\", \"options\": {\"rules\": \"" + body + "\"}}";
        const ApiResponse r =
            call(api, "POST", paths[static_cast<std::size_t>(i) % paths.size()], body);
        EXPECT_LT(r.status, 500) << body << " -> " << r.body.dump();
        EXPECT_TRUE(r.status < 300 || r.body.contains("error"));
    }
}

// A position's state without a game kept: what the rules pages draw.
TEST(ServerApi, AViewOfAPositionKeepsNothing) {
    ApiRig rig(ApiLimits{}, 1);
    Api& api = rig.api;
    const json start = make(api, {{"game", "starstar"}, {"options", {{"size", 6}}}});
    const std::string move = start["view"]["moves"][0]["text"];
    const ApiResponse r = post(
        api, "/api/view", {{"game", "starstar"}, {"options", {{"size", 6}}}, {"moves", {move}}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["history"], json::array({move}));
    EXPECT_EQ(r.body["id"], "");
    EXPECT_EQ(rig.service.local_count(), 1u);  // only the one made above
    expect_error(post(api, "/api/view", {{"game", "starstar"}, {"moves", {move, move}}}), 400,
                 "move 2");
    expect_error(post(api, "/api/view", {{"game", "starstar"}, {"moves", json::array({1})}}), 400,
                 "move texts");
    expect_error(post(api, "/api/view",
                      {{"game", "starstar"}, {"moves", std::vector<std::string>(501, move)}}),
                 400, "at most 500");
    expect_error(post(api, "/api/view", {{"game", "shatra"}, {"position", "nonsense"}}), 400, "");
}

// Through a real socket: the library glue, the static files and the limits.
TEST(ServerHttp, SmokeTestOnAnEphemeralPort) {
    ServeOptions options;
    options.port = 0;
    options.web_dir = ASTERISM_WEB_DIR;
    options.limits.max_body = 4096;
    Server server(options);
    const int port = server.bind();
    ASSERT_GT(port, 0);
    std::thread runner([&] { server.run(); });

    httplib::Client client("127.0.0.1", port);
    auto page = client.Get("/");
    ASSERT_TRUE(page);
    EXPECT_EQ(page->status, 200);
    EXPECT_NE(page->body.find("<title>asterism</title>"), std::string::npos);
    auto script = client.Get("/app.js");
    ASSERT_TRUE(script);
    EXPECT_NE(script->get_header_value("Content-Type").find("javascript"), std::string::npos);

    auto catalog = client.Get("/api/catalog");
    ASSERT_TRUE(catalog);
    EXPECT_EQ(catalog->status, 200);
    EXPECT_EQ(json::parse(catalog->body)["games"].size(), Registry::instance().all().size());

    auto made = client.Post("/api/games",
                            R"({"kind": "local", "game": "starstar", "options": {"size": 6}})",
                            "application/json");
    ASSERT_TRUE(made);
    EXPECT_EQ(made->status, 201);
    const std::string id = json::parse(made->body)["id"];
    auto moved =
        client.Post("/api/games/" + id + "/move", R"({"move": "*10"})", "application/json");
    ASSERT_TRUE(moved);
    EXPECT_EQ(moved->status, 200);

    auto bad = client.Post("/api/games", "{oops", "application/json");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
    EXPECT_NE(json::parse(bad->body)["error"].get<std::string>().find("malformed JSON"),
              std::string::npos);
    // Bytes that are not UTF-8 come back quoted in the message, replaced.
    auto bytes = client.Post("/api/games", "{\"kind\": \"local\", \"game\": \"\xff\xfe\"}",
                             "application/json");
    ASSERT_TRUE(bytes);
    EXPECT_EQ(bytes->status, 400);
    EXPECT_TRUE(json::parse(bytes->body).contains("error"));
    auto big = client.Post("/api/games", std::string(10000, ' '), "application/json");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413);
    auto missing = client.Get("/no-such-file.js");
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->status, 404);

    server.stop();
    runner.join();
}

}  // namespace
}  // namespace asterism::server
