// Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012):
// a rating, its deviation (how uncertain it is) and its volatility (how
// erratic the player's results are), updated after a rating period from the
// period's results. The server rates each game as its own period, as
// lichess does. Pure arithmetic: no I/O, no clock.
#pragma once

#include <vector>

namespace asterism::server::ratings {

struct Rating {
    double rating = 1500;
    double deviation = 350;
    double volatility = 0.06;
};

// One result of the period: the opponent's rating before it, and the score
// (1 a win, 0.5 a draw, 0 a loss).
struct Result {
    Rating opponent;
    double score = 0;
};

struct Glicko2Settings {
    double tau = 0.5;            // the system constant: how fast volatility may move
    double epsilon = 0.000001;   // the volatility iteration's tolerance
    double max_deviation = 350;  // a deviation never grows past this
};

// The rating after a period with `results` (none: only the deviation grows).
Rating update(const Rating& before, const std::vector<Result>& results,
              const Glicko2Settings& settings = {});

// A rating is provisional while its deviation is above this (lichess's
// threshold): shown with a "?" and left off the leaderboards.
inline constexpr double kProvisionalDeviation = 110;
inline bool provisional(const Rating& r) {
    return r.deviation > kProvisionalDeviation;
}

}  // namespace asterism::server::ratings
