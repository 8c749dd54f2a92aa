// A local game through the games' routes (POST /api/games with kind
// "local", then /api/games/TOKEN/...), without sockets: creating one, moves,
// takebacks, the computer's moves and analyses, browsing, ids, games kept
// apart, eviction and many threads at once.
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

namespace asterism::server {
namespace {

using nlohmann::json;

TEST(ServerApi, NewGameTakesOptionsPositionAndSeats) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "starstar"},
                              {"options", {{"size", 6}, {"swap", true}}},
                              {"players", {"human", "computer"}},
                              {"level", 4}});
    EXPECT_EQ(s["game"], "starstar:size=6,swap=true");
    EXPECT_EQ(s["players"][1]["seat"], "computer");
    EXPECT_EQ(s["players"][0]["name"], "Black");
    EXPECT_EQ(s["level"], 4);
    EXPECT_EQ(s["ply"], 0);
    EXPECT_EQ(s["view"]["cells"].size(), 105u);
    EXPECT_EQ(s["view"]["moves"].size(), 105u);
    EXPECT_TRUE(s["score"]["provisional"]);

    const json p =
        make(api, {{"game", "starpool"}, {"position", "4k4/p8/9/9/4*4/9/9/9/R3K4 [----] w - 0 1"}});
    EXPECT_EQ(p["view"]["pieces"].size(), 4u);
}

TEST(ServerApi, BadNewGameRequestsGetMessages) {
    ApiRig rig;
    Api& api = rig.api;
    expect_error(call(api, "POST", "/api/games", "{\"game\": "), 400, "malformed JSON");
    expect_error(call(api, "POST", "/api/games", "[1, 2]"), 400, "JSON object");
    expect_error(post_local(api, json::object()), 400, "'game' is missing");
    expect_error(post_local(api, {{"game", 5}}), 400, "'game' must be a string");
    expect_error(post_local(api, {{"game", "chess"}}), 400, "unknown game 'chess'");
    expect_error(post_local(api, {{"game", "starstar"}, {"options", {{"size", 7}}}}), 400, "size");
    expect_error(post_local(api, {{"game", "starstar"}, {"options", {{"size", "6,swap=true"}}}}),
                 400, "contains ','");
    expect_error(post_local(api, {{"game", "starstar"}, {"options", {{"size", 1.5}}}}), 400,
                 "must be a string, a number or a boolean");
    expect_error(post_local(api, {{"game", "starstar"}, {"position", "nonsense"}}), 400,
                 "bad *Star position");
    expect_error(post_local(api, {{"game", "starstar"}, {"players", {"robot"}}}), 400,
                 "\"human\" or \"computer\"");
    expect_error(post_local(api, {{"game", "starstar"}, {"level", 11}}), 400,
                 "'level' must be from 1 to 10");
    EXPECT_EQ(rig.service.local_count(), 0u);
}

TEST(ServerApi, MovesLegalAndIllegal) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "shatra"}});
    const ApiResponse legal = call(api, "GET", path(s, "legal"));
    ASSERT_EQ(legal.status, 200);
    EXPECT_EQ(legal.body["moves"].size(), 154u);  // shatra.md 8.3

    ApiResponse r = post(api, path(s, "move"), {{"move", "d2-e6"}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["history"], json({"d2-e6"}));
    EXPECT_EQ(r.body["view"]["last"]["path"], json({"d2", "e6"}));

    expect_error(post(api, path(s, "move"), {{"move", "zz99"}}), 400, "zz99");
    expect_error(post(api, path(s, "move"), {{"move", "d3-e6"}}), 400, "d3-e6");
    expect_error(post(api, path(s, "move"), json::object()), 400, "'move' is missing");
    expect_error(post(api, path(s, "move"), {{"move", {"a", "b"}}}), 400, "must be a string");
    // Nothing changed by the refused moves.
    r = call(api, "GET", path(s));
    EXPECT_EQ(r.body["ply"], 1);
}

