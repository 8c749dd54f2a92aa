// The one admission of the server's thinking (docs/server.md, "Computer
// work"): every search a client can start (a local game's computer move, an
// analysis, a review) and every online computer opponent's move runs on a
// fixed set of threads that take networks in turn, not requests in order of
// arrival. One network (an IPv4 address or an IPv6 /64, limits.h) may run at
// most `running_per_network` jobs at once and keep at most
// `queued_per_network` waiting; the whole queue is bounded too. So a client
// that asks for a hundred long searches holds one thread, and a newcomer's
// job is the next one started after a thread frees, whatever is queued.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/errors.h"

namespace asterism::server {

class FairPool {
  public:
    struct Limits {
        int threads = 0;              // 0: one per core
        int running_per_network = 1;  // jobs of one network running at once
        // A network's jobs waiting or running (429 past it): a page may ask
        // for a computer's move, an analysis and a hint at once.
        std::size_t queued_per_network = 4;
        std::size_t max_queued = 64;  // everyone's jobs waiting (503 past it)
        // Long jobs (a review: a search of every position of a game) running
        // at once, so that they never hold every thread (unless there is
        // only one) and a computer's move never waits for one to end.
        int long_running = 1;
    };
    // Why a job was not taken: the catalogue's code (errors.h) and its
    // parameters, with its HTTP status (429: the network's share; 503:
    // the server's) and its one-line English reason.
    struct Refusal {
        ErrorCode code;
        nlohmann::json params = nlohmann::json::object();
        int status = code.entry().status;
        std::string reason = error_line(code.entry(), params);
    };
    // Whether a job counts against the bounds. Work the server owes (an
    // online opponent's move after a person's) is never refused: it is
    // bounded by the games a network may hold instead. The operator's own
    // requests (this machine's, not forwarded: net/limits.h) are spared
    // the network's share, as every per-client cap spares them, but not
    // the server's bound on waiting jobs.
    enum class Admit { Bounded, Owed, Own };
    enum class Length { Short, Long };

    explicit FairPool(Limits limits);
    // As stop().
    ~FairPool();
    // Takes no more jobs (503), runs those still queued (they end at once
    // when the server is stopping: their searches' stop flags are raised
    // first), then joins the threads. Safe to call more than once.
    void stop();
    FairPool(const FairPool&) = delete;
    FairPool& operator=(const FairPool&) = delete;

    // Queues `job` for `network`; nothing when taken, else why not.
    std::optional<Refusal> submit(const std::string& network, std::function<void()> job,
                                  Admit admit = Admit::Bounded, Length length = Length::Short);

    std::size_t queued() const;
    std::size_t running() const;
    // Networks with work queued or running.
    std::size_t networks() const;
    int threads() const { return static_cast<int>(threads_.size()); }
    const Limits& limits() const { return limits_; }

  private:
    struct Job {
        std::function<void()> run;
        bool long_job = false;
        bool own = false;  // Admit::Own: not held to the network's threads
    };
    struct Network {
        std::deque<Job> jobs;
        int running = 0;
    };
    void work();
    // The next job in turn (the caller holds mutex_); empty if every network
    // with jobs waiting is at its share of threads (or its next job is long
    // and the long ones have theirs).
    Job next(std::string& network);
    void done(const std::string& network, bool long_job);

    Limits limits_;
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::map<std::string, Network> networks_;
    // Networks with jobs waiting, in the order they are served: the one
    // served goes to the back.
    std::deque<std::string> turn_;
    std::size_t queued_ = 0;
    std::size_t running_ = 0;
    int long_running_ = 0;
    bool stopping_ = false;
    std::mutex join_mutex_;             // stop() joins under it, once
    std::vector<std::thread> threads_;  // last: they start once the rest exists
};

}  // namespace asterism::server
