#include "table/time_control.h"

#include <algorithm>
#include <cstdio>

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
    }
    return "-";
}

void GameClock::set_control(const TimeControl& control) {
    control_ = control;
    for (auto& side : sides_) side = {control.main, 0};
}

void GameClock::set_left(Player p, double seconds, int stones) {
    if (p == Player::None) return;
    sides_[index(p)] = {seconds, stones};
}

GameClock::Side GameClock::current(Player p) const {
    const Side side = sides_[index(p)];
    // A Canadian clock whose main time is used up starts a period with the
    // next move.
    if (control_.kind == TimeControl::Kind::Canadian && side.stones == 0 && side.seconds <= 0)
        return {control_.byo_yomi, control_.stones};
    return side;
}

double GameClock::budget(Player p) const {
    if (control_.kind == TimeControl::Kind::None || p == Player::None) return 0;
    const Side side = current(p);
    const double share = side.stones > 0 ? side.seconds / side.stones
                                         : side.seconds / kMovesToPlan + control_.increment;
    return std::max(kMinBudget, std::min(share, side.seconds / 2));
}

void GameClock::spend(Player p, double seconds) {
    if (control_.kind == TimeControl::Kind::None || p == Player::None) return;
    Side side = current(p);
    side.seconds -= seconds;
    if (control_.kind == TimeControl::Kind::Fischer) side.seconds += control_.increment;
    if (side.stones > 0 && --side.stones == 0) side = {control_.byo_yomi, control_.stones};
    sides_[index(p)] = side;
}

}  // namespace asterism
