// The clock of an online game (a local game's is of kind None): its time
// control and its state, which only its own functions change. Times in
// milliseconds; the side to move's clock runs from its turn's start.
// Stored as JSON in the game's row and with each event (to_json), shown in
// the game's state (view).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/types.h"

namespace asterism::server {

class OnlineClock {
  public:
    enum class Kind { None, Fischer, Correspondence };

    // The clock a create request asks for: {"clock": {"kind": "fischer",
    // "minutes": 10, "increment": 5}} or {"kind": "correspondence", "days":
    // 3}; none without one. 400 for another.
    static OnlineClock from_request(const nlohmann::json& body);
    // As stored (to_json); GameError for a kind it does not know.
    static OnlineClock from_json(const nlohmann::json& j);
    nlohmann::json to_json() const;
    // The state's clock: {kind, base, increment, per_move, left, running},
    // the side to move's time left as of `now`, running the seat whose
    // clock runs or -1.
    nlohmann::json view(Player to_move, bool over, std::int64_t now) const;

    Kind kind() const { return kind_; }
    bool timed() const { return kind_ != Kind::None; }
    bool running() const { return turn_start_ != 0; }
    // What `to_move` has left at `now` (0 for an untimed clock).
    std::int64_t left_at(Player to_move, std::int64_t now) const;

    // After a move by `mover` (or a takeback: mover None): charges the time
    // used, adds the increment, gives `next` its correspondence time, and
    // starts the next turn now if `runs`, else stops.
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

  private:
    std::int64_t& left(Player p) { return left_[static_cast<std::size_t>(p)]; }

    Kind kind_ = Kind::None;
    std::int64_t base_ = 0, increment_ = 0, per_move_ = 0;
    std::array<std::int64_t, 2> left_{0, 0};
    std::int64_t turn_start_ = 0;  // 0: not running
};

}  // namespace asterism::server
