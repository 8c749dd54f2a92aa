// One tournament in memory, and what the tournament files share
// (service.h): its settings, players, rounds and the games' results, rebuilt
// from its events by apply_event, as the live routes change it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/tournaments/service.h"
#include "server/tournaments/standings.h"

namespace asterism::server {

namespace tournament {

using nlohmann::json;

// What the creator chose; fixed once the tournament exists (the row's
// settings, as JSON).
struct Settings {
    std::string name, spec, format;  // format: "swiss", "round_robin" or "arena"
    json clock;                      // as POST /api/games takes it
    bool rated = false;
    bool double_round = false;  // round robin: two cycles, colours swapped
    bool streak = false;        // arena: lichess's streak bonus
    int rounds = 0;             // swiss
    int minutes = 0;            // arena: how long it runs
    int max_players = 0;
    std::int64_t starts_ms = 0;  // 0: started by hand
    std::string creator_name;
};

json settings_json(const Settings& s);
Settings settings_from(const json& j);

struct Entrant {
    std::int64_t account = 0;
    std::string name;
    bool left = false;       // left before the start: not in the tournament
    bool withdrawn = false;  // withdrew after the start: paired no more
    bool paused = false;     // arena: not paired while paused
    // What the player's own requests stored: each entry (a join, whether
    // or not a departure follows) and each pause, capped per tournament
    // (TournamentLimits) so that one account cannot fill the log.
    int entries = 0;
    int pauses = 0;
};

// A game of a round: seat 0 ("white") and seat 1, its id, and its result
// once it has ended ("1-0", "0-1", "1/2-1/2"; "*" for one that ended
// without a result, which scores nothing for either). A game in which a
// side never moved is aborted whatever its record says (a resignation or a
// flag before both have moved): result "*", scored for nobody, as lichess
// aborts such a game.
struct Board {
    int white = -1, black = -1;
    std::string game;
    std::string result = "*";
    bool done = false;
    bool aborted = false;  // ended before both sides had moved
    std::int64_t ended_ms = 0;
};

struct Round {
    std::vector<Board> boards;
    int bye = -1;  // the player with the bye (one point), -1 for none
};

}  // namespace tournament

struct TournamentService::Tournament {
    std::mutex mutex;
    store::TournamentRow row;
    tournament::Settings s;
    std::vector<tournament::Entrant> players;
    std::vector<tournament::Round> rounds;  // arena: one round a pairing
    std::string reason;                     // why it ended early, or was cancelled
    nlohmann::json reason_code;             // ...as {code, params}, when the log says
    std::int64_t started_ms = 0;
    std::uint64_t results = 0;  // games ended: the live stream's numbering
    // The network (an IPv4 address or an IPv6 /64) that created it, from
    // its "create" event: its share of the server's tournaments is counted
    // by it.
    std::string network;
    // Events the players' own requests stored (entries, departures,
    // pauses, withdrawals): TournamentLimits::max_events caps these, so the
    // server's own events (pairings, the end) never shut players out.
    std::uint64_t player_events = 0;
    bool active() const { return row.status == "entry" || row.status == "running"; }
    int player_of(std::int64_t account) const;
    std::int64_t ends_ms() const;
};

namespace tournament {

// Carries out one stored event on `t` (the live routes and the replay).
void apply_event(TournamentService::Tournament& t, const std::string& type, const json& d);
// Players' standings: scores in points (arena points for an arena).
struct Standing {
    int player = 0;
    double score = 0, buchholz = 0, sb = 0;
    int games = 0;
};
std::vector<Standing> standings(const TournamentService::Tournament& t);
// A swiss or round robin's games and byes as standings.h counts them.
tournaments::Standings classical_table(const TournamentService::Tournament& t);
// The whole view of a tournament (docs/tournaments.md) for `account` (0: a
// guest, or the live stream's view for everybody).
json view(const TournamentService::Tournament& t, std::int64_t account, bool moderator);
json summary(const TournamentService::Tournament& t);
// A game's result for the player in seat `white` (1, 0.5, 0) or -1 for none.
double points_for_white(const std::string& result);

}  // namespace tournament

}  // namespace asterism::server
