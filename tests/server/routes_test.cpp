// The API's one route table (routes.h, issue 42 point 3): every route is
// called once in a session that uses the whole API (local games, online
// games, chat, accounts, moderation, tournaments, puzzles), and
//   - no route declared for the quick lane touches the store: a stalled
//     disk holds up only the store's (and the search pool's) threads;
//   - every route declared for signed-in accounts refuses a guest (401),
//     every route declared for moderators refuses an ordinary account
//     (403), and every seat's route refuses a caller without its secret;
//   - docs/server.md's "Routes" table lists exactly the table's routes with
//     their declarations.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "server/accounts_rig.h"
#include "server/tournaments/service.h"

namespace asterism::server {
namespace {

constexpr const char* kPassword = "a long enough password";

// What the session saw of each route: its statuses and whether a call
// took the store's lock.
struct Seen {
    std::set<int> statuses;
    bool touched_store = false;
};

struct Sweep : AccountsRig {
    Sweep() : tournaments(rig.store, rig.service, rig.hub, {}, [this] { return now; }) {
        rig.api.attach_tournaments(&tournaments);
        accounts.enable_push({"BKEY", false});
    }
    ~Sweep() { rig.api.attach_tournaments(nullptr); }

    // A call recorded under the route that takes it.
    ApiResponse at(const std::string& method, const std::string& path, const json& body = {},
                   const std::string& cookie = {}, const std::string& secret = {}) {
        const std::string bare = path.substr(0, path.find('?'));
        const Route* route = rig.api.routes().peek(method, bare);
        EXPECT_NE(route, nullptr) << method << " " << path;
        ApiRequest q;
        q.method = method;
        set_path(q, path);
        q.body = body.is_null() ? "" : body.dump();
        q.client = "203.0.113." + std::to_string(++client % 200);  // a network per call
        q.content_type = "application/json";
        q.cookie = cookie;
        q.host = "localhost";
        if (!secret.empty()) q.authorization = "Bearer " + secret;
        const std::uint64_t before = store::store_uses_on_this_thread();
        ApiResponse r = rig.api.handle(q);
        if (route) {
            Seen& s = seen[std::string(route->method) + " " + std::string(route->path)];
            s.statuses.insert(r.status);
            s.touched_store |= store::store_uses_on_this_thread() != before;
        }
        return r;
    }
    ApiResponse ok(const std::string& method, const std::string& path, const json& body = {},
                   const std::string& cookie = {}, const std::string& secret = {}) {
        ApiResponse r = at(method, path, body, cookie, secret);
        EXPECT_LT(r.status, 300) << method << " " << path << ": " << r.body.dump();
        return r;
    }

    // A new account, from a network of its own (each network may make only
    // a few).
    std::string account(const std::string& name) {
        return cookie_of(
            ok("POST", "/api/account/register", {{"name", name}, {"password", kPassword}}));
    }

