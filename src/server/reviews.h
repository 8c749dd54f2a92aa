// Reviews of a session's game run by the server (docs/server.md, "Reviewing
// a game"): each on a thread of its own, one per session at a time and a
// few per server, reporting progress until the review is done.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "search/review.h"

namespace asterism::server {

// The review as JSON: the thresholds, the graph and every move with its
// mark (the same for the page and for `asterism review --json`).
nlohmann::json review_json(const Review& review, const Game& game);

class ReviewJob {
  public:
    // Starts reviewing `game` (a copy the job keeps). `running` counts the
    // server's reviews: the caller has counted this one, and the job
    // uncounts it when its thread ends.
    ReviewJob(std::unique_ptr<Game> game, ReviewSettings settings, std::atomic<int>& running);
    // Stops the review if it still runs and waits for its thread.
    ~ReviewJob();
    ReviewJob(const ReviewJob&) = delete;
    ReviewJob& operator=(const ReviewJob&) = delete;

    bool finished() const;
    // {status: "running"|"done"|"failed", level, done, total, error?, and
    // when done the review_json fields}.
    nlohmann::json status() const;

  private:
    void run();

    const std::unique_ptr<Game> game_;
    ReviewSettings settings_;
    std::atomic<int>& running_;
    std::atomic<bool> stop_{false};
    mutable std::mutex mutex_;  // guards the fields below
    int done_ = 0, total_ = 0;
    bool finished_ = false;
    std::string error_;
    Review review_;
    std::thread thread_;  // last: it starts once everything above exists
};

}  // namespace asterism::server
