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

// Each from a network of its own, under the limit of new accounts.
ApiResponse sign_up(AccountsRig& a, const std::string& name) {
    static int network = 0;
    return a.call("POST", "/api/account/register", {{"name", name}, {"password", "correct horse"}},
                  {}, "192.0.2." + std::to_string(++network % 250));
}

// Names that look alike (UTS #39 skeletons, ICU's spoof checker) cannot
// both exist: all-Cyrillic homographs of Latin names, in any case.
TEST(Accounts, NamesThatLookAlikeCannotBothExist) {
    AccountsRig a;
    for (const char* latin : {"PAPA", "KOT", "Pepe", "paypal"})
        ASSERT_EQ(sign_up(a, latin).status, 201);
    // All Cyrillic: "РАРА", "КОТ", "кот", "Рере"; and a digit for a letter.
    for (const char* alike : {"РАРА", "КОТ", "кот", "Рере", "paypa1"}) {
        const ApiResponse r = sign_up(a, alike);
        EXPECT_EQ(r.status, 409) << alike;
        EXPECT_NE(error_of(r).find("looks like another account's"), std::string::npos)
            << error_of(r);
    }
    // Names that only share letters are still free.
    EXPECT_EQ(sign_up(a, "Кошка").status, 201);
}

// Accounts made before skeletons were kept (schema 8) get theirs when the
// server starts, so their look-alikes are refused too.
TEST(Accounts, OldAccountsAreComparedByTheirLooksToo) {
    AccountsRig a;
    store::AccountRow old{0, "KOT", "", a.now};
    ASSERT_TRUE(a.rig.store.create_account(old, accounts::name_key("KOT")));  // no skeletons
    Accounts restarted(a.rig.store, {}, [&] { return a.now; });
    a.rig.api.attach_accounts(&restarted);
    EXPECT_EQ(sign_up(a, "КОТ").status, 409);  // all Cyrillic
    a.rig.api.attach_accounts(&a.accounts);
}

TEST(Accounts, ReservedNamesAreRefused) {
    AccountsRig a;
    for (const char* reserved :
         {"admin", "Administrator", "MODERATOR", "mod", "root", "system", "asterism",
          "deleted_player", "Deleted.Player", "support", "staff", "admin_2", "r00t"}) {
        const ApiResponse r = sign_up(a, reserved);
        EXPECT_EQ(r.status, 400) << reserved << ": " << r.body.dump();
        EXPECT_NE(error_of(r).find("is reserved"), std::string::npos) << error_of(r);
    }
    EXPECT_EQ(sign_up(a, "modest").status, 201);
    EXPECT_EQ(sign_up(a, "rooted").status, 201);
}

TEST(Accounts, PasswordsFollowNistRules) {
    AccountsRig a;
    struct Case {
        const char* password;
        const char* why;
    };
    for (const Case& c : {Case{"short", "at least 8"}, Case{"aaaaaaaaaaaa", "repeated"},
                          Case{"12345678", "in order"}, Case{"87654321", "in order"},
                          Case{"Password1", "easy to guess"}, Case{"QWERTYUIOP", "easy to guess"},
                          Case{"passw0rd!", "easy to guess"}, Case{"zxcvbnm123", "easy to guess"},
                          Case{"Asterism1", "site's name"}, Case{"xxNinaxx99", "name"}}) {
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

ApiResponse sign_in(AccountsRig& a, const std::string& name, const std::string& password,
                    const std::string& network) {
    return a.call("POST", "/api/account/login", {{"name", name}, {"password", password}}, {},
                  network);
}

TEST(Accounts, SignInAttemptsAreLimitedPerNetwork) {
    AccountsRig a;
    int limited = 0;
    for (int i = 0; i < 12; ++i)
        limited += sign_in(a, "nobody" + std::to_string(i), "x", "198.51.100.1").status == 429;
    EXPECT_EQ(limited, 2);  // a burst of 10 from one network
}

// Wrong passwords from other networks never lock the owner out: each
// (name, network) pair has its own limit, and the slower cap per name holds
// back only networks that have already failed on it.
TEST(Accounts, WrongPasswordsFromElsewhereDoNotLockTheOwnerOut) {
    AccountsRig a;
    a.signed_up("Vera", "correct horse");
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(sign_in(a, "vera", "guess", "192.0.2." + std::to_string(i)).status, 401);
    EXPECT_EQ(sign_in(a, "VERA", "correct horse", "192.0.2.77").status, 200);
    // One network that fails five times waits, even with the right password...
    for (int i = 0; i < 5; ++i) EXPECT_EQ(sign_in(a, "vera", "guess", "198.51.100.9").status, 401);
    const ApiResponse r = sign_in(a, "vera", "correct horse", "198.51.100.9");
    EXPECT_EQ(r.status, 429);
    EXPECT_NE(error_of(r).find("from your network"), std::string::npos) << error_of(r);
    // ...while the owner's network does not, and a minute later it may again.
    EXPECT_EQ(sign_in(a, "vera", "correct horse", "192.0.2.77").status, 200);
    a.now += 60'000;
    EXPECT_EQ(sign_in(a, "vera", "correct horse", "198.51.100.9").status, 200);
}

TEST(Accounts, AGuesserSpreadOverNetworksIsSlowedPerName) {
    AccountsRig a;
    a.signed_up("Zoya", "correct horse");
    // Twenty networks fail once each: the name's cap (20) is spent.
    for (int i = 1; i <= 20; ++i)
        EXPECT_EQ(sign_in(a, "zoya", "guess", "203.0.113." + std::to_string(i)).status, 401);
    // A network that has failed on the name waits for the cap to refill...
    const ApiResponse again = sign_in(a, "zoya", "guess", "203.0.113.1");
    EXPECT_EQ(again.status, 429);
    EXPECT_NE(error_of(again).find("for this account; wait"), std::string::npos);
    // ...and the owner, from a network that has not failed, gets in.
    EXPECT_EQ(sign_in(a, "zoya", "correct horse", "192.0.2.200").status, 200);
    // The cap refills at 20 an hour: four minutes give one more guess.
    a.now += 4 * 60'000;
    EXPECT_EQ(sign_in(a, "zoya", "guess", "203.0.113.1").status, 401);
    EXPECT_EQ(sign_in(a, "zoya", "guess", "203.0.113.2").status, 429);
}

TEST(FailureGuard, ItsTablesAreBounded) {
    accounts::GuardLimits limits;
    limits.max_names = 3;
    limits.networks_per_name = 2;
    accounts::FailureGuard guard(limits);
    for (int i = 0; i < 10; ++i) guard.failed("name" + std::to_string(i), "192.0.2.1", i);
    EXPECT_EQ(guard.names(), 3u);
    // Past two networks per name, the one that failed longest ago is forgotten.
    for (int k = 0; k < 5; ++k) guard.failed("x", "192.0.2.1", 100);
    guard.failed("x", "192.0.2.2", 101);
    EXPECT_NE(guard.refused("x", "192.0.2.1", 102), accounts::FailureGuard::Held::no);
    guard.failed("x", "192.0.2.3", 103);
    EXPECT_EQ(guard.refused("x", "192.0.2.1", 104), accounts::FailureGuard::Held::no);
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
    none.hashing.slots = 0;
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
    GameService again(a.rig.store, hub, GameLimits{}, 1);
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
