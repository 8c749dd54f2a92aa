#include "server/reviews.h"

#include <cmath>
#include <utility>

namespace asterism::server {

using nlohmann::json;

namespace {

double rounded(double x) {
    return std::round(x * 10000) / 10000;
}

}  // namespace

json review_json(const Review& review, const Game& game) {
    json graph = json::array();
    for (const double w : review.winrate_first) graph.push_back(rounded(w));
    json moves = json::array();
    for (const ReviewedMove& m : review.moves) {
        json item = {{"ply", m.ply},
                     {"move", m.move},
                     {"mover", index(m.mover)},
                     {"mover_name", game.player_name(m.mover)},
                     {"before", rounded(m.before)},
                     {"after", rounded(m.after)},
                     {"loss", rounded(m.loss)},
                     {"mark", mark_name(m.mark)},
                     {"best", m.best}};
        if (!m.proven.empty()) {
            item["proven"] = m.proven;
            item["proven_result"] = m.proven_result > 0 ? "win" : "loss";
            item["proven_plies"] = m.proven_plies;
        }
        moves.push_back(std::move(item));
    }
    return {
        {"thresholds",
         {{"inaccuracy", kInaccuracyLoss}, {"mistake", kMistakeLoss}, {"blunder", kBlunderLoss}}},
        {"winrate_first", graph},
        {"moves", moves}};
}

ReviewJob::ReviewJob(std::unique_ptr<Game> game, ReviewSettings settings, std::atomic<int>& running)
    : game_(std::move(game)), settings_(settings), running_(running) {
    settings_.stop = &stop_;
    total_ = static_cast<int>(game_->history().size()) + 1;
    thread_ = std::thread([this] { run(); });
}

ReviewJob::~ReviewJob() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
}

void ReviewJob::run() {
    try {
        Review r = review_game(*game_, settings_, [this](int done, int total) {
            std::lock_guard lock(mutex_);
            done_ = done;
            total_ = total;
            return true;
        });
        std::lock_guard lock(mutex_);
        review_ = std::move(r);
    } catch (const std::exception& e) {
        std::lock_guard lock(mutex_);
        error_ = e.what();
    }
    {
        std::lock_guard lock(mutex_);
        finished_ = true;
    }
    running_.fetch_sub(1);
}

bool ReviewJob::finished() const {
    std::lock_guard lock(mutex_);
    return finished_;
}

json ReviewJob::status() const {
    std::lock_guard lock(mutex_);
    const char* status = !finished_ ? "running" : error_.empty() ? "done" : "failed";
    json out = {{"status", status}, {"level", settings_.level}, {"done", done_}, {"total", total_}};
    if (!error_.empty()) out["error"] = error_;
    if (finished_ && error_.empty()) out.update(review_json(review_, *game_));
    return out;
}

}  // namespace asterism::server
