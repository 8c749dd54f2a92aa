// The push client: one HTTP/1.1 POST over TLS (or plain HTTP to the
// loopback interface, for tests), bounded in time and size (webpush.h).
//
// The endpoint URL comes from a browser, so it is hostile until checked:
// the name is resolved once, every address it has must be allowed, and the
// socket connects to those very addresses (a second lookup could answer
// differently). Every wait is a poll() against one deadline.
#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>

#include "server/notify/owned.h"
#include "server/notify/push_url.h"
#include "server/notify/webpush.h"

namespace asterism::server::notify {

namespace {

using Clock = std::chrono::steady_clock;
using Headers = std::vector<std::pair<std::string, std::string>>;

// Why a request did not get a status; post() turns it into a result.
class Refused : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Fd {
  public:
    explicit Fd(int fd = -1) : fd_(fd) {}
    Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    Fd& operator=(Fd&& other) noexcept {
        std::swap(fd_, other.fd_);
        return *this;
    }
    ~Fd() {
        if (fd_ >= 0) close(fd_);
    }
    int get() const { return fd_; }

  private:
    int fd_;
};

// OpenSSL writes to the socket with write(), which raises SIGPIPE when the
// push service has already closed it, and the server does not ignore
// SIGPIPE. So it is blocked on this thread during a request, and one that
// the request raised is taken off the thread before it is unblocked.
class SigpipeBlocked {
  public:
    SigpipeBlocked() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        pending_before_ = pending();
        pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
    }
    ~SigpipeBlocked() {
        const timespec now{};
        if (!pending_before_ && pending()) sigtimedwait(&pipe_, nullptr, &now);
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    SigpipeBlocked(const SigpipeBlocked&) = delete;
    SigpipeBlocked& operator=(const SigpipeBlocked&) = delete;

  private:
    static bool pending() {
        sigset_t set;
        sigpending(&set);
        return sigismember(&set, SIGPIPE) == 1;
    }
    sigset_t pipe_{}, old_{};
    bool pending_before_ = false;
};

void wait_for(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) throw Refused("the push service did not answer in time");
        pollfd p{fd, events, 0};
        const int n = poll(&p, 1, static_cast<int>(left));
        if (n > 0) return;  // ready, or an error the next call reports
        if (n < 0 && errno != EINTR) throw Refused(std::string("poll: ") + std::strerror(errno));
    }
}

struct Address {
    sockaddr_storage storage{};
    socklen_t size = 0;
    const sockaddr* get() const { return reinterpret_cast<const sockaddr*>(&storage); }
};

// A lookup on its own thread, so that a slow resolver holds the request no
// longer than its deadline; the thread finishes on its own afterwards.
struct Lookup {
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    int status = 0;
    std::vector<Address> found;
};

std::vector<Address> copy_addresses(const addrinfo* list) {
    std::vector<Address> out;
    for (const addrinfo* a = list; a; a = a->ai_next) {
        if (a->ai_addrlen > sizeof(sockaddr_storage)) continue;
        Address x;
        std::memcpy(&x.storage, a->ai_addr, a->ai_addrlen);
        x.size = a->ai_addrlen;
        out.push_back(x);
    }
    return out;
}

void look_up(const std::shared_ptr<Lookup>& lookup, const std::string& host,
             const std::string& port) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG | AI_NUMERICSERV;
    addrinfo* list = nullptr;
    const int status = getaddrinfo(host.c_str(), port.c_str(), &hints, &list);
    std::vector<Address> found = status == 0 ? copy_addresses(list) : std::vector<Address>{};
    if (list) freeaddrinfo(list);
    const std::lock_guard lock(lookup->mutex);
    lookup->status = status;
    lookup->found = std::move(found);
    lookup->done = true;
    lookup->done_cv.notify_all();
}

std::vector<Address> resolve(const PushUrl& u, Clock::time_point deadline) {
    auto lookup = std::make_shared<Lookup>();
    std::thread(look_up, lookup, u.host, std::to_string(u.port)).detach();
    std::unique_lock lock(lookup->mutex);
    if (!lookup->done_cv.wait_until(lock, deadline, [&] { return lookup->done; }))
        throw Refused("looking up " + u.host + " took too long");
    if (lookup->status != 0 || lookup->found.empty())
        throw Refused("cannot look up " + u.host + ": " + gai_strerror(lookup->status));
    return std::move(lookup->found);
}

