// Tests of the browser UI's JSON API (src/server/api.h) through its request
// to response function, without sockets: every route, every kind of bad
// input getting a 4xx with a message, sessions kept apart, eviction, and
// many threads at once. One smoke test at the end goes through a real
// socket on a port the system picks.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "core/rng.h"
#include "server/api.h"
#include "server/api_rig.h"
#include "server/app.h"

namespace asterism::server {
namespace {

using nlohmann::json;

ApiResponse call(Api& api, const std::string& method, const std::string& path,
                 const std::string& body = {}, std::map<std::string, std::string> query = {}) {
    // The operator's own machine, spared the per-network caps.
    ApiRequest r{method, path,    std::move(query),  body, "127.0.0.1", {},
                 {},     nullptr, "application/json"};
    r.local = true;
    return api.handle(r);
}

ApiResponse post(Api& api, const std::string& path, const json& body) {
    return call(api, "POST", path, body.dump());
}

// A new session; fails the test unless it was made.
json make(Api& api, const json& body) {
    const ApiResponse r = post(api, "/api/sessions", body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body;
}

std::string path(const json& session, const std::string& action = {}) {
    return "/api/sessions/" + session["id"].get<std::string>() +
           (action.empty() ? "" : "/" + action);
}

// A 4xx reply with a message that contains `text`.
void expect_error(const ApiResponse& r, int status, const std::string& text) {
    EXPECT_EQ(r.status, status) << r.body.dump();
    ASSERT_TRUE(r.body.contains("error")) << r.body.dump();
    EXPECT_NE(r.body["error"].get<std::string>().find(text), std::string::npos)
        << "message: " << r.body["error"];
    expect_catalogued(r.status, r.body);
}

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
    expect_error(call(api, "POST", "/api/sessions", "{\"game\": "), 400, "malformed JSON");
    expect_error(call(api, "POST", "/api/sessions", "[1, 2]"), 400, "JSON object");
    expect_error(post(api, "/api/sessions", json::object()), 400, "'game' is missing");
    expect_error(post(api, "/api/sessions", {{"game", 5}}), 400, "'game' must be a string");
    expect_error(post(api, "/api/sessions", {{"game", "chess"}}), 400, "unknown game 'chess'");
    expect_error(post(api, "/api/sessions", {{"game", "starstar"}, {"options", {{"size", 7}}}}),
                 400, "size");
    expect_error(
        post(api, "/api/sessions", {{"game", "starstar"}, {"options", {{"size", "6,swap=true"}}}}),
        400, "contains ','");
    expect_error(post(api, "/api/sessions", {{"game", "starstar"}, {"options", {{"size", 1.5}}}}),
                 400, "must be a string, a number or a boolean");
    expect_error(post(api, "/api/sessions", {{"game", "starstar"}, {"position", "nonsense"}}), 400,
                 "bad *Star position");
    expect_error(post(api, "/api/sessions", {{"game", "starstar"}, {"players", {"robot"}}}), 400,
                 "\"human\" or \"computer\"");
    expect_error(post(api, "/api/sessions", {{"game", "starstar"}, {"level", 11}}), 400,
                 "'level' must be from 1 to 10");
    EXPECT_EQ(rig.service.local_count(), 0u);
}

TEST(ServerApi, UnknownPagesMethodsAndSessions) {
    ApiRig rig;
    Api& api = rig.api;
    expect_error(call(api, "GET", "/api/nothing"), 404, "no such page");
    expect_error(call(api, "GET", "/elsewhere"), 404, "no such page");
    expect_error(call(api, "POST", "/api/catalog"), 405, "takes GET");
    expect_error(call(api, "GET", "/api/sessions/0123456789abcdef"), 404, "no game");
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
    expect_error(call(api, "POST", "/api/sessions", big), 413, "limit is 1000");
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
    expect_error(post(api, path(s, "undo"), json::object()), 400, "nothing to undo");
    for (const char* m : {"*10", "S21", "T32"})
        ASSERT_EQ(post(api, path(s, "move"), {{"move", m}}).status, 200);
    ApiResponse r = post(api, path(s, "undo"), json::object());
    EXPECT_EQ(r.body["ply"], 2);
    // Black (a person) made *10 and White (the computer) S21: back to the
    // person means taking back both.
    r = post(api, path(s, "undo"), {{"to_human", true}});
    EXPECT_EQ(r.body["ply"], 0);
    expect_error(post(api, path(s, "undo"), {{"count", 0}}), 400, "'count' must be from 1");
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
    EXPECT_EQ(r.body["shown_ply"], 0);
    EXPECT_EQ(r.body["ply"], 2);
    EXPECT_EQ(r.body["position"], make(api, {{"game", "starpool"}})["position"]);
    r = call(api, "GET", path(s), {}, {{"ply", "1"}});
    EXPECT_EQ(r.body["view"]["last"]["path"], json({"b1", "d2"}));
    for (const char* bad : {"3", "-1", "x", "01", ""})
        expect_error(call(api, "GET", path(s), {}, {{"ply", bad}}), 400, "'ply'");
    EXPECT_EQ(call(api, "GET", path(s)).body["ply"], 2);
}

TEST(ServerApi, RecordsSaveAndLoad) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "starstar"},
                              {"options", {{"size", 6}}},
                              {"players", {"human", "computer"}},
                              {"level", 2}});
    for (const char* m : {"*10", "S21", "swap"}) post(api, path(s, "move"), {{"move", m}});
    ApiResponse r = call(api, "GET", path(s, "record"));
    ASSERT_EQ(r.status, 200);
    const std::string text = r.body["record"];
    EXPECT_NE(text.find("Game: starstar:size=6,swap=false"), std::string::npos);
    EXPECT_NE(text.find("Second: asterism"), std::string::npos);
    EXPECT_NE(text.find("SecondLevel: level:2"), std::string::npos);
    EXPECT_NE(text.find("2. S21"), std::string::npos);
    EXPECT_EQ(r.body["filename"].get<std::string>().rfind("starstar-", 0), 0u);

    r = post(api, "/api/records", {{"record", text}, {"players", {"human", "human"}}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(r.body["history"], json({"*10", "S21"}));
    EXPECT_NE(r.body["id"], s["id"]);

    expect_error(post(api, "/api/records", {{"record", "Game: starstar\n\n1. zz9\n"}}), 400,
                 "record:3: move 1 'zz9'");
    expect_error(post(api, "/api/records", json::object()), 400, "'record' is missing");
}

TEST(ServerApi, PgnSaveAndLoadForTheChessLikes) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "starpool"}, {"players", {"human", "human"}}});
    for (const char* m : {"w1<>a1", "e7-e6"}) post(api, path(s, "move"), {{"move", m}});
    ApiResponse r = call(api, "GET", path(s, "pgn"));
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const std::string pgn = r.body["pgn"];
    EXPECT_NE(pgn.find("[Variant \"Star Pool Chess\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("1. w1=a1 e7-e6 *"), std::string::npos) << pgn;
    const std::string name = r.body["filename"];
    EXPECT_TRUE(name.starts_with("starpool-") && name.ends_with(".pgn")) << name;

    r = post(api, "/api/records", {{"record", pgn}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(r.body["history"], json({"w1<>a1", "e7-e6"}));
    expect_error(post(api, "/api/records", {{"record", "[Variant \"Shatra\"]\n\n1. c5-c9 *\n"}}),
                 400, "record:3: game 1: move 1 'c5-c9'");
    const json star = make(api, {{"game", "starstar"}, {"options", {{"size", 6}}}});
    expect_error(call(api, "GET", path(star, "pgn")), 400, "chess-like");
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

TEST(ServerApi, TheDownloadNameIsSafeWhateverTheDateTag) {
    ApiRig rig;
    Api& api = rig.api;
    const std::string record = "Game: starstar:size=6\nDate: ../../etc/x\\y\n\n1. *10\n";
    const ApiResponse loaded = post(api, "/api/records", {{"record", record}});
    ASSERT_EQ(loaded.status, 201) << loaded.body.dump();
    const ApiResponse r = call(api, "GET", path(loaded.body, "record"));
    ASSERT_EQ(r.status, 200);
    const std::string name = r.body["filename"];
    EXPECT_EQ(name.find('/'), std::string::npos) << name;
    EXPECT_EQ(name.find('\\'), std::string::npos) << name;
    EXPECT_EQ(name.rfind("starstar-", 0), 0u) << name;
    EXPECT_EQ(name.substr(name.size() - 4), ".rec");
    EXPECT_NE(name.substr(9, 1), ".") << name;
}

TEST(ServerApi, MessagesShowNulAndBadBytesAndStayShort) {
    ApiRig rig;
    Api& api = rig.api;
    const ApiResponse nul = post(api, "/api/sessions", {{"game", std::string("star\0star", 9)}});
    EXPECT_EQ(nul.status, 400);
    const std::string message = nul.body["error"];
    EXPECT_NE(message.find("star\\x00star"), std::string::npos) << message;
    const ApiResponse huge = post(api, "/api/sessions", {{"game", std::string(500000, 'q')}});
    EXPECT_EQ(huge.status, 400);
    EXPECT_LT(huge.body["error"].get<std::string>().size(), 400u);
}

ApiResponse draw(Api& api, const json& session, const json& body) {
    return post(api, path(session, "draw"), body);
}

// A draw offer for a computer's seat is refused with its code and the
// seat as a parameter, for the page to say in its language.
TEST(ServerApi, DrawOffersForTheComputerAreRefusedWithCodes) {
    ApiRig rig;
    Api& api = rig.api;
    const json mixed = make(
        api,
        {{"game", "starstar"}, {"options", {{"size", 6}}}, {"players", {"human", "computer"}}});
    const ApiResponse computer_seat = draw(api, mixed, {{"action", "offer"}, {"player", 1}});
    expect_error(computer_seat, 400, "player 1 is the computer");
    EXPECT_EQ(computer_seat.body["code"], "draw.computerPlayer");
    EXPECT_EQ(computer_seat.body["params"], json({{"n", 1}}));
    const json machines = make(
        api,
        {{"game", "starstar"}, {"options", {{"size", 6}}}, {"players", {"computer", "computer"}}});
    const ApiResponse nobody = draw(api, machines, {{"action", "offer"}});
    expect_error(nobody, 400, "no person plays in this game");
    EXPECT_EQ(nobody.body["code"], "draw.computers");
}

TEST(ServerApi, DrawsBetweenPeopleAreOfferedAnsweredAndRecorded) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(
        api, {{"game", "starstar"}, {"options", {{"size", 6}}}, {"players", {"human", "human"}}});
    EXPECT_EQ(s["draw"], json({{"offered_by", -1}, {"agreed", false}}));
    expect_error(draw(api, s, {{"action", "accept"}}), 400, "no draw offer stands");
    expect_error(draw(api, s, {{"action", "resign"}}), 400, "'action' must be");
    expect_error(draw(api, s, {{"action", "offer"}, {"player", 2}}), 400, "'player'");

    // Black offers; its own move keeps the offer, White's move declines it.
    ApiResponse r = draw(api, s, {{"action", "offer"}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["draw"]["offered_by"], 0);
    EXPECT_FALSE(r.body["terminal"]);
    EXPECT_EQ(post(api, path(s, "move"), {{"move", "*10"}}).body["draw"]["offered_by"], 0);
    EXPECT_EQ(post(api, path(s, "move"), {{"move", "S21"}}).body["draw"]["offered_by"], -1);
    // Offered and declined.
    EXPECT_EQ(draw(api, s, {{"action", "offer"}}).body["draw"]["offered_by"], 0);
    EXPECT_EQ(draw(api, s, {{"action", "decline"}}).body["draw"]["offered_by"], -1);
    // White offers (a player may be named), Black offers back: agreed.
    EXPECT_EQ(draw(api, s, {{"action", "offer"}, {"player", 1}}).body["draw"]["offered_by"], 1);
    r = draw(api, s, {{"action", "offer"}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["draw"], json({{"offered_by", -1}, {"agreed", true}}));
    EXPECT_TRUE(r.body["terminal"]);
    EXPECT_EQ(r.body["result"], "1/2-1/2");
    EXPECT_EQ(r.body["outcome"], "Draw by agreement");
    EXPECT_EQ(r.body["to_move"], -1);
    EXPECT_TRUE(call(api, "GET", path(s)).body["terminal"]);
    expect_error(post(api, path(s, "move"), {{"move", "T32"}}), 400, "draw by agreement");
    expect_error(post(api, path(s, "computer"), json::object()), 400, "draw by agreement");
    expect_error(draw(api, s, {{"action", "offer"}}), 400, "draw by agreement");

    // The record says so, and loads as a finished game.
    const std::string text = call(api, "GET", path(s, "record")).body["record"];
    EXPECT_NE(text.find("Result: 1/2-1/2"), std::string::npos) << text;
    EXPECT_NE(text.find("Termination: agreement"), std::string::npos) << text;
    r = post(api, "/api/records", {{"record", text}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_TRUE(r.body["draw"]["agreed"]);
    EXPECT_EQ(r.body["outcome"], "Draw by agreement");

    // Undo takes the agreement back with the move.
    r = post(api, path(s, "undo"), {{"count", 1}});
    EXPECT_FALSE(r.body["draw"]["agreed"]);
    EXPECT_FALSE(r.body["terminal"]);
    EXPECT_EQ(r.body["ply"], 1);
    const std::string undone = call(api, "GET", path(s, "record")).body["record"];
    EXPECT_EQ(undone.find("Termination"), std::string::npos) << undone;

    const json solo = make(api, {{"game", "asterisk"}, {"options", {{"mode", "solitaire"}}}});
    expect_error(draw(api, solo, {{"action", "offer"}}), 400, "one-player");
}

// Shatra's biys stepping back and forth under shatrabase, which has no draw
// rule: the position after `plies` moves of the cycle, in a new session.
json shuffled(Api& api, const json& players, int plies) {
    const json s = make(api, {{"game", "shatra"},
                              {"options", {{"rules", "shatrabase"}}},
                              {"position", "3/3/3/1/6k/7/6r/R6/7/K6/1/3/3/3 w - - - - 0 1"},
                              {"players", players},
                              {"level", 1}});
    const char* cycle[] = {"a5-b5", "g10-f10", "b5-a5", "f10-g10"};
    for (int i = 0; i < plies; ++i)
        EXPECT_EQ(post(api, path(s, "move"), {{"move", cycle[i % 4]}}).status, 200);
    return s;
}

TEST(ServerApi, TheComputerAnswersAndOffersDrawsByThePolicy) {
    ApiRig rig({}, 3);
    Api& api = rig.api;
    // Level 1 does not search, so it accepts by the hard rules only: not
    // at the start, but when the start comes round a fifth time.
    json s = shuffled(api, {"human", "computer"}, 0);
    ApiResponse r = draw(api, s, {{"action", "offer"}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["answer"], "declined");
    EXPECT_EQ(r.body["draw"], json({{"offered_by", -1}, {"agreed", false}}));
    expect_error(draw(api, s, {{"action", "offer"}, {"player", 1}}), 400, "computer");
    s = shuffled(api, {"human", "computer"}, 16);
    r = draw(api, s, {{"action", "offer"}});
    EXPECT_EQ(r.body["answer"], "accepted");
    EXPECT_EQ(r.body["outcome"], "Draw by agreement");

    // At its turn on a fifth occurrence the computer offers with its move;
    // the person declines (or would accept) with the buttons' routes.
    s = shuffled(api, {"human", "computer"}, 17);
    r = post(api, path(s, "computer"), json::object());
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["ply"], 18);
    EXPECT_EQ(r.body["draw"]["offered_by"], 1);
    r = draw(api, s, {{"action", "accept"}});
    EXPECT_TRUE(r.body["draw"]["agreed"]);
    EXPECT_EQ(r.body["outcome"], "Draw by agreement");
    s = shuffled(api, {"human", "computer"}, 17);
    post(api, path(s, "computer"), json::object());
    r = draw(api, s, {{"action", "decline"}});
    EXPECT_EQ(r.body["draw"], json({{"offered_by", -1}, {"agreed", false}}));

    // Two computers: one offers with its move, the other accepts at its turn.
    s = shuffled(api, {"computer", "computer"}, 17);
    expect_error(draw(api, s, {{"action", "offer"}}), 400, "no person plays");
    r = post(api, path(s, "computer"), json::object());
    EXPECT_EQ(r.body["draw"]["offered_by"], 1);
    expect_error(draw(api, s, {{"action", "accept"}}), 400, "answers it by itself");
    r = post(api, path(s, "computer"), json::object());
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_FALSE(r.body.contains("move"));
    EXPECT_EQ(r.body["ply"], 18);
    EXPECT_TRUE(r.body["draw"]["agreed"]);
    EXPECT_TRUE(r.body["terminal"]);
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
    OnlineLimits games;
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
    OnlineLimits games;
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
            const std::string base = "/api/sessions/" + ids[static_cast<std::size_t>(t)];
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
        const ApiResponse r = call(api, "GET", "/api/sessions/" + id);
        ASSERT_EQ(r.status, 200);
        // Each game has exactly its own thread's moves (or ended early).
        EXPECT_TRUE(r.body["ply"] == kMoves || r.body["terminal"] == true);
    }
    const ApiResponse s = call(api, "GET", path(shared));
    EXPECT_EQ(s.status, 200);
    EXPECT_LE(s.body["ply"].get<int>(), kThreads * kMoves);
}

// Random bytes as bodies and paths: never a crash, never a 5xx.
TEST(ServerApi, GarbageNeverCrashesTheApi) {
    ApiRig rig;
    Api& api = rig.api;
    const json s = make(api, {{"game", "shatra"}});
    Rng rng(99);
    const std::vector<std::string> paths = {
        "/api/sessions",     path(s, "move"), path(s, "undo"),        path(s, "players"),
        path(s, "computer"), "/api/records",  path(s) + "/../../etc", "/api/sessions//move"};
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

    auto made = client.Post("/api/sessions", R"({"game": "starstar", "options": {"size": 6}})",
                            "application/json");
    ASSERT_TRUE(made);
    EXPECT_EQ(made->status, 201);
    const std::string id = json::parse(made->body)["id"];
    auto moved =
        client.Post("/api/sessions/" + id + "/move", R"({"move": "*10"})", "application/json");
    ASSERT_TRUE(moved);
    EXPECT_EQ(moved->status, 200);

    auto bad = client.Post("/api/sessions", "{oops", "application/json");
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
    EXPECT_NE(json::parse(bad->body)["error"].get<std::string>().find("malformed JSON"),
              std::string::npos);
    // Bytes that are not UTF-8 come back quoted in the message, replaced.
    auto bytes = client.Post("/api/sessions", "{\"game\": \"\xff\xfe\"}", "application/json");
    ASSERT_TRUE(bytes);
    EXPECT_EQ(bytes->status, 400);
    EXPECT_TRUE(json::parse(bytes->body).contains("error"));
    auto big = client.Post("/api/sessions", std::string(10000, ' '), "application/json");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413);
    auto missing = client.Get("/no-such-file.js");
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->status, 404);

    server.stop();
    runner.join();
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

}  // namespace
}  // namespace asterism::server
