// What `asterism serve` lets clients make it hold, and the small mechanisms
// that enforce the part of it that is not about sockets: a bounded thread
// pool, who a request counts as from, and a rate limiter per client (the
// searches' admission is fair_pool.h). All are plain code so that tests
// check them without a network.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace asterism::server {

// docs/server.md ("Limits") explains each figure.
struct ServerLimits {
    std::size_t max_connections = 512;       // open sockets; the longest idle goes past it
    double header_seconds = 10;              // from a request's first byte to its blank line
    double request_seconds = 30;             // from its first byte to its last body byte
    double idle_seconds = 60;                // a kept-alive connection without a request
    double write_seconds = 30;               // to send one response
    std::size_t body_budget = 64 << 20;      // request body bytes buffered, all connections
    int workers = 8;                         // threads answering quick requests
    int store_workers = 4;                   // threads answering requests that write the store
    std::size_t max_queued_requests = 1024;  // quick requests waiting for a worker
    double stream_ping_seconds = 15;         // a comment line on an idle event stream
    std::size_t stream_buffer = 1 << 20;     // unsent bytes of an event stream: closed past it
    // The address of a reverse proxy in front of the server: its requests
    // count as from the address it forwards (the last X-Forwarded-For item),
    // so that every per-network limit sees each person. Empty: none trusted.
    std::string trusted_proxy;
    // The bits of an IPv6 address that name one network (a home connection
    // is given a /64): every per-client limit counts the network.
    int ipv6_prefix = 64;
};

// A fixed set of threads taking jobs from a queue of bounded length.
class WorkerPool {
  public:
    WorkerPool(int threads, std::size_t max_queued);
    ~WorkerPool();  // finishes the queued jobs, then joins
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // False (and the job is dropped) when the queue is full.
    bool submit(std::function<void()> job);
    // Jobs waiting for a thread, and jobs running (the operator's /metrics).
    std::size_t queued() const;
    std::size_t busy() const;

  private:
    void work();

    mutable std::mutex mutex_;
    std::size_t busy_ = 0;
    std::condition_variable ready_;
    std::deque<std::function<void()>> queue_;
    std::size_t max_queued_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

// Who a request counts as from. `network` keys every per-client limit: an
// IPv4 address, or an IPv6 address cut to `ipv6_prefix` bits and written
// with the prefix length ("2001:db8:1:2::/64"). `local` is set only for a
// request made on this machine's loopback interface and not forwarded by a
// proxy: the operator's own, which may read /health and /metrics and is
// spared the per-client caps. A request the trusted proxy forwards (it
// carries X-Forwarded-For) is never local, whatever the address; so being
// the proxy's address grants nothing.
struct HttpRequest;
struct ClientOrigin {
    std::string network;
    bool local = false;
};
ClientOrigin client_origin(const std::string& peer, const HttpRequest& request,
                           const std::string& trusted_proxy, int ipv6_prefix);

// The network `address` (an IP address as text) belongs to, as above; the
// text unchanged when it is not an IP address. IPv4-mapped IPv6 addresses
// are their IPv4 address.
std::string network_of(const std::string& address, int ipv6_prefix);

// Whether `address` is this machine's own (127.0.0.0/8, ::1).
bool loopback_address(const std::string& address);

// Requests per client (network): a token bucket of `burst` requests refilled
// at `per_second`. The table of clients is bounded (`max_clients`): when it
// is full, the clients whose buckets are full again are forgotten (they lose
// nothing), and if that frees nothing, the one used longest ago goes. It is
// never wiped whole, which would hand every client a full bucket at once.
class RateLimiter {
  public:
    RateLimiter(double per_second, double burst, std::size_t max_clients = 4096);
    // Whether a request from `client` at `now_seconds` may go ahead.
    bool allow(const std::string& client, double now_seconds);
    std::size_t clients() const;

  private:
    struct Bucket {
        double tokens;
        double at;
        std::list<std::string>::iterator use;  // its place in uses_
    };
    double refilled(const Bucket& b, double now) const;
    void make_room(double now);
    double per_second_, burst_;
    std::size_t max_clients_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
    std::list<std::string> uses_;  // the clients, the one used last at the back
};

}  // namespace asterism::server
