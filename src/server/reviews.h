// Reviews of a local game run by the server (docs/server.md, "Reviewing a
// game"): each a long job of the server's thinking pool, one per game at a
// time and a few per server, reporting progress until the review is done.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "search/review.h"
#include "server/net/fair_pool.h"
#include "server/search_guard.h"

namespace asterism::server {

// The review as JSON: the thresholds, the graph and every move with its
// mark (the same for the page and for `asterism review --json`).
nlohmann::json review_json(const Review& review, const Game& game);

// A review on the server's thinking pool (net/fair_pool.h), as a long job
// of the network that asked for it: it waits its turn among the networks.
class ReviewJob {
  public:
    // Queues a review of `game` (a copy the job keeps) for `network`.
    // `running` counts the server's reviews waiting or running: the caller
    // has counted this one, and the job uncounts it when it ends or is
    // dropped. Throws HttpError (429/503) when the pool refuses it; `stop`
    // is the server's, which ends the review when raised.
    ReviewJob(std::unique_ptr<Game> game, ReviewSettings settings, std::atomic<int>& running,
              FairPool& pool, const std::string& network, std::shared_ptr<StopFlag> stop,
              FairPool::Admit admit = FairPool::Admit::Bounded);
    // Stops the review, queued or running; the pool's thread lets it go.
    ~ReviewJob();
    ReviewJob(const ReviewJob&) = delete;
    ReviewJob& operator=(const ReviewJob&) = delete;

    bool finished() const;
    // {status: "queued"|"running"|"done"|"failed", level, done, total,
    // error?, and when done the review_json fields}.
    nlohmann::json status() const;

  private:
    // What the pool's job and this handle share: the job may outlive the
    // handle (a game deleted while its review waits).
    struct State {
        std::unique_ptr<Game> game;
        ReviewSettings settings;
        std::atomic<int>* running = nullptr;
        // Raised by the handle's end or the server's stop flag.
        std::shared_ptr<std::atomic<bool>> stop = std::make_shared<std::atomic<bool>>(false);
        mutable std::mutex mutex;  // guards the fields below
        bool started = false;
        int done = 0, total = 0;
        bool finished = false;
        std::string error;
        nlohmann::json reason;  // the error's {code, params} when it has one
        Review review;
    };
    static void run(State& s);

    std::shared_ptr<State> state_;
};

}  // namespace asterism::server