    TournamentService tournaments;
    std::map<std::string, Seen> seen;
    int client = 0;
};

void local_games(Sweep& s) {
    s.ok("GET", "/api/catalog");
    s.ok("POST", "/api/view", {{"game", "starstar:size=6"}});
    const json made = s.ok("POST", "/api/games",
                           {{"kind", "local"},
                            {"game", "starpool"},
                            {"players", {"human", "computer"}},
                            {"level", 1}})
                          .body;
    const std::string base = "/api/games/" + made["id"].get<std::string>();
    s.ok("GET", base);
    const std::string move = s.ok("GET", base + "/legal").body["moves"][0];
    s.ok("POST", base + "/move", {{"move", move}});
    s.ok("POST", base + "/computer", json::object());
    s.ok("POST", base + "/takeback", {{"count", 1}});
    s.ok("POST", base + "/players", {{"players", {"human", "human"}}});
    s.ok("POST", base + "/analyze", {{"level", 1}, {"playouts", 50}});
    s.ok("POST", base + "/draw", {{"action", "offer"}});
    s.ok("POST", base + "/review", {{"level", 2}});
    s.ok("GET", base + "/review");
    s.ok("GET", base + "/pgn");
    const std::string record = s.ok("GET", base + "/record").body["record"];
    s.ok("POST", "/api/games", {{"kind", "local"}, {"record", record}});
    s.ok("DELETE", base, json::object());
}

// Two accounts play an online game with chat, report a message that a
// moderator hides, and the game ends; the lists and the archive see it.
void online_games(Sweep& s, const std::string& ann, const std::string& bob,
                  const std::string& mod) {
    const json made = s.ok("POST", "/api/games", {{"game", "starpool"}}, ann).body;
    const std::string id = made["id"], base = "/api/games/" + id;
    const std::string link = made["links"]["invite"];
    s.ok("GET", "/api/lobby");
    s.ok("POST", base + "/join", json::object(), {}, link.substr(link.find("secret=") + 7));
    const json guest = s.rig.api
                           .handle([&] {
                               ApiRequest r;
                               r.method = "GET";
                               set_path(r, base);
                               return r;
                           }())
                           .body;
    s.ok("GET", base + "/events");
    const std::string first = s.ok("GET", base, {}, ann).body["view"]["moves"][0]["text"];
    s.ok("POST", base + "/move", {{"move", first}, {"ply", 0}}, ann);
    s.ok("POST", base + "/takeback", {{"action", "request"}}, ann);
    s.ok("POST", base + "/draw", {{"action", "offer"}}, ann);
    // The guest's seat is claimed by Bob's account with its secret.
    s.ok("POST", base + "/claim", json::object(), bob, link.substr(link.find("secret=") + 7));
    const json said =
        s.ok("POST", base + "/chat", {{"room", "players"}, {"text", "good luck"}}, ann).body;
    s.ok("GET", base + "/chat?room=players", {}, bob);
    const std::string msg = std::to_string(said["message"]["id"].get<long long>());
    s.ok("POST", base + "/chat/" + msg + "/report", {{"reason", "rude"}}, bob);
    s.ok("GET", "/api/moderation/reports", {}, mod);
    s.ok("POST", "/api/moderation/messages/" + msg + "/hide", json::object(), mod);
    s.ok("POST", base + "/resign", json::object(), bob);
    s.ok("GET", base + "/record");
    s.ok("GET", base + "/pgn");
    s.ok("GET", "/api/archive");
    s.ok("GET", "/api/account/games", {}, ann);
    s.ok("GET", "/api/account/export", {}, ann);
    s.ok("GET", "/api/players/Ann/games");
    EXPECT_TRUE(guest.is_object());
}

// Returns Ann's new session: recovering an account ends its others.
std::string account_routes(Sweep& s, std::string ann, const std::string& mod) {
    s.ok("POST", "/api/account/login", {{"name", "Ann"}, {"password", kPassword}});
    s.ok("GET", "/api/account", {}, ann);
    s.ok("POST", "/api/account/passkey/register/begin", json::object(), ann);
    s.ok("POST", "/api/account/passkey/login/begin", json::object());
    // Finishing a ceremony needs an authenticator's signature
    // (passkeys_test.cpp makes them); here it is refused, and its lane is
    // still checked.
    s.at("POST", "/api/account/passkey/register/finish", json::object(), ann);
    s.at("POST", "/api/account/passkey/login/finish", json::object());
    s.ok("GET", "/api/account/passkeys", {}, ann);
    const json codes = s.ok("POST", "/api/account/recovery-codes", json::object(), ann).body;
    ann = s.cookie_of(
        s.ok("POST", "/api/account/recover",
             {{"name", "Ann"}, {"code", codes["recovery_codes"][0]}, {"password", kPassword}}));
    s.ok("POST", "/api/account/relations", {{"name", "Bob"}, {"mute", true}}, ann);
    s.ok("GET", "/api/account/relations", {}, ann);
    s.ok("POST", "/api/account/notifications", {{"your_turn", false}}, ann);
    s.ok("GET", "/api/push/key");
    const json sub = {{"endpoint", "https://push.example/abc"},
                      {"keys", {{"p256dh", std::string(87, 'B')}, {"auth", std::string(22, 'A')}}}};
    s.ok("POST", "/api/account/push", sub, ann);
    s.ok("POST", "/api/account/push/remove", {{"endpoint", "https://push.example/abc"}}, ann);
    s.ok("GET", "/api/players/Ann");
    s.ok("GET", "/api/players/Ann/rating-history?game=starstar");
    s.ok("GET", "/api/leaderboard/starstar");
    s.ok("GET", "/api/puzzles");
    const std::string puzzle = s.ok("GET", "/api/puzzles/starstar").body["puzzles"][0]["id"];
    s.ok("GET", "/api/puzzles/starstar/" + puzzle);
    s.ok("GET", "/api/puzzles/starstar/daily");
    s.ok("GET", "/api/puzzles/starstar/next", {}, ann);
    s.ok("POST", "/api/puzzles/starstar/guest", {{"id", puzzle}, {"solved", true}});
    s.ok("POST", "/api/puzzles/starstar/attempts", {{"id", puzzle}, {"solved", true}}, ann);
    const std::string cato = s.account("Cato");
    s.ok("POST", "/api/moderation/accounts/Cato/suspend", {{"reason", "spam"}}, mod);
    const std::string dora = s.account("Dora");
    s.ok("POST", "/api/account/logout-everywhere", json::object(), dora);
    const std::string dora2 = s.cookie_of(
        s.ok("POST", "/api/account/login", {{"name", "Dora"}, {"password", kPassword}}));
    s.ok("POST", "/api/account/logout", json::object(), dora2);
    const std::string eda = s.account("Eda");
    s.ok("POST", "/api/account/delete", {{"confirm", "Eda"}}, eda);
    EXPECT_FALSE(cato.empty());
    return ann;
}

void tournament_routes(Sweep& s, const std::string& ann, const std::string& bob) {
    const json settings = {{"name", "Friday"},
                           {"game", "starstar:size=6"},
                           {"format", "arena"},
                           {"clock", {{"kind", "fischer"}, {"minutes", 5}}}};
    const std::string id = s.ok("POST", "/api/tournaments", settings, ann).body["id"];
    const std::string base = "/api/tournaments/" + id;
    s.ok("GET", "/api/tournaments");
    s.ok("GET", base);
    s.ok("GET", base + "/events");
    s.ok("POST", base + "/join", json::object(), ann);
    s.ok("POST", base + "/join", json::object(), bob);
    s.ok("POST", base + "/start", json::object(), ann);
    s.ok("POST", base + "/pause", json::object(), bob);
    s.ok("POST", base + "/resume", json::object(), bob);
    s.ok("POST", base + "/withdraw", json::object(), bob);
    const std::string other = s.ok("POST", "/api/tournaments", settings, ann).body["id"];
    s.ok("POST", "/api/tournaments/" + other + "/join", json::object(), bob);
    s.ok("POST", "/api/tournaments/" + other + "/leave", json::object(), bob);
    s.ok("POST", "/api/tournaments/" + other + "/cancel", json::object(), ann);
}

TEST(Routes, EveryRouteIsCalledAndOnlyStoreLanesTouchTheStore) {
    Sweep s;
    std::string ann = s.account("Ann");
    const std::string bob = s.account("Bob");
    const std::string mod = s.account("Moda");
    ASSERT_TRUE(s.rig.store.set_role(accounts::name_key("Moda"), "moderator"));
    local_games(s);
    online_games(s, ann, bob, mod);
    ann = account_routes(s, ann, mod);
    tournament_routes(s, ann, bob);
    // Ceremonies finish only with an authenticator (above).
    const std::set<std::string> refused_here = {"POST /api/account/passkey/register/finish",
                                                "POST /api/account/passkey/login/finish"};
    for (const Route& route : s.rig.api.routes().all()) {
        const std::string name = std::string(route.method) + " " + std::string(route.path);
        const auto it = s.seen.find(name);
        ASSERT_NE(it, s.seen.end()) << name << " was never called";
        if (!refused_here.count(name)) {
            EXPECT_LT(*it->second.statuses.begin(), 300) << name << " never answered 2xx";
        }
        EXPECT_FALSE(route.lane == Handler::Lane::Quick && it->second.touched_store)
            << name << " touches the store but is declared for the quick lane";
    }
}

TEST(Routes, WhoMayCallEachRouteIsWhatItDeclares) {
    Sweep s;
    const std::string plain = s.signed_up("Ann", kPassword);
    for (const Route& route : s.rig.api.routes().all()) {
        if (route.who == Who::Anyone) continue;
        std::string path(route.path);
        for (const char* name : {":id", ":msg"})
            if (const auto at = path.find(name); at != std::string::npos)
                path.replace(at, std::string_view(name).size(), std::string(32, 'a'));
        const std::string method(route.method);
        const json body = method == "GET" ? json() : json::object();
        const int guest = s.call(method, path, body).status;
        const std::string name = method + " " + std::string(route.path);
        if (route.who == Who::Account) {
            EXPECT_EQ(guest, 401) << name;
        }
        if (route.who == Who::Moderator) {
            EXPECT_EQ(guest, 401) << name;
            // An ordinary account: 403 (or 404 for a name it may not learn).
            EXPECT_EQ(s.call(method, path, body, plain).status, 403) << name;
        }
        // A seat's route without the seat's secret (here, of a game that
        // is not there) never answers 2xx.
        if (route.who == Who::Seat) {
            EXPECT_GE(guest, 400) << name;
        }
    }
}

// docs/server.md's "Routes" table: one row per route, "| `METHOD PATH` |
// who | lane | rate |", in any order.
TEST(Routes, TheDocumentedTableIsTheRouteTable) {
    Sweep s;
    std::ifstream in(std::string(ASTERISM_WEB_DIR) + "/../docs/server.md");
    ASSERT_TRUE(in) << "docs/server.md";
    std::set<std::string> documented, declared;
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("## ")) inside = line == "## Routes";
        if (inside && line.starts_with("| `")) documented.insert(line);
    }
    for (const Route& r : s.rig.api.routes().all())
        declared.insert("| `" + std::string(r.method) + " " + std::string(r.path) + "` | " +
                        std::string(who_name(r.who)) + " | " + std::string(lane_name(r.lane)) +
                        " | " + std::string(rate_name(r.rate)) + " |");
    for (const std::string& row : declared)
        EXPECT_TRUE(documented.count(row)) << "missing: " << row;
    for (const std::string& row : documented) EXPECT_TRUE(declared.count(row)) << "stale: " << row;
}

}  // namespace
}  // namespace asterism::server
