// The clock a create request asks for (clock.h), the clock of an online game
// in the service, and the thread that flags and expires games (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <chrono>

namespace asterism::server {

using games::json;

GameClock clock_from_request(const json& body) {
    if (!body.contains("clock") || body["clock"].is_null()) return {};
    const json& j = body["clock"];
    if (!j.is_object()) fail("new.clock.object");
    const std::string kind = get_string(j, "kind", "none");
    TimeControl control;
    if (kind == "fischer") {
        // Whole milliseconds, as the stored clock keeps them.
        const auto minutes_ms =
            static_cast<std::int64_t>(get_number(j, "minutes", 10, 0.25, 600) * 60000);
        const auto increment_ms =
            static_cast<std::int64_t>(get_number(j, "increment", 0, 0, 600) * 1000);
        control.kind = TimeControl::Kind::Fischer;
        control.main = static_cast<double>(minutes_ms) / 1000;
        control.increment = static_cast<double>(increment_ms) / 1000;
    } else if (kind == "correspondence") {
        control.kind = TimeControl::Kind::Correspondence;
        control.per_move = static_cast<double>(get_int(j, "days", 3, 1, 30) * 86400);
    } else if (kind != "none") {
        fail("new.clock.kind");
    }
    return GameClock(control);
}

namespace games {

std::int64_t system_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Milliseconds the side to move has left now.
std::int64_t left_now(const Game& g, std::int64_t now) {
    return g.table.clock().left_at(g.table.game().to_move(), now);
}

// Whether the side to move's clock runs: Fischer clocks once each side has
// made a move (a player is not charged for the time the opponent takes to
// arrive), correspondence as soon as both seats are taken.
bool clock_runs(const Game& g) {
    if (!g.table.clock().timed() || g.table.over() || !g.seats.both_joined()) return false;
    // A tournament's game starts with its pairing: a player who never
    // moves loses on time (docs/tournaments.md).
    return g.table.clock().kind() == TimeControl::Kind::Correspondence || !g.tournament.empty() ||
           g.table.game().history().size() >= 2;
}

// After a move by `mover` (or a takeback, mover None): the clock's turn
// is over (GameClock::turn_over), the next runs if clock_runs says so.
void turn_over(Game& g, Player mover, std::int64_t now) {
    g.table.clock().turn_over(mover, g.table.game().to_move(), clock_runs(g), now);
}

// Before `count` moves are taken back (GameClock::take_back).
void take_back_clock(Game& g, int count, std::int64_t now) {
    std::vector<Player> movers;
    auto copy = g.table.game().clone();
    for (int k = 0; k < count && !copy->history().empty(); ++k) {
        copy->undo();
        movers.push_back(copy->to_move());
    }
    g.table.clock().take_back(g.table.game().to_move(), movers, now);
}

}  // namespace games

using namespace games;

void GameService::check_clocks() {
    std::vector<std::shared_ptr<Game>> running;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) running.push_back(g);
    }
    const std::int64_t at = now();
    for (const auto& g : running) {
        std::lock_guard lock(g->mutex);
        if (g->table.clock().running() && !g->table.over() && left_now(*g, at) <= 0) {
            try {
                flag(*g, g->table.game().to_move());
            } catch (const HttpError&) {
                // Not saved: the next check flags it again.
            }
        }
    }
}

void GameService::clock_worker() {
    std::unique_lock lock(mutex_);
    int ticks = 0;
    while (!stopping_) {
        clock_wake_.wait_for(lock, std::chrono::milliseconds(100));
        if (stopping_) return;
        lock.unlock();
        check_clocks();
        // Expiry is measured in hours: once a minute is plenty.
        if (++ticks % 600 == 1) expire_idle();
        lock.lock();
    }
}

std::size_t GameService::expire_idle() {
    std::vector<std::shared_ptr<Game>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) all.push_back(g);
    }
    const std::int64_t at = now();
    std::size_t ended = 0;
    std::vector<std::shared_ptr<Game>> idle_local;
    {
        std::lock_guard lock(mutex_);
        for (auto it = local_.begin(); it != local_.end();) {
            if (static_cast<double>(at - it->second->last_used_ms) / 1000 >
                limits_.local.idle_seconds) {
                idle_local.push_back(it->second);
                it = local_.erase(it);
            } else {
                ++it;
            }
        }
    }
    end_local(idle_local, "game.ended.unused");
    ended += idle_local.size();
    for (const auto& g : all) {
        std::lock_guard lock(g->mutex);
        if (g->table.over() || !g->expired.empty() || g->table.clock().running()) continue;
        const double idle = static_cast<double>(at - g->row.updated_ms) / 1000;
        const bool open = g->row.status == "open";
        if (idle < (open ? limits_.open_expiry_seconds : limits_.idle_expiry_seconds)) continue;
        // The reason's English is what the log keeps (known_reason reads it back).
        const ErrorEntry& why =
            open ? ReasonCode("game.ended.nobody").entry() : ReasonCode("game.ended.idle").entry();
        const GameEvent event = events::Expire{std::string(why.text)};
        apply_event(*g, event);
        try {
            commit(*g, event);
            ++ended;
        } catch (const HttpError&) {
            // Not saved: the game is as its log says; the next pass tries again.
        }
    }
    return ended;
}

}  // namespace asterism::server