// Every address of the name must be allowed, not just the first: the
// connection may fall back to any of them.
void check_addresses(const PushUrl& u, const std::vector<Address>& list, const PostOptions& o) {
    for (const Address& a : list) {
        if (!u.https && !is_loopback(a.get()))
            throw Refused("plain http:// is only for the loopback interface");
        if (u.https && !o.allow_http_loopback && !is_public(a.get()))
            throw Refused(u.host + " has a loopback, private or reserved address");
        if (u.https && !o.allow_http_loopback && is_own_address(a.get()))
            throw Refused(u.host + " has an address of this host's own");
    }
}

Fd connect_to(const Address& a, Clock::time_point deadline, std::string& why) {
    Fd fd(socket(a.storage.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (fd.get() < 0) throw Refused(std::string("socket: ") + std::strerror(errno));
    if (connect(fd.get(), a.get(), a.size) != 0) {
        if (errno != EINPROGRESS) {
            why = std::strerror(errno);
            return Fd();
        }
        wait_for(fd.get(), POLLOUT, deadline);
        int error = 0;
        socklen_t size = sizeof error;
        if (getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &error, &size) != 0 || error != 0) {
            why = std::strerror(error ? error : errno);
            return Fd();
        }
    }
    return fd;
}

Fd connect_any(const std::vector<Address>& list, Clock::time_point deadline) {
    std::string why = "no address";
    for (const Address& a : list) {
        Fd fd = connect_to(a, deadline, why);
        if (fd.get() >= 0) return fd;
    }
    throw Refused("cannot connect to the push service: " + why);
}

SSL_CTX* tls_context() {
    // One context for the process: loading the trust store per request
    // would cost more than the request.
    static const Owned<SSL_CTX> context = [] {
        Owned<SSL_CTX> c(SSL_CTX_new(TLS_client_method()));
        if (!c || SSL_CTX_set_min_proto_version(c.get(), TLS1_2_VERSION) != 1 ||
            SSL_CTX_set_default_verify_paths(c.get()) != 1)
            return Owned<SSL_CTX>();
        SSL_CTX_set_verify(c.get(), SSL_VERIFY_PEER, nullptr);
        return c;
    }();
    if (!context) throw Refused("cannot set up TLS with the system's trust store");
    return context.get();
}

struct Connection {
    Fd fd;
    Clock::time_point deadline;
    Owned<SSL> tls;

    ~Connection() {
        // close_notify, if the socket takes it at once; no waiting for it.
        if (tls && SSL_is_init_finished(tls.get())) SSL_shutdown(tls.get());
        ERR_clear_error();
    }

    // Waits for what OpenSSL asked for; false when its error is final.
    bool tls_wait(int rc) {
        const int error = SSL_get_error(tls.get(), rc);
        if (error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE) return false;
        wait_for(fd.get(), error == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT, deadline);
        return true;
    }
    void start_tls(const PushUrl& u);
    void write_all(std::string_view data);
    std::size_t read_some(char* buffer, std::size_t capacity);
};

std::string tls_failure(SSL* tls) {
    const long verify = SSL_get_verify_result(tls);
    const unsigned long error = ERR_peek_last_error();
    ERR_clear_error();
    if (verify != X509_V_OK)
        return std::string("the push service's certificate does not verify: ") +
               X509_verify_cert_error_string(verify);
    char text[256] = "the TLS handshake failed";
    if (error != 0) ERR_error_string_n(error, text, sizeof text);
    return std::string("TLS: ") + text;
}

// SNI and the name (or address) the certificate must carry.
void Connection::start_tls(const PushUrl& u) {
    tls.reset(SSL_new(tls_context()));
    if (!tls || SSL_set_fd(tls.get(), fd.get()) != 1) throw Refused("cannot start TLS");
    X509_VERIFY_PARAM* param = SSL_get0_param(tls.get());
    X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    in_addr v4{};
    const bool literal = u.ipv6_literal || inet_pton(AF_INET, u.host.c_str(), &v4) == 1;
    const bool named = literal ? X509_VERIFY_PARAM_set1_ip_asc(param, u.host.c_str()) == 1
                               : X509_VERIFY_PARAM_set1_host(param, u.host.c_str(), 0) == 1 &&
                                     SSL_set_tlsext_host_name(tls.get(), u.host.c_str()) == 1;
    if (!named) throw Refused("cannot set the name the certificate must carry");
    for (;;) {
        ERR_clear_error();
        const int rc = SSL_connect(tls.get());
        if (rc == 1) return;
        if (!tls_wait(rc)) throw Refused(tls_failure(tls.get()));
    }
}

void Connection::write_all(std::string_view data) {
    while (!data.empty()) {
        if (tls) {
            ERR_clear_error();
            std::size_t n = 0;
            const int rc = SSL_write_ex(tls.get(), data.data(), data.size(), &n);
            if (rc == 1)
                data.remove_prefix(n);
            else if (!tls_wait(rc))
                throw Refused("the push service closed the connection");
            continue;
        }
        const ssize_t n = ::send(fd.get(), data.data(), data.size(), MSG_NOSIGNAL);
        if (n > 0)
            data.remove_prefix(static_cast<std::size_t>(n));
        else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            wait_for(fd.get(), POLLOUT, deadline);
        else if (n < 0 && errno != EINTR)
            throw Refused(std::string("send: ") + std::strerror(errno));
    }
}

// Some bytes of the answer, 0 at its end.
std::size_t Connection::read_some(char* buffer, std::size_t capacity) {
    for (;;) {
        if (tls) {
            ERR_clear_error();
            std::size_t n = 0;
            const int rc = SSL_read_ex(tls.get(), buffer, capacity, &n);
            if (rc == 1) return n;
            if (SSL_get_error(tls.get(), rc) == SSL_ERROR_ZERO_RETURN) return 0;
            if (!tls_wait(rc)) throw Refused("the TLS connection failed while reading the answer");
            continue;
        }
        const ssize_t n = recv(fd.get(), buffer, capacity, 0);
        if (n >= 0) return static_cast<std::size_t>(n);
        if (errno == EAGAIN || errno == EWOULDBLOCK)
            wait_for(fd.get(), POLLIN, deadline);
        else if (errno != EINTR)
            throw Refused(std::string("recv: ") + std::strerror(errno));
    }
}

// A header line must stay one line: no CR, LF or other control character.
bool header_text(std::string_view s, bool name) {
    if (name && s.empty()) return false;
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t') || u == 0x7F || (name && (c == ':' || c <= ' '))) return false;
    }
    return true;
}

