// Tests of the HTTP layer of `asterism serve` without a network: the request
// parser (limits enforced as the bytes arrive, pipelining, decoding), the
// Site (static files, methods, errors on bytes that are not UTF-8), the
// search admission and the worker pool; and, through a real socket on the
// loopback interface, the timeouts, keep-alive and the connection cap.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "../common/loopback.h"
#include "core/text.h"
#include "server/app.h"
#include "server/game_service.h"
#include "server/site.h"

namespace asterism::server {
namespace {

using nlohmann::json;

// The request parsed from `bytes` fed in pieces of `piece` bytes, or the
// error response.
RequestParser::Result parse(std::string_view bytes, std::size_t piece = 1 << 20,
                            HttpLimits limits = {}) {
    RequestParser parser(limits);
    RequestParser::Result r;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
        parser.feed(bytes.substr(at, piece));
        r = parser.next();
        if (r.request || r.error) return r;
    }
    return r;
}

int error_status(std::string_view bytes, HttpLimits limits = {}) {
    const auto r = parse(bytes, 1 << 20, limits);
    EXPECT_TRUE(r.error.has_value()) << bytes.substr(0, 80);
    return r.error ? r.error->status : 0;
}

TEST(HttpParser, ReadsARequestWholeOrByteByByte) {
    const std::string text =
        "POST /api/games/ab%20c?ply=3&x=a+b HTTP/1.1\r\nHost: h\r\n"
        "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, text.size()}) {
        const auto r = parse(text, piece);
        ASSERT_TRUE(r.request) << piece;
        EXPECT_EQ(r.request->method, "POST");
        EXPECT_EQ(r.request->path, "/api/games/ab c");
        EXPECT_EQ(r.request->query.at("ply"), "3");
        EXPECT_EQ(r.request->query.at("x"), "a b");
        EXPECT_EQ(r.request->body, "{}");
        EXPECT_EQ(*r.request->header("content-type"), "application/json");
        EXPECT_TRUE(r.request->keep_alive);
    }
}

TEST(HttpParser, PipelinedRequestsComeOneAtATime) {
    RequestParser parser;
    parser.feed(
        "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.0\r\n\r\nGET /c HTTP/1.1\r\nConnection: "
        "close\r\n\r\n");
    const auto a = parser.next();
    const auto b = parser.next();
    const auto c = parser.next();
    ASSERT_TRUE(a.request && b.request && c.request);
    EXPECT_EQ(a.request->path, "/a");
    EXPECT_EQ(b.request->path, "/b");
    EXPECT_FALSE(b.request->keep_alive);  // HTTP/1.0 without keep-alive
    EXPECT_FALSE(c.request->keep_alive);
    EXPECT_FALSE(parser.next().request);
    EXPECT_EQ(parser.buffered(), 0u);
}

