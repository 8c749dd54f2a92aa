// The inside of the HTTP server (server.h), shared by its two files:
// server.cpp (accepting, reading, dispatching, writing, the loop) and
// streams.cpp (event streams). Private to src/server/net/.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/net/server.h"

namespace asterism::server {
namespace net_detail {

using Clock = std::chrono::steady_clock;

// epoll keys of the two descriptors that are not connections.
constexpr std::uint64_t kListenKey = 0;
constexpr std::uint64_t kWakeKey = 1;
constexpr std::size_t kReadChunk = 64 * 1024;

inline Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

inline std::string peer_address(const sockaddr_storage& a) {
    char text[INET6_ADDRSTRLEN] = "?";
    if (a.ss_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(a).sin_addr, text, sizeof text);
    else if (a.ss_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6&>(a).sin6_addr, text, sizeof text);
    return text;
}

// The bytes published to one event stream and not yet taken by the socket
// thread. The application's publishers (any thread) append; the socket
// thread takes.
struct StreamQueue {
    std::mutex mutex;
    std::string pending;
    bool overflowed = false;  // the client fell too far behind: close it
    bool closed = false;      // the connection is gone: drop what comes
};

// How a sink tells the socket thread that a stream has bytes to send: the
// stream's key goes on a list and the loop's eventfd is written.
struct StreamWaker {
    int fd = -1;
    std::mutex mutex;
    std::vector<std::uint64_t> ready;

    void notify(std::uint64_t key) {
        {
            std::lock_guard lock(mutex);
            ready.push_back(key);
        }
        const std::uint64_t one = 1;
        [[maybe_unused]] const auto n = ::write(fd, &one, sizeof one);
    }
};

// An event as the text/event-stream format writes it. The data is one line
// of JSON; should it ever hold a line break, each line gets its own "data:"
// field, which the browser joins back.
inline std::string sse_bytes(const Event& event) {
    std::string out = "id: " + std::to_string(event.seq) + "\nevent: " + event.type + "\ndata: ";
    for (const char ch : event.data) {
        if (ch == '\n')
            out += "\ndata: ";
        else if (ch != '\r')
            out += ch;
    }
    out += "\n\n";
    return out;
}

// The sink the server subscribes for each open stream: it never blocks on
// the network, only appends under a short lock and wakes the socket thread.
class StreamSink : public EventSink {
  public:
    StreamSink(std::shared_ptr<StreamWaker> waker, std::uint64_t key,
               std::shared_ptr<StreamQueue> queue, std::size_t cap)
        : waker_(std::move(waker)), key_(key), queue_(std::move(queue)), cap_(cap) {}

    void deliver(const Event& event) override {
        const std::string bytes = sse_bytes(event);
        bool wake = false;
        {
            std::lock_guard lock(queue_->mutex);
            if (queue_->closed || queue_->overflowed) return;
            if (queue_->pending.size() + bytes.size() > cap_) {
                // Keep nothing for a client that does not read.
                queue_->overflowed = true;
                std::string().swap(queue_->pending);
                wake = true;
            } else {
                // One wake-up per batch: the socket thread takes it all.
                wake = queue_->pending.empty();
                queue_->pending += bytes;
            }
        }
        if (wake) waker_->notify(key_);
    }

  private:
    std::shared_ptr<StreamWaker> waker_;
    std::uint64_t key_;
    std::shared_ptr<StreamQueue> queue_;
    std::size_t cap_;
};

struct Connection {
    int fd = -1;
    std::string client;
    RequestParser parser;
    // Streaming: the connection carries an event stream until either side
    // closes it; `out` then holds the stream's unsent bytes.
    enum class State { Reading, Working, Writing, Streaming } state = State::Reading;
    std::string out;  // the response being written
    std::size_t out_at = 0;
    bool close_after = false;
    bool peer_closed = false;
    // Reading: when the connection became idle or its request began.
    Clock::time_point since;
    bool request_begun = false;
    Clock::time_point write_deadline;
    std::size_t reserved = 0;  // body bytes taken from the shared budget
    // Working: raised when the client hangs up, so that a search made for
    // it stops (HttpRequest::gone).
    std::shared_ptr<std::atomic<bool>> gone;
    // Streaming only.
    std::shared_ptr<StreamQueue> stream;
    std::uint64_t stream_handle = 0;  // the handler's subscription
    Clock::time_point next_ping;
    bool wants_out = false;  // EPOLLOUT is being watched
};

// A response computed by a worker, waiting for the socket thread; with a
// stream, the subscription the worker made for it.
struct Completion {
    std::uint64_t key;
    std::string bytes;
    bool close;
    std::shared_ptr<StreamQueue> stream = nullptr;
    std::uint64_t handle = 0;
};

// The head of an event stream, and the reconnection delay the browser's
// EventSource should use after a drop. No Content-Length: the body ends
// when the connection does. X-Accel-Buffering tells nginx not to hold the
// events back.
inline constexpr std::string_view kStreamHead =
    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
    "X-Accel-Buffering: no\r\nConnection: keep-alive\r\n\r\n";
inline constexpr std::string_view kStreamRetry = "retry: 2000\n\n";
inline constexpr std::string_view kStreamPing = ": ping\n\n";

}  // namespace net_detail

// The server's own names, for its two files only.
using namespace net_detail;

struct HttpServer::Impl {
    Handler& handler;
    NetOptions options;
    HttpLimits http_limits;
    int listen_fd = -1;
    int epoll_fd = -1;
    int wake_fd = -1;
    std::atomic<bool> stopping{false};

