// What a hostile client may try against `asterism serve`, without sockets
// (docs/server.md, "Threat model"): files outside the UI's folder, foreign
// Host names and other sites' pages, players that would hold the machine,
// one address filling the server, games nobody finishes, a second server on
// the same folder, a damaged game at start, takebacks that buy time and
// names that hide text. tests/abuse/abuse_test.py tries the rest against a
// real server.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/registry.h"
#include "server/api.h"
#include "server/api_rig.h"
#include "server/app.h"
#include "server/game_service.h"
#include "server/net/message.h"
#include "server/online_rig.h"
#include "server/search_guard.h"
#include "server/site.h"

namespace asterism::server {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

fs::path test_dir(const std::string& kind) {
    return fs::temp_directory_path() /
           ("asterism-" + kind + "-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
}

std::string header_of(const HttpResponse& r, const std::string& name) {
    for (const auto& [k, v] : r.headers)
        if (k == name) return v;
    return "";
}

// ---- the site: files, hosts, origins ----------------------------------------

// A UI folder of its own, with a secret file beside it and two symbolic
// links that lead out of it.
class SiteSafety : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = test_dir("site");
        fs::remove_all(dir_);
        fs::create_directories(dir_ / "web");
        std::ofstream(dir_ / "web" / "index.html") << "<!doctype html><title>ok</title>";
        std::ofstream(dir_ / "web" / "rules.html") << "<!doctype html><title>rules</title>";
        std::ofstream(dir_ / "web" / "notes.txt") << "a type the UI does not have";
        std::ofstream(dir_ / "web" / ".hidden.js") << "hidden";
        fs::create_directories(dir_ / "web" / "engine");
        std::ofstream(dir_ / "web" / "engine" / "asterism-engine.wasm") << std::string("\0asm", 4);
        std::ofstream(dir_ / "canary.html") << kCanary;
        fs::create_symlink("../canary.html", dir_ / "web" / "leak.html");
        fs::create_directory_symlink("..", dir_ / "web" / "up");
        site_ = std::make_unique<Site>((dir_ / "web").string(), ApiLimits{},
                                       std::vector<std::string>{"Play.Example.org"});
        site_->api().attach(&rig_.service, true);
    }
    void TearDown() override {
        site_.reset();
        fs::remove_all(dir_);
    }

    HttpResponse send(const std::string& head, const std::string& body = {}) {
        RequestParser parser;
        parser.feed(
            head + (body.empty() ? "" : "Content-Length: " + std::to_string(body.size()) + "\r\n") +
            "\r\n" + body);
        auto r = parser.next();
        EXPECT_TRUE(r.request) << head;
        return r.request ? site_->respond(*r.request) : HttpResponse{};
    }
    HttpResponse get(const std::string& target, const std::string& host = "127.0.0.1:8080") {
        return send("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n");
    }

    static constexpr const char* kCanary = "canary-7f3c9e1d-outside-the-web-folder";
    fs::path dir_;
    ApiRig rig_;  // the game service the site's API serves
    std::unique_ptr<Site> site_;
};

TEST_F(SiteSafety, NoPathReachesAFileOutsideTheWebFolder) {
    for (const char* target :
         {"//etc/passwd", "/%2Fetc%2Fpasswd", "/%2F%2Fetc%2Fpasswd", "//proc/self/environ",
          "/%2fproc%2fself%2fenviron", "/leak.html", "/up/canary.html", "/%2e%2e/canary.html",
          "/..%2fcanary.html", "/web/../canary.html", "/.hidden.js", "/notes.txt",
          "/index.html/"}) {
        const HttpResponse r = get(target);
        EXPECT_EQ(r.status, 404) << target << ": " << r.body.substr(0, 80);
        EXPECT_EQ(r.body.find(kCanary), std::string::npos) << target;
        EXPECT_EQ(r.body.find("root:"), std::string::npos) << target;
    }
    EXPECT_EQ(get("/").status, 200);
    EXPECT_EQ(get("/index.html").status, 200);
    // A page by its name without the extension.
    const HttpResponse rules = get("/rules");
    EXPECT_EQ(rules.status, 200);
    EXPECT_NE(rules.body.find("<title>rules"), std::string::npos);
    EXPECT_EQ(send("DELETE /index.html HTTP/1.1\r\nHost: localhost\r\n").status, 405);
}

