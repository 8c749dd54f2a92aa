// Tournaments through the API (docs/tournaments.md): swiss, round robin and
// arena events between accounts, played as ordinary online games; the
// log replayed by a new service as after a restart; and what a hostile or
// careless client is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "server/accounts_rig.h"
#include "server/tournaments/service.h"

namespace asterism::server {
namespace {

struct TournamentRig : AccountsRig {
    explicit TournamentRig(TournamentLimits limits = {}) { make(limits); }
    ~TournamentRig() {
        rig.api.attach_tournaments(nullptr);
        rig.service.on_tournament_end({});
    }
    // A new service over the same store: what a restart rebuilds.
    void make(TournamentLimits limits = {}) {
        rig.service.on_tournament_end({});
        rig.api.attach_tournaments(nullptr);
        service.reset();
        service = std::make_unique<TournamentService>(rig.store, rig.service, rig.hub, limits,
                                                      [this] { return now; });
        rig.api.attach_tournaments(service.get());
        rig.service.on_tournament_end(
            [s = service.get()](const std::string& t, const std::string& g) {
                s->game_ended(t, g);
            });
    }
    std::vector<std::string> players(int n) {
        std::vector<std::string> out;
        for (int i = 0; i < n; ++i)
            out.push_back(signed_up("player" + std::to_string(i), "a long enough password"));
        return out;
    }
    json make_tournament(const std::string& cookie, json settings) {
        settings.merge_patch({{"name", "Friday"}, {"game", "starstar:size=6"}});
        if (!settings.contains("clock")) settings["clock"] = {{"kind", "fischer"}, {"minutes", 5}};
        const ApiResponse r = call("POST", "/api/tournaments", settings, cookie);
        EXPECT_EQ(r.status, 201) << r.body.dump();
        return r.body;
    }
    json get(const std::string& id, const std::string& cookie = {}) {
        const ApiResponse r = call("GET", "/api/tournaments/" + id, {}, cookie);
        EXPECT_EQ(r.status, 200) << r.body.dump();
        return r.body;
    }
    ApiResponse act(const std::string& id, const std::string& what, const std::string& cookie) {
        return call("POST", "/api/tournaments/" + id + "/" + what, json::object(), cookie);
    }
    // Ends a game: the player in seat `loser` resigns.
    void resign(const std::string& game, const std::string& cookie) {
        const ApiResponse r =
            call("POST", "/api/games/" + game + "/resign", json::object(), cookie);
        EXPECT_EQ(r.status, 200) << r.body.dump();
    }
    // One move by each side, white's then black's: the game counts (a game
    // in which a side never moved is aborted).
    void move_each(const json& game, const std::vector<std::string>& p) {
        const std::string id = game["id"];
        for (const char* side : {"white", "black"}) {
            const std::string& who = p[static_cast<std::size_t>(game[side].get<int>())];
            const json state = call("GET", "/api/games/" + id, {}, who).body;
            const ApiResponse moved =
                call("POST", "/api/games/" + id + "/move",
                     {{"move", state["view"]["moves"][0]["text"]}, {"ply", state["ply"]}}, who);
            EXPECT_EQ(moved.status, 200) << moved.body.dump();
        }
    }
    // A new account signed up from `network`.
    std::string account_on(const std::string& name, const std::string& network) {
        const ApiResponse r =
            call("POST", "/api/account/register",
                 {{"name", name}, {"password", "a long enough password"}}, {}, network);
        EXPECT_EQ(r.status, 201) << r.body.dump();
        return cookie_of(r);
    }
    std::unique_ptr<TournamentService> service;
};

std::set<std::pair<int, int>> pairs_of(const json& view) {
    std::set<std::pair<int, int>> out;
    for (const json& r : view["rounds_list"])
        for (const json& g : r["games"])
            out.insert(std::minmax(g["white"].get<int>(), g["black"].get<int>()));
    return out;
}

TEST(Tournaments, ASwissOfThreeGivesAByeAndPairsItsSecondRoundWhenTheFirstEnds) {
    TournamentRig t;
    const auto p = t.players(3);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}, {"rounds", 2}})["id"];
    for (const auto& c : p) EXPECT_EQ(t.act(id, "join", c).status, 200);
    EXPECT_EQ(t.act(id, "start", p[1]).status, 403);  // not its creator
    const ApiResponse started = t.act(id, "start", p[0]);
    ASSERT_EQ(started.status, 200) << started.body.dump();
    json v = started.body;
    EXPECT_EQ(v["status"], "running");
    EXPECT_EQ(t.service->running(), 1u);
    ASSERT_EQ(v["rounds_list"].size(), 1u);
    const json round1 = v["rounds_list"][0];
    ASSERT_EQ(round1["games"].size(), 1u);
    EXPECT_GE(round1["bye"].get<int>(), 0);
    // The game is an ordinary online game, bound to the players' accounts.
    const json game = round1["games"][0];
    const json state = t.call("GET", "/api/games/" + game["id"].get<std::string>()).body;
    EXPECT_EQ(state["tournament"], id);
    EXPECT_EQ(state["status"], "playing");
    EXPECT_GE(state["clock"]["running"].get<int>(), 0);  // running from the start
    // Both move, black resigns: white wins; the service pairs round 2 on
    // its next look.
    t.move_each(game, p);
    t.resign(game["id"], p[static_cast<std::size_t>(game["black"].get<int>())]);
    t.service->tick();
    v = t.get(id);
    ASSERT_EQ(v["rounds_list"].size(), 2u) << v.dump();
    EXPECT_EQ(v["rounds_list"][0]["games"][0]["result"], "1-0");
    // Nobody has the bye twice and no pair repeats.
    EXPECT_NE(v["rounds_list"][1]["bye"], round1["bye"]);
    EXPECT_EQ(pairs_of(v).size(), 2u);
    const json g2 = v["rounds_list"][1]["games"][0];
    t.move_each(g2, p);
    t.resign(g2["id"], p[static_cast<std::size_t>(g2["white"].get<int>())]);
    t.service->tick();
    v = t.get(id);
    EXPECT_EQ(v["status"], "finished");
    EXPECT_EQ(t.service->running(), 0u);
    ASSERT_EQ(v["standings"].size(), 3u);
    EXPECT_FALSE(v["winner"].get<std::string>().empty());
    EXPECT_EQ(v["winner"], v["standings"][0]["name"]);
    double total = 0;
    for (const json& s : v["standings"]) total += s["score"].get<double>();
    EXPECT_DOUBLE_EQ(total, 4.0);  // two games and two byes
    // A finished tournament stays in the archive.
    const json list = t.call("GET", "/api/tournaments?status=finished").body;
    ASSERT_EQ(list["tournaments"].size(), 1u);
    EXPECT_EQ(list["tournaments"][0]["id"], id);
}

