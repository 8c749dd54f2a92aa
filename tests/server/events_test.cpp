// Tests of the live updates of online games: the EventHub on its own
// (order, catch-up, limits, presence), and event streams through a real
// socket on the loopback interface (events reach an open stream, a
// reconnect catches up, a closed stream unsubscribes, limits answer 429,
// a client that does not read is closed).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../common/loopback.h"
#include "server/app.h"
#include "server/events.h"

namespace asterism::server {
namespace {

// Records what the hub delivers.
class Recorder : public EventSink {
  public:
    void deliver(const Event& event) override {
        std::lock_guard lock(mutex_);
        seqs_.push_back(event.seq);
        data_.push_back(event.data);
        types_.push_back(event.type);
    }
    std::vector<std::string> types() const {
        std::lock_guard lock(mutex_);
        return types_;
    }
    std::vector<std::uint64_t> seqs() const {
        std::lock_guard lock(mutex_);
        return seqs_;
    }
    std::vector<std::string> data() const {
        std::lock_guard lock(mutex_);
        return data_;
    }

  private:
    mutable std::mutex mutex_;
    std::vector<std::uint64_t> seqs_;
    std::vector<std::string> data_;
    std::vector<std::string> types_;
};

Event state(std::uint64_t seq, std::string data = "{}") {
    return Event{seq, "state", std::move(data)};
}

TEST(EventHub, PublishesInOrderToTheChannelsSubscribers) {
    EventHub hub;
    auto a = std::make_shared<Recorder>(), b = std::make_shared<Recorder>();
    const auto ha = hub.subscribe("g1", "", "1.1.1.1", a, 0);
    const auto hb = hub.subscribe("g2", "", "1.1.1.1", b, 0);
    ASSERT_NE(ha, 0u);
    ASSERT_NE(hb, 0u);
    EXPECT_NE(ha, hb);
    hub.publish("g1", state(1, "one"));
    hub.publish("g1", state(2, "two"));
    hub.publish("g1", state(1, "stale"));  // older than the latest: ignored
    hub.publish("g2", state(7));
    EXPECT_EQ(a->seqs(), (std::vector<std::uint64_t>{1, 2}));
    EXPECT_EQ(a->data(), (std::vector<std::string>{"one", "two"}));
    EXPECT_EQ(b->seqs(), (std::vector<std::uint64_t>{7}));
    Event latest;
    ASSERT_TRUE(hub.latest("g1", latest));
    EXPECT_EQ(latest.seq, 2u);
    EXPECT_EQ(latest.data, "two");
    EXPECT_FALSE(hub.latest("nothing", latest));
    hub.drop("g1");
    EXPECT_FALSE(hub.latest("g1", latest));
}

// A seat's stream opened again (another browser took the seat) tells the
// seat's older streams at once with `event: taken`; nobody else hears it.
TEST(EventHub, ASeatOpenedAgainTellsItsOlderStreamsOnly) {
    EventHub hub;
    hub.publish("g", state(3));
    auto held = std::make_shared<Recorder>(), watcher = std::make_shared<Recorder>(),
         opponent = std::make_shared<Recorder>(), elsewhere = std::make_shared<Recorder>(),
         taker = std::make_shared<Recorder>(), spectator = std::make_shared<Recorder>();
    hub.subscribe("g", "first", "1.1.1.1", held, 3);
    hub.subscribe("g", "", "1.1.1.1", watcher, 3);
    hub.subscribe("g", "second", "1.1.1.1", opponent, 3);
    hub.subscribe("g2", "first", "1.1.1.1", elsewhere, 0);
    hub.subscribe("g", "", "2.2.2.2", spectator, 3);
    EXPECT_TRUE(held->types().empty());
    hub.subscribe("g", "first", "2.2.2.2", taker, 3);
    EXPECT_EQ(held->types(), (std::vector<std::string>{"taken"}));
    EXPECT_EQ(held->seqs(), (std::vector<std::uint64_t>{3}));
    for (const auto& r : {watcher, opponent, elsewhere, taker, spectator})
        EXPECT_TRUE(r->types().empty());
    // The stream that took the seat still gets the game's events.
    hub.publish("g", state(4));
    EXPECT_EQ(taker->seqs(), (std::vector<std::uint64_t>{4}));
    EXPECT_EQ(held->types(), (std::vector<std::string>{"taken", "state"}));
}

TEST(EventHub, ASubscriberCatchesUpFromItsLastSeenEvent) {
    EventHub hub;
    hub.publish("g", state(5, "five"));
    auto behind = std::make_shared<Recorder>(), current = std::make_shared<Recorder>(),
         fresh = std::make_shared<Recorder>();
    hub.subscribe("g", "", "c", behind, 3);
    hub.subscribe("g", "", "c", current, 5);
    hub.subscribe("g", "", "c", fresh, 0);
    EXPECT_EQ(behind->data(), (std::vector<std::string>{"five"}));
    EXPECT_TRUE(current->seqs().empty());
    EXPECT_EQ(fresh->seqs(), (std::vector<std::uint64_t>{5}));
    hub.publish("g", state(6));
    EXPECT_EQ(current->seqs(), (std::vector<std::uint64_t>{6}));
}

TEST(EventHub, LimitsPerClientAndInAll) {
    EventHub hub(EventLimits{3, 2});
    auto sink = std::make_shared<Recorder>();
    const auto h1 = hub.subscribe("g", "", "a", sink, 0);
    EXPECT_NE(hub.subscribe("g", "", "a", sink, 0), 0u);
    EXPECT_EQ(hub.subscribe("g", "", "a", sink, 0), 0u);  // a's third
    EXPECT_EQ(hub.streams_of("a"), 2u);
    EXPECT_NE(hub.subscribe("g", "", "b", sink, 0), 0u);
    EXPECT_EQ(hub.subscribe("h", "", "c", sink, 0), 0u);  // the fourth in all
    EXPECT_EQ(hub.streams(), 3u);
    hub.unsubscribe(h1);
    EXPECT_EQ(hub.streams(), 2u);
    EXPECT_NE(hub.subscribe("g", "", "a", sink, 0), 0u);  // room again
}

TEST(EventHub, UnsubscribedSinksGetNothingAndHandlesAreForgotten) {
    EventHub hub;
    auto sink = std::make_shared<Recorder>();
    const auto h = hub.subscribe("g", "", "a", sink, 0);
    hub.unsubscribe(h);
    hub.unsubscribe(h);       // twice: harmless
    hub.unsubscribe(999999);  // unknown: harmless
    hub.publish("g", state(1));
    EXPECT_TRUE(sink->seqs().empty());
    EXPECT_EQ(hub.streams(), 0u);
    EXPECT_EQ(hub.streams_of("a"), 0u);
}

TEST(EventHub, PresenceChangesRunTheCallbackWithoutTheLock) {
    EventHub hub;
    std::vector<std::string> calls;
    bool first_seen = false;
    hub.on_presence([&](const std::string& channel) {
        calls.push_back(channel);
        // The hub's lock is released: asking it again must not deadlock.
        first_seen = hub.connected(channel, "first");
    });
    auto sink = std::make_shared<Recorder>();
    const auto a = hub.subscribe("g", "first", "x", sink, 0);
    EXPECT_EQ(calls.size(), 1u);
    EXPECT_TRUE(first_seen);
    const auto b = hub.subscribe("g", "first", "y", sink, 0);  // 1 to 2: no change
    const auto s = hub.subscribe("g", "", "z", sink, 0);       // a spectator: no presence
    EXPECT_EQ(calls.size(), 1u);
    EXPECT_TRUE(hub.connected("g", "first"));
    EXPECT_FALSE(hub.connected("g", "second"));
    EXPECT_FALSE(hub.connected("other", "first"));
    hub.unsubscribe(a);  // 2 to 1
    hub.unsubscribe(s);
    EXPECT_EQ(calls.size(), 1u);
    hub.unsubscribe(b);  // 1 to 0
    EXPECT_EQ(calls, (std::vector<std::string>{"g", "g"}));
    EXPECT_FALSE(first_seen);
    EXPECT_FALSE(hub.connected("g", "first"));
}

TEST(EventHub, ConcurrentPublishersNeverShowASinkAnOlderEvent) {
    EventHub hub;
    auto sink = std::make_shared<Recorder>();
    hub.subscribe("g", "", "a", sink, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&hub, t] {
            for (std::uint64_t seq = 1; seq <= 200; ++seq)
                if (seq % 4 == static_cast<std::uint64_t>(t)) hub.publish("g", state(seq));
        });
    for (auto& t : threads) t.join();
    const auto seqs = sink->seqs();
    ASSERT_FALSE(seqs.empty());
    for (std::size_t i = 1; i < seqs.size(); ++i) EXPECT_LT(seqs[i - 1], seqs[i]);
    Event latest;
    ASSERT_TRUE(hub.latest("g", latest));
    EXPECT_EQ(seqs.back(), latest.seq);
}

// ---- event streams through a socket on the loopback interface ---------------

class StreamServer {
  public:
    explicit StreamServer(ServeOptions o = {}) : server_(prepare(std::move(o))) {
        port_ = server_.bind();
        thread_ = std::thread([this] { server_.run(); });
        // Streams follow online games: one to follow.
        const ApiResponse made = server_.api().handle(ApiRequest{"POST",
                                                                 "/api/games",
                                                                 {},
                                                                 R"({"game": "shatra"})",
                                                                 "127.0.0.1",
                                                                 {},
                                                                 {},
                                                                 nullptr,
                                                                 "application/json"});
        game_ = made.body.value("id", "");
    }
    ~StreamServer() {
        server_.stop();
        thread_.join();
        std::filesystem::remove_all(data_dir());
    }
    int port() const { return port_; }
    // The id of the game whose stream the tests open; its own state is event 1,
    // so the tests publish from seq 10 on.
    const std::string& game() const { return game_; }
    EventHub& hub() { return server_.events(); }

