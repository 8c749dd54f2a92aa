// GET /health and GET /metrics (metrics.h) through the composition root,
// without sockets: who may read them, what they say, and that a client
// cannot mint route labels.
#include <gtest/gtest.h>

#include <algorithm>

#include <string>

#include "server/app.h"
#include "server/metrics.h"
#include "server/net/message.h"

namespace asterism::server {
namespace {

HttpRequest get(const std::string& path, const std::string& client = "127.0.0.1",
                const std::string& token = {}, const std::string& method = "GET") {
    HttpRequest r;
    r.method = method;
    r.target = r.path = path;
    r.client = client;
    // As the transport sets it for a request made on this machine and not
    // forwarded (net/limits.h, client_origin).
    r.local = client == "127.0.0.1" || client == "::1";
    r.headers.emplace_back("host", "127.0.0.1");
    if (!token.empty()) r.headers.emplace_back("authorization", "Bearer " + token);
    return r;
}

ServeOptions options() {
    ServeOptions o;
    o.web_dir = ASTERISM_WEB_DIR;
    o.online.start_threads = false;
    o.metrics_token = "a-token-of-some-length";
    return o;
}

TEST(Operations, OnlyTheLoopbackInterfaceOrTheTokenReadsThem) {
    App app(options());
    for (const std::string path : {"/health", "/metrics"}) {
        EXPECT_EQ(app.respond(get(path)).status, 200) << path;
        EXPECT_EQ(app.respond(get(path, "::1")).status, 200) << path;
        EXPECT_EQ(app.respond(get(path, "203.0.113.5")).status, 403) << path;
        // Forwarded by the proxy on this machine: a visitor, not the
        // operator (issue 41, item 1).
        HttpRequest forwarded = get(path);
        forwarded.local = false;
        EXPECT_EQ(app.respond(forwarded).status, 403) << path;
        EXPECT_EQ(app.respond(get(path, "203.0.113.5", "wrong-token-of-some-length")).status, 403);
        EXPECT_EQ(app.respond(get(path, "203.0.113.5", "a-token-of-some-length")).status, 200);
        EXPECT_EQ(app.respond(get(path, "127.0.0.1", "", "POST")).status, 405) << path;
        // Issue 41, Info: the operator's routes carry the security headers.
        const HttpResponse answered = app.respond(get(path));
        const auto nosniff =
            std::find_if(answered.headers.begin(), answered.headers.end(),
                         [](const auto& h) { return h.first == "X-Content-Type-Options"; });
        EXPECT_NE(nosniff, answered.headers.end()) << path;
        HttpRequest foreign = get(path);
        foreign.headers[0].second = "evil.example";  // a name rebound to 127.0.0.1
        EXPECT_EQ(app.respond(foreign).status, 421) << path;
    }
    ServeOptions none = options();
    none.metrics_token.clear();
    App closed(none);
    EXPECT_EQ(closed.respond(get("/metrics", "203.0.113.5", "anything")).status, 403);
}

TEST(Operations, HealthSaysTheStoreTakesWrites) {
    App app(options());
    const HttpResponse r = app.respond(get("/health"));
    ASSERT_EQ(r.status, 200);
    const auto j = nlohmann::json::parse(r.body);
    EXPECT_EQ(j["status"], "ok");
    EXPECT_EQ(j["store"], "writable");
}

TEST(Operations, MetricsCountRequestsByRouteInPrometheusText) {
    App app(options());
    HttpRequest catalog = get("/api/catalog");
    app.respond(catalog);
    app.respond(get("/api/games/0123456789abcdef0123456789abcdef"));
    const HttpResponse r = app.respond(get("/metrics"));
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.content_type.rfind("text/plain; version=0.0.4", 0), 0u);
    for (const std::string line :
         {"asterism_requests_total{route=\"GET /api/catalog\",status=\"200\"} 1",
          "asterism_requests_total{route=\"GET /api/games/:id\",status=\"404\"} 1",
          "asterism_request_seconds_count{route=\"GET /api/catalog\"} 1",
          "# TYPE asterism_store_commit_seconds histogram", "asterism_games{status=\"open\"} 0",
          "asterism_moves_total 0"})
        EXPECT_NE(r.body.find(line), std::string::npos) << line << "\n" << r.body;
}

// Behind its transport (no socket bound), the app reads the lanes' queues:
// what /health and /metrics add to the games' own figures.
TEST(Operations, HealthAndMetricsShowTheTransportsLanesAndTournaments) {
    ServeOptions o = options();
    o.port = 0;
    Server server(o);
    const HttpResponse m = server.app().respond(get("/metrics"));
    for (const std::string line :
         {"asterism_lane_queued{lane=\"quick\"} 0", "asterism_lane_queued{lane=\"search\"} 0",
          "asterism_lane_busy{lane=\"store\"} 0", "# TYPE asterism_lane_busy gauge",
          "asterism_tournaments_running 0"})
        EXPECT_NE(m.body.find(line), std::string::npos) << line << "\n" << m.body;
    const auto h = nlohmann::json::parse(server.app().respond(get("/health")).body);
    for (const char* key :
         {"requests_queued", "searches_queued", "searches_running", "tournaments_running"})
        EXPECT_EQ(h.value(key, -1), 0) << key << " " << h.dump();
}

TEST(Operations, RouteLabelsAreABoundedSet) {
    EXPECT_EQ(Metrics::route_of("POST", "/api/games/ab12/move"), "POST /api/games/:id/move");
    EXPECT_EQ(Metrics::route_of("GET", "/api/players/Анна/games"), "GET /api/players/:id/games");
    EXPECT_EQ(Metrics::route_of("GET", "/index.html"), "GET static");
    EXPECT_EQ(Metrics::route_of("BREW", "/api/x"), "OTHER /api/:id");
    EXPECT_EQ(Metrics::route_of("GET", "/api/games/games/games/games/games/games/games/games"),
              "GET /api/other");
    Metrics m;
    for (int i = 0; i < 1000; ++i) m.observe("GET /made-up/" + std::to_string(i), 200, 0.001);
    const std::string text = m.text();
    EXPECT_NE(text.find("route=\"other\""), std::string::npos);
    EXPECT_EQ(text.find("/made-up/999"), std::string::npos);
}

}  // namespace
}  // namespace asterism::server

namespace asterism::server {
namespace {

TEST(Operations, ARequestsLogLineNamesItsRouteAndNoSecret) {
    for (const std::string format : {"json", "text"}) {
        ServeOptions o = options();
        o.log_format = format;
        App app(o);
        HttpRequest r = get("/api/games/0123456789abcdef0123456789abcdef/events");
        r.target += "?secret=s3cr3t-seat-secret";
        r.query["secret"] = "s3cr3t-seat-secret";
        r.headers.emplace_back("cookie", "asterism_session=c00k1e");
        r.headers.emplace_back("authorization", "Bearer b34r3r");
        testing::internal::CaptureStderr();
        app.respond(r);
        const std::string line = testing::internal::GetCapturedStderr();
        ASSERT_EQ(std::count(line.begin(), line.end(), '\n'), 1) << line;
        EXPECT_NE(line.find("GET /api/games/:id/events"), std::string::npos) << line;
        for (const char* secret : {"s3cr3t", "c00k1e", "b34r3r", "0123456789abcdef"})
            EXPECT_EQ(line.find(secret), std::string::npos) << line;
        if (format == "json") {
            const auto j = nlohmann::json::parse(line);
            EXPECT_EQ(j["event"], "request");
            EXPECT_EQ(j["status"], 404);
        }
    }
}

}  // namespace
}  // namespace asterism::server