TEST_F(SiteSafety, OnlyHostsTheServerAnswersForAreAnswered) {
    for (const char* host : {"evil.example", "evil.example:8080", "127.0.0.1.evil.example",
                             "localhost.evil.example", "", "[::1"}) {
        const HttpResponse r = get("/api/catalog", host);
        EXPECT_EQ(r.status, 421) << host;
    }
    for (const char* host :
         {"127.0.0.1", "127.0.0.1:9", "localhost:8080", "LOCALHOST", "[::1]:80", "192.168.1.5:8080",
          "play.example.org", "PLAY.example.org.:443", "app.localhost"}) {
        EXPECT_EQ(get("/api/catalog", host).status, 200) << host;
    }
}

TEST_F(SiteSafety, NoOtherSitesPageChangesAnything) {
    const std::string game =
        R"({"kind": "local", "game": "starstar:size=6", "players": ["human", "human"]})";
    const std::string head =
        "POST /api/games HTTP/1.1\r\nHost: play.example.org\r\nContent-Type: "
        "application/json\r\n";
    EXPECT_EQ(send(head + "Origin: https://evil.example\r\n", game).status, 403);
    EXPECT_EQ(send(head + "Origin: null\r\n", game).status, 403);
    EXPECT_EQ(send(head + "Origin: https://play.example.org\r\n", game).status, 201);
    EXPECT_EQ(send(head, game).status, 201);  // not a browser: no Origin
    // Issue 41, Info: another port is another site (a page of another
    // program on the same machine) ...
    const std::string local =
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: "
        "application/json\r\n";
    EXPECT_EQ(send(local + "Origin: http://127.0.0.1:9000\r\n", game).status, 403);
    EXPECT_EQ(send(local + "Origin: http://127.0.0.1:8080\r\n", game).status, 201);
    EXPECT_EQ(send(head + "Origin: https://play.example.org:8443\r\n", game).status, 403);
    EXPECT_EQ(send(head + "Origin: https://play.example.org:443\r\n", game).status, 201);
    // ... a request names one Host ...
    EXPECT_EQ(send("POST /api/games HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n"
                   "Content-Type: application/json\r\n",
                   game)
                  .status,
              400);
    // ... and the JSON type is exactly that type, parameters aside.
    EXPECT_EQ(send("POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                   "application/jsonp\r\n",
                   game)
                  .status,
              415);
    EXPECT_EQ(send("POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                   "Application/JSON; charset=utf-8\r\n",
                   game)
                  .status,
              201);
    // Without the JSON type, bodies or not (a cross-site form needs none).
    for (const char* type : {"", "Content-Type: text/plain\r\n",
                             "Content-Type: application/x-www-form-urlencoded\r\n"}) {
        EXPECT_EQ(send(std::string("POST /api/games HTTP/1.1\r\nHost: localhost\r\n") + type, game)
                      .status,
                  415)
            << type;
        EXPECT_EQ(
            send(std::string("POST /api/games HTTP/1.1\r\nHost: localhost\r\n") + type).status, 415)
            << type;
    }
}

// Issue 41, Info: the transport's own refusals (a malformed request, which
// no application sees) carry the headers too.
TEST(TransportSafety, ParserRefusalsCarryTheSecurityHeaders) {
    RequestParser parser(HttpLimits{});
    parser.feed("GET / HTTP/1.1\r\nBad Header\r\n\r\n");
    const auto r = parser.next();
    ASSERT_TRUE(r.error);
    const auto has = [&](const std::string& name) {
        for (const auto& [k, v] : r.error->headers)
            if (k == name) return true;
        return false;
    };
    EXPECT_TRUE(has("X-Content-Type-Options"));
    EXPECT_TRUE(has("Content-Security-Policy"));
}

