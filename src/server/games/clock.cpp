// The clock of an online game (clock.h), and the thread that flags and expires games (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <chrono>

namespace asterism::server {

using games::json;

namespace {

constexpr std::array<std::string_view, 3> kKindNames = {"none", "fischer", "correspondence"};

OnlineClock::Kind kind_named(std::string_view name) {
    for (std::size_t i = 0; i < kKindNames.size(); ++i)
        if (kKindNames[i] == name) return static_cast<OnlineClock::Kind>(i);
    throw GameError("a clock of an unknown kind '" + printable(name, 40) + "'");
}

}  // namespace

OnlineClock OnlineClock::from_json(const json& j) {
    OnlineClock c;
    c.kind_ = kind_named(j.value("kind", "none"));
    c.base_ = j.value("base", std::int64_t{0});
    c.increment_ = j.value("increment", std::int64_t{0});
    c.per_move_ = j.value("per_move", std::int64_t{0});
    if (j.contains("left")) c.left_ = j["left"].get<std::array<std::int64_t, 2>>();
    c.turn_start_ = j.value("turn_start", std::int64_t{0});
    return c;
}

json OnlineClock::to_json() const {
    return {{"kind", kKindNames[static_cast<std::size_t>(kind_)]},
            {"base", base_},
            {"increment", increment_},
            {"per_move", per_move_},
            {"left", left_},
            {"turn_start", turn_start_}};
}

OnlineClock OnlineClock::from_request(const json& body) {
    OnlineClock c;
    if (!body.contains("clock") || body["clock"].is_null()) return c;
    const json& j = body["clock"];
    if (!j.is_object()) fail("new.clock.object");
    const std::string kind = get_string(j, "kind", "none");
    if (kind == "fischer") {
        c.kind_ = Kind::Fischer;
        c.base_ = static_cast<std::int64_t>(get_number(j, "minutes", 10, 0.25, 600) * 60000);
        c.increment_ = static_cast<std::int64_t>(get_number(j, "increment", 0, 0, 600) * 1000);
        c.left_ = {c.base_, c.base_};
    } else if (kind == "correspondence") {
        c.kind_ = Kind::Correspondence;
        c.per_move_ = get_int(j, "days", 3, 1, 30) * 86400000;
        c.left_ = {c.per_move_, c.per_move_};
    } else if (kind != "none") {
        fail("new.clock.kind");
    }
    return c;
}

json OnlineClock::view(Player to_move, bool over, std::int64_t now) const {
    const bool runs = running() && !over && to_move != Player::None;
    json out = to_json();
    out.erase("turn_start");
    out["running"] = runs ? static_cast<int>(to_move) : -1;
    if (runs)
        out["left"][static_cast<std::size_t>(to_move)] =
            std::max<std::int64_t>(0, left_at(to_move, now));
    return out;
}

std::int64_t OnlineClock::left_at(Player to_move, std::int64_t now) const {
    if (to_move == Player::None || !timed()) return 0;
    const std::int64_t left = left_[static_cast<std::size_t>(to_move)];
    return turn_start_ ? left - (now - turn_start_) : left;
}

void OnlineClock::turn_over(Player mover, Player next, bool runs, std::int64_t now) {
    if (!timed()) return;
    if (mover != Player::None) {
        if (turn_start_) left(mover) -= now - turn_start_;
        if (kind_ == Kind::Fischer) left(mover) += increment_;
    }
    turn_start_ = runs ? now : 0;
    if (kind_ == Kind::Correspondence && next != Player::None) left(next) = per_move_;
}

void OnlineClock::take_back(Player to_move, const std::vector<Player>& movers, std::int64_t now) {
    if (!timed()) return;
    if (turn_start_ && to_move != Player::None) left(to_move) -= now - turn_start_;
    if (kind_ != Kind::Fischer) return;
    for (const Player p : movers) left(p) -= increment_;
}

void OnlineClock::flag(Player loser) {
    left(loser) = 0;
    turn_start_ = 0;
}

namespace games {

std::int64_t system_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// Milliseconds the side to move has left now.
std::int64_t left_now(const Game& g, std::int64_t now) {
    return g.clock.left_at(g.table.game().to_move(), now);
}

// Whether the side to move's clock runs: Fischer clocks once each side has
// made a move (a player is not charged for the time the opponent takes to
// arrive), correspondence as soon as both seats are taken.
bool clock_runs(const Game& g) {
    if (!g.clock.timed() || g.table.over() || !g.seats.both_joined()) return false;
    // A tournament's game starts with its pairing: a player who never
    // moves loses on time (docs/tournaments.md).
    return g.clock.kind() == OnlineClock::Kind::Correspondence || !g.tournament.empty() ||
           g.table.game().history().size() >= 2;
}

// After a move by `mover` (or a takeback, mover None): the clock's turn
// is over (OnlineClock::turn_over), the next runs if clock_runs says so.
void turn_over(Game& g, Player mover, std::int64_t now) {
    g.clock.turn_over(mover, g.table.game().to_move(), clock_runs(g), now);
}

// Before `count` moves are taken back (OnlineClock::take_back).
void take_back_clock(Game& g, int count, std::int64_t now) {
    std::vector<Player> movers;
    auto copy = g.table.game().clone();
    for (int k = 0; k < count && !copy->history().empty(); ++k) {
        copy->undo();
        movers.push_back(copy->to_move());
    }
    g.clock.take_back(g.table.game().to_move(), movers, now);
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
        if (g->clock.running() && !g->table.over() && left_now(*g, at) <= 0) {
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
        if (g->table.over() || !g->expired.empty() || g->clock.running()) continue;
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