TEST(Tournaments, ARoundRobinStartsEveryGameAtOnceAndEachPairMeetsOnce) {
    TournamentRig t;
    const auto p = t.players(4);
    const std::string id = t.make_tournament(p[0], {{"format", "round_robin"}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    const json v = t.act(id, "start", p[0]).body;
    ASSERT_EQ(v["rounds_list"].size(), 3u);
    EXPECT_EQ(pairs_of(v).size(), 6u);
    std::vector<int> whites(4, 0);
    for (const json& r : v["rounds_list"])
        for (const json& g : r["games"]) {
            ++whites[static_cast<std::size_t>(g["white"].get<int>())];
            EXPECT_EQ(t.call("GET", "/api/games/" + g["id"].get<std::string>()).body["status"],
                      "playing");
        }
    for (const int w : whites) EXPECT_TRUE(w == 1 || w == 2);
    // Every game ends; then so does the tournament.
    for (const json& r : v["rounds_list"])
        for (const json& g : r["games"])
            t.resign(g["id"], p[static_cast<std::size_t>(g["black"].get<int>())]);
    t.service->tick();
    const json done = t.get(id);
    EXPECT_EQ(done["status"], "finished");
    for (const json& row : done["crosstable"]) EXPECT_EQ(row["cells"].size(), 3u);
}

TEST(Tournaments, ANewServiceReplaysTheLogAndPicksUpResultsItMissed) {
    TournamentRig t;
    const auto p = t.players(4);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}, {"rounds", 3}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    const json v = t.act(id, "start", p[0]).body;
    ASSERT_EQ(v["rounds_list"][0]["games"].size(), 2u);
    // The service is gone (a crash) while the first round's games end.
    t.rig.service.on_tournament_end({});
    for (const json& g : v["rounds_list"][0]["games"]) {
        t.move_each(g, p);
        t.resign(g["id"], p[static_cast<std::size_t>(g["black"].get<int>())]);
    }
    t.make();
    t.service->tick();
    const json after = t.get(id);
    ASSERT_EQ(after["rounds_list"].size(), 2u);  // round 2, paired once
    EXPECT_EQ(after["rounds_list"][0],
              v["rounds_list"][0].is_null() ? json() : after["rounds_list"][0]);
    for (const json& g : after["rounds_list"][0]["games"]) EXPECT_EQ(g["result"], "1-0");
    EXPECT_EQ(pairs_of(after).size(), 4u);  // no pair twice
    // Another restart pairs nothing more.
    t.make();
    t.service->tick();
    EXPECT_EQ(t.get(id)["rounds_list"].size(), 2u);
}

TEST(Tournaments, APairingStoredBeforeItsGamesWereMadeGetsThemOnRestart) {
    TournamentRig t;
    const auto p = t.players(2);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}, {"rounds", 1}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    // What a crash between the pairing and its game leaves: the event alone.
    auto row = *t.rig.store.tournament(id);
    const std::string game(32, 'a');
    row.last_seq += 1;
    t.rig.store.append_tournament(row, {row.last_seq, t.now, "start", json{{"at", t.now}}.dump()});
    row.status = "running";
    row.last_seq += 1;
    t.rig.store.append_tournament(
        row, {row.last_seq, t.now, "pair",
              json{{"rounds", {{{"boards", {{0, 1, game}}}, {"bye", -1}}}}}.dump()});
    t.make();
    const json state = t.call("GET", "/api/games/" + game).body;
    EXPECT_EQ(state["status"], "playing");
    EXPECT_EQ(state["tournament"], id);
    t.resign(game, p[1]);
    t.service->tick();
    EXPECT_EQ(t.get(id)["status"], "finished");
    EXPECT_EQ(t.get(id)["winner"], "player0");
}

