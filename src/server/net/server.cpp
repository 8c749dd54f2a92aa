// The epoll server of `asterism serve` (server.h).
#include "server/net/server_impl.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "core/types.h"

namespace asterism::server {

void HttpServer::Impl::watch(int fd, std::uint64_t key, std::uint32_t events, int op) {
    epoll_event ev{};
    ev.events = events;
    ev.data.u64 = key;
    epoll_ctl(epoll_fd, op, fd, &ev);
}

void HttpServer::Impl::wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto n = ::write(wake_fd, &one, sizeof one);
}

void HttpServer::Impl::close_connection(std::uint64_t key) {
    auto it = connections.find(key);
    if (it == connections.end()) return;
    body_reserved -= it->second.reserved;
    if (it->second.stream) end_stream(it->second);
    ::close(it->second.fd);
    connections.erase(it);
}

void HttpServer::Impl::accept_all() {
    for (;;) {
        sockaddr_storage addr{};
        socklen_t len = sizeof addr;
        const int fd = accept4(listen_fd, reinterpret_cast<sockaddr*>(&addr), &len,
                               SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            // Out of descriptors (only if something besides the sockets
            // holds many): make room, or the listener would wake the
            // loop again at once.
            if ((errno == EMFILE || errno == ENFILE) && (evict_one() || evict_stream())) continue;
            return;  // EAGAIN: all taken
        }
        // Event streams do not count: the handler caps them.
        if (connections.size() - stream_count >= options.limits.max_connections && !evict_one()) {
            const std::string busy =
                serialize(HttpResponse::refusal("limit.connections"), false, false);
            [[maybe_unused]] const auto n = send(fd, busy.data(), busy.size(), MSG_NOSIGNAL);
            ::close(fd);
            continue;
        }
        // Small replies go out at once, not after the peer's delayed ACK.
        const int on = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        const std::uint64_t key = next_key++;
        Connection& c = connections[key];
        c.fd = fd;
        c.client = peer_address(addr);
        c.parser = RequestParser(http_limits);
        c.since = Clock::now();
        watch(fd, key, EPOLLIN | EPOLLRDHUP, EPOLL_CTL_ADD);
    }
}

// Closes the connection that has waited longest for its (next) request,
// so that idle or half-sent connections cannot lock out new clients.
bool HttpServer::Impl::evict_one() {
    std::optional<std::uint64_t> oldest;
    for (const auto& [key, c] : connections)
        if (c.state == Connection::State::Reading &&
            (!oldest || c.since < connections.at(*oldest).since))
            oldest = key;
    if (oldest) close_connection(*oldest);
    return oldest.has_value();
}

// Out of descriptors with nothing idle: the oldest event stream goes,
// as its browser reconnects by itself.
bool HttpServer::Impl::evict_stream() {
    std::optional<std::uint64_t> oldest;
    for (const auto& [key, c] : connections)
        if (c.state == Connection::State::Streaming && (!oldest || key < *oldest)) oldest = key;
    if (oldest) close_connection(*oldest);
    return oldest.has_value();
}

void HttpServer::Impl::on_readable(std::uint64_t key, Connection& c) {
    char buf[kReadChunk];
    // Read at most one request's worth ahead; the rest waits in the
    // kernel until this request is answered.
    const std::size_t cap = http_limits.max_head + http_limits.max_body;
    while (c.parser.buffered() <= cap) {
        const ssize_t n = recv(c.fd, buf, sizeof buf, 0);
        if (n > 0) {
            if (!c.request_begun) {
                c.request_begun = true;
                c.since = Clock::now();
            }
            c.parser.feed(std::string_view(buf, static_cast<std::size_t>(n)));
            continue;
        }
        if (n == 0) {
            // The client has sent all it will; answer what it sent.
            c.peer_closed = true;
            break;
        }
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return close_connection(key);
        if (errno != EINTR) break;
    }
    process(key, c);
    const auto it = connections.find(key);
    if (it != connections.end() && it->second.peer_closed &&
        it->second.state == Connection::State::Reading)
        close_connection(key);
}