TEST(HttpParser, PathsKeepEveryByteButNul) {
    const auto r = parse("GET /%ff%c0%ae HTTP/1.1\r\n\r\n");
    ASSERT_TRUE(r.request);
    EXPECT_EQ(r.request->path, "/\xff\xc0\xae");
    EXPECT_EQ(error_status("GET /%00 HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(error_status("GET /%zz HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(error_status("GET /%f HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(error_status("GET * HTTP/1.1\r\n\r\n"), 400);
}

TEST(HttpParser, LimitsAreEnforcedBeforeTheRestArrives) {
    HttpLimits limits;
    limits.max_request_line = 100;
    limits.max_head = 400;
    limits.max_headers = 5;
    limits.max_body = 1000;
    // No blank line yet: the parser does not wait for the rest.
    EXPECT_EQ(error_status("GET /" + std::string(200, 'a'), limits), 414);
    EXPECT_EQ(error_status("GET / HTTP/1.1\r\nX: " + std::string(500, 'b'), limits), 431);
    std::string many = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 6; ++i) many += "X" + std::to_string(i) + ": y\r\n";
    EXPECT_EQ(error_status(many + "\r\n", limits), 431);
    // A declared oversize body is refused with only the head sent.
    const auto big = parse("POST / HTTP/1.1\r\nContent-Length: 1001\r\n\r\n", 1 << 20, limits);
    ASSERT_TRUE(big.error);
    EXPECT_EQ(big.error->status, 413);
    EXPECT_TRUE(big.error->close);
    EXPECT_NE(big.error->body.find("1001"), std::string::npos);
}

TEST(HttpParser, MalformedHeadsGetTheirOwnStatus) {
    EXPECT_EQ(error_status("GET / HTTP/2.0\r\n\r\n"), 505);
    EXPECT_EQ(error_status("GET / HTTX/1.1\r\n\r\n"), 400);
    EXPECT_EQ(error_status("get / HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(error_status("GET  / HTTP/1.1\r\n\r\n"), 400);
    EXPECT_EQ(error_status("GET / HTTP/1.1\r\nNo colon\r\n\r\n"), 400);
    EXPECT_EQ(error_status("GET / HTTP/1.1\r\nBad name: x\r\n\r\n"), 400);
    EXPECT_EQ(error_status("POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n"), 400);
    EXPECT_EQ(error_status("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n"),
              400);
    EXPECT_EQ(error_status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501);
    EXPECT_EQ(error_status("POST / HTTP/1.1\r\nExpect: 200-ok\r\n\r\n"), 417);
}

TEST(HttpParser, ExpectContinueIsSignalledOnce) {
    RequestParser parser;
    parser.feed("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n");
    EXPECT_FALSE(parser.next().request);
    EXPECT_TRUE(parser.take_continue());
    EXPECT_FALSE(parser.take_continue());
    parser.feed("{}");
    EXPECT_TRUE(parser.next().request);
}

TEST(HttpResponses, HeadKeepsTheLengthAndDropsTheBody) {
    HttpResponse r;
    r.body = "12345";
    const std::string head = serialize(r, true, true);
    EXPECT_NE(head.find("Content-Length: 5\r\n"), std::string::npos);
    EXPECT_EQ(head.substr(head.size() - 4), "\r\n\r\n");
    EXPECT_EQ(serialize(r, false, false).find("Connection: close"),
              serialize(r, false, false).find("Connection: "));
}

class SiteTest : public ::testing::Test {
  protected:
    HttpResponse get(const std::string& method, const std::string& target,
                     const std::string& body = {}, const std::string& type = "application/json") {
        std::string text = method + " " + target + " HTTP/1.1\r\n";
        if (!body.empty())
            text += "Content-Type: " + type + "\r\nContent-Length: " + std::to_string(body.size()) +
                    "\r\n";
        const auto r = parse(text + "\r\n" + body);
        EXPECT_TRUE(r.request) << target;
        return r.request ? site.respond(*r.request) : HttpResponse{};
    }
    std::string error_of(const HttpResponse& r) {
        const json j = json::parse(r.body);
        return j.at("error").get<std::string>();
    }
    SiteTest() { site.api().attach(&games, true); }
    store::Store store{":memory:"};
    EventHub hub;
    GameService games{store, hub, GameLimits{}, 1};
    Site site{ASTERISM_WEB_DIR, ApiLimits{}};
};

TEST_F(SiteTest, PathsThatAreNotUtf8AreA404WithAPrintableMessage) {
    for (const char* target :
         {"/%ff", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/api/%ff", "/api/games/%ff%fe/move"}) {
        const HttpResponse r = get("GET", target);
        EXPECT_EQ(r.status, 404) << target;
        EXPECT_TRUE(valid_utf8(r.body)) << r.body;
        EXPECT_NE(error_of(r).find("\\x"), std::string::npos) << r.body;
    }
}

TEST_F(SiteTest, StaticFilesStayInsideTheUiFolder) {
    EXPECT_EQ(get("GET", "/").status, 200);
    const HttpResponse js = get("GET", "/app.js");
    EXPECT_EQ(js.status, 200);
    EXPECT_EQ(js.content_type, "text/javascript; charset=utf-8");
    EXPECT_EQ(get("GET", "/../CMakeLists.txt").status, 404);
    EXPECT_EQ(get("GET", "/%2e%2e/CMakeLists.txt").status, 404);
    EXPECT_EQ(get("GET", "/..%5cCMakeLists.txt").status, 404);
    EXPECT_EQ(get("GET", "/no-such-file.js").status, 404);
    const HttpResponse post = get("POST", "/index.html");
    EXPECT_EQ(post.status, 405);
    bool allow = false;
    for (const auto& [k, v] : post.headers) allow |= k == "Allow" && v == "GET, HEAD";
    EXPECT_TRUE(allow);
}

// Every page is served by its plain name (a link someone types or shares:
// /rules, /puzzles), and each links to the others from its header.
TEST_F(SiteTest, EveryPageIsServedByItsNameAndLinksToTheOthers) {
    for (const char* page : {"/", "/rules", "/learn", "/puzzles", "/online", "/account", "/player",
                             "/leaderboard", "/moderation", "/tournaments", "/tournament"}) {
        const HttpResponse r = get("GET", page);
        ASSERT_EQ(r.status, 200) << page;
        EXPECT_EQ(r.content_type, "text/html; charset=utf-8") << page;
        for (const char* link : {"rules.html", "learn.html", "puzzles.html", "account.html",
                                 "leaderboard.html", "tournaments.html"})
            EXPECT_NE(r.body.find(std::string("href=\"") + link), std::string::npos)
                << page << " has no link to " << link;
    }
}

TEST_F(SiteTest, WrongMethodsOnTheApiAre405WithAllow) {
    for (const char* method : {"PATCH", "OPTIONS", "PUT", "POST"}) {
        const HttpResponse r = get(method, "/api/catalog");
        EXPECT_EQ(r.status, 405) << method;
        EXPECT_NE(error_of(r).find("takes GET"), std::string::npos) << r.body;
        bool allow = false;
        for (const auto& [k, v] : r.headers) allow |= k == "Allow" && v == "GET, HEAD";
        EXPECT_TRUE(allow) << method;
    }
    // HEAD is GET without the body (serialize() drops it).
    const HttpResponse head = get("HEAD", "/api/catalog");
    EXPECT_EQ(head.status, 200);
    EXPECT_FALSE(head.body.empty());
}

TEST_F(SiteTest, BodiesMustBeJsonAndShallow) {
    const std::string game = R"({"kind": "local", "game": "starstar"})";
    EXPECT_EQ(get("POST", "/api/games", game).status, 201);
    const HttpResponse form = get("POST", "/api/games", game, "text/plain");
    EXPECT_EQ(form.status, 415);
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const HttpResponse r = get("POST", "/api/games", deep);
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(error_of(r).find("deeper than 32"), std::string::npos);
    // Brackets inside strings do not count.
    const HttpResponse s = get(
        "POST", "/api/games",
        R"({"kind": "local", "game": "starstar", "position": ")" + std::string(100, '[') + R"("})");
    EXPECT_EQ(s.status, 400);
    EXPECT_EQ(error_of(s).find("deeper"), std::string::npos);
}

// A request's lane is its route's (routes.h): searches on the search lane,
// whatever may wait on the store on the disk lane, the rest quick. (The
// whole table is checked against the store in routes_test.cpp.)
TEST_F(SiteTest, ARequestRunsOnItsRoutesLane) {
    using Lane = Handler::Lane;
    const Api& api = site.api();
    EXPECT_EQ(api.lane("POST", "/api/games/x/computer"), Lane::Search);
    EXPECT_EQ(api.lane("POST", "/api/games/x/analyze"), Lane::Search);
    EXPECT_EQ(api.lane("POST", "/api/games/x/draw"), Lane::Search);
    EXPECT_EQ(api.lane("GET", "/api/games/x/analyze"), Lane::Quick);  // no such route
    EXPECT_EQ(api.lane("POST", "/api/games/x/move"), Lane::Disk);
    EXPECT_EQ(api.lane("POST", "/api/games"), Lane::Disk);
    EXPECT_EQ(api.lane("HEAD", "/api/games/x"), Lane::Disk);
    EXPECT_EQ(api.lane("POST", "/computer"), Lane::Quick);
    EXPECT_EQ(api.lane("GET", "/api/catalog"), Lane::Quick);
}

TEST(WorkerPool, ABoundedQueueRefusesWhenFull) {
    std::atomic<bool> started{false}, release{false};
    std::atomic<int> ran{0};
    {
        WorkerPool pool(1, 2);
        auto job = [&] {
            started.store(true);
            while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            ++ran;
        };
        EXPECT_TRUE(pool.submit(job));
        // Bounded wait for the one thread to take the first job.
        for (int i = 0; i < 5000 && !started.load(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        ASSERT_TRUE(started.load());
        EXPECT_TRUE(pool.submit(job));
        EXPECT_TRUE(pool.submit(job));
        EXPECT_FALSE(pool.submit(job));  // one running, two queued: full
        release.store(true);
    }
    EXPECT_EQ(ran.load(), 3);  // the pool finishes its queue before it goes
}

// ---- through a socket on the loopback interface ----------------------------

class LiveServer {
  public:
    explicit LiveServer(ServeOptions options) : server_(prepare(std::move(options))) {
        port_ = server_.bind();
        thread_ = std::thread([this] { server_.run(); });
    }
    ~LiveServer() {
        server_.stop();
        thread_.join();
    }
    int port() const { return port_; }

  private:
    static ServeOptions prepare(ServeOptions o) {
        o.host = "127.0.0.1";
        o.port = 0;
        o.web_dir = ASTERISM_WEB_DIR;
        return o;
    }
    Server server_;
    int port_ = 0;
    std::thread thread_;
};

int connect_to(int port) {
    return testing::connect_loopback(port);
}

void send_all(int fd, std::string_view text) {
    ASSERT_EQ(send(fd, text.data(), text.size(), MSG_NOSIGNAL), static_cast<ssize_t>(text.size()));
}

// Everything the server sends until it closes (or the read times out).
std::string read_until_close(int fd) {
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

TEST(HttpServerLive, AHalfSentRequestTimesOutWith408) {
    ServeOptions o;
    o.server.header_seconds = 0.3;
    LiveServer server(o);
    const int fd = connect_to(server.port());
    ASSERT_GE(fd, 0);
    send_all(fd, "GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const std::string reply = read_until_close(fd);
    close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0u) << reply;
}

TEST(HttpServerLive, KeepAliveAnswersManyRequestsOnOneConnection) {
    LiveServer server(ServeOptions{});
    const int fd = connect_to(server.port());
    ASSERT_GE(fd, 0);
    // Pipelined: all at once, answered in order.
    std::string batch;
    for (int i = 0; i < 20; ++i) batch += "GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    batch += "GET /index.html HTTP/1.1\r\nConnection: close\r\n\r\n";
    send_all(fd, batch);
    const std::string reply = read_until_close(fd);
    close(fd);
    std::size_t count = 0;
    for (auto at = reply.find("HTTP/1.1 200"); at != std::string::npos;
         at = reply.find("HTTP/1.1 200", at + 1))
        ++count;
    EXPECT_EQ(count, 21u);
    EXPECT_NE(reply.find("<title>asterism</title>"), std::string::npos);
}

TEST(HttpServerLive, PastTheConnectionCapTheLongestIdleMakesRoom) {
    ServeOptions o;
    o.server.max_connections = 4;
    LiveServer server(o);
    std::vector<int> idle;
    for (int i = 0; i < 6; ++i) idle.push_back(connect_to(server.port()));
    const int fd = connect_to(server.port());
    ASSERT_GE(fd, 0);
    send_all(fd, "GET /api/catalog HTTP/1.1\r\nConnection: close\r\n\r\n");
    const std::string reply = read_until_close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0u) << reply.substr(0, 100);
    // The first ones were closed to make room.
    EXPECT_EQ(read_until_close(idle[0]), "");
    for (const int f : idle) close(f);
    close(fd);
}

}  // namespace
}  // namespace asterism::server

namespace asterism::server {
namespace {

// A stalled disk (here: the database held by another writer, so that every
// write waits) holds up the requests that write, never the others: the
// catalog answers while a dozen writes still wait.
TEST(HttpServerLive, WritesWaitingOnTheDiskDoNotHoldUpOtherRequests) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("asterism-stall-" + std::to_string(getpid()));
    fs::remove_all(dir);
    int port = 0;
    {
        ServeOptions o;
        o.online.data_dir = dir.string();
        LiveServer server(o);
        port = server.port();
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir / "asterism.db").c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
        const std::string body = R"({"game": "starstar:size=6", "opponent": "random"})";
        std::vector<int> writers;
        for (int i = 0; i < 12; ++i) {
            const int fd = connect_to(port);
            ASSERT_GE(fd, 0);
            send_all(fd,
                     "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                     "application/json\r\nConnection: close\r\nContent-Length: " +
                         std::to_string(body.size()) + "\r\n\r\n" + body);
            writers.push_back(fd);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const int fd = connect_to(port);
        send_all(fd, "GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        const std::string catalog = read_until_close(fd);
        close(fd);
        EXPECT_EQ(catalog.rfind("HTTP/1.1 200", 0), 0u) << catalog.substr(0, 80);
        int answered = 0;
        for (const int w : writers) {
            char c = 0;
            answered += recv(w, &c, 1, MSG_DONTWAIT | MSG_PEEK) > 0;
        }
        EXPECT_EQ(answered, 0) << "writes answered before the catalog: the disk held it up";
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        for (const int w : writers) {
            const std::string reply = read_until_close(w);
            close(w);
            EXPECT_TRUE(reply.rfind("HTTP/1.1 201", 0) == 0 || reply.rfind("HTTP/1.1 503", 0) == 0)
                << reply.substr(0, 120);
        }
    }
    fs::remove_all(dir);
}

}  // namespace
}  // namespace asterism::server
