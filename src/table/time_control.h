// Clocks of a game in progress: the time control (set by a controller's
// time_settings in the engine protocol), each side's remaining time, and how
// long a computer may think about its next move.
//
// Kinds of time control (all times in seconds):
//   none       no limit; the engine plays at its level's usual effort
//   absolute   MAIN seconds for the whole game
//   fischer    MAIN seconds, and INCREMENT more after every move
//   canadian   MAIN seconds, then periods of BYO_YOMI seconds for STONES moves
//              (GTP 2's own time_settings form)
//
// Budget for one move: in main time, remaining / 30 + increment; in a
// Canadian period, its time divided by the moves still due in it. Either way
// at most half of what is left, so that one move never empties the clock,
// and at least 10 ms.
#pragma once

#include <string>

#include "core/types.h"

namespace asterism {

struct TimeControl {
    enum class Kind { None, Absolute, Fischer, Canadian };
    Kind kind = Kind::None;
    double main = 0;
    double increment = 0;  // Fischer
    double byo_yomi = 0;   // Canadian: the length of one period
    int stones = 0;        // Canadian: moves to play in one period

    // The record's TimeControl tag: "-", "300", "300+5" or "600 canadian 30/5".
    std::string describe() const;
};

class GameClock {
  public:
    // Sets the control and gives both sides their main time.
    void set_control(const TimeControl& control);
    const TimeControl& control() const { return control_; }
    // Back to the start of the game under the same control.
    void reset() { set_control(control_); }

    // GTP time_left: `seconds` left for `p`; `stones` moves still due in the
    // current Canadian period, or 0 in main time.
    void set_left(Player p, double seconds, int stones);

    // Seconds the engine may spend on its next move as `p`; 0 means no limit.
    double budget(Player p) const;

    // Charges `seconds` to `p` after a move and applies the increment or the
    // start of a new Canadian period.
    void spend(Player p, double seconds);

  private:
    struct Side {
        double seconds = 0;
        int stones = 0;  // moves left in the current Canadian period; 0 in main time
    };
    Side current(Player p) const;  // the side's clock as it stands for its next move
    TimeControl control_;
    Side sides_[2];
};

}  // namespace asterism