TEST_F(SiteSafety, EveryResponseCarriesTheSecurityHeaders) {
    for (const HttpResponse& r :
         {get("/"), get("/api/catalog"), get("/nothing.js"), get("/api/catalog", "evil.example")}) {
        const std::string csp = header_of(r, "Content-Security-Policy");
        EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
        EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
        EXPECT_EQ(csp.find("'unsafe-eval'"), std::string::npos) << csp;
        EXPECT_EQ(header_of(r, "X-Content-Type-Options"), "nosniff");
        EXPECT_EQ(header_of(r, "Referrer-Policy"), "no-referrer");
        EXPECT_EQ(header_of(r, "X-Frame-Options"), "DENY");
    }
}

// The page's engine (docs/wasm.md): WebAssembly compiles as it downloads
// only when served as application/wasm, and a worker compiles it only when
// the policy allows WebAssembly, which allows no eval() of scripts.
TEST_F(SiteSafety, TheEngineIsServedAsWebAssemblyThatThePolicyLetsCompile) {
    const HttpResponse r = get("/engine/asterism-engine.wasm");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.content_type, "application/wasm");
    EXPECT_EQ(r.body, std::string("\0asm", 4));
    const std::string csp = header_of(r, "Content-Security-Policy");
    EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << csp;
}

// Offline (docs/wasm.md): the service worker's script carries the version
// of the shipped files and their list, so that a browser installs a new
// worker, with new caches, exactly when a file has changed; the list holds
// only files the site serves (a cached 404 would fail the install).
TEST_F(SiteSafety, TheServiceWorkerCarriesTheVersionAndTheListOfTheShippedFiles) {
    std::ofstream(dir_ / "web" / "sw.js") << "// the worker";
    std::ofstream(dir_ / "web" / "manifest.webmanifest") << "{}";
    const auto version_of = [&] {
        const HttpResponse r = get("/sw.js");
        EXPECT_EQ(r.status, 200);
        EXPECT_TRUE(r.body.starts_with("self.asterismVersion = \"")) << r.body;
        EXPECT_TRUE(r.body.ends_with("// the worker")) << r.body;
        return r.body.substr(0, r.body.find('\n'));
    };
    const std::string body = get("/sw.js").body;
    const std::string list = body.substr(body.find("self.asterismFiles"));
    for (const char* kept : {"\"index.html\"", "\"rules.html\"", "\"engine/asterism-engine.wasm\"",
                             "\"manifest.webmanifest\""})
        EXPECT_NE(list.find(kept), std::string::npos) << kept << " in " << list;
    for (const char* left : {"leak.html", "hidden", "notes.txt", "\"sw.js\"", "canary"})
        EXPECT_EQ(list.find(left), std::string::npos) << left << " in " << list;
    const std::string before = version_of();
    EXPECT_EQ(version_of(), before);
    std::ofstream(dir_ / "web" / "rules.html", std::ios::app) << "<p>a new rule</p>";
    EXPECT_NE(version_of(), before);
    EXPECT_EQ(get("/manifest.webmanifest").content_type, "application/manifest+json");
    const std::string csp = header_of(get("/sw.js"), "Content-Security-Policy");
    EXPECT_NE(csp.find("worker-src 'self'"), std::string::npos) << csp;
    EXPECT_NE(csp.find("manifest-src 'self'"), std::string::npos) << csp;
}

// ---- players and searches ------------------------------------------------------

ApiResponse call(Api& api, const std::string& method, const std::string& path,
                 const json& body = json::object(), const std::string& client = "127.0.0.1",
                 std::shared_ptr<const std::atomic<bool>> gone = nullptr) {
    ApiRequest r{
        method, path, {}, body.dump(), client, {}, {}, std::move(gone), "application/json"};
    r.local = client == "127.0.0.1";  // the operator's own machine
    return api.handle(r);
}

