#include "table/time_control.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "core/errors.h"
#include "core/text.h"

namespace asterism {

namespace {

// Seconds as short text: "300", "2.5".
std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
}

constexpr double kMovesToPlan = 30;
constexpr double kMinBudget = 0.01;

// The stored names of the kinds, in the order of TimeControl::Kind.
constexpr std::array<std::string_view, 5> kKindNames = {"none", "absolute", "fischer", "canadian",
                                                        "correspondence"};

TimeControl::Kind kind_named(std::string_view name) {
    for (std::size_t i = 0; i < kKindNames.size(); ++i)
        if (kKindNames[i] == name) return static_cast<TimeControl::Kind>(i);
    // Only a stored clock is read by name (a request's is clock_from_request's).
    throw GameError("internal: a stored clock of an unknown kind '" + printable(name, 40) + "'");
}

std::int64_t ms_of(double seconds) {
    return std::llround(seconds * 1000);
}

}  // namespace

std::string TimeControl::describe() const {
    switch (kind) {
        case Kind::None:
            return "-";
        case Kind::Absolute:
            return seconds_text(main);
        case Kind::Fischer:
            return seconds_text(main) + "+" + seconds_text(increment);
        case Kind::Canadian:
            return seconds_text(main) + " canadian " + seconds_text(byo_yomi) + "/" +
                   std::to_string(stones);
        case Kind::Correspondence:
            return "1/" + seconds_text(per_move);
    }
    return "-";
}

void GameClock::set_control(const TimeControl& control) {
    control_ = control;
    const double first =
        control.kind == TimeControl::Kind::Correspondence ? control.per_move : control.main;
    for (Side& s : sides_) s = {ms_of(first), 0};
    turn_start_ = 0;
}

void GameClock::set_left(Player p, double seconds, int stones) {
    if (p == Player::None) return;
    side(p) = {ms_of(seconds), stones};
}

GameClock::Side GameClock::current(Player p) const {
    const Side s = sides_[static_cast<std::size_t>(p)];
    // A Canadian clock whose main time is used up starts a period with the
    // next move.
    if (control_.kind == TimeControl::Kind::Canadian && s.stones == 0 && s.ms <= 0)
        return {ms_of(control_.byo_yomi), control_.stones};
    return s;
}

double GameClock::budget(Player p) const {
    if (!timed() || p == Player::None) return 0;
    const Side s = current(p);
    const double seconds = static_cast<double>(s.ms) / 1000;
    const double share =
        s.stones > 0 ? seconds / s.stones : seconds / kMovesToPlan + control_.increment;
    return std::max(kMinBudget, std::min(share, seconds / 2));
}

void GameClock::charge(Player p, std::int64_t ms) {
    if (!timed() || p == Player::None) return;
    Side s = current(p);
    s.ms -= ms;
    if (control_.kind == TimeControl::Kind::Fischer) s.ms += ms_of(control_.increment);
    if (s.stones > 0 && --s.stones == 0) s = {ms_of(control_.byo_yomi), control_.stones};
    side(p) = s;
}

void GameClock::spend(Player p, double seconds) {
    charge(p, ms_of(seconds));
}

std::int64_t GameClock::left_at(Player to_move, std::int64_t now) const {
    if (to_move == Player::None || !timed()) return 0;
    const std::int64_t left = sides_[static_cast<std::size_t>(to_move)].ms;
    return turn_start_ ? left - (now - turn_start_) : left;
}

void GameClock::turn_over(Player mover, Player next, bool runs, std::int64_t now) {
    if (!timed()) return;
    if (mover != Player::None) charge(mover, turn_start_ ? now - turn_start_ : 0);
    turn_start_ = runs ? now : 0;
    if (control_.kind == TimeControl::Kind::Correspondence && next != Player::None)
        side(next).ms = ms_of(control_.per_move);
}

void GameClock::take_back(Player to_move, const std::vector<Player>& movers, std::int64_t now) {
    if (!timed()) return;
    if (turn_start_ && to_move != Player::None) side(to_move).ms -= now - turn_start_;
    if (control_.kind != TimeControl::Kind::Fischer) return;
    for (const Player p : movers) side(p).ms -= ms_of(control_.increment);
}

void GameClock::flag(Player loser) {
    side(loser).ms = 0;
    turn_start_ = 0;
}

nlohmann::json GameClock::to_json() const {
    nlohmann::json out = {{"kind", kKindNames[static_cast<std::size_t>(control_.kind)]},
                          {"base", ms_of(control_.main)},
                          {"increment", ms_of(control_.increment)},
                          {"per_move", ms_of(control_.per_move)},
                          {"left", {sides_[0].ms, sides_[1].ms}},
                          {"turn_start", turn_start_}};
    if (control_.kind == TimeControl::Kind::Canadian) {
        out["byo_yomi"] = ms_of(control_.byo_yomi);
        out["stones"] = control_.stones;
        out["periods"] = {sides_[0].stones, sides_[1].stones};
    }
    return out;
}

GameClock GameClock::from_json(const nlohmann::json& j) {
    const auto seconds = [&](const char* key) {
        return static_cast<double>(j.value(key, std::int64_t{0})) / 1000;
    };
    TimeControl control;
    control.kind = kind_named(j.value("kind", "none"));
    control.main = seconds("base");
    control.increment = seconds("increment");
    control.per_move = seconds("per_move");
    control.byo_yomi = seconds("byo_yomi");
    control.stones = j.value("stones", 0);
    GameClock c(control);
    if (j.contains("left")) {
        const auto left = j["left"].get<std::array<std::int64_t, 2>>();
        const auto periods = j.value("periods", std::array<int, 2>{0, 0});
        for (std::size_t i = 0; i < 2; ++i) c.sides_[i] = {left[i], periods[i]};
    }
    c.turn_start_ = j.value("turn_start", std::int64_t{0});
    return c;
}

nlohmann::json GameClock::view(Player to_move, bool over, std::int64_t now) const {
    const bool runs = running() && !over && to_move != Player::None;
    nlohmann::json out = to_json();
    out.erase("turn_start");
    out["running"] = runs ? static_cast<int>(to_move) : -1;
    if (runs)
        out["left"][static_cast<std::size_t>(to_move)] =
            std::max<std::int64_t>(0, left_at(to_move, now));
    return out;
}

}  // namespace asterism