std::string request(const PushUrl& u, const Headers& headers, std::string_view body) {
    std::string out = "POST " + u.target + " HTTP/1.1\r\nHost: " + host_header(u) +
                      "\r\nConnection: close\r\nContent-Length: " + std::to_string(body.size()) +
                      "\r\n";
    for (const auto& [name, value] : headers) {
        if (!header_text(name, true) || !header_text(value, false))
            throw Refused("a request header is malformed");
        out += name + ": " + value + "\r\n";
    }
    out += "\r\n";
    out += body;
    return out;
}

// The status of "HTTP/1.x NNN reason": only the head is read, up to `max`
// bytes, since the status is all a push service's answer says that counts.
int read_status(Connection& c, std::size_t max) {
    std::string head;
    char buffer[4096];
    while (head.size() < max && head.find("\r\n\r\n") == std::string::npos) {
        const std::size_t n = c.read_some(buffer, std::min(sizeof buffer, max - head.size()));
        if (n == 0) break;
        head.append(buffer, n);
    }
    const std::string_view line = std::string_view(head).substr(0, head.find("\r\n"));
    const bool ok = line.size() >= 12 && line.starts_with("HTTP/1.") && line[8] == ' ' &&
                    (line.size() == 12 || line[12] == ' ') &&
                    std::all_of(line.begin() + 9, line.begin() + 12,
                                [](char d) { return d >= '0' && d <= '9'; });
    if (!ok || head.find("\r\n") == std::string::npos)
        throw Refused("the push service's answer is not HTTP/1.x");
    return std::stoi(std::string(line.substr(9, 3)));
}

int exchange(const std::string& url, const Headers& headers, std::string_view body,
             const PostOptions& o) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(std::max(o.timeout_ms, 0));
    std::string why;
    const auto u = parse_push_url(url, why);
    if (!u) throw Refused(why);
    if (!u->https && !o.allow_http_loopback)
        throw Refused("plain http:// is refused: a push endpoint is https://");
    const std::string message = request(*u, headers, body);
    // Finding and reaching the service has its own, shorter bound.
    const auto connect_deadline = std::min(
        deadline, Clock::now() + std::chrono::milliseconds(std::max(o.connect_timeout_ms, 0)));
    const std::vector<Address> addresses = resolve(*u, connect_deadline);
    check_addresses(*u, addresses, o);
    Connection c{connect_any(addresses, connect_deadline), deadline, nullptr};
    if (u->https) c.start_tls(*u);
    c.write_all(message);
    return read_status(c, o.max_response);
}

}  // namespace

PushResult post(const std::string& url, const Headers& headers, std::string_view body,
                const PostOptions& o) {
    try {
        const SigpipeBlocked blocked;
        return {exchange(url, headers, body, o), {}};
    } catch (const std::exception& e) {
        return {0, e.what()};
    }
}

}  // namespace asterism::server::notify