TEST(SearchSafety, PlayersBeyondTheServersBoundsAreRefusedBeforeTheyAreMade) {
    ApiLimits limits;
    limits.search.player.threads = 2;
    ApiRig rig(limits, 1);
    Api& api = rig.api;
    for (const char* player :
         {"mcts:seconds=100000", "mcts:threads=1024", "mcts:pool=100000000", "mcts:pool=1e13",
          "mcts:pool=nan", "mcts:playouts=1e300", "mcts:playouts=inf", "uct:threads=3",
          "ab:depth=1000", "ab:nodes=1e12", "mc:playouts=100000000"}) {
        const ApiResponse r =
            call(api, "POST", "/api/games",
                 {{"kind", "local"}, {"game", "starstar:size=6"}, {"players", {player, "human"}}});
        EXPECT_EQ(r.status, 400) << player << ": " << r.body.dump();
        const std::string error = r.body.value("error", "");
        EXPECT_EQ(error.find('\n'), std::string::npos);
        EXPECT_NE(error.find(player), std::string::npos) << error;
    }
    for (const char* player : {"level:10", "mcts:seconds=1,threads=2", "ab:nodes=1000", "random"}) {
        const std::string game = std::string(player).starts_with("ab") ? "shatra" : "starstar";
        const ApiResponse r =
            call(api, "POST", "/api/games",
                 {{"kind", "local"}, {"game", game}, {"players", {player, "human"}}});
        EXPECT_EQ(r.status, 201) << player << ": " << r.body.dump();
    }
}

TEST(SearchSafety, ASearchStopsWhenItsClientIsGoneOrTheServerStops) {
    ApiRig rig(ApiLimits{}, 1);
    Api& api = rig.api;
    const ApiResponse made =
        call(api, "POST", "/api/games",
             {{"kind", "local"}, {"game", "starstar"}, {"players", {"mcts:seconds=25", "human"}}});
    ASSERT_EQ(made.status, 201);
    const std::string path = "/api/games/" + made.body["id"].get<std::string>() + "/computer";
    auto gone = std::make_shared<std::atomic<bool>>(true);
    const ApiResponse hung_up = call(api, "POST", path, json::object(), "127.0.0.1", gone);
    EXPECT_EQ(hung_up.status, 503);
    EXPECT_NE(hung_up.body["error"].get<std::string>().find("hung up"), std::string::npos);
    // Raised while the search runs: it stops and the game is unchanged.
    auto later = std::make_shared<std::atomic<bool>>(false);
    std::thread raise([later] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        later->store(true);
    });
    const ApiResponse stopped = call(api, "POST", path, json::object(), "127.0.0.1", later);
    raise.join();
    EXPECT_EQ(stopped.status, 503) << stopped.body.dump();
    // A move played meanwhile (a person may play the computer's side) ends
    // the search for the old position: 409, and the move stands.
    const std::string at = path.substr(0, path.size() - 9);
    const std::string legal = call(api, "GET", at).body["view"]["moves"][0]["text"];
    std::thread mover([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        EXPECT_EQ(call(api, "POST", at + "/move", {{"move", legal}}).status, 200);
    });
    const ApiResponse outrun = call(api, "POST", path);
    mover.join();
    EXPECT_EQ(outrun.status, 409) << outrun.body.dump();
    EXPECT_EQ(call(api, "GET", at).body["history"], json::array({legal}));
    EXPECT_EQ(call(api, "POST", at + "/takeback").status, 200);
    api.stop_searches("stop.server");
    const ApiResponse after = call(api, "POST", path);
    EXPECT_EQ(after.status, 503);
    EXPECT_NE(after.body["error"].get<std::string>().find("stopping"), std::string::npos);
    EXPECT_EQ(after.body["code"], "server.stopped") << after.body.dump();
    EXPECT_EQ(after.body["params"]["why"]["code"], "stop.server") << after.body.dump();
    EXPECT_TRUE(call(api, "GET", path.substr(0, path.size() - 9)).body["history"].empty());
}