// Answers what the buffered bytes hold: an error, a request, or nothing
// yet.
void HttpServer::Impl::process(std::uint64_t key, Connection& c) {
    RequestParser::Result r = c.parser.next();
    if (c.parser.take_continue()) {
        static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
        [[maybe_unused]] const auto n =
            send(c.fd, kContinue.data(), kContinue.size(), MSG_NOSIGNAL);
    }
    if (r.error) return answer(key, c, serialize(*r.error, false, false), true);
    if (!r.request) {
        if (c.parser.in_body() && c.reserved == 0) reserve_body(key, c);
        return;
    }
    if (c.parser.buffered() == 0) c.request_begun = false;
    dispatch(key, c, std::move(*r.request));
}

// Takes a declared body's size from the budget every connection shares,
// so that many lying or slow uploads cannot fill the memory.
void HttpServer::Impl::reserve_body(std::uint64_t key, Connection& c) {
    const std::size_t want = c.parser.expected_body();
    if (body_reserved + want > options.limits.body_budget) {
        const HttpResponse busy = HttpResponse::refusal("limit.bodies");
        return answer(key, c, serialize(busy, false, false), true);
    }
    body_reserved += want;
    c.reserved = want;
}

void HttpServer::Impl::dispatch(std::uint64_t key, Connection& c, HttpRequest request) {
    c.state = Connection::State::Working;
    watch(c.fd, key, EPOLLRDHUP, EPOLL_CTL_MOD);
    const ClientOrigin origin =
        client_origin(c.client, request, options.limits.trusted_proxy, options.limits.ipv6_prefix);
    request.client = origin.network;
    request.local = origin.local;
    c.gone = std::make_shared<std::atomic<bool>>(false);
    request.gone = c.gone;
    const bool head_only = request.method == "HEAD";
    const bool keep_alive = request.keep_alive;
    const Handler::Lane lane = handler.lane(request);
    if (lane == Handler::Lane::Search) {
        // The application's one admission of thinking (fair_pool.h): the
        // networks take turns, each with its share.
        const std::string network = request.client;
        const auto admit = request.local ? FairPool::Admit::Own : FairPool::Admit::Bounded;
        auto job = [this, key, request = std::move(request), keep_alive]() {
            finish(key, request.client, handler.respond(request), keep_alive, false);
        };
        if (const auto no = handler.thinking().submit(network, std::move(job), admit))
            answer(key, c,
                   serialize(HttpResponse::refusal(no->code, no->params), keep_alive, false),
                   !keep_alive);
        return;
    }
    auto job = [this, key, request = std::move(request), keep_alive, head_only]() {
        finish(key, request.client, handler.respond(request), keep_alive, head_only);
    };
    // Requests that may wait on the disk have their own threads, so that
    // a stalled disk cannot hold up the catalog, the pages and local play.
    WorkerPool& pool = lane == Handler::Lane::Disk ? *stored : *workers;
    if (!pool.submit(std::move(job)))
        answer(key, c, serialize(HttpResponse::refusal("limit.busy"), false, false), true);
}

// Called by a worker: hands the answer to the socket thread.
void HttpServer::Impl::finish(std::uint64_t key, const std::string& client,
                              const HttpResponse& response, bool keep_alive, bool head_only) {
    Completion done_one = response.stream && response.status == 200
                              ? open_stream(key, client, *response.stream, keep_alive, head_only)
                              : Completion{key, serialize(response, keep_alive, head_only),
                                           response.close || !keep_alive};
    {
        std::lock_guard lock(done_mutex);
        done.push_back(std::move(done_one));
    }
    wake();
}

void HttpServer::Impl::collect() {
    std::uint64_t count = 0;
    [[maybe_unused]] const auto n = ::read(wake_fd, &count, sizeof count);
    std::vector<Completion> ready;
    {
        std::lock_guard lock(done_mutex);
        ready.swap(done);
    }
    for (Completion& d : ready) {
        const auto it = connections.find(d.key);
        if (it == connections.end()) {  // the client went away meanwhile
            release(d.handle);
            continue;
        }
        if (d.stream)
            begin_stream(d.key, it->second, std::move(d));
        else
            answer(d.key, it->second, std::move(d.bytes), d.close);
    }
    std::vector<std::uint64_t> streams;
    {
        std::lock_guard lock(waker->mutex);
        streams.swap(waker->ready);
    }
    for (const std::uint64_t key : streams) {
        const auto it = connections.find(key);
        if (it != connections.end() && it->second.state == Connection::State::Streaming)
            drain_stream(key, it->second);
    }
}