TEST(Tournaments, AWithdrawalResignsTheGamesInProgressAndIsPairedNoMore) {
    TournamentRig t;
    const auto p = t.players(4);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}, {"rounds", 3}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    const json v = t.act(id, "start", p[0]).body;
    const ApiResponse out = t.act(id, "withdraw", p[3]);
    ASSERT_EQ(out.status, 200) << out.body.dump();
    EXPECT_EQ(t.act(id, "withdraw", p[3]).status, 409);
    for (const json& g : v["rounds_list"][0]["games"])
        if (g["white"] != 3 && g["black"] != 3)
            t.resign(g["id"], p[static_cast<std::size_t>(g["black"].get<int>())]);
    t.service->tick();
    const json after = t.get(id);
    ASSERT_EQ(after["rounds_list"].size(), 2u) << after.dump();
    const json& r2 = after["rounds_list"][1];
    for (const json& g : r2["games"]) {
        EXPECT_NE(g["white"], 3);
        EXPECT_NE(g["black"], 3);
    }
    EXPECT_NE(r2["bye"], 3);
}

TEST(Tournaments, AnArenaPairsPlayersAsTheyComeFreeAndEndsOnTime) {
    TournamentRig t;
    const auto p = t.players(2);
    const std::string id =
        t.make_tournament(p[0], {{"format", "arena"}, {"minutes", 10}, {"streak", true}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    json v = t.act(id, "start", p[0]).body;
    ASSERT_EQ(v["rounds_list"].size(), 1u);
    // Player 0 wins three in a row: 2 + 2 + 4 points with the streak.
    for (int k = 0; k < 3; ++k) {
        const json g = t.get(id)["rounds_list"][static_cast<std::size_t>(k)]["games"][0];
        t.move_each(g, p);
        t.resign(g["id"], p[1]);
        t.now += 1000;
        t.service->tick();
    }
    v = t.get(id);
    EXPECT_EQ(v["rounds_list"].size(), 4u);
    EXPECT_EQ(v["standings"][0]["name"], "player0");
    EXPECT_DOUBLE_EQ(v["standings"][0]["score"].get<double>(), 8.0) << v.dump();
    // A late entry is taken while it runs; pause keeps a player unpaired.
    EXPECT_EQ(t.act(id, "pause", p[1]).status, 200);
    EXPECT_EQ(t.act(id, "pause", p[1]).status, 409);
    t.now += 11 * 60000;
    t.service->tick();
    v = t.get(id);
    EXPECT_EQ(v["status"], "finished");
    EXPECT_EQ(v["winner"], "player0");
}

TEST(Tournaments, BadRequestsAreRefusedWithAReason) {
    TournamentLimits limits;
    limits.per_account = 1;
    TournamentRig t(limits);
    const auto p = t.players(2);
    const json base = {{"name", "x"},
                       {"game", "starstar:size=6"},
                       {"clock", {{"kind", "fischer"}, {"minutes", 5}}}};
    auto with = [&](const json& patch) {
        json b = base;
        b.merge_patch(patch);
        return b;
    };
    EXPECT_EQ(t.call("POST", "/api/tournaments", base).status, 401);
    for (const json& bad :
         {with({{"name", ""}}), with({{"name", std::string(61, 'n')}}),
          with({{"format", "knockout"}}), with({{"format", "swiss"}, {"rounds", 0}}),
          with({{"format", "swiss"}, {"rounds", 99}}),
          with({{"format", "round_robin"}, {"max_players", 31}}), with({{"clock", nullptr}}),
          with({{"clock", {{"kind", "fischer"}, {"minutes", -3}}}}),
          with({{"format", "arena"}, {"clock", {{"kind", "correspondence"}, {"days", 2}}}}),
          with({{"starts_in", 1e9}}), with({{"game", "nosuchgame"}})}) {
        const ApiResponse r = t.call("POST", "/api/tournaments", bad, p[0]);
        EXPECT_EQ(r.status, 400) << bad.dump() << " " << r.body.dump();
        EXPECT_FALSE(error_of(r).empty());
    }
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}})["id"];
    EXPECT_EQ(t.call("POST", "/api/tournaments", base, p[0]).status, 429);
    EXPECT_EQ(t.call("GET", "/api/tournaments/nosuch").status, 404);
    EXPECT_EQ(t.call("GET", "/api/tournaments/" + std::string(32, 'f')).status, 404);
    EXPECT_EQ(t.call("GET", "/api/tournaments?status=secret").status, 400);
    EXPECT_EQ(t.call("GET", "/api/tournaments?page=-1").status, 400);
    EXPECT_EQ(t.act(id, "join", "").status, 401);
    EXPECT_EQ(t.act(id, "leave", p[1]).status, 403);
    EXPECT_EQ(t.act(id, "withdraw", p[0]).status, 403);
    ASSERT_EQ(t.act(id, "join", p[0]).status, 200);
    EXPECT_EQ(t.act(id, "join", p[0]).status, 409);
    EXPECT_EQ(t.act(id, "start", p[0]).status, 409);  // one player
    EXPECT_EQ(t.act(id, "cancel", p[1]).status, 403);
    EXPECT_EQ(t.act(id, "cancel", p[0]).status, 200);
    EXPECT_EQ(t.act(id, "join", p[1]).status, 409);
    EXPECT_EQ(t.call("DELETE", "/api/tournaments/" + id, {}, p[0]).status, 405);
}

