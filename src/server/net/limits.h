// What `asterism serve` lets clients make it hold, and the two small
// mechanisms that enforce the part of it that is not about sockets: a
// bounded thread pool and the admission of searches per client. Both are
// plain classes so that tests check them without a network.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
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
    int search_threads = 0;                  // threads running searches; 0: one per core
    int searches_per_client = 2;             // a client's searches queued or running
    int max_searches = 0;                    // everyone's, queued or running; 0: 4 per thread
    std::size_t max_queued_requests = 1024;  // quick requests waiting for a worker
    double stream_ping_seconds = 15;         // a comment line on an idle event stream
    std::size_t stream_buffer = 1 << 20;     // unsent bytes of an event stream: closed past it
    // The address of a reverse proxy in front of the server: its requests
    // count as from the address it forwards (the last X-Forwarded-For item),
    // so that every per-address limit sees each person. Empty: none trusted.
    std::string trusted_proxy;
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

// Counts the searches each client has queued or running, so that one client
// (a script, a page left analysing) cannot take every search thread or
// queue searches without end. Thread-safe.
class SearchAdmission {
  public:
    SearchAdmission(int per_client, int total) : per_client_(per_client), total_(total) {}

    // Empty when the search may go ahead (call leave() when it ends);
    // otherwise the one-line reason it may not.
    std::string enter(const std::string& client);
    void leave(const std::string& client);
    int running() const;

  private:
    mutable std::mutex mutex_;
    std::map<std::string, int> per_client_count_;
    int count_ = 0;
    int per_client_;
    int total_;
};

// The address a request counts as from: the peer's, or, when the peer is the
// trusted proxy, the last address of its X-Forwarded-For header.
struct HttpRequest;
std::string client_address(const std::string& peer, const HttpRequest& request,
                           const std::string& trusted_proxy);

// Whether `address` is this machine's own (127.0.0.0/8, ::1): behind a local
// proxy every client has it, so per-address caps do not apply to it.
bool loopback_address(const std::string& address);

// Requests per client address: a token bucket of `burst` requests refilled
// at `per_second`. The table of addresses is bounded (`max_clients`): when
// it is full, the addresses whose buckets are full again are forgotten, and
// if that frees nothing, all of them (a flood from that many addresses is
// beyond what a per-address limit can stop; the connection cap still holds).
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
    };
    double refilled(const Bucket& b, double now) const;
    double per_second_, burst_;
    std::size_t max_clients_;
    mutable std::mutex mutex_;
    std::map<std::string, Bucket> buckets_;
};

}  // namespace asterism::server
