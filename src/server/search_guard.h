// Every search the server runs for a client (a computer's move, its answer
// to a draw offer, an online opponent's move) is bounded twice: the player a
// client names must lie within the operator's bounds (check_player, a 400
// otherwise), and the search itself runs under a guard that stops it at the
// operator's wall-clock cap, when the server stops, and when whatever asked
// for it is gone (the client hung up, the game changed or ended). A search
// stopped at the cap plays its best move so far, as a clock would make it;
// a search stopped for any other reason fails with SearchStopped.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "search/agent.h"
#include "search/players.h"
#include "server/errors.h"

namespace asterism::server {

// The operator's bounds on searches (docs/server.md, "Limits").
struct SearchCaps {
    // What a player named by a client may ask for; `threads` 0: one per core.
    PlayerBounds player;
    // Wall-clock seconds any one search may run, whatever its player.
    double max_seconds = 30;
};

// The player bounds with their defaults filled in (threads: the cores).
PlayerBounds effective_bounds(const SearchCaps& caps);

// 400 (HttpError) with a one-line message when `player` is beyond `caps`.
void check_player(const std::string& player, const SearchCaps& caps);

// Thrown by a guarded search that was stopped before it chose (not at the
// time cap), with the code of its reason (kReasonRows, "stop.*"); what()
// is the reason's English. The API answers it with 503 and the reason.
struct SearchStopped : std::runtime_error {
    explicit SearchStopped(ReasonCode why);
    std::string code;       // the reason's, "stop.server"
    nlohmann::json reason;  // {"code", "params"}, as a client gets it
};

// The reason a search gives when the game it was for moved on: the API
// answers it with 409, as for a move planned on an old position.
inline constexpr ReasonCode kGameChanged = "stop.changed";

// Why a search should stop now: nothing while it may go on.
using StopReason = std::function<std::optional<ReasonCode>()>;

// `agent` whose every search stops after `seconds` (returning its best move
// so far) or as soon as `stop` gives a reason (throwing SearchStopped).
std::unique_ptr<Agent> guarded(std::unique_ptr<Agent> agent, double seconds, StopReason stop);

// A flag any thread may raise, with the reason it was raised for; searches
// read it through a StopReason. Shared between a server and its searches.
// Only the first raise counts; its reason is written before the flag shows.
class StopFlag {
  public:
    void raise(ReasonCode reason);
    bool raised() const { return raised_.load(std::memory_order_acquire); }
    // The first raise's reason; nothing while not raised.
    std::optional<ReasonCode> reason() const {
        return raised() ? reason_ : std::optional<ReasonCode>();
    }
    // Raises `flag` too when this is raised (at once if it has been): for a
    // search that reads a plain flag of its own (a review's), which its
    // owner may also raise alone.
    void follow(const std::shared_ptr<std::atomic<bool>>& flag);

  private:
    std::mutex followers_mutex_;
    std::vector<std::weak_ptr<std::atomic<bool>>> followers_;
    std::atomic<bool> claimed_{false};
    std::atomic<bool> raised_{false};
    std::optional<ReasonCode> reason_;
};

}  // namespace asterism::server
