// A change whose save fails leaves the game exactly as it was (issue 42,
// point 1): for every type of event a game's log holds (kEventTypes), the
// database is made to refuse that event, the change that writes it is
// tried, and what anyone can see of the game (its state, its record, the
// lobby) is compared with what it was. Then the database heals and the
// same change goes through, which it could not if the game in memory and
// its log disagreed (the next event's number would clash).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "server/games/game.h"
#include "server/online_rig.h"

namespace asterism::server {
namespace {

using nlohmann::json;

class SaveFailure : public OnlineRig, public ::testing::WithParamInterface<std::string_view> {
  protected:
    // Runs `sql` on the server's database through a connection of the test's
    // own.
    void exec(const std::string& sql) {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "asterism.db").c_str(), &db), SQLITE_OK);
        sqlite3_busy_timeout(db, 5000);
        char* error = nullptr;
        const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
        const std::string why = error ? error : "";
        sqlite3_free(error);
        sqlite3_close(db);
        ASSERT_EQ(rc, SQLITE_OK) << why;
    }
    // Every save of an event of `type` fails (as a full disk or a damaged
    // file would make it fail) until heal().
    void break_saves(const std::string& type) {
        exec("CREATE TRIGGER broken BEFORE INSERT ON events WHEN NEW.type = '" + type +
             "' BEGIN SELECT RAISE(ABORT, 'a save made to fail'); END");
    }
    void heal() { exec("DROP TRIGGER broken"); }

    // What anyone can learn of game `id` (an online game's id or a local
    // game's token), and the lobby.
    json seen(const std::string& id) {
        const std::string base = "/api/games/" + id;
        return {{"state", state(id)},
                {"record", call("GET", base + "/record").body},
                {"lobby", call("GET", "/api/lobby").body}};
    }

    // `change` tries to write an event of `type` to game `id` and must fail:
    // a request with 503 server.saveGame, a change of the server's own
    // (a flag, an expiry: `request` false) silently, to be tried again.
    // Either way the game is as before; once saves work, the same change
    // goes through (a request with 2xx).
    void expect_undone(const std::string& type, const std::string& id,
                       const std::function<ApiResponse()>& change, bool request = true) {
        SCOPED_TRACE("event " + type);
        const json before = seen(id);
        break_saves(type);
        const ApiResponse failed = change();
        if (request) {
            EXPECT_EQ(failed.status, 503) << failed.body.dump();
            EXPECT_EQ(failed.body.value("code", ""), "server.saveGame") << failed.body.dump();
        }
        EXPECT_EQ(seen(id), before);
        heal();
        const ApiResponse done = change();
        if (request) {
            EXPECT_LT(done.status, 300) << done.body.dump();
        }
        EXPECT_NE(seen(id), before) << "the change did not go through once saves worked";
    }

    // A move of the side to move's in game `id`.
    std::string a_move(const std::string& id) { return state(id)["view"]["moves"][0]["text"]; }
    // A local game (one screen: two people, unless `players` says otherwise).
    std::string local_game(const json& body = json::object()) {
        json b = body;
        b["kind"] = "local";
        if (!b.contains("game") && !b.contains("record")) b["game"] = "starstar:size=6";
        const ApiResponse made = call("POST", "/api/games", b);
        EXPECT_EQ(made.status, 201) << made.body.dump();
        return made.body.value("id", "");
    }
    // The request `r` as the accounts layer makes it for account `account`
    // (the API takes the account it is given; this server has no sessions).
    ApiResponse as_account(const std::string& method, const std::string& path,
                           const std::string& secret, std::int64_t account) {
        ApiRequest r{method, path, {}, "{}", "127.0.0.1", {}, {}, nullptr, "application/json"};
        set_path(r, path);
        r.local = true;
        r.authorization = "Bearer " + secret;
        r.account = account;
        r.account_name = "Claire";
        return api_->api().handle(r);
    }

  public:
    // One change per type of event, each made to fail (below).
    void join();
    void move();
    void draw();
    void takeback();
    void claim();
    void resign();
    void flag();
    void expire();
    void players();
    void turn();
    void undo();
    void load();
};