TEST(ServerApi, ACaptureChainIsOneMoveAndEndsTheGame) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "shatra"},
                              {"position", "3/3/3/1/7/7/4k2/7/3s3/K1S4/1/3/3/3 w - - - - 0 1"}});
    ASSERT_EQ(s["view"]["moves"].size(), 1u);
    EXPECT_EQ(s["view"]["moves"][0]["path"], json({"c5", "e7", "e9"}));
    EXPECT_EQ(s["view"]["moves"][0]["captured"], json({"d6", "e8"}));
    const ApiResponse r = post(api, path(s, "move"), {{"move", "c5:e7:e9"}});
    ASSERT_EQ(r.status, 200);
    EXPECT_TRUE(r.body["terminal"]);
    EXPECT_EQ(r.body["result"], "1-0");
    EXPECT_EQ(r.body["outcome"], "White wins");
    EXPECT_EQ(r.body["outcome_kind"], "wins");
    EXPECT_EQ(r.body["outcome_side"], "White");
    EXPECT_EQ(r.body["to_move"], -1);
    expect_error(post(api, path(s, "move"), {{"move", "a5-a6"}}), 400, "over");
    expect_error(post(api, path(s, "computer"), json::object()), 400, "over");
}

TEST(ServerApi, UndoByCountAndBackToAPerson) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "starstar"},
                              {"options", {{"size", 6}}},
                              {"players", {"human", "computer"}},
                              {"level", 1}});
    expect_error(post(api, path(s, "takeback"), json::object()), 400, "nothing to undo");
    for (const char* m : {"*10", "S21", "T32"})
        ASSERT_EQ(post(api, path(s, "move"), {{"move", m}}).status, 200);
    ApiResponse r = post(api, path(s, "takeback"), json::object());
    EXPECT_EQ(r.body["ply"], 2);
    // Black (a person) made *10 and White (the computer) S21: back to the
    // person means taking back both.
    r = post(api, path(s, "takeback"), {{"to_human", true}});
    EXPECT_EQ(r.body["ply"], 0);
    expect_error(post(api, path(s, "takeback"), {{"count", 0}}), 400, "'count' must be from 1");
}

TEST(ServerApi, ComputerMovesAndAnalysis) {
    ApiRig rig({}, 7);
    Api& api = rig.api;
    const json s = make(api, {{"game", "asterisk"}, {"options", {{"size", 8}}}});
    ApiResponse r = post(api, path(s, "computer"), {{"level", 3}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["ply"], 1);
    EXPECT_EQ(r.body["history"][0], r.body["move"]);
    expect_error(post(api, path(s, "computer"), {{"level", 0}}), 400, "'level'");

    r = post(api, path(s, "analyze"), {{"level", 4}, {"playouts", 300}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["ply"], 1);
    EXPECT_EQ(r.body["unit"], "playouts");
    ASSERT_FALSE(r.body["candidates"].empty());
    EXPECT_LE(r.body["candidates"].size(), 8u);
    const double w = r.body["winrate_first"];
    EXPECT_GE(w, 0.0);
    EXPECT_LE(w, 1.0);
    expect_error(post(api, path(s, "analyze"), {{"playouts", 1e12}}), 400, "'playouts'");
    expect_error(post(api, path(s, "analyze"), {{"seconds", "long"}}), 400, "'seconds'");
}

TEST(ServerApi, BrowsingShowsAnEarlierPlyWithoutChangingTheGame) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "starpool"}});
    for (const char* m : {"b1-d2", "b9-d8"})
        ASSERT_EQ(post(api, path(s, "move"), {{"move", m}}).status, 200);
    ApiResponse r = call(api, "GET", path(s), {}, {{"ply", "0"}});
    ASSERT_EQ(r.status, 200);
    // One `ply`: the position shown's; the game's length is its history's.
    EXPECT_EQ(r.body["ply"], 0);
    EXPECT_EQ(r.body["history"].size(), 2u);
    EXPECT_EQ(r.body["position"], make(api, {{"game", "starpool"}})["position"]);
    r = call(api, "GET", path(s), {}, {{"ply", "1"}});
    EXPECT_EQ(r.body["view"]["last"]["path"], json({"b1", "d2"}));
    for (const char* bad : {"3", "-1", "x", "01", ""})
        expect_error(call(api, "GET", path(s), {}, {{"ply", bad}}), 400, "'ply'");
    EXPECT_EQ(call(api, "GET", path(s)).body["ply"], 2);
}

// Ids come from the OS, 128 bits each: the engine seed does not fix them,
// and no id tells anything about the next one.
TEST(ServerApi, GameIdsAre128RandomBits) {
    ApiRig ra({}, 5), rb({}, 5);
    Api& a = ra.api;
    Api& b = rb.api;
    std::set<std::string> seen;
    for (int i = 0; i < 50; ++i) {
        const std::string id = make(a, {{"game", "starstar"}})["id"];
        EXPECT_EQ(id.size(), 32u);
        EXPECT_EQ(id.find_first_not_of("0123456789abcdef"), std::string::npos) << id;
        EXPECT_TRUE(seen.insert(id).second);
    }
    // The same seed, a different table: other ids.
    EXPECT_FALSE(seen.count(make(b, {{"game", "starstar"}})["id"].get<std::string>()));
}

