// The clock of an online game, and the thread that flags and expires games (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <chrono>

namespace asterism::server {

namespace online {

std::int64_t system_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

json clock_json(const OnlineClock& c) {
    return {{"kind", c.kind},         {"base", c.base}, {"increment", c.increment},
            {"per_move", c.per_move}, {"left", c.left}, {"turn_start", c.turn_start}};
}

OnlineClock clock_from(const json& j) {
    OnlineClock c;
    c.kind = j.value("kind", "none");
    c.base = j.value("base", std::int64_t{0});
    c.increment = j.value("increment", std::int64_t{0});
    c.per_move = j.value("per_move", std::int64_t{0});
    if (j.contains("left")) c.left = j["left"].get<std::array<std::int64_t, 2>>();
    c.turn_start = j.value("turn_start", std::int64_t{0});
    return c;
}

// The clock a request asks for: {"kind": "fischer", "minutes": 10,
// "increment": 5} or {"kind": "correspondence", "days": 3}; none by default.
OnlineClock clock_from_request(const json& body) {
    OnlineClock c;
    if (!body.contains("clock") || body["clock"].is_null()) return c;
    const json& j = body["clock"];
    if (!j.is_object()) fail("new.clock.object");
    c.kind = get_string(j, "kind", "none");
    if (c.kind == "fischer") {
        c.base = static_cast<std::int64_t>(get_number(j, "minutes", 10, 0.25, 600) * 60000);
        c.increment = static_cast<std::int64_t>(get_number(j, "increment", 0, 0, 600) * 1000);
        c.left = {c.base, c.base};
    } else if (c.kind == "correspondence") {
        c.per_move = get_int(j, "days", 3, 1, 30) * 86400000;
        c.left = {c.per_move, c.per_move};
    } else if (c.kind != "none") {
        fail("new.clock.kind");
    }
    return c;
}

// Milliseconds the side to move has left now (the clock runs from turn_start).
std::int64_t left_now(const Game& g, std::int64_t now) {
    const Player p = g.table.game().to_move();
    if (p == Player::None || g.clock.kind == "none") return 0;
    const std::int64_t left = g.clock.left[static_cast<std::size_t>(seat_index(p))];
    return g.clock.turn_start ? left - (now - g.clock.turn_start) : left;
}

// Whether the side to move's clock runs: Fischer clocks once each side has
// made a move (a player is not charged for the time the opponent takes to
// arrive), correspondence as soon as both seats are taken.
bool clock_runs(const Game& g) {
    if (g.clock.kind == "none" || g.table.over() || !both_joined(g)) return false;
    // A tournament's game starts with its pairing: a player who never
    // moves loses on time (docs/tournaments.md).
    return g.clock.kind == "correspondence" || !g.tournament.empty() ||
           g.table.game().history().size() >= 2;
}

// After a move by `mover` (or a takeback, mover None): charges the time
// used, adds the increment and starts the next turn.
void turn_over(Game& g, Player mover, std::int64_t now) {
    OnlineClock& c = g.clock;
    if (c.kind == "none") return;
    if (mover != Player::None) {
        auto& left = c.left[static_cast<std::size_t>(seat_index(mover))];
        if (c.turn_start) left -= now - c.turn_start;
        if (c.kind == "fischer") left += c.increment;
    }
    c.turn_start = clock_runs(g) ? now : 0;
    const Player next = g.table.game().to_move();
    if (c.kind == "correspondence" && next != Player::None)
        c.left[static_cast<std::size_t>(seat_index(next))] = c.per_move;
}

// Before `count` moves are taken back: the side to move is charged the time
// it has used (a takeback does not stop a clock), and each move taken back
// gives back the increment it earned, so that takebacks buy no time.
void take_back_clock(Game& g, int count, std::int64_t now) {
    OnlineClock& c = g.clock;
    if (c.kind == "none") return;
    const Player to_move = g.table.game().to_move();
    if (c.turn_start && to_move != Player::None)
        c.left[static_cast<std::size_t>(seat_index(to_move))] -= now - c.turn_start;
    if (c.kind != "fischer") return;
    auto copy = g.table.game().clone();
    for (int k = 0; k < count && !copy->history().empty(); ++k) {
        copy->undo();
        c.left[static_cast<std::size_t>(seat_index(copy->to_move()))] -= c.increment;
    }
}

}  // namespace online

using namespace online;

void GameService::check_clocks() {
    std::vector<std::shared_ptr<Game>> running;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) running.push_back(g);
    }
    const std::int64_t at = now();
    for (const auto& g : running) {
        std::lock_guard lock(g->mutex);
        if (g->clock.turn_start && !g->table.over() && left_now(*g, at) <= 0) {
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
        if (g->table.over() || !g->expired.empty() || g->clock.turn_start) continue;
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
