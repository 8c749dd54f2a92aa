// The one clock model of a game (issue 42): the table's, which the engine
// protocol sets (time_settings, time_left), the terminal's `play` and the
// server's online games use alike. A time control, each side's remaining
// time, whose turn's time runs since when, and how long a computer may
// think about its next move.
//
// Kinds of time control (a control's times in seconds):
//   none            no limit; the engine plays at its level's usual effort
//   absolute        MAIN seconds for the whole game
//   fischer         MAIN seconds, and INCREMENT more after every move
//   canadian        MAIN seconds, then periods of BYO_YOMI seconds for STONES
//                   moves (GTP 2's own time_settings form)
//   correspondence  PER_MOVE seconds for each move (days, online)
//
// Budget for one move: in main time, remaining / 30 + increment; in a
// Canadian period, its time divided by the moves still due in it. Either way
// at most half of what is left, so that one move never empties the clock,
// and at least 10 ms.
//
// Two ways to charge a move's time, one arithmetic: `spend` with the seconds
// a caller measured (the engine protocol's search), or the wall clock's
// turns in milliseconds since 1970 (`turn_over`, the server's games, whose
// running clock is stored as the turn's start). Both add the increment,
// open the next Canadian period, and a correspondence turn gives the next
// side its days again.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/types.h"

namespace asterism {

struct TimeControl {
    enum class Kind { None, Absolute, Fischer, Canadian, Correspondence };
    Kind kind = Kind::None;
    double main = 0;
    double increment = 0;  // Fischer
    double byo_yomi = 0;   // Canadian: the length of one period
    int stones = 0;        // Canadian: moves to play in one period
    double per_move = 0;   // Correspondence: the time for each move

    // The record's TimeControl tag: "-", "300", "300+5", "600 canadian 30/5"
    // or, for correspondence, "1/259200" (PGN's moves/seconds).
    std::string describe() const;
};

class GameClock {
  public:
    GameClock() = default;
    explicit GameClock(const TimeControl& control) { set_control(control); }

    // Sets the control and gives both sides their main time (a
    // correspondence side its time for one move); the clock stands.
    void set_control(const TimeControl& control);
    const TimeControl& control() const { return control_; }
    TimeControl::Kind kind() const { return control_.kind; }
    bool timed() const { return control_.kind != TimeControl::Kind::None; }
    // Back to the start of the game under the same control.
    void reset() { set_control(control_); }

    // ---- charged by the caller's measure (the engine protocol) ----------
    // GTP time_left: `seconds` left for `p`; `stones` moves still due in the
    // current Canadian period, or 0 in main time.
    void set_left(Player p, double seconds, int stones);
    // Seconds the engine may spend on its next move as `p`; 0 means no limit.
    double budget(Player p) const;
    // Charges `seconds` to `p` after its move (see charge).
    void spend(Player p, double seconds);

    // ---- charged by the wall clock (the server), in ms since 1970 --------
    bool running() const { return turn_start_ != 0; }
    // What `to_move` has left at `now` (0 for an untimed clock).
    std::int64_t left_at(Player to_move, std::int64_t now) const;
    // After a move by `mover` (or a takeback: mover None): charges the time
    // its turn took, gives `next` its correspondence time, and starts the
    // next turn now if `runs`, else stops.
    void turn_over(Player mover, Player next, bool runs, std::int64_t now);
    // Before moves are taken back: `to_move` is charged the time it has used
    // (a takeback does not stop a clock), and each move taken back (its
    // movers, the last first) gives back the increment it earned, so that
    // takebacks buy no time.
    void take_back(Player to_move, const std::vector<Player>& movers, std::int64_t now);
    // `loser`'s time is up.
    void flag(Player loser);
    void stop() { turn_start_ = 0; }
    // A restart of the server: a running clock runs from `now` (the time the
    // server was down is charged to nobody).
    void restart(std::int64_t now) {
        if (turn_start_) turn_start_ = now;
    }

    // ---- as stored and shown (times in ms) -------------------------------
    // {kind, base, increment, per_move, left, turn_start} (and byo_yomi,
    // stones and periods for a Canadian clock); GameError for a kind it
    // does not know.
    nlohmann::json to_json() const;
    static GameClock from_json(const nlohmann::json& j);
    // A game state's clock: the stored form without turn_start, `running`
    // the seat whose clock runs or -1, the side to move's time as of `now`.
    nlohmann::json view(Player to_move, bool over, std::int64_t now) const;

  private:
    struct Side {
        std::int64_t ms = 0;
        int stones = 0;  // moves left in the current Canadian period; 0 in main time
    };
    // The side's clock as it stands for its next move.
    Side current(Player p) const;
    // Charges `ms` to `p` after its move: adds the increment, opens the next
    // Canadian period when this one's moves are played.
    void charge(Player p, std::int64_t ms);
    Side& side(Player p) { return sides_[static_cast<std::size_t>(p)]; }

    TimeControl control_;
    std::array<Side, 2> sides_{};
    std::int64_t turn_start_ = 0;  // ms since 1970; 0: not running
};

}  // namespace asterism
