// Event streams of the HTTP server (server.h): a stream's subscription, its
// queue of published bytes and their way out through the socket thread.
#include <sys/epoll.h>
#include <sys/socket.h>

#include <cerrno>

#include "server/net/server_impl.h"

namespace asterism::server {

// Stops a stream's deliveries and gives up its subscription.
void HttpServer::Impl::end_stream(Connection& c) {
    {
        std::lock_guard lock(c.stream->mutex);
        c.stream->closed = true;
        std::string().swap(c.stream->pending);
    }
    c.stream.reset();
    --stream_count;
    release(std::exchange(c.stream_handle, 0));
}

// Unsubscribes on a worker when one is free: the application may wait
// for a lock there (a game's, which a search can hold for seconds), and
// the socket thread must never wait.
void HttpServer::Impl::release(std::uint64_t handle) {
    if (handle == 0) return;
    Handler& h = handler;
    if (!stopping.load() && workers && workers->submit([&h, handle] { h.unsubscribe(handle); }))
        return;
    h.unsubscribe(handle);
}

// Called by a worker: subscribes a new stream with the handler, so that
// whatever the application does then runs off the socket thread. Events
// published before the socket thread takes over wait in the stream's
// queue.
Completion HttpServer::Impl::open_stream(std::uint64_t key, const std::string& client,
                                         const StreamStart& start, bool keep_alive,
                                         bool head_only) {
    if (head_only) return {key, std::string(kStreamHead), true};
    auto queue = std::make_shared<StreamQueue>();
    auto sink = std::make_shared<StreamSink>(waker, key, queue, options.limits.stream_buffer);
    HttpResponse refused;
    const std::uint64_t handle = handler.subscribe(start, client, std::move(sink), refused);
    if (handle != 0)
        return {key, std::string(kStreamHead) + std::string(kStreamRetry), false, queue, handle};
    return {key, serialize(refused, keep_alive, false), !keep_alive};
}

void HttpServer::Impl::begin_stream(std::uint64_t key, Connection& c, Completion d) {
    body_reserved -= c.reserved;
    c.reserved = 0;
    c.state = Connection::State::Streaming;
    c.stream = std::move(d.stream);
    c.stream_handle = d.handle;
    ++stream_count;
    c.out = std::move(d.bytes);
    c.out_at = 0;
    c.wants_out = false;
    const Clock::time_point now = Clock::now();
    c.next_ping = now + seconds(options.limits.stream_ping_seconds);
    c.write_deadline = now + seconds(options.limits.write_seconds);
    // A client that has already closed its side cannot be streaming.
    if (c.peer_closed) return close_connection(key);
    watch(c.fd, key, EPOLLIN | EPOLLRDHUP, EPOLL_CTL_MOD);
    drain_stream(key, c);
}

// Moves what the sink queued to the connection's unsent bytes and sends
// what the socket takes.
void HttpServer::Impl::drain_stream(std::uint64_t key, Connection& c) {
    std::string taken;
    bool overflowed = false;
    {
        std::lock_guard lock(c.stream->mutex);
        taken.swap(c.stream->pending);
        overflowed = c.stream->overflowed;
    }
    if (overflowed) return close_connection(key);
    queue_stream(key, c, taken);
}

void HttpServer::Impl::queue_stream(std::uint64_t key, Connection& c, std::string_view bytes) {
    if (c.out_at > 0) {
        c.out.erase(0, c.out_at);
        c.out_at = 0;
    }
    // A client that does not read would otherwise make this grow
    // without end.
    if (c.out.size() + bytes.size() > options.limits.stream_buffer) return close_connection(key);
    if (c.out.empty()) c.write_deadline = Clock::now() + seconds(options.limits.write_seconds);
    c.out += bytes;
    flush_stream(key, c);
}

void HttpServer::Impl::flush_stream(std::uint64_t key, Connection& c) {
    while (c.out_at < c.out.size()) {
        const ssize_t n =
            send(c.fd, c.out.data() + c.out_at, c.out.size() - c.out_at, MSG_NOSIGNAL);
        if (n > 0) {
            c.out_at += static_cast<std::size_t>(n);
            c.write_deadline = Clock::now() + seconds(options.limits.write_seconds);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return watch_stream(key, c, true);
        } else {
            return close_connection(key);
        }
    }
    c.out.clear();
    c.out_at = 0;
    if (c.out.capacity() > kReadChunk) c.out.shrink_to_fit();
    watch_stream(key, c, false);
}

void HttpServer::Impl::watch_stream(std::uint64_t key, Connection& c, bool out) {
    if (c.wants_out == out) return;
    c.wants_out = out;
    watch(c.fd, key, EPOLLIN | EPOLLRDHUP | (out ? EPOLLOUT : 0u), EPOLL_CTL_MOD);
}

// The client of a stream sends nothing more; what it sends anyway is
// read and dropped (a bounded amount per wake-up), and its end closes
// the stream.
void HttpServer::Impl::on_stream_event(std::uint64_t key, Connection& c, std::uint32_t events) {
    if (events & (EPOLLHUP | EPOLLRDHUP)) return close_connection(key);
    if (events & EPOLLIN) {
        char buf[4096];
        for (int i = 0; i < 16; ++i) {
            const ssize_t n = recv(c.fd, buf, sizeof buf, 0);
            if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
                return close_connection(key);
            if (n < 0) break;
        }
    }
    if (events & EPOLLOUT) flush_stream(key, c);
}

}  // namespace asterism::server