    // Waits (at most 200 × 10 ms) until the hub has `n` streams.
    bool wait_streams(std::size_t n) {
        for (int i = 0; i < 200 && hub().streams() != n; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return hub().streams() == n;
    }

  private:
    static std::string data_dir() {
        return (std::filesystem::temp_directory_path() /
                ("asterism-streams-" + std::to_string(::getpid())))
            .string();
    }
    static ServeOptions prepare(ServeOptions o) {
        o.host = "127.0.0.1";
        o.port = 0;
        o.web_dir = ASTERISM_WEB_DIR;
        std::filesystem::remove_all(data_dir());
        o.online.data_dir = data_dir();
        return o;
    }
    Server server_;
    std::string game_;
    int port_ = 0;
    std::thread thread_;
};

int open_socket(int port) {
    return testing::connect_loopback(port);
}

// Opens a stream of game `id`; the socket, or -1.
int open_stream(int port, const std::string& id, const std::string& last_event_id = "") {
    const int fd = open_socket(port);
    if (fd < 0) return -1;
    std::string request = "GET /api/games/" + id + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    if (!last_event_id.empty()) request += "Last-Event-ID: " + last_event_id + "\r\n";
    request += "Accept: text/event-stream\r\n\r\n";
    if (send(fd, request.data(), request.size(), MSG_NOSIGNAL) !=
        static_cast<ssize_t>(request.size())) {
        close(fd);
        return -1;
    }
    return fd;
}

// Reads until `text` has arrived (true), the peer closes or a read times out.
bool read_until(int fd, std::string& got, std::string_view text) {
    char buf[4096];
    for (int i = 0; i < 1000 && got.find(text) == std::string::npos; ++i) {
        const ssize_t n = recv(fd, buf, sizeof buf, 0);
        if (n <= 0) return false;
        got.append(buf, static_cast<std::size_t>(n));
    }
    return got.find(text) != std::string::npos;
}

TEST(EventStreams, AnOpenStreamReceivesWhatIsPublished) {
    StreamServer server;
    const int fd = open_stream(server.port(), server.game());
    ASSERT_GE(fd, 0);
    std::string got;
    ASSERT_TRUE(read_until(fd, got, "retry: 2000\n\n")) << got;
    EXPECT_EQ(got.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << got;
    EXPECT_NE(got.find("Content-Type: text/event-stream\r\n"), std::string::npos);
    EXPECT_NE(got.find("Cache-Control: no-store\r\n"), std::string::npos);
    EXPECT_NE(got.find("X-Accel-Buffering: no\r\n"), std::string::npos);
    EXPECT_EQ(got.find("Content-Length"), std::string::npos);
    ASSERT_TRUE(server.wait_streams(1));
    server.hub().publish(server.game(), state(11, R"({"ply":1})"));
    server.hub().publish("g2", state(19, R"({"other":true})"));  // not this stream's game
    server.hub().publish(server.game(), state(12, R"({"ply":2})"));
    ASSERT_TRUE(read_until(fd, got, "id: 12\n")) << got;
    ASSERT_TRUE(read_until(fd, got, "\n\n")) << got;
    // First the game's own state (event 1), then the two in order.
    EXPECT_NE(got.find("id: 1\nevent: state\ndata: {"), std::string::npos) << got;
    const std::string body = got.substr(got.find("id: 11"));
    EXPECT_EQ(body.substr(0, body.find("id: 12")), "id: 11\nevent: state\ndata: {\"ply\":1}\n\n");
    EXPECT_EQ(got.find("other"), std::string::npos);
    close(fd);
}

TEST(EventStreams, AReconnectCatchesUpAndAClosedStreamUnsubscribes) {
    StreamServer server;
    server.hub().publish(server.game(), state(14, R"({"ply":4})"));
    const int behind = open_stream(server.port(), server.game(), "13");
    ASSERT_GE(behind, 0);
    std::string got;
    ASSERT_TRUE(read_until(behind, got, "data: {\"ply\":4}\n\n")) << got;
    EXPECT_NE(got.find("id: 14\nevent: state\n"), std::string::npos);
    // Up to date: nothing until the next event.
    const int current = open_stream(server.port(), server.game(), "14");
    ASSERT_GE(current, 0);
    ASSERT_TRUE(server.wait_streams(2));
    server.hub().publish(server.game(), state(15, R"({"ply":5})"));
    std::string now;
    ASSERT_TRUE(read_until(current, now, "data: {\"ply\":5}\n\n")) << now;
    EXPECT_EQ(now.find("ply\":4"), std::string::npos);
    close(behind);
    EXPECT_TRUE(server.wait_streams(1));
    close(current);
    EXPECT_TRUE(server.wait_streams(0));
}

TEST(EventStreams, TooManyFromOneClientGet429AndOthersStillWork) {
    StreamServer server;
    const std::size_t per_client = server.hub().limits().max_streams_per_client;
    std::vector<int> open;
    for (std::size_t i = 0; i < per_client; ++i) {
        const int fd = open_stream(server.port(), server.game());
        ASSERT_GE(fd, 0);
        std::string got;
        ASSERT_TRUE(read_until(fd, got, "retry: 2000\n\n")) << i << got;
        open.push_back(fd);
    }
    const int refused = open_stream(server.port(), server.game());
    ASSERT_GE(refused, 0);
    std::string got;
    ASSERT_TRUE(read_until(refused, got, "}")) << got;
    EXPECT_EQ(got.rfind("HTTP/1.1 429", 0), 0u) << got;
    EXPECT_NE(got.find("\"error\":\"too many live connections"), std::string::npos) << got;
    EXPECT_NE(got.find("\"code\":\"limit.streams.yours\""), std::string::npos) << got;
    close(refused);
    EXPECT_EQ(server.hub().streams(), per_client);
    for (const int fd : open) close(fd);
    EXPECT_TRUE(server.wait_streams(0));
}

TEST(EventStreams, AQuietStreamGetsHeartbeatsAndOutlivesTheIdleTimeout) {
    ServeOptions o;
    o.server.idle_seconds = 0.2;
    o.server.stream_ping_seconds = 0.6;
    StreamServer server(o);
    const int fd = open_stream(server.port(), server.game());
    ASSERT_GE(fd, 0);
    std::string got;
    ASSERT_TRUE(read_until(fd, got, "retry: 2000\n\n")) << got;
    // The first ping comes after the idle timeout has passed.
    ASSERT_TRUE(read_until(fd, got, ": ping\n\n")) << got;
    EXPECT_EQ(server.hub().streams(), 1u);
    close(fd);
}

TEST(EventStreams, StreamsDoNotCountAmongTheConnectionsNorMakeRoom) {
    ServeOptions o;
    o.server.max_connections = 4;
    StreamServer server(o);
    std::vector<int> streams;
    for (int i = 0; i < 6; ++i) {
        const int fd = open_stream(server.port(), server.game());
        ASSERT_GE(fd, 0);
        std::string got;
        ASSERT_TRUE(read_until(fd, got, "retry: 2000\n\n")) << got;
        streams.push_back(fd);
    }
    std::vector<int> idle;
    for (int i = 0; i < 6; ++i) idle.push_back(open_socket(server.port()));
    const int fd = open_socket(server.port());
    ASSERT_GE(fd, 0);
    const std::string request = "GET /api/catalog HTTP/1.1\r\nConnection: close\r\n\r\n";
    ASSERT_EQ(send(fd, request.data(), request.size(), MSG_NOSIGNAL),
              static_cast<ssize_t>(request.size()));
    std::string reply;
    read_until(fd, reply, "\r\n\r\n");
    EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0u) << reply;
    // Idle connections made room; every stream is still open and carries
    // the next event.
    EXPECT_EQ(server.hub().streams(), 6u);
    server.hub().publish(server.game(), state(20, "after"));
    for (const int s : streams) {
        std::string got;
        EXPECT_TRUE(read_until(s, got, "data: after\n\n")) << got;
        close(s);
    }
    for (const int f : idle) close(f);
    close(fd);
}

TEST(EventStreams, AClientThatDoesNotReadIsClosed) {
    ServeOptions o;
    o.server.stream_buffer = 64 * 1024;
    StreamServer server(o);
    const int fd = open_stream(server.port(), server.game());
    ASSERT_GE(fd, 0);
    // A small receive buffer, so that the kernel holds little for the client.
    const int small = 4096;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    ASSERT_TRUE(server.wait_streams(1));
    // 64 MiB published in all; the client reads none of it.
    const std::string big(64 * 1024, 'x');
    for (std::uint64_t seq = 10; seq <= 1034 && server.hub().streams() > 0; ++seq)
        server.hub().publish(server.game(), state(seq, big));
    EXPECT_TRUE(server.wait_streams(0));
    close(fd);
}

}  // namespace
}  // namespace asterism::server