    // Owned by the socket thread.
    std::map<std::uint64_t, Connection> connections;
    std::uint64_t next_key = 2;
    std::size_t body_reserved = 0;

    std::mutex done_mutex;  // guards `done`
    std::vector<Completion> done;
    std::shared_ptr<StreamWaker> waker = std::make_shared<StreamWaker>();
    std::size_t stream_count = 0;  // connections in the Streaming state

    // Declared last: destroyed first, so that their jobs finish while the
    // rest is still alive.
    std::unique_ptr<WorkerPool> stored;  // requests that write to the store
    std::unique_ptr<WorkerPool> workers;

    Impl(Handler& h, NetOptions o) : handler(h), options(std::move(o)), http_limits(options.http) {}

    // The methods, in server.cpp but for the event streams' (streams.cpp).

    void watch(int fd, std::uint64_t key, std::uint32_t events, int op);

    void wake();

    void close_connection(std::uint64_t key);

    // Stops a stream's deliveries and gives up its subscription.
    void end_stream(Connection& c);

    // Unsubscribes on a worker when one is free: the application may wait
    // for a lock there (a game's, which a search can hold for seconds), and
    // the socket thread must never wait.
    void release(std::uint64_t handle);

    void accept_all();

    // Closes the connection that has waited longest for its (next) request,
    // so that idle or half-sent connections cannot lock out new clients.
    bool evict_one();

    // Out of descriptors with nothing idle: the oldest event stream goes,
    // as its browser reconnects by itself.
    bool evict_stream();

    void on_readable(std::uint64_t key, Connection& c);

    // Answers what the buffered bytes hold: an error, a request, or nothing
    // yet.
    void process(std::uint64_t key, Connection& c);

    // Takes a declared body's size from the budget every connection shares,
    // so that many lying or slow uploads cannot fill the memory.
    void reserve_body(std::uint64_t key, Connection& c);

    void dispatch(std::uint64_t key, Connection& c, HttpRequest request);

    // Called by a worker: hands the answer to the socket thread.
    void finish(std::uint64_t key, const std::string& client, const HttpResponse& response,
                bool keep_alive, bool head_only);

    // Called by a worker: subscribes a new stream with the handler, so that
    // whatever the application does then runs off the socket thread. Events
    // published before the socket thread takes over wait in the stream's
    // queue.
    Completion open_stream(std::uint64_t key, const std::string& client, const StreamStart& start,
                           bool keep_alive, bool head_only);

    void collect();

    void begin_stream(std::uint64_t key, Connection& c, Completion d);

    // Moves what the sink queued to the connection's unsent bytes and sends
    // what the socket takes.
    void drain_stream(std::uint64_t key, Connection& c);

    void queue_stream(std::uint64_t key, Connection& c, std::string_view bytes);

    void flush_stream(std::uint64_t key, Connection& c);

    void watch_stream(std::uint64_t key, Connection& c, bool out);

    // The client of a stream sends nothing more; what it sends anyway is
    // read and dropped (a bounded amount per wake-up), and its end closes
    // the stream.
    void on_stream_event(std::uint64_t key, Connection& c, std::uint32_t events);

    void answer(std::uint64_t key, Connection& c, std::string bytes, bool close);

    void on_writable(std::uint64_t key, Connection& c);

    void on_event(std::uint64_t key, std::uint32_t events);

    // Times out requests that arrive too slowly, idle connections and
    // answers that the client does not read.
    void sweep();

    void loop();

    int bind_listener();
};

}  // namespace asterism::server