// A player that would search for ever unless its progress says stop.
class EndlessAgent final : public Agent {
  public:
    std::string name() const override { return "endless"; }
    std::string choose(const Game& game, Rng&) override { return game.legal_moves().front(); }
    Analysis analyze(const Game& game, Rng&, const SearchLimits&,
                     const std::function<bool(const Analysis&)>& progress) override {
        Analysis a;
        a.candidates.push_back({game.legal_moves().front(), 1, 0.5, {}});
        for (reports = 0; reports < kMaxReports; ++reports) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            if (progress && !progress(a)) break;
        }
        return a;
    }
    static constexpr int kMaxReports = 1000000;  // about 20 minutes
    int reports = 0;
};

TEST(SearchSafety, TheTimeCapEndsASearchWithItsBestMoveSoFar) {
    auto inner = std::make_unique<EndlessAgent>();
    EndlessAgent* endless = inner.get();
    auto game = Registry::instance().create("starstar:size=6");
    auto agent = guarded(std::move(inner), 0.05, [] { return std::optional<ReasonCode>(); });
    Rng rng(1);
    EXPECT_EQ(agent->choose(*game, rng), game->legal_moves().front());
    EXPECT_LT(endless->reports, EndlessAgent::kMaxReports);
    EXPECT_GT(endless->reports, 0);
}

// ---- online games: caps, expiry, the folder, damage, clocks ----------------------

// The online fixture (online_rig.h) with small caps per address, and a
// client from another network unless a test names one.
class OnlineSafety : public OnlineRig {
  protected:
    void SetUp() override {
        now_ = 1'700'000'000'000;
        limits_.max_games_per_client = 3;
        limits_.max_open_per_client = 2;
        OnlineRig::SetUp();
    }
    ApiResponse call(const std::string& method, const std::string& path, const json& body = {},
                     const std::string& secret = {}, const std::string& client = kFar) {
        return OnlineRig::call(method, path, body, secret, client);
    }
    json state(const std::string& id) { return call("GET", "/api/games/" + id).body; }
    ApiResponse create(const json& body, const std::string& client = kFar) {
        json b = body;
        if (!b.contains("game")) b["game"] = "starstar:size=6";
        return call("POST", "/api/games", b, {}, client);
    }
    std::string first_move(const std::string& id) { return state(id)["view"]["moves"][0]["text"]; }

    static constexpr const char* kFar = "203.0.113.7";
};

TEST_F(OnlineSafety, EveryUnfinishedGameOfAnAddressCountsAlsoAfterARestart) {
    // Against the computer, and an invitation its creator takes himself.
    EXPECT_EQ(create({{"opponent", "level:1"}}).status, 201);
    EXPECT_EQ(create({{"opponent", "random"}}).status, 201);
    const ApiResponse own = create({});
    ASSERT_EQ(own.status, 201);
    const std::string invite = own.body["links"]["invite"];
    const std::string secret = invite.substr(invite.find("secret=") + 7);
    EXPECT_EQ(call("POST", "/api/games/" + own.body["id"].get<std::string>() + "/join",
                   {{"name", "Me again"}}, secret)
                  .status,
              200);
    const ApiResponse refused = create({{"opponent", "level:1"}});
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.body["error"].get<std::string>().find('\n'), std::string::npos);
    restart();
    EXPECT_EQ(create({{"opponent", "level:1"}}).status, 429);
    // Another address is not held back, and joining counts for the joiner.
    const ApiResponse other = create({}, "198.51.100.2");
    ASSERT_EQ(other.status, 201);
    const std::string link = other.body["links"]["invite"];
    EXPECT_EQ(call("POST", "/api/games/" + other.body["id"].get<std::string>() + "/join",
                   {{"name", "Full"}}, link.substr(link.find("secret=") + 7))
                  .status,
              429);
    // Finishing a game makes room.
    const std::string id = own.body["id"];
    EXPECT_EQ(call("POST", "/api/games/" + id + "/resign", json::object(), secret).status, 200);
    EXPECT_EQ(create({{"opponent", "level:1"}}).status, 201);
}