void HttpServer::Impl::answer(std::uint64_t key, Connection& c, std::string bytes, bool close) {
    body_reserved -= c.reserved;
    c.reserved = 0;
    c.state = Connection::State::Writing;
    c.out = std::move(bytes);
    c.out_at = 0;
    c.close_after = close || c.peer_closed;
    c.write_deadline = Clock::now() + seconds(options.limits.write_seconds);
    on_writable(key, c);
}

void HttpServer::Impl::on_writable(std::uint64_t key, Connection& c) {
    while (c.out_at < c.out.size()) {
        const ssize_t n =
            send(c.fd, c.out.data() + c.out_at, c.out.size() - c.out_at, MSG_NOSIGNAL);
        if (n > 0) {
            c.out_at += static_cast<std::size_t>(n);
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            watch(c.fd, key, EPOLLOUT, EPOLL_CTL_MOD);
            return;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return close_connection(key);
        }
    }
    if (c.close_after) return close_connection(key);
    // Ready for the next request, which may already be buffered.
    c.state = Connection::State::Reading;
    c.out.clear();
    c.out.shrink_to_fit();
    c.since = Clock::now();
    c.request_begun = c.parser.buffered() > 0;
    watch(c.fd, key, EPOLLIN | EPOLLRDHUP, EPOLL_CTL_MOD);
    if (c.parser.buffered() > 0) process(key, c);
}

void HttpServer::Impl::on_event(std::uint64_t key, std::uint32_t events) {
    const auto it = connections.find(key);
    if (it == connections.end()) return;
    Connection& c = it->second;
    if (events & EPOLLERR) return close_connection(key);
    switch (c.state) {
        case Connection::State::Reading:
            if (events & (EPOLLIN | EPOLLHUP | EPOLLRDHUP)) on_readable(key, c);
            break;
        case Connection::State::Working:
            // The answer is still written: a client may half-close its
            // side after sending a request.
            // Both sides closed: nobody is left to read the answer.
            if (c.gone) c.gone->store(true);
            if (events & EPOLLHUP) return close_connection(key);
            if (events & EPOLLRDHUP) {
                c.peer_closed = true;
                watch(c.fd, key, 0, EPOLL_CTL_MOD);
            }
            break;
        case Connection::State::Writing:
            if (events & EPOLLHUP) return close_connection(key);
            if (events & EPOLLOUT) on_writable(key, c);
            break;
        case Connection::State::Streaming:
            on_stream_event(key, c, events);
            break;
    }
}

// Times out requests that arrive too slowly, idle connections and
// answers that the client does not read.
void HttpServer::Impl::sweep() {
    const Clock::time_point now = Clock::now();
    const ServerLimits& l = options.limits;
    std::vector<std::uint64_t> expired, slow, ping;
    for (auto& [key, c] : connections) {
        if (c.state == Connection::State::Streaming) {
            // No idle timeout: a stream waits for events. Unsent bytes
            // that make no progress do time out.
            if (c.out_at < c.out.size() && now > c.write_deadline)
                expired.push_back(key);
            else if (now >= c.next_ping)
                ping.push_back(key);
        } else if (c.state == Connection::State::Writing && now > c.write_deadline) {
            expired.push_back(key);
        } else if (c.state == Connection::State::Reading) {
            if (!c.request_begun) {
                if (now - c.since > seconds(l.idle_seconds)) expired.push_back(key);
            } else if (now - c.since >
                       seconds(c.parser.in_body() ? l.request_seconds : l.header_seconds)) {
                slow.push_back(key);
            }
        }
    }
    for (const auto key : expired) close_connection(key);
    // A comment line now and then keeps proxies from closing a quiet
    // stream.
    for (const auto key : ping) {
        Connection& c = connections.at(key);
        c.next_ping = now + seconds(l.stream_ping_seconds);
        queue_stream(key, c, kStreamPing);
    }
    for (const auto key : slow) {
        const HttpResponse late = HttpResponse::refusal("limit.slow");

        answer(key, connections.at(key), serialize(late, false, false), true);
    }
}