TEST(Tournaments, TheOperatorChoosesWhoCreatesAndHowMany) {
    TournamentLimits limits;
    limits.create = "moderators";
    TournamentRig t(limits);
    const auto p = t.players(1);
    const json body = {{"name", "x"},
                       {"game", "starstar:size=6"},
                       {"clock", {{"kind", "fischer"}, {"minutes", 5}}}};
    EXPECT_EQ(t.call("POST", "/api/tournaments", body, p[0]).status, 403);
    limits.create = "anyone";
    limits.max_active = 1;
    t.make(limits);
    EXPECT_EQ(t.call("POST", "/api/tournaments", body, p[0]).status, 201);
    EXPECT_EQ(t.call("POST", "/api/tournaments", body, p[0]).status, 503);
}

TEST(Tournaments, APlayerCannotGrowTheLogWithoutEnd) {
    TournamentLimits limits;
    limits.max_events = 5;
    TournamentRig t(limits);
    const auto p = t.players(1);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}})["id"];
    int refused = 0;
    for (int k = 0; k < 10; ++k) {  // enter, leave, enter...: players' events only count
        const int status = t.act(id, k % 2 ? "leave" : "join", p[0]).status;
        EXPECT_TRUE(status == 200 || status == 409) << status;
        refused += status == 409;
    }
    EXPECT_EQ(refused, 5);
    EXPECT_EQ(t.rig.store.tournament_events(id).size(), 6u);  // and the creation
    EXPECT_EQ(t.act(id, "cancel", p[0]).status, 200);         // the end always fits
}

