// What keeps one network (one IPv4 address or one IPv6 /64, the request's
// `client`) from taking the accounts' shared resources from everyone else
// (docs/server.md, "Limits"): the wrong-password limits, which slow a
// guesser without locking the owner out, and the password-hashing slots,
// which one network cannot fill. Plain classes with the time passed in, so
// that tests drive them without a clock or sockets.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace asterism::server::accounts {

// Wrong guesses (passwords, or recovery codes: each kind has its own) on an
// account's name. Two token buckets of failures:
//   - per (name, network) pair: `pair_burst` failures, refilled at
//     `pair_per_minute`; the owner's own network is never slowed by
//     failures from other networks;
//   - per name: `name_burst` failures, refilled at `name_per_hour`, which
//     holds back only networks that have failed on that name within
//     `remember_minutes`, so a guesser spread over many networks is slowed
//     while the owner, from a network that has not failed, still gets in.
// The tables are bounded (names, and networks per name): past the bound the
// entry that failed longest ago is forgotten.
struct GuardLimits {
    double pair_per_minute = 5;
    double pair_burst = 5;
    double name_per_hour = 20;
    double name_burst = 20;
    double remember_minutes = 60;
    std::size_t max_names = 65536;
    std::size_t networks_per_name = 1024;
};

class FailureGuard {
  public:
    explicit FailureGuard(GuardLimits limits = {}) : limits_(limits) {}

    // Whether `network` is held back from trying `name` at `now_seconds`,
    // and by which share: the pair's (a minute) or the name's (minutes).
    // The caller says it with its own codes (a 429: wrong passwords, or
    // wrong recovery codes).
    enum class Held { no, network, account };
    Held refused(const std::string& name, const std::string& network, double now_seconds);
    // A wrong guess from `network` on `name`.
    void failed(const std::string& name, const std::string& network, double now_seconds);
    // A right one: the pair's failures are forgotten.
    void succeeded(const std::string& name, const std::string& network);
    std::size_t names() const;

  private:
    struct Bucket {
        double tokens = 0;
        double at = 0;
    };
    struct Name {
        Bucket bucket;
        double last_failed = 0;
        std::map<std::string, Bucket> networks;  // those that failed, by network
    };
    static double level(const Bucket& b, double now, double per_second, double burst);
    void forget_stale(Name& n, double now) const;
    void make_room(double now);

    GuardLimits limits_;

    mutable std::mutex mutex_;
    std::map<std::string, Name> names_;
};

// The password-hashing slots (each digest takes 19 MiB for ~40 ms): at most
// `slots` at once, and at most one held or awaited per network. A request
// that finds every slot taken waits, in the order the networks came, for at
// most `max_wait_seconds` (and at most `max_waiting` requests wait at once,
// since each holds a worker thread), then gets 503.
struct HashingLimits {
    int slots = 2;
    std::size_t max_waiting = 2;
    double max_wait_seconds = 0.5;
};

class HashingGate {
  public:
    explicit HashingGate(HashingLimits limits = {}) : limits_(limits) {}

    // Takes a slot for `network`, waiting if need be; throws HttpError 503
    // (one line, saying why) when it cannot.
    void enter(const std::string& network);
    void leave(const std::string& network);
    std::size_t waiting() const;
    int running() const;

  private:
    HashingLimits limits_;
    mutable std::mutex mutex_;
    std::condition_variable freed_;
    std::map<std::string, int> inside_;  // networks holding or awaiting a slot
    std::deque<std::uint64_t> queue_;    // tickets of the waiting requests, oldest first
    std::uint64_t next_ticket_ = 0;
    int running_ = 0;
};

// A slot of a HashingGate for one scope.
class HashingSlot {
  public:
    HashingSlot(HashingGate& gate, std::string network);
    ~HashingSlot() { gate_.leave(network_); }
    HashingSlot(const HashingSlot&) = delete;
    HashingSlot& operator=(const HashingSlot&) = delete;

  private:
    HashingGate& gate_;
    std::string network_;
};

}  // namespace asterism::server::accounts