void HttpServer::Impl::loop() {
    std::vector<epoll_event> events(256);
    Clock::time_point last_sweep = Clock::now();
    while (!stopping.load()) {
        const int n = epoll_wait(epoll_fd, events.data(), static_cast<int>(events.size()), 250);
        for (int i = 0; i < n; ++i) {
            const std::uint64_t key = events[static_cast<std::size_t>(i)].data.u64;
            if (key == kListenKey)
                accept_all();
            else if (key == kWakeKey)
                collect();
            else
                on_event(key, events[static_cast<std::size_t>(i)].events);
        }
        if (Clock::now() - last_sweep > std::chrono::milliseconds(200)) {
            sweep();
            last_sweep = Clock::now();
        }
    }
}

int HttpServer::Impl::bind_listener() {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(options.port);
    if (getaddrinfo(options.host.c_str(), port.c_str(), &hints, &found) != 0) return -1;
    int fd = -1;
    for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        const int on = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(found);
    return fd;
}

namespace {

// As many descriptors as the system lets this process have, and a connection
// cap that leaves room for the rest (the listener, files, the database).
std::size_t connection_cap(std::size_t wanted) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    const std::size_t reserve = 64;
    if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > wanted + reserve) return wanted;
    return limit.rlim_cur > 2 * reserve ? static_cast<std::size_t>(limit.rlim_cur) - reserve : 8;
}

}  // namespace

HttpServer::HttpServer(Handler& handler, NetOptions options)
    : impl_(std::make_unique<Impl>(handler, std::move(options))) {
    Impl& i = *impl_;
    // Descriptors for the plain connections and for the handler's streams; when
    // the process has fewer, the plain connections keep their share.
    const std::size_t wanted = i.options.limits.max_connections;
    const std::size_t all = wanted + handler.max_streams();
    const std::size_t cap = connection_cap(all);
    if (cap < all) i.options.limits.max_connections = std::max<std::size_t>(8, cap * wanted / all);
    i.epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    i.wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (i.epoll_fd < 0 || i.wake_fd < 0)
        throw GameError(std::string("cannot start the server: ") + std::strerror(errno));
    i.waker->fd = i.wake_fd;
    i.watch(i.wake_fd, kWakeKey, EPOLLIN, EPOLL_CTL_ADD);
    i.workers = std::make_unique<WorkerPool>(i.options.limits.workers,
                                             i.options.limits.max_queued_requests);
    i.stored = std::make_unique<WorkerPool>(i.options.limits.store_workers,
                                            i.options.limits.max_queued_requests);
}

LaneStats HttpServer::lanes() const {
    const Impl& i = *impl_;
    LaneStats out;
    out.quick_queued = i.workers->queued();
    out.quick_busy = i.workers->busy();
    out.disk_queued = i.stored->queued();
    out.disk_busy = i.stored->busy();
    out.search_queued = i.handler.thinking().queued();
    out.search_busy = i.handler.thinking().running();
    return out;
}

HttpServer::~HttpServer() {
    stop();
    Impl& i = *impl_;
    // Searches stop at once (answering 503); answers under way finish
    // before the sockets close.
    i.handler.stop();
    i.stored.reset();
    i.workers.reset();
    // Streams give up their subscriptions, so the application's presence
    // is right for whoever still holds it.
    while (!i.connections.empty()) i.close_connection(i.connections.begin()->first);
    if (i.listen_fd >= 0) ::close(i.listen_fd);
    if (i.wake_fd >= 0) ::close(i.wake_fd);
    if (i.epoll_fd >= 0) ::close(i.epoll_fd);
}

int HttpServer::bind() {
    Impl& i = *impl_;
    i.listen_fd = i.bind_listener();
    if (i.listen_fd < 0)
        throw GameError("cannot listen on " + i.options.host + ":" +
                        std::to_string(i.options.port) +
                        " (is the port in use? try --port with another number)");
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    getsockname(i.listen_fd, reinterpret_cast<sockaddr*>(&addr), &len);
    const int port = addr.ss_family == AF_INET6
                         ? ntohs(reinterpret_cast<sockaddr_in6&>(addr).sin6_port)
                         : ntohs(reinterpret_cast<sockaddr_in&>(addr).sin_port);
    i.watch(i.listen_fd, kListenKey, EPOLLIN, EPOLL_CTL_ADD);
    return port;
}

void HttpServer::run() {
    impl_->loop();
}

void HttpServer::stop() {
    if (!impl_) return;
    impl_->stopping.store(true);
    impl_->wake();
}

}  // namespace asterism::server