// Issue 41: one account joined and left until the log's 20,000 events
// were spent, and then nobody could join.
TEST(Tournaments, OnePlayersEntriesAndPausesAreCapped) {
    TournamentRig t;
    const auto p = t.players(3);
    const std::string id = t.make_tournament(p[0], {{"format", "arena"}})["id"];
    for (int k = 0; k < 10; ++k) {
        ASSERT_EQ(t.act(id, "join", p[0]).status, 200) << k;
        ASSERT_EQ(t.act(id, "leave", p[0]).status, 200) << k;
    }
    const ApiResponse more = t.act(id, "join", p[0]);
    EXPECT_EQ(more.status, 429);
    EXPECT_NE(error_of(more).find("10 times"), std::string::npos) << error_of(more);
    // Everyone else still enters; the arena starts and pauses are capped too.
    ASSERT_EQ(t.act(id, "join", p[1]).status, 200);
    ASSERT_EQ(t.act(id, "join", p[2]).status, 200);
    ASSERT_EQ(t.act(id, "start", p[0]).status, 200);
    for (int k = 0; k < 20; ++k) {
        ASSERT_EQ(t.act(id, "pause", p[2]).status, 200) << k;
        ASSERT_EQ(t.act(id, "resume", p[2]).status, 200) << k;
    }
    EXPECT_EQ(t.act(id, "pause", p[2]).status, 429);
    EXPECT_EQ(t.act(id, "pause", p[1]).status, 200);
}

// Issue 41: 17 accounts on one /64 took all 50 tournament places for 30
// days ahead.
TEST(Tournaments, AnAccountAndANetworkHoldOnlyTheirShareOfThePlaces) {
    EXPECT_EQ(TournamentLimits{}.per_account, 2u);
    EXPECT_EQ(TournamentLimits{}.per_network, 5u);
    TournamentLimits limits;
    limits.max_active = 12;
    limits.reserved = 3;
    TournamentRig t(limits);
    const json body = {{"name", "x"},
                       {"game", "starstar:size=6"},
                       {"clock", {{"kind", "fischer"}, {"minutes", 5}}}};
    const std::string crowd = "2001:db8:1:2::/64";
    const std::vector<std::string> crowded = {t.account_on("c0", crowd), t.account_on("c1", crowd),
                                              t.account_on("c2", crowd)};
    auto create = [&](const std::string& cookie, const std::string& network) {
        return t.call("POST", "/api/tournaments", body, cookie, network);
    };
    // A month ahead is refused: a place is held a week ahead at most.
    json far = body;
    far["starts_in"] = 43200;
    EXPECT_EQ(t.call("POST", "/api/tournaments", far, crowded[0], crowd).status, 400);
    far["starts_in"] = 7 * 24 * 60;
    EXPECT_EQ(t.call("POST", "/api/tournaments", far, crowded[0], crowd).status, 201);
    EXPECT_EQ(create(crowded[0], crowd).status, 201);
    EXPECT_EQ(create(crowded[0], crowd).status, 429);  // the account's two
    for (int k = 0; k < 3; ++k) EXPECT_EQ(create(crowded[1 + k / 2], crowd).status, 201) << k;
    const ApiResponse network_full = create(crowded[2], crowd);
    EXPECT_EQ(network_full.status, 429);
    EXPECT_NE(error_of(network_full).find("network"), std::string::npos);
    // Others fill the places up to the reserved ones (5 + 4 = 9 of 12).
    const std::string other = t.account_on("o0", "198.51.100.1");
    const std::string another = t.account_on("o1", "198.51.100.2");
    for (int k = 0; k < 2; ++k) {
        EXPECT_EQ(create(other, "198.51.100.1").status, 201);
        EXPECT_EQ(create(another, "198.51.100.2").status, 201);
    }
    // The last three go to networks that hold none; a full table refuses all.
    const std::string more = t.account_on("o2", "198.51.100.3");
    EXPECT_EQ(create(more, "198.51.100.3").status, 201);
    EXPECT_EQ(create(more, "198.51.100.3").status, 429);
    for (int k = 4; k < 6; ++k) {
        const std::string n = "198.51.100." + std::to_string(k);
        EXPECT_EQ(create(t.account_on("o" + std::to_string(k), n), n).status, 201);
    }
    EXPECT_EQ(create(t.account_on("o9", "198.51.100.9"), "198.51.100.9").status, 503);
}

