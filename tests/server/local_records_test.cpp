// A local game's records and draws through the games' routes, without
// sockets: records and PGN saved and loaded (POST /api/games with kind
// "local" and a record), safe download names, short messages, and draws
// offered to people and to the computer.
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

    r = post_local(api, {{"record", text}, {"players", {"human", "human"}}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(r.body["state"]["history"], json({"*10", "S21"}));
    EXPECT_NE(r.body["id"], s["id"]);

    expect_error(post_local(api, {{"record", "Game: starstar\n\n1. zz9\n"}}), 400,
                 "record:3: move 1 'zz9'");
    expect_error(post_local(api, {{"record", ""}}), 400, "'record' is missing");
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

    r = post_local(api, {{"record", pgn}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(r.body["state"]["history"], json({"w1<>a1", "e7-e6"}));
    expect_error(post_local(api, {{"record", "[Variant \"Shatra\"]\n\n1. c5-c9 *\n"}}), 400,
                 "record:3: game 1: move 1 'c5-c9'");
    const json star = make(api, {{"game", "starstar"}, {"options", {{"size", 6}}}});
    expect_error(call(api, "GET", path(star, "pgn")), 400, "chess-like");
}

TEST(ServerApi, TheDownloadNameIsSafeWhateverTheDateTag) {
    ApiRig rig;
    Api& api = rig.api;
    const std::string record = "Game: starstar:size=6\nDate: ../../etc/x\\y\n\n1. *10\n";
    const ApiResponse loaded = post_local(api, {{"record", record}});
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
    const ApiResponse nul = post_local(api, {{"game", std::string("star\0star", 9)}});
    EXPECT_EQ(nul.status, 400);
    const std::string message = nul.body["error"];
    EXPECT_NE(message.find("star\\x00star"), std::string::npos) << message;
    const ApiResponse huge = post_local(api, {{"game", std::string(500000, 'q')}});
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
    r = post_local(api, {{"record", text}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_TRUE(r.body["state"]["draw"]["agreed"]);
    EXPECT_EQ(r.body["state"]["outcome"], "Draw by agreement");

    // Undo takes the agreement back with the move.
    r = post(api, path(s, "takeback"), {{"count", 1}});
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

}  // namespace
}  // namespace asterism::server
