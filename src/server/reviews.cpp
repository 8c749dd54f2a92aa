#include "server/reviews.h"

#include <cmath>
#include <utility>

#include "core/numbers.h"
#include "server/json_args.h"

namespace asterism::server {

using nlohmann::json;

json review_json(const Review& review, const Game& game) {
    json graph = json::array();
    for (const double w : review.winrate_first) graph.push_back(rounded(w, 4));
    json moves = json::array();
    for (const ReviewedMove& m : review.moves) {
        json item = {{"ply", m.ply},
                     {"move", m.move},
                     {"mover", index(m.mover)},
                     {"mover_name", game.player_name(m.mover)},
                     {"before", rounded(m.before, 4)},
                     {"after", rounded(m.after, 4)},
                     {"loss", rounded(m.loss, 4)},
                     {"mark", mark_name(m.mark)},
                     {"best", m.best}};
        if (!m.proven.empty()) {
            item["proven"] = m.proven;
            item["proven_result"] = m.proven_result > 0 ? "win" : "loss";
            item["proven_plies"] = m.proven_plies;
        }
        if (m.decisive) item["decisive"] = true;
        if (m.forced_loss) item["forced_loss"] = true;
        // Whole times: "cut its chances fourfold" is what a page says.
        if (m.odds_cut > 0) item["odds_cut"] = std::floor(m.odds_cut);
        moves.push_back(std::move(item));
    }
    json players = json::array();
    for (const PlayerReview& p : review.players)
        players.push_back({{"player", index(p.player)},
                           {"name", game.player_name(p.player)},
                           {"moves", p.moves},
                           {"accuracy", rounded(p.accuracy, 1)},
                           {"inaccuracies", p.inaccuracies},
                           {"mistakes", p.mistakes},
                           {"blunders", p.blunders}});
    return {
        {"thresholds",
         {{"inaccuracy", kInaccuracyLoss}, {"mistake", kMistakeLoss}, {"blunder", kBlunderLoss}}},
        {"winrate_first", graph},
        {"moves", moves},
        {"players", players},
        {"tempo_bias", rounded(review.tempo_bias, 4)}};
}

// The page's engine (apps/web-engine) compiles this file for review_json
// alone: the browser has no thinking pool, so the jobs are the server's.
#ifndef __EMSCRIPTEN__

ReviewJob::ReviewJob(std::unique_ptr<Game> game, ReviewSettings settings, std::atomic<int>& running,
                     FairPool& pool, const std::string& network, std::shared_ptr<StopFlag> stop,
                     FairPool::Admit admit)
    : state_(std::make_shared<State>()) {
    State& s = *state_;
    s.game = std::move(game);
    s.settings = settings;
    s.settings.stop = s.stop.get();
    s.running = &running;
    stop->follow(s.stop);
    s.total = static_cast<int>(s.game->history().size()) + 1;
    const auto no = pool.submit(
        network, [state = state_] { run(*state); }, admit, FairPool::Length::Long);
    if (no) {
        running.fetch_sub(1);
        fail(no->code, no->params);
    }
}

ReviewJob::~ReviewJob() {
    state_->stop->store(true);
}

void ReviewJob::run(State& s) {
    {
        std::lock_guard lock(s.mutex);
        s.started = true;
    }
    try {
        if (s.stop->load()) throw SearchStopped("stop.review");
        Review r = review_game(*s.game, s.settings, [&s](int done, int total) {
            std::lock_guard lock(s.mutex);
            s.done = done;
            s.total = total;
            return !s.stop->load();
        });
        std::lock_guard lock(s.mutex);
        s.review = std::move(r);
    } catch (const SearchStopped& e) {
        std::lock_guard lock(s.mutex);
        s.error = e.what();
        s.reason = e.reason;
    } catch (const GameError& e) {
        std::lock_guard lock(s.mutex);
        s.error = e.what();
        s.reason = e.reason();
    } catch (const std::exception& e) {
        std::lock_guard lock(s.mutex);
        s.error = e.what();
    }
    {
        std::lock_guard lock(s.mutex);
        s.finished = true;
    }
    s.running->fetch_sub(1);
}

bool ReviewJob::finished() const {
    std::lock_guard lock(state_->mutex);
    return state_->finished;
}

json ReviewJob::status() const {
    const State& s = *state_;
    std::lock_guard lock(s.mutex);
    const char* status = !s.started        ? "queued"
                         : !s.finished     ? "running"
                         : s.error.empty() ? "done"
                                           : "failed";
    json out = {
        {"status", status}, {"level", s.settings.level}, {"done", s.done}, {"total", s.total}};
    if (!s.error.empty()) out["error"] = s.error;
    // A client translates the failure by its code (web/server-errors.js).
    if (!s.error.empty() && s.reason.is_object()) out["reason"] = s.reason;
    if (s.finished && s.error.empty()) out.update(review_json(s.review, *s.game));
    return out;
}

#endif  // __EMSCRIPTEN__

}  // namespace asterism::server