TEST_F(OnlineSafety, IdleGamesExpireAndStayEnded) {
    const ApiResponse open = create({{"lobby", true}});
    const ApiResponse idle = create({});
    ASSERT_EQ(open.status, 201);
    ASSERT_EQ(idle.status, 201);
    const std::string open_id = open.body["id"], idle_id = idle.body["id"];
    const std::string link = idle.body["links"]["invite"];
    ASSERT_EQ(call("POST", "/api/games/" + idle_id + "/join", {{"name", "Bo"}},
                   link.substr(link.find("secret=") + 7), "198.51.100.2")
                  .status,
              200);
    EXPECT_EQ(api_->games().expire_idle(), 0u);
    now_ += static_cast<std::int64_t>(limits_.open_expiry_seconds * 1000) + 1000;
    EXPECT_EQ(api_->games().expire_idle(), 1u);
    EXPECT_EQ(state(open_id)["status"], "aborted");
    // Why, by the reason's code beside the line the log keeps.
    EXPECT_EQ(state(open_id)["termination"], "nobody joined in time");
    EXPECT_EQ(state(open_id)["termination_reason"]["code"], "game.ended.nobody");
    EXPECT_EQ(state(idle_id)["status"], "playing");
    const ApiResponse late = call("POST", "/api/games/" + open_id + "/join", {{"name", "Late"}});
    EXPECT_EQ(late.status, 409);
    EXPECT_EQ(late.body["code"], "game.ended") << late.body.dump();
    EXPECT_EQ(late.body["params"]["why"]["code"], "game.ended.nobody") << late.body.dump();
    EXPECT_EQ(late.body["error"], "this game was ended by the server: nobody joined in time");
    EXPECT_TRUE(call("GET", "/api/lobby").body["open"].empty());
    now_ += static_cast<std::int64_t>(limits_.idle_expiry_seconds * 1000);
    EXPECT_EQ(api_->games().expire_idle(), 1u);
    EXPECT_EQ(state(idle_id)["status"], "aborted");
    const std::string secret = idle.body["secret"];
    EXPECT_EQ(
        call("POST", "/api/games/" + idle_id + "/move", {{"move", first_move(idle_id)}}, secret)
            .status,
        409);
    restart();
    EXPECT_EQ(api_->games().games_in_memory(), 0u);
    EXPECT_EQ(state(idle_id)["status"], "aborted");
    EXPECT_EQ(state(idle_id)["termination"].get<std::string>().find("abandoned"), 0u);
    EXPECT_EQ(state(idle_id)["termination_reason"]["code"], "game.ended.idle");
}

TEST_F(OnlineSafety, ASecondServerOnTheFolderRefusesToStart) {
    try {
        start();
        FAIL() << "a second server started on the same folder";
    } catch (const store::StoreError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("in use"), std::string::npos) << message;
        EXPECT_NE(message.find("pid " + std::to_string(::getpid())), std::string::npos) << message;
    }
    restart();  // the first one gone, the folder is free again
    EXPECT_EQ(create({}).status, 201);
}

