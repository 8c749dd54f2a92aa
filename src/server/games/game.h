// A game of the game service, split by concern across src/server/games/:
// seats and secrets (seats.cpp), the clock (clock.cpp), the event log and
// its replay (log.cpp), the JSON view of a game and the lists (view.cpp),
// creating and joining online games (routes.cpp), the players' actions:
// moves, resignations, draws and takebacks (actions.cpp), local games
// (local.cpp) and the computer's turns (computer.cpp). This private header
// holds what they share; game_service.h is the service's face.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "core/text.h"
#include "server/game_events.h"
#include "server/game_service.h"
#include "server/games/clock.h"
#include "server/games/seats.h"
#include "server/games/takebacks.h"
#include "server/json_args.h"
#include "server/net/limits.h"
#include "server/reviews.h"
#include "server/secrets.h"
#include "table/table.h"
#include "table/table_json.h"

namespace asterism::server {

// What a game's event log rebuilds (GameService::replay): the whole of a
// game that a change alters, so that a change whose save fails is undone
// by one assignment from the log (GameService::roll_back), nothing left
// behind. The rest of a Game is the server's bookkeeping of the moment.
struct LoggedGame {
    LoggedGame(store::GameRow r, Table t) : row(std::move(r)), table(std::move(t)) {}
    store::GameRow row;
    Table table;
    Seats seats;          // the clock is the table's (table.clock())
    Takebacks takebacks;  // a standing takeback request
    bool listed = false;  // an open challenge shown in the lobby (row.listed)
    // Ended by the server for want of players or moves (expire_idle): the
    // row's status is then "aborted" and nothing more can change it.
    std::string expired;
    // A local game's: the level of its computer seats (and of "Computer
    // move" asked for a person).
    int level = 3;
    // An online game between two accounts that counts for their ratings
    // (docs/accounts.md); set by the creator's join event.
    bool rated = false;
    // A tournament's game (docs/tournaments.md): the tournament's id, set by
    // the first join event. Its clock runs from the start.
    std::string tournament;
};

struct GameService::Game : LoggedGame {
    Game(store::GameRow r, Table t) : LoggedGame(std::move(r), std::move(t)) {}
    std::mutex mutex;
    std::uint64_t seed = 1;
    bool computer_due = false;  // queued for the computer's move
    // The clock as the last save (or the load) left it: a restart moves a
    // running clock's start to the restart, which the log does not say, so
    // a failed save puts this back rather than the log's.
    GameClock saved_clock;
    // Read without the game's lock: by the per-address caps (waiting, the
    // seats' holders mirrored in `holders`) and by a search of the
    // computer's, which stops when `changes` moves on.
    std::atomic<bool> waiting{true};
    std::atomic<std::uint64_t> changes{0};
    std::array<std::string, 2> holders;  // guarded by GameService::mutex_
    // A local game's review asked for last.
    std::unique_ptr<ReviewJob> review;
    // A local game's last use, for the eviction (guarded by GameService::mutex_).
    std::uint64_t last_used = 0;
    std::int64_t last_used_ms = 0;
    bool local() const { return row.kind == "local"; }
};

// One request on its way through a route (routes.cpp's rows).
struct GameService::Call {
    const ApiRequest& request;
    std::string id;              // as the path names it (a local game's token)
    std::shared_ptr<Game> game;  // for the routes with ":id"
};

// The helpers the files share.
namespace games {

using nlohmann::json;
using Game = GameService::Game;

// The presence tags of the two seats on a game's event stream.
inline constexpr const char* kTagOf[2] = {"first", "second"};

// Seats and secrets (seats.cpp; the digests are secrets.h's).
int seat_index(Player p);
std::string display_name(const json& body, std::size_t max, const std::string& fallback);
// The seat a request holds: by its secret, else (unless `secret_only`) by
// its signed-in account (Seats::holder_of).
Player seat_of(const Game& g, const ApiRequest& r, bool secret_only = false);
Player require_seat(const Game& g, const ApiRequest& r);
// Why the server ended `g` (it has expired): its reason, {code, params},
// or the line a log of old kept.
json ended_why(const Game& g);
// Puts beside a state's or a summary's "termination" the reason it is,
// when it is a reason of the server (why the server ended a game).
void add_termination_reason(json& out);
// A local game's id: a digest of its token, which is never stored.
std::string local_id(std::string_view token);
// The seats as the local game's players: "human" or the computer's player.
json players_of(const Table& t);
// Whether `id` has the form of a game's id or a local game's token.
bool well_formed_id(std::string_view id);

// The clock (clock.cpp).
std::int64_t system_now();
std::int64_t left_now(const Game& g, std::int64_t now);
bool clock_runs(const Game& g);
void turn_over(Game& g, Player mover, std::int64_t now);
void take_back_clock(Game& g, int count, std::int64_t now);

// The one state of a game, local or online (docs/server.md, "A game's
// state"): the table's state (table/table_json.h) with the game's kind, the
// id it is named by (a local game's token), its seats, clock and status,
// and a local game's level; of `shown` when browsing (a copy of the game
// taken back), else of the game as it is.
json public_state(const Game& g, const EventHub& hub, std::int64_t now, ViewParts parts,
                  const std::string& id, const asterism::Game* shown = nullptr);
// The game's record with the players' names (the record and PGN routes,
// an account's download).
Record named_record(const Game& g);

// The event log (log.cpp); its events: game_events.h.
// Carries out one event on the game: the live requests build an event and
// apply it here, and a restart replays the log through the same function,
// so the two cannot differ. GameError (nothing changed) for an event the
// game refuses.
void apply_event(Game& g, const GameEvent& e);
void settle_row(Game& g, std::int64_t now);
std::shared_ptr<Game> game_from_row(const store::GameRow& row);

}  // namespace games
}  // namespace asterism::server