// An open challenge in the lobby: a guest's join fails, the game stays
// listed (the lobby's list is read from the game in memory).
void SaveFailure::join() {
    const ApiResponse made =
        call("POST", "/api/games", {{"game", "shatra"}, {"lobby", true}, {"name", "Ann"}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const std::string open = made.body["id"];
    EXPECT_NE(call("GET", "/api/lobby").body.dump().find(open), std::string::npos);
    expect_undone("join", open, [&] {
        return call("POST", "/api/games/" + open + "/join", {{"name", "Bo"}}, {}, "127.0.0.2");
    });
}

// Two people's game, and one of their changes: a move, a draw offer, a
// takeback request, a claim of a seat by an account, a resignation.
// The move is played on a running clock after a restart: the clock runs
// from the restart, which the log does not say (undone from the log alone,
// the time the server was down would be charged to the mover).
void SaveFailure::move() {
    const auto [id, ann, bo] =
        two_people("starstar:size=6", {{"kind", "fischer"}, {"minutes", 5}, {"increment", 0}});
    const std::string base = "/api/games/" + id;
    ASSERT_EQ(call("POST", base + "/move", {{"move", a_move(id)}}, ann).status, 200);
    ASSERT_EQ(call("POST", base + "/move", {{"move", a_move(id)}}, bo).status, 200);
    now_ += 30000;
    restart();
    now_ += 5000;
    expect_undone("move", id, [&] {
        return call("POST", base + "/move", {{"move", a_move(id)}}, ann);
    });
}
void SaveFailure::draw() {
    const auto [id, ann, bo] = two_people("starstar:size=6");
    expect_undone("draw", id, [&] {
        return call("POST", "/api/games/" + id + "/draw", {{"action", "offer"}}, bo);
    });
}
void SaveFailure::takeback() {
    const auto [id, ann, bo] = two_people("starstar:size=6");
    ASSERT_EQ(call("POST", "/api/games/" + id + "/move", {{"move", a_move(id)}}, ann).status, 200);
    expect_undone("takeback", id, [&] {
        return call("POST", "/api/games/" + id + "/takeback", {{"action", "request"}}, ann);
    });
}
void SaveFailure::claim() {
    const auto [id, ann, bo] = two_people("starstar:size=6");
    expect_undone("claim", id,
                  [&] { return as_account("POST", "/api/games/" + id + "/claim", bo, 42); });
}
void SaveFailure::resign() {
    const auto [id, ann, bo] = two_people("starstar:size=6");
    expect_undone("resign", id, [&] {
        return call("POST", "/api/games/" + id + "/resign", json::object(), ann);
    });
}

// A running clock runs out: the flag is not saved, the clock is as it was
// (still running from the same moment) and the next check flags it.
void SaveFailure::flag() {
    const auto [id, first, second] =
        two_people("starstar:size=6", {{"kind", "fischer"}, {"minutes", 1}, {"increment", 0}});
    const std::string base = "/api/games/" + id;
    ASSERT_EQ(call("POST", base + "/move", {{"move", a_move(id)}}, first).status, 200);
    ASSERT_EQ(call("POST", base + "/move", {{"move", a_move(id)}}, second).status, 200);
    now_ += 61000;
    const auto check = [&] {
        api_->games().check_clocks();
        return ApiResponse{};
    };
    expect_undone("flag", id, check, false);
    EXPECT_EQ(state(id)["termination"], "time");
}

// A challenge nobody took, past its time: the expiry is not saved.
void SaveFailure::expire() {
    const std::string id =
        call("POST", "/api/games", {{"game", "shatra"}, {"name", "Di"}}).body["id"];
    now_ += 2LL * 86400000;
    const auto sweep = [&] {
        api_->games().expire_idle();
        return ApiResponse{};
    };
    expect_undone("expire", id, sweep, false);
    EXPECT_EQ(state(id)["status"], "aborted");
}

// A local game's own changes: its players, a computer's turn, a move
// taken back.
void SaveFailure::players() {
    const std::string id = local_game();
    expect_undone("players", id, [&] {
        return call("POST", "/api/games/" + id + "/players",
                    {{"players", {"human", "computer"}}, {"level", 1}});
    });
}
void SaveFailure::turn() {
    const std::string id = local_game();
    expect_undone("turn", id, [&] {
        return call("POST", "/api/games/" + id + "/computer", {{"level", 1}});
    });
}
void SaveFailure::undo() {
    const std::string id = local_game();
    ASSERT_EQ(call("POST", "/api/games/" + id + "/move", {{"move", a_move(id)}}).status, 200);
    expect_undone("undo", id, [&] {
        return call("POST", "/api/games/" + id + "/takeback", {{"count", 1}});
    });
}

// A record loaded into a new local game: when its load is not saved, the
// game is not made at all.
void SaveFailure::load() {
    const std::string id = local_game();
    ASSERT_EQ(call("POST", "/api/games/" + id + "/move", {{"move", a_move(id)}}).status, 200);
    const std::string record = call("GET", "/api/games/" + id + "/record").body["record"];
    const std::size_t games = api_->games().local_count();
    break_saves("load");
    const ApiResponse refused = call("POST", "/api/games", {{"kind", "local"}, {"record", record}});
    EXPECT_EQ(refused.status, 503) << refused.body.dump();
    EXPECT_EQ(api_->games().local_count(), games);
    heal();
    EXPECT_FALSE(local_game({{"record", record}}).empty());
}

// Each type of event the log holds (kEventTypes, the closed set game_event
// carries out) has its failing change here: a type added without one fails.
TEST_P(SaveFailure, AChangeWhoseEventIsNotSavedLeavesTheGameAsItWas) {
    using Change = void (SaveFailure::*)();
    static const std::map<std::string_view, Change> changes = {
        {"join", &SaveFailure::join},       {"move", &SaveFailure::move},
        {"draw", &SaveFailure::draw},       {"takeback", &SaveFailure::takeback},
        {"claim", &SaveFailure::claim},     {"resign", &SaveFailure::resign},
        {"flag", &SaveFailure::flag},       {"expire", &SaveFailure::expire},
        {"players", &SaveFailure::players}, {"turn", &SaveFailure::turn},
        {"undo", &SaveFailure::undo},       {"load", &SaveFailure::load}};
    const auto it = changes.find(GetParam());
    ASSERT_NE(it, changes.end()) << "no failing change for the event type " << GetParam();
    (this->*(it->second))();
}

INSTANTIATE_TEST_SUITE_P(EventTypes, SaveFailure, ::testing::ValuesIn(games::kEventTypes),
                         [](const auto& param_info) { return std::string(param_info.param); });

}  // namespace
}  // namespace asterism::server