TEST_F(OnlineSafety, ADamagedGameIsSetAsideAndTheOthersStart) {
    const ApiResponse good = create({{"opponent", "level:1"}});
    const ApiResponse bad = create({{"opponent", "level:1"}});
    ASSERT_EQ(good.status, 201);
    ASSERT_EQ(bad.status, 201);
    const std::string good_id = good.body["id"], bad_id = bad.body["id"];
    api_.reset();
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "asterism.db").c_str(), &db), SQLITE_OK);
    const std::string damage =
        "UPDATE events SET data = '{\"seat\": 7}' WHERE game_id = '" + bad_id + "'";
    ASSERT_EQ(sqlite3_exec(db, damage.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    api_ = start();
    const auto& aside = api_->games().set_aside();
    ASSERT_EQ(aside.size(), 1u);
    EXPECT_EQ(aside[0].rfind(bad_id, 0), 0u) << aside[0];
    EXPECT_EQ(state(good_id)["status"], "playing");
}

TEST_F(OnlineSafety, AnUnwritableSharedMemoryFileIsAnErrorNotACrash) {
    api_.reset();
    const fs::path shm = dir_ / "asterism.db-shm";
    std::ofstream(shm) << std::string(32768, '\0');
    const std::string lock = "chattr +i '" + shm.string() + "' 2>/dev/null";
    if (std::system(lock.c_str()) != 0) GTEST_SKIP() << "chattr +i is not allowed here";
    std::string message;
    try {
        start();
    } catch (const store::StoreError& e) {
        message = e.what();
    }
    const std::string unlock = "chattr -i '" + shm.string() + "'";
    EXPECT_EQ(std::system(unlock.c_str()), 0);
    EXPECT_NE(message.find("-shm"), std::string::npos) << message;
    api_ = start();
}

TEST_F(OnlineSafety, TakebacksAgainstTheComputerBuyNoTime) {
    const ApiResponse made =
        create({{"opponent", "random"},
                {"clock", {{"kind", "fischer"}, {"minutes", 1}, {"increment", 10}}}});
    ASSERT_EQ(made.status, 201);
    const std::string id = made.body["id"], secret = made.body["secret"];
    for (int cycle = 1; cycle <= 3; ++cycle) {
        ASSERT_EQ(
            call("POST", "/api/games/" + id + "/move", {{"move", first_move(id)}}, secret).status,
            200);
        api_->games().run_computer_moves();
        ASSERT_EQ(state(id)["ply"], 2);
        now_ += 5000;  // five seconds of thought, then a change of mind
        ASSERT_EQ(call("POST", "/api/games/" + id + "/takeback", json::object(), secret).status,
                  200);
        const json clock = state(id)["clock"];
        EXPECT_EQ(clock["left"][0], 60000 - 5000 * cycle) << "cycle " << cycle;
        EXPECT_EQ(clock["left"][1], 60000) << "cycle " << cycle;
    }
}

TEST_F(OnlineSafety, NamesMayNotHideOrReorderText) {
    for (const char* name :
         {"a\xc2\x85"
          "b",
          "line\xe2\x80\xa8two", "evil\xe2\x80\xaeolleh", "zero\xe2\x80\x8bwidth",
          "\xef\xbb\xbf"
          "bom",
          "tab\there", "\xc2\x9b"}) {
        const ApiResponse r = create({{"name", name}});
        EXPECT_EQ(r.status, 400) << r.body.dump();
    }
    for (const char* name : {"Ann", "Анна", "李", "O'Neil-Smith (club)"})
        EXPECT_EQ(create({{"name", name}, {"opponent", "random"}}, "127.0.0.1").status, 201)
            << name;
}

TEST(LocalSafety, OneAddressHoldsOnlySoManyLocalGames) {
    GameLimits limits;
    limits.local.per_client = 2;
    ApiRig rig({}, 1, limits);
    Api& api = rig.api;
    const json body = {{"kind", "local"}, {"game", "starstar:size=6"}};
    EXPECT_EQ(call(api, "POST", "/api/games", body, "203.0.113.9").status, 201);
    EXPECT_EQ(call(api, "POST", "/api/games", body, "203.0.113.9").status, 201);
    EXPECT_EQ(call(api, "POST", "/api/games", body, "203.0.113.9").status, 429);
    EXPECT_EQ(call(api, "POST", "/api/games", body, "198.51.100.4").status, 201);
    // A full table does not evict games still in use.
    GameLimits full;
    full.local.max_games = 2;
    ApiRig busy_rig({}, 1, full);
    Api& busy = busy_rig.api;
    EXPECT_EQ(call(busy, "POST", "/api/games", body, "198.51.100.5").status, 201);
    EXPECT_EQ(call(busy, "POST", "/api/games", body, "198.51.100.6").status, 201);
    EXPECT_EQ(call(busy, "POST", "/api/games", body, "198.51.100.7").status, 503);
}

}  // namespace
}  // namespace asterism::server