// Issue 41: two accounts resigning each arena game at once scored 472
// points each.
TEST(Tournaments, AGameInWhichASideNeverMovedScoresNothing) {
    TournamentRig t;
    const auto p = t.players(2);
    const std::string id =
        t.make_tournament(p[0], {{"format", "arena"}, {"minutes", 10}, {"streak", true}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    ASSERT_EQ(t.act(id, "start", p[0]).status, 200);
    auto game = [&](std::size_t k) { return t.get(id)["rounds_list"][k]["games"][0]; };
    for (std::size_t k = 0; k < 3; ++k) {  // resigned before anyone moved
        t.resign(game(k)["id"], p[1]);
        t.now += 1000;
        t.service->tick();
    }
    json g = game(3);  // white moved, black resigned without a move
    const std::string& white = p[static_cast<std::size_t>(g["white"].get<int>())];
    const json state = t.call("GET", "/api/games/" + g["id"].get<std::string>(), {}, white).body;
    ASSERT_EQ(t.call("POST", "/api/games/" + g["id"].get<std::string>() + "/move",
                     {{"move", state["view"]["moves"][0]["text"]}, {"ply", 0}}, white)
                  .status,
              200);
    t.resign(g["id"], p[static_cast<std::size_t>(g["black"].get<int>())]);
    t.now += 1000;
    t.service->tick();
    json v = t.get(id);
    for (const json& s : v["standings"]) {
        EXPECT_DOUBLE_EQ(s["score"].get<double>(), 0.0) << v.dump();
        EXPECT_EQ(s["games"], 0);
    }
    EXPECT_EQ(v["rounds_list"][0]["games"][0]["result"], "*");
    EXPECT_TRUE(v["rounds_list"][0]["games"][0]["aborted"].get<bool>());
    // A game both played counts, and the aborted ones made no streak.
    g = game(4);
    t.move_each(g, p);
    t.resign(g["id"], p[1]);
    t.service->tick();
    v = t.get(id);
    EXPECT_EQ(v["standings"][0]["name"], "player0");
    EXPECT_DOUBLE_EQ(v["standings"][0]["score"].get<double>(), 2.0) << v.dump();
}

TEST(Tournaments, ASwissGameNobodyPlayedIsLostByBothAndNotPairedAgain) {
    TournamentRig t;
    const auto p = t.players(4);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}, {"rounds", 3}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    const json v = t.act(id, "start", p[0]).body;
    for (const json& g : v["rounds_list"][0]["games"])
        t.resign(g["id"], p[static_cast<std::size_t>(g["black"].get<int>())]);
    t.service->tick();
    const json after = t.get(id);
    ASSERT_EQ(after["rounds_list"].size(), 2u) << after.dump();
    EXPECT_EQ(pairs_of(after).size(), 4u);  // no pair met twice
    for (const json& s : after["standings"]) EXPECT_DOUBLE_EQ(s["score"].get<double>(), 0.0);
}

// lichess avoids immediate rematches in an arena; so does this one while
// anyone else will come free.
TEST(Tournaments, AnArenaPairsTheSameTwoAgainOnlyWhenNobodyElseCanPlay) {
    TournamentRig t;
    const auto p = t.players(4);
    const std::string id = t.make_tournament(p[0], {{"format", "arena"}, {"minutes", 60}})["id"];
    for (const auto& c : p) ASSERT_EQ(t.act(id, "join", c).status, 200);
    json v = t.act(id, "start", p[0]).body;
    ASSERT_EQ(v["rounds_list"].size(), 2u);
    const json first = v["rounds_list"][0]["games"][0], second = v["rounds_list"][1]["games"][0];
    t.move_each(first, p);
    t.resign(first["id"], p[static_cast<std::size_t>(first["black"].get<int>())]);
    t.service->tick();
    v = t.get(id);
    EXPECT_EQ(v["rounds_list"].size(), 2u) << "the two who just met wait for the others";
    t.move_each(second, p);
    t.resign(second["id"], p[static_cast<std::size_t>(second["black"].get<int>())]);
    t.service->tick();
    v = t.get(id);
    ASSERT_EQ(v["rounds_list"].size(), 4u) << v.dump();
    EXPECT_EQ(pairs_of(v).size(), 4u);  // new opponents for everyone
    // With two paused, the only two left play each other again.
    for (std::size_t k = 2; k < 4; ++k) {
        const json g = v["rounds_list"][k]["games"][0];
        t.move_each(g, p);
        t.resign(g["id"], p[static_cast<std::size_t>(g["black"].get<int>())]);
    }
    const json last = v["rounds_list"][3]["games"][0];
    ASSERT_EQ(t.act(id, "pause", p[static_cast<std::size_t>(last["white"].get<int>())]).status,
              200);
    ASSERT_EQ(t.act(id, "pause", p[static_cast<std::size_t>(last["black"].get<int>())]).status,
              200);
    t.service->tick();
    v = t.get(id);
    ASSERT_EQ(v["rounds_list"].size(), 5u) << v.dump();
    const json again = v["rounds_list"][4]["games"][0], before = v["rounds_list"][2]["games"][0];
    EXPECT_EQ(std::minmax(again["white"].get<int>(), again["black"].get<int>()),
              std::minmax(before["white"].get<int>(), before["black"].get<int>()));
}

// Issue 41: one damaged tournament kept the server from starting.
TEST(Tournaments, ADamagedTournamentIsSetAsideAndTheOthersGoOn) {
    TournamentRig t;
    const auto p = t.players(2);
    const std::string good = t.make_tournament(p[0], {{"format", "swiss"}})["id"];
    const std::string bad = t.make_tournament(p[1], {{"format", "swiss"}})["id"];
    ASSERT_EQ(t.act(bad, "join", p[1]).status, 200);
    auto row = *t.rig.store.tournament(bad);
    row.last_seq += 1;
    t.rig.store.append_tournament(row, {row.last_seq, t.now, "teleport", "{}"});
    EXPECT_NO_THROW(t.make());
    ASSERT_TRUE(t.service);
    ASSERT_EQ(t.service->set_aside().size(), 1u);
    EXPECT_EQ(t.service->set_aside()[0].rfind(bad + ": ", 0), 0u) << t.service->set_aside()[0];
    EXPECT_NE(t.service->set_aside()[0].find("teleport"), std::string::npos);
    EXPECT_NE(TournamentService::replay_problem(t.rig.store, bad), "");
    EXPECT_EQ(TournamentService::replay_problem(t.rig.store, good), "");
    EXPECT_EQ(t.act(good, "join", p[0]).status, 200);
    const json list = t.call("GET", "/api/tournaments?status=entry").body;
    ASSERT_EQ(list["tournaments"].size(), 1u) << list.dump();
    EXPECT_EQ(list["tournaments"][0]["id"], good);
    EXPECT_EQ(t.rig.store.tournament_events(bad).size(), 3u);  // kept as it was
}

TEST(Tournaments, AScheduledStartWithTooFewPlayersIsCancelled) {
    TournamentRig t;
    const auto p = t.players(2);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}, {"starts_in", 5}})["id"];
    ASSERT_EQ(t.act(id, "join", p[1]).status, 200);
    t.service->tick();
    EXPECT_EQ(t.get(id)["status"], "entry");
    t.now += 6 * 60000;
    t.service->tick();
    const json v = t.get(id);
    EXPECT_EQ(v["status"], "cancelled");
    EXPECT_EQ(v["reason"], "fewer than two players entered");
    EXPECT_EQ(v["reason_code"], json({{"code", "tour.why.entered"}, {"params", json::object()}}));
}

TEST(Tournaments, ADeletedAccountLeavesNoNameInTheLog) {
    TournamentRig t;
    const auto p = t.players(2);
    const std::string id = t.make_tournament(p[0], {{"format", "swiss"}})["id"];
    ASSERT_EQ(t.act(id, "join", p[1]).status, 200);
    ASSERT_EQ(t.call("POST", "/api/account/delete", {{"confirm", "player1"}}, p[1]).status, 200);
    for (const auto& e : t.rig.store.tournament_events(id))
        EXPECT_EQ(e.data.find("player1"), std::string::npos) << e.data;
    ASSERT_EQ(t.call("POST", "/api/account/delete", {{"confirm", "player0"}}, p[0]).status, 200);
    EXPECT_EQ(t.rig.store.tournament(id)->settings.find("player0"), std::string::npos);
}

}  // namespace
}  // namespace asterism::server
