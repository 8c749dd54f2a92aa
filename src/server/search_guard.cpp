// Bounded and stoppable searches (search_guard.h).
#include "server/search_guard.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/types.h"
#include "server/json_args.h"

namespace asterism::server {

PlayerBounds effective_bounds(const SearchCaps& caps) {
    PlayerBounds b = caps.player;
    if (b.threads <= 0)
        b.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    b.seconds = std::min(b.seconds, caps.max_seconds);
    return b;
}

void check_player(const std::string& player, const SearchCaps& caps) {
    try {
        check_player_bounds(player, effective_bounds(caps));
    } catch (const GameError& e) {
        fail("new.player.bounds", {{"why", e.reason()}});
    }
}

SearchStopped::SearchStopped(ReasonCode why)
    : std::runtime_error(std::string(why.entry().text)),
      code(why.entry().code),
      reason(server_reason(why)) {}

void StopFlag::raise(ReasonCode reason) {
    if (claimed_.exchange(true)) return;
    reason_ = reason;
    raised_.store(true, std::memory_order_release);
    std::lock_guard lock(followers_mutex_);
    for (const auto& weak : followers_)
        if (const auto f = weak.lock()) f->store(true);
    followers_.clear();
}

void StopFlag::follow(const std::shared_ptr<std::atomic<bool>>& flag) {
    std::lock_guard lock(followers_mutex_);
    if (raised()) {
        flag->store(true);
        return;
    }
    std::erase_if(followers_, [](const auto& weak) { return weak.expired(); });
    followers_.push_back(flag);
}

namespace {

using Clock = std::chrono::steady_clock;

// An agent that searches through its inner agent's analysis with a progress
// callback, which is how every search of search/ can be stopped from outside.
// The inner agent's move is its analysis's first candidate (MctsAgent and
// AlphaBetaAgent choose so), so the guard changes no move a search makes
// within the cap.
class GuardedAgent final : public Agent {
  public:
    GuardedAgent(std::unique_ptr<Agent> inner, double seconds, StopReason stop)
        : inner_(std::move(inner)), seconds_(seconds), stop_(std::move(stop)) {}

    std::string name() const override { return inner_->name(); }
    std::uint64_t level_effort() const override { return inner_->level_effort(); }

    std::string choose(const Game& game, Rng& rng) override {
        const Analysis a = analyze(game, rng, {}, nullptr);
        if (a.candidates.empty()) throw SearchStopped("server.noMove");
        return a.candidates.front().move;
    }

    Analysis analyze(const Game& game, Rng& rng, const SearchLimits& limits,
                     const std::function<bool(const Analysis&)>& progress) override {
        check_stop();
        const auto start = Clock::now();
        Analysis a = inner_->analyze(game, rng, limits, [&](const Analysis& so_far) {
            if (progress && !progress(so_far)) return false;
            if (stop_ && stop_()) return false;
            return std::chrono::duration<double>(Clock::now() - start).count() < seconds_;
        });
        check_stop();
        return a;
    }

  private:
    void check_stop() const {
        if (!stop_) return;
        if (const auto why = stop_()) throw SearchStopped(*why);
    }

    std::unique_ptr<Agent> inner_;
    double seconds_;
    StopReason stop_;
};

}  // namespace

std::unique_ptr<Agent> guarded(std::unique_ptr<Agent> agent, double seconds, StopReason stop) {
    return std::make_unique<GuardedAgent>(std::move(agent), seconds, std::move(stop));
}

}  // namespace asterism::server
