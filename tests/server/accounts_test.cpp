// Accounts (docs/accounts.md) through the API, without sockets: names,
// passwords, sessions as cookies, sign-in limits, and what a hostile client
// can try (a forged, expired, ended or other account's cookie; a request
// from another site's page).
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "server/accounts/accounts.h"
#include "server/accounts/passwords.h"
#include "server/accounts_rig.h"
#include "server/net/message.h"
#include "server/ratings/glicko2.h"
#include "server/secrets.h"
#include "server/site.h"

namespace asterism::server {
namespace {

using accounts::AccountLimits;
using accounts::Accounts;
using nlohmann::json;

TEST(Accounts, RegisteringSignsInWithAnHttpOnlyLaxCookie) {
    AccountsRig a;
    const ApiResponse r =
        a.call("POST", "/api/account/register", {{"name", "Ann"}, {"password", "correct horse"}});
    ASSERT_EQ(r.status, 201) << r.body.dump();
    EXPECT_EQ(r.body["name"], "Ann");
    ASSERT_EQ(r.cookies.size(), 1u);
    const std::string& c = r.cookies[0];
    EXPECT_NE(c.find("; HttpOnly"), std::string::npos) << c;
    EXPECT_NE(c.find("; SameSite=Lax"), std::string::npos) << c;
    EXPECT_NE(c.find("; Path=/"), std::string::npos) << c;
    EXPECT_EQ(c.find("Secure"), std::string::npos) << c;  // not behind TLS
    const ApiResponse me = a.call("GET", "/api/account", {}, AccountsRig::cookie_of(r));
    EXPECT_EQ(me.status, 200) << me.body.dump();
    EXPECT_EQ(me.body["name"], "Ann");
    EXPECT_EQ(a.call("GET", "/api/account").status, 401);
    // Behind TLS the cookie is Secure.
    AccountLimits tls;
    tls.secure_cookies = true;
    AccountsRig b(tls);
    const ApiResponse s =
        b.call("POST", "/api/account/register", {{"name", "Bo"}, {"password", "correct horse"}});
    ASSERT_EQ(s.cookies.size(), 1u);
    EXPECT_NE(s.cookies[0].find("; Secure"), std::string::npos) << s.cookies[0];
}

TEST(Accounts, NamesAreUniqueWhateverTheCaseAndPrintable) {
    AccountsRig a;
    a.signed_up("Anna", "correct horse");
    a.signed_up("Анна", "correct horse");
    for (const char* taken : {"anna", "ANNA", "анна", "АННА"}) {
        const ApiResponse r = a.call("POST", "/api/account/register",
                                     {{"name", taken}, {"password", "correct horse"}});
        EXPECT_EQ(r.status, 409) << taken;
        EXPECT_NE(error_of(r).find("is taken"), std::string::npos) << error_of(r);
    }
    for (const char* bad : {"A", "Аnna" /* a Cyrillic A */, "_anna", "an na", "an\u200bna",
                            "anna\n", "anna<script>", "abcdefghijklmnopqrstuvwxyzabcde"}) {
        const ApiResponse r =
            a.call("POST", "/api/account/register", {{"name", bad}, {"password", "correct horse"}});
        EXPECT_EQ(r.status, 400) << bad;
        EXPECT_FALSE(error_of(r).empty());
    }
    EXPECT_EQ(a.call("POST", "/api/account/register",
                     {{"name", "abcdefghijklmnopqrstuvwxyzabcd"}, {"password", "correct horse"}})
                  .status,
              201);  // 30 characters
}

TEST(Accounts, PasswordsFollowNistRules) {
    AccountsRig a;
    struct Case {
        const char* password;
        const char* why;
    };
    for (const Case& c : {Case{"short", "at least 8"}, Case{"aaaaaaaaaaaa", "repeated"},
                          Case{"12345678", "in order"}, Case{"87654321", "in order"},
                          Case{"Password1", "most common"}, Case{"QWERTYUIOP", "most common"},
                          Case{"xxNinaxx99", "name"}}) {
        const ApiResponse r =
            a.call("POST", "/api/account/register", {{"name", "Nina"}, {"password", c.password}});
        EXPECT_EQ(r.status, 400) << c.password;
        EXPECT_NE(error_of(r).find(c.why), std::string::npos) << c.password << ": " << error_of(r);
    }
    // Long pass phrases and any script are welcome; no composition rules.
    EXPECT_EQ(a.call("POST", "/api/account/register",
                     {{"name", "Nina"}, {"password", "белая лошадь идёт по снегу"}})
                  .status,
              201);
    EXPECT_EQ(accounts::password_problem("x", std::string(257, 'k') + "z"),
              "a password may have at most 256 bytes");
}

TEST(Accounts, PasswordsAreKeptAsArgon2idDigests) {
    const std::string d = accounts::hash_password("correct horse");
    EXPECT_TRUE(d.starts_with("$argon2id$v=19$m=19456,t=2,p=1$")) << d;
    EXPECT_EQ(d.find("correct horse"), std::string::npos);
    EXPECT_NE(accounts::hash_password("correct horse"), d);  // a fresh salt
    EXPECT_TRUE(accounts::password_matches(d, "correct horse"));
    EXPECT_FALSE(accounts::password_matches(d, "correct horsE"));
    EXPECT_FALSE(accounts::password_matches("not a digest", "correct horse"));
}

TEST(Accounts, AWrongPasswordAndAnUnknownNameGetTheSameAnswer) {
    AccountsRig a;
    a.signed_up("Petr", "correct horse");
    const ApiResponse wrong =
        a.call("POST", "/api/account/login", {{"name", "Petr"}, {"password", "wrong horse"}});
    const ApiResponse nobody =
        a.call("POST", "/api/account/login", {{"name", "Pavel"}, {"password", "wrong horse"}});
    const ApiResponse bad_name =
        a.call("POST", "/api/account/login", {{"name", "<>"}, {"password", "wrong horse"}});
    EXPECT_EQ(wrong.status, 401);
    EXPECT_EQ(wrong.body, nobody.body);
    EXPECT_EQ(wrong.body, bad_name.body);
    EXPECT_TRUE(wrong.cookies.empty());
    const ApiResponse right =
        a.call("POST", "/api/account/login", {{"name", "PETR"}, {"password", "correct horse"}});
    ASSERT_EQ(right.status, 200) << right.body.dump();
    EXPECT_EQ(right.body["name"], "Petr");
    EXPECT_EQ(a.call("GET", "/api/account", {}, AccountsRig::cookie_of(right)).status, 200);
}

TEST(Accounts, SessionsAreDigestsAndEndOneOrAllAtOnce) {
    AccountsRig a;
    const std::string first = a.signed_up("Olga", "correct horse");
    const ApiResponse again =
        a.call("POST", "/api/account/login", {{"name", "olga"}, {"password", "correct horse"}});
    const std::string second = AccountsRig::cookie_of(again);
    ASSERT_NE(first, second);
    // The store knows the session by its token's digest only.
    const std::string token = first.substr(first.find('=') + 1);
    EXPECT_FALSE(a.rig.store.use_session(token, a.now, 0));
    EXPECT_TRUE(a.rig.store.use_session(digest(token), a.now, 0));
    // Signing out ends that session only.
    EXPECT_EQ(a.call("POST", "/api/account/logout", json::object(), first).status, 200);
    EXPECT_EQ(a.call("GET", "/api/account", {}, first).status, 401);
    EXPECT_EQ(a.call("GET", "/api/account", {}, second).status, 200);
    // Everywhere: every session of the account.
    const std::string third = AccountsRig::cookie_of(
        a.call("POST", "/api/account/login", {{"name", "olga"}, {"password", "correct horse"}}));
    const ApiResponse all =
        a.call("POST", "/api/account/logout-everywhere", json::object(), second);
    EXPECT_EQ(all.status, 200);
    EXPECT_EQ(all.body["sessions_ended"], 2);
    EXPECT_EQ(a.call("GET", "/api/account", {}, third).status, 401);
    EXPECT_EQ(a.call("POST", "/api/account/logout", json::object(), third).status, 401);
}

TEST(Accounts, ForgedExpiredAndMalformedCookiesSignNobodyIn) {
    AccountsRig a;
    const std::string real = a.signed_up("Ivan", "correct horse");
    for (const std::string& forged :
         {std::string("asterism_session=") + std::string(64, 'a'), std::string("asterism_session="),
          std::string("asterism_session=") + std::string(64, 'Z'), real + "0",
          real.substr(0, real.size() - 1), std::string("other=1; ") + "x=y",
          std::string(10000, ';')}) {
        EXPECT_EQ(a.call("GET", "/api/account", {}, forged).status, 401) << forged.substr(0, 80);
    }
    // Among other cookies it still counts; unused for 180 days it ends.
    EXPECT_EQ(a.call("GET", "/api/account", {}, "theme=dark; " + real + "; lang=ru").status, 200);
    a.now += 181LL * 86400 * 1000;
    EXPECT_EQ(a.call("GET", "/api/account", {}, real).status, 401);
}

TEST(Accounts, SignInAttemptsAreLimitedPerAddressAndPerAccount) {
    AccountsRig a;
    a.signed_up("Vera", "correct horse");
    int limited = 0;
    for (int i = 0; i < 12; ++i) {
        const ApiResponse r =
            a.call("POST", "/api/account/login",
                   {{"name", "nobody" + std::to_string(i)}, {"password", "x"}}, {}, "198.51.100.1");
        limited += r.status == 429;
    }
    EXPECT_EQ(limited, 2);  // a burst of 10 from one address
    // One account from many addresses: 5 attempts, then even the right
    // password waits.
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(a.call("POST", "/api/account/login", {{"name", "vera"}, {"password", "guess"}},
                         {}, "192.0.2." + std::to_string(i))
                      .status,
                  401);
    const ApiResponse r =
        a.call("POST", "/api/account/login", {{"name", "VERA"}, {"password", "correct horse"}}, {},
               "192.0.2.77");
    EXPECT_EQ(r.status, 429);
    EXPECT_NE(error_of(r).find("this account"), std::string::npos);
    // A minute later the account may sign in again.
    a.now += 60'000;
    EXPECT_EQ(a.call("POST", "/api/account/login",
                     {{"name", "vera"}, {"password", "correct horse"}}, {}, "192.0.2.77")
                  .status,
              200);
}

TEST(Accounts, NewAccountsAndPasswordDigestsAreBounded) {
    AccountLimits few;
    few.register_burst = 2;
    AccountsRig a(few);
    a.signed_up("one", "correct horse");
    a.signed_up("two", "correct horse");
    EXPECT_EQ(
        a.call("POST", "/api/account/register", {{"name", "three"}, {"password", "correct horse"}})
            .status,
        429);
    AccountLimits none;
    none.max_hashing = 0;
    AccountsRig b(none);
    const ApiResponse r =
        b.call("POST", "/api/account/register", {{"name", "four"}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 503);
    EXPECT_NE(error_of(r).find("busy"), std::string::npos);
}

TEST(Accounts, BadBodiesAndMethodsAreClearErrors) {
    AccountsRig a;
    EXPECT_EQ(a.call("GET", "/api/account/login").status, 405);
    EXPECT_EQ(a.call("POST", "/api/account/nope", json::object()).status, 404);
    ApiRequest r;
    r.method = "POST";
    r.path = "/api/account/register";
    r.client = "203.0.113.5";
    r.content_type = "application/json";
    for (const char* body :
         {"", "[", "{\"name\": \"\xff\xfe\", \"password\": \"correct horse\"}", "{\"name\": 5}",
          "{\"name\": \"Ann\", \"password\": [1]}",
          "{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":{\"g\":{\"h\":{}}}}}}}}}"}) {
        r.body = body;
        const ApiResponse out = a.rig.api.handle(r);
        EXPECT_EQ(out.status, 400) << body;
        EXPECT_FALSE(error_of(out).empty());
    }
    r.content_type = "text/plain";
    r.body = R"({"name": "Ann", "password": "correct horse"})";
    EXPECT_EQ(a.rig.api.handle(r).status, 415);
}

TEST(Accounts, AnotherSitesPageCannotActWithTheCookie) {
    AccountsRig a;
    const std::string cookie = a.signed_up("Mira", "correct horse");
    Site site(ASTERISM_WEB_DIR, ApiLimits{});
    site.api().attach(&a.rig.service, true);
    site.api().attach_accounts(&a.accounts);
    auto send = [&](const std::string& origin) {
        const std::string body = "{}";
        RequestParser parser;
        parser.feed(
            "POST /api/account/logout-everywhere HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/json\r\nCookie: " +
            cookie + "\r\n" + (origin.empty() ? "" : "Origin: " + origin + "\r\n") +
            "Content-Length: 2\r\n\r\n" + body);
        auto parsed = parser.next();
        EXPECT_TRUE(parsed.request);
        parsed.request->client = "203.0.113.5";
        return site.respond(*parsed.request);
    };
    EXPECT_EQ(send("https://evil.example").status, 403);
    EXPECT_EQ(a.call("GET", "/api/account", {}, cookie).status, 200);  // still signed in
    EXPECT_EQ(send("http://127.0.0.1").status, 200);
    EXPECT_EQ(a.call("GET", "/api/account", {}, cookie).status, 401);
    site.api().attach(nullptr, false);
    site.api().attach_accounts(nullptr);
}

TEST(Accounts, SeatsAreBoundToTheAccountAndAGuestClaimsTheirs) {
    AccountsRig a;
    const std::string ann = a.signed_up("Ann", "correct horse");
    const std::string bob = a.signed_up("Bob", "correct horse");
    const std::string eve = a.signed_up("Eve", "correct horse");
    // Ann creates a game signed in: her seat is hers under her account's name.
    const ApiResponse made =
        a.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"name", "Somebody Else"}}, ann);
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const std::string id = made.body["id"];
    const std::string invite = made.body["links"]["invite"].get<std::string>().substr(
        made.body["links"]["invite"].get<std::string>().find("secret=") + 7);
    EXPECT_EQ(made.body["state"]["seats"][0]["name"], "Ann");
    EXPECT_EQ(made.body["state"]["seats"][0]["account"], true);
    // A guest takes the other seat with the invitation.
    ASSERT_EQ(
        a.call("POST", "/api/games/" + id + "/join", {{"name", "guest"}}, {}, "203.0.113.6", invite)
            .status,
        200);
    // Ann moves with her session alone (she lost the link); Eve's session
    // and no session cannot.
    const std::string path = "/api/games/" + id + "/move";
    EXPECT_EQ(a.call("POST", path, {{"move", "*10"}, {"ply", 0}}, eve).status, 403);
    EXPECT_EQ(a.call("POST", path, {{"move", "*10"}, {"ply", 0}}).status, 403);
    EXPECT_EQ(a.call("POST", path, {{"move", "*10"}, {"ply", 0}}, ann).status, 200);
    // The guest signs up as Bob and claims the seat with its secret.
    const std::string claim = "/api/games/" + id + "/claim";
    EXPECT_EQ(a.call("POST", claim, json::object(), {}, "203.0.113.6", invite).status, 401);
    EXPECT_EQ(
        a.call("POST", claim, json::object(), bob, "203.0.113.6", std::string(32, 'f')).status,
        403);
    const ApiResponse claimed = a.call("POST", claim, json::object(), bob, "203.0.113.6", invite);
    ASSERT_EQ(claimed.status, 200) << claimed.body.dump();
    EXPECT_EQ(claimed.body["you"], 1);
    EXPECT_EQ(claimed.body["seats"][1]["name"], "Bob");
    EXPECT_EQ(a.call("POST", claim, json::object(), eve, "203.0.113.6", invite).status, 409);
    const json legal = a.call("GET", "/api/games/" + id, {}, bob).body;
    EXPECT_EQ(legal["you"], 1);
    const std::string reply = legal["view"]["moves"][0]["text"];
    EXPECT_EQ(a.call("POST", path, {{"move", reply}, {"ply", 1}}, bob).status, 200);
    // A restart replays the bindings: a new service on the same store.
    EventHub hub;
    GameService again(a.rig.store, hub, OnlineLimits{}, 1);
    Api api;
    api.attach(&again, true);
    api.attach_accounts(&a.accounts);
    ApiRequest r;
    r.method = "GET";
    r.path = "/api/games/" + id;
    r.client = "203.0.113.6";
    r.cookie = bob;
    EXPECT_EQ(api.handle(r).body["you"], 1);
    r.cookie = ann;
    EXPECT_EQ(api.handle(r).body["you"], 0);
    api.attach(nullptr, false);
    api.attach_accounts(nullptr);
}

TEST(Ratings, ARatedGameBetweenAccountsMovesBothRatingsByGlicko2) {
    AccountsRig a;
    const std::string ann = a.signed_up("Ann", "correct horse");
    const std::string bob = a.signed_up("Bob", "correct horse");
    const std::string id = rated_game(a, ann, bob, 2);
    const json annp = a.call("GET", "/api/players/ann").body;
    const json bobp = a.call("GET", "/api/players/BOB").body;
    ASSERT_EQ(annp["ratings"].size(), 1u) << annp.dump();
    ASSERT_EQ(bobp["ratings"].size(), 1u) << bobp.dump();
    const ratings::Rating won = ratings::update({}, {{{}, 1}});
    const ratings::Rating lost = ratings::update({}, {{{}, 0}});
    EXPECT_NEAR(annp["ratings"][0]["rating"].get<double>(), won.rating, 0.06);
    EXPECT_NEAR(bobp["ratings"][0]["rating"].get<double>(), lost.rating, 0.06);
    EXPECT_NEAR(annp["ratings"][0]["deviation"].get<double>(), won.deviation, 0.06);
    EXPECT_EQ(annp["ratings"][0]["class"], "live");
    EXPECT_EQ(annp["ratings"][0]["game"], "starstar:size=6,swap=false");  // the canonical spec
    EXPECT_EQ(annp["ratings"][0]["provisional"], true);
    EXPECT_EQ(annp["ratings"][0]["games"], 1);
    const json history =
        a.call("GET", "/api/players/Ann/rating-history", {}, {}, "203.0.113.5").body;
    EXPECT_TRUE(history.contains("error"));  // the game is needed
    ApiRequest r;
    r.method = "GET";
    r.path = "/api/players/Ann/rating-history";
    r.query = {{"game", "starstar:size=6,swap=false"}, {"class", "live"}};
    r.client = "203.0.113.5";
    const ApiResponse points = a.rig.api.handle(r);
    ASSERT_EQ(points.status, 200) << points.body.dump();
    ASSERT_EQ(points.body["points"].size(), 1u);
    EXPECT_EQ(points.body["points"][0]["game_id"], id);
    // Provisional ratings stay off the leaderboard.
    EXPECT_TRUE(
        a.call("GET", "/api/leaderboard/starstar:size=6,swap=false").body["players"].empty());
    EXPECT_EQ(a.call("GET", "/api/players/nobody").status, 404);
}

TEST(Ratings, AbortedComputerGuestAndUnclockedGamesAreUnrated) {
    AccountsRig a;
    const std::string ann = a.signed_up("Ann", "correct horse");
    const std::string bob = a.signed_up("Bob", "correct horse");
    rated_game(a, ann, bob, 1);  // one move, then resigned: aborted for the ratings
    EXPECT_TRUE(a.call("GET", "/api/players/Ann").body["ratings"].empty());
    const json clock = {{"kind", "fischer"}, {"minutes", 5}};
    EXPECT_EQ(
        a.call("POST", "/api/games",
               {{"game", "starstar"}, {"rated", true}, {"opponent", "level:2"}, {"clock", clock}},
               ann)
            .status,
        400);
    EXPECT_EQ(a.call("POST", "/api/games", {{"game", "starstar"}, {"rated", true}}, ann).status,
              400);
    EXPECT_EQ(
        a.call("POST", "/api/games", {{"game", "starstar"}, {"rated", true}, {"clock", clock}})
            .status,
        401);
    // A guest cannot take the seat of a rated game, nor its creator the other.
    const ApiResponse made = a.call("POST", "/api/games",
                                    {{"game", "starstar"}, {"rated", true}, {"clock", clock}}, ann);
    const std::string id = made.body["id"];
    const std::string link = made.body["links"]["invite"];
    const std::string invite = link.substr(link.find("secret=") + 7);
    EXPECT_EQ(
        a.call("POST", "/api/games/" + id + "/join", json::object(), {}, "203.0.113.9", invite)
            .status,
        409);
    EXPECT_EQ(
        a.call("POST", "/api/games/" + id + "/join", json::object(), ann, "203.0.113.9", invite)
            .status,
        409);
    EXPECT_EQ(made.body["state"]["rated"], true);
}

TEST(Ratings, TheLeaderboardListsSettledRatingsBestFirst) {
    AccountsRig a;
    a.signed_up("Ann", "correct horse");
    a.signed_up("Bob", "correct horse");
    a.signed_up("Cai", "correct horse");
    store::GameRow row;
    row.id = "g";
    row.spec = "shatra";
    row.seats = "[]";
    row.clock = "{}";
    row.status = "finished";
    a.rig.store.create(row);
    row.last_seq = 1;
    a.rig.store.append(row, {1, 1, "resign", "{}"},
                       {{1, "shatra", "live", 1700, 60, 0.06, 30, 1},
                        {2, "shatra", "live", 1900, 300, 0.06, 1, 1},
                        {3, "shatra", "live", 1600, 80, 0.06, 25, 1}});
    const json board = a.call("GET", "/api/leaderboard/shatra").body;
    ASSERT_EQ(board["players"].size(), 2u) << board.dump();  // Bob is provisional
    EXPECT_EQ(board["players"][0]["name"], "Ann");
    EXPECT_EQ(board["players"][1]["name"], "Cai");
    ASSERT_EQ(board["provisional"].size(), 1u);  // listed apart, flagged
    EXPECT_EQ(board["provisional"][0]["name"], "Bob");
    EXPECT_EQ(board["provisional"][0]["provisional"], true);
    ApiRequest r;
    r.method = "GET";
    r.path = "/api/leaderboard/shatra";
    r.client = "203.0.113.5";
    r.query = {{"class", "correspondence"}};
    EXPECT_TRUE(a.rig.api.handle(r).body["players"].empty());
    r.query = {{"class", "blitz"}};
    EXPECT_EQ(a.rig.api.handle(r).status, 400);
}

}  // namespace
}  // namespace asterism::server