TEST(ServerApi, SessionsStaySeparate) {
    ApiRig rig;
    Api& api = rig.api;
    const json a = make(api, {{"game", "starstar"}, {"options", {{"size", 6}}}});
    const json b = make(api, {{"game", "starstar"}, {"options", {{"size", 6}}}});
    EXPECT_NE(a["id"], b["id"]);
    post(api, path(a, "move"), {{"move", "*10"}});
    post(api, path(b, "move"), {{"move", "R50"}});
    EXPECT_EQ(call(api, "GET", path(a)).body["history"], json({"*10"}));
    EXPECT_EQ(call(api, "GET", path(b)).body["history"], json({"R50"}));
    EXPECT_EQ(call(api, "DELETE", path(a)).status, 200);
    expect_error(call(api, "GET", path(a)), 404, "no game");
    EXPECT_EQ(call(api, "GET", path(b)).status, 200);
}

TEST(ServerApi, TheLeastRecentlyUsedGameMakesRoom) {
    GameLimits games;
    games.local.max_games = 3;
    games.local.evict_seconds = 0;
    ApiRig rig({}, 0, games);
    Api& api = rig.api;
    std::vector<json> s;
    for (int i = 0; i < 3; ++i) s.push_back(make(api, {{"game", "asterisk"}}));
    call(api, "GET", path(s[0]));  // the oldest is used again, so s[1] goes
    s.push_back(make(api, {{"game", "asterisk"}}));
    EXPECT_EQ(rig.service.local_count(), 3u);
    EXPECT_EQ(call(api, "GET", path(s[0])).status, 200);
    expect_error(call(api, "GET", path(s[1])), 404, "no game");
    EXPECT_EQ(call(api, "GET", path(s[2])).status, 200);
    EXPECT_EQ(call(api, "GET", path(s[3])).status, 200);
}

TEST(ServerApi, ManyThreadsAtOnceKeepTheirGamesApart) {
    GameLimits games;
    games.local.max_games = 16;
    ApiRig rig({}, 0, games);
    Api& api = rig.api;
    constexpr int kThreads = 8, kMoves = 20;
    std::vector<std::string> ids;
    for (int t = 0; t < kThreads; ++t) ids.push_back(make(api, {{"game", "starpool"}})["id"]);
    const json shared = make(api, {{"game", "starstar"}, {"options", {{"size", 6}}}});
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            Rng rng(static_cast<std::uint64_t>(t + 1));
            const std::string base = "/api/games/" + ids[static_cast<std::size_t>(t)];
            for (int k = 0; k < kMoves; ++k) {
                const ApiResponse legal = call(api, "GET", base + "/legal");
                if (legal.status != 200 || legal.body["moves"].empty()) break;
                const auto& moves = legal.body["moves"];
                const std::string m = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
                if (post(api, base + "/move", {{"move", m}}).status != 200) ++failures;
                // Everyone also plays on one shared game; some of these
                // collide and are refused, but none may crash or corrupt it.
                const ApiResponse s = call(api, "GET", path(shared, "legal"));
                if (s.status == 200 && !s.body["moves"].empty())
                    post(api, path(shared, "move"), {{"move", s.body["moves"][0]}});
            }
        });
    for (auto& th : threads) th.join();
    EXPECT_EQ(failures.load(), 0);
    for (const auto& id : ids) {
        const ApiResponse r = call(api, "GET", "/api/games/" + id);
        ASSERT_EQ(r.status, 200);
        // Each game has exactly its own thread's moves (or ended early).
        EXPECT_TRUE(r.body["ply"] == kMoves || r.body["terminal"] == true);
    }
    const ApiResponse s = call(api, "GET", path(shared));
    EXPECT_EQ(s.status, 200);
    EXPECT_LE(s.body["ply"].get<int>(), kThreads * kMoves);
}

// One face (issue 42, point 2): a local game and an online game answer GET
// /api/games/:id with the same state, kind aside; local games have a level.
TEST(OneFace, LocalAndOnlineGamesAnswerWithTheSameState) {
    ApiRig rig({}, 1);
    Api& api = rig.api;
    const json local = make(api, {{"game", "starstar:size=6"}});
    const ApiResponse made = post(api, "/api/games", {{"game", "starstar:size=6"}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const json online = call(api, "GET", "/api/games/" + made.body["id"].get<std::string>()).body;
    const json mine = call(api, "GET", path(local)).body;
    EXPECT_EQ(mine["kind"], "local");
    EXPECT_EQ(online["kind"], "online");
    std::set<std::string> local_keys, online_keys;
    for (const auto& [key, value] : mine.items()) local_keys.insert(key);
    for (const auto& [key, value] : online.items()) online_keys.insert(key);
    local_keys.erase("level");
    EXPECT_EQ(local_keys, online_keys);
    for (const json* state : {&mine, &online}) {
        EXPECT_EQ((*state)["players"][0]["name"], "Black");
        EXPECT_EQ((*state)["draw"], json({{"offered_by", -1}, {"agreed", false}}));
        EXPECT_EQ((*state)["ply"], 0);
        for (const char* old : {"names", "shown_ply", "draw_offered_by"})
            EXPECT_FALSE(state->contains(old)) << old;
    }
}

// The routes /api/games replaced (docs/server.md, "Routes replaced") are
// gone: each answers 404 with the code of an unknown page, for a game that
// exists as for one that does not.
TEST(OneFace, TheOldSessionRoutesAreGone) {
    ApiRig rig({}, 1);
    Api& api = rig.api;
    const json local = make(api, {{"game", "starstar:size=6"}});
    const std::string token = local["id"];
    const json body = {{"game", "starstar:size=6"}};
    for (const ApiResponse& r :
         {post(api, "/api/sessions", body), post(api, "/api/records", {{"record", ""}}),
          call(api, "GET", "/api/sessions/" + token),
          call(api, "GET", "/api/sessions/" + token + "/legal"),
          post(api, "/api/sessions/" + token + "/move", {{"move", "a1"}}),
          post(api, "/api/sessions/" + token + "/undo", json::object()),
          call(api, "DELETE", "/api/sessions/" + token)}) {
        EXPECT_EQ(r.status, 404) << r.body.dump();
        EXPECT_EQ(r.body.value("code", ""), "request.noPage") << r.body.dump();
    }
    // The game itself is untouched, at its own address.
    EXPECT_EQ(call(api, "GET", path(local)).status, 200);
}

// What only a local game has is a 409 with its own code for an online game.
TEST(OneFace, LocalOnlyActionsRefuseAnOnlineGame) {
    ApiRig rig({}, 1);
    Api& api = rig.api;
    const ApiResponse made =
        post(api, "/api/games", {{"game", "starstar:size=6"}, {"opponent", "level:1"}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const std::string base = "/api/games/" + made.body["id"].get<std::string>();
    for (const char* action : {"players", "computer", "analyze", "review"})
        expect_error(post(api, base + "/" + action, json::object()), 409, "only a local game");
    expect_error(call(api, "GET", base + "/review"), 409, "only a local game");
    expect_error(call(api, "DELETE", base), 409, "only a local game");
    EXPECT_EQ(call(api, "GET", base + "/legal").status, 200);
}

// A local game is named by its token alone: the digest its row is stored
// under names nothing, so that the store's id is no way in.
TEST(OneFace, ALocalGamesStoredIdIsNoWayIn) {
    ApiRig rig({}, 1);
    Api& api = rig.api;
    const json local = make(api, {{"game", "starstar:size=6"}});
    const auto rows = rig.store.games("local", "playing", 10);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_NE(rows[0].id, local["id"]);
    expect_error(call(api, "GET", "/api/games/" + rows[0].id), 404, "no game");
    expect_error(call(api, "GET", "/api/games/" + rows[0].id + "/record"), 404, "no game");
    EXPECT_EQ(call(api, "GET", path(local)).status, 200);
}

// A kind is "local" or "online"; without online play, local games are still
// made at the same route.
TEST(OneFace, TheKindChoosesTheGameAndLocalGamesNeedNoOnlinePlay) {
    ApiRig rig({}, 1);
    expect_error(post(rig.api, "/api/games", {{"kind", "remote"}, {"game", "starstar"}}), 400,
                 "'kind'");
    rig.api.attach(&rig.service, false);
    EXPECT_EQ(post_local(rig.api, {{"game", "starstar:size=6"}}).status, 201);
    expect_error(post(rig.api, "/api/games", {{"game", "starstar:size=6"}}), 404,
                 "online play is off");
    expect_error(call(rig.api, "GET", "/api/lobby"), 404, "online play is off");
}

}  // namespace
}  // namespace asterism::server
