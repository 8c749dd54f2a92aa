// Tournaments (docs/tournaments.md): round robin, swiss and arena events
// between accounts, each game an ordinary online game of the game service.
//
// A tournament is a row and an append-only log of events in the store
// (entries, the start, each round's pairings with its games' ids chosen in
// advance, withdrawals, the end), changed only by appending, and rebuilt on
// start by replaying them, as a game is. Results are not copied into the
// log: each game's own row says how it ended, so a result the game stored
// is never lost. A pairing is stored before its games are made; a restart
// makes any game of a stored pairing that is missing, and pairs no round
// twice. A thread starts tournaments at their time, pairs the next round
// when one ends (swiss), pairs arena players as they finish, and ends them.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/api_message.h"
#include "server/events.h"
#include "store/store.h"

namespace asterism::server {

class RouteTable;  // routes.h

class GameService;

// A tournament's "finish" or "cancel" event for `why` (a "tour.why.*"
// reason): its English line, as the log always kept, and its code.
nlohmann::json ended_event(ReasonCode why, const nlohmann::json& params = nlohmann::json::object());

// What the operator bounds (asterism serve --help): who may create, how
// many run at once, and how big one may be.
struct TournamentLimits {
    std::string create = "anyone";  // "anyone" signed in, "moderators", or "nobody"
    std::size_t max_active = 50;    // tournaments taking entries or running at once
    // The shares of those one creator holds (429 beyond), so that a few
    // accounts on one network cannot take every place for weeks: an
    // account 2, a network (an IPv4 address or an IPv6 /64) 5. The last
    // `reserved` places go only to a network that holds none, so a table
    // that fills refuses the crowded network first, not everyone.
    // Moderators are not counted against these shares.
    std::size_t per_account = 2;
    std::size_t per_network = 5;
    std::size_t reserved = 10;
    // How far ahead a start may be announced: a week (a weekly club event
    // is announced a week ahead), so a place is never held longer than a
    // week before its tournament is played.
    int max_starts_in_minutes = 7 * 24 * 60;
    int max_players = 200;  // a swiss or arena tournament's players (round robin: 30)
    int max_rounds = 20;    // a swiss tournament's rounds
    int page = 20;          // tournaments a list answers
    // Events players' requests may add to one tournament's log (entries,
    // departures, pauses, withdrawals): 409 beyond; the server's own
    // (pairings, the end) always fit and do not count.
    std::uint64_t max_events = 20000;
    // One player's entries to one tournament (a join, with the departure
    // that may follow it) and pauses in one arena: 429 beyond, so that one
    // account's cycles cannot fill the log above.
    int max_entries = 10;
    int max_pauses = 20;
};

class TournamentService {
  public:
    struct Tournament;  // one tournament in memory (tournament.h)

    // Restores every tournament taking entries or running from `store`.
    TournamentService(store::Store& store, GameService& games, EventHub& hub,
                      TournamentLimits limits = {}, std::function<std::int64_t()> clock = {});
    ~TournamentService();
    TournamentService(const TournamentService&) = delete;
    TournamentService& operator=(const TournamentService&) = delete;

    // Adds the routes under /api/tournaments to the API's table (routes.h).
    void add_routes(RouteTable& table);
    // Starts the thread that keeps tournaments moving. Without it (tests),
    // tick() does the same work when called.
    void start();
    // Starts what is due, takes in finished games, pairs and ends.
    void tick();
    // A tournament's game ended (the game service's callback): noted, and
    // handled by the thread (or the next tick).
    void game_ended(const std::string& tournament, const std::string& game);
    std::size_t running() const;
    // The tournaments that did not replay at the start, one line each
    // ("ID: why"): set aside, as GameService sets aside a damaged game,
    // left in the file untouched, and named in `serve`'s start message.
    const std::vector<std::string>& set_aside() const { return set_aside_; }
    // Why the stored tournament `id`'s log does not replay, or "" (asterism
    // check): it reads `store` and writes nothing.
    static std::string replay_problem(const store::Store& store, const std::string& id);

  private:
    struct Call;
    ApiResponse create(Call& c);
    ApiResponse list(Call& c);
    ApiResponse get(Call& c);
    ApiResponse events(Call& c);
    ApiResponse join(Call& c);
    ApiResponse leave(Call& c);
    ApiResponse withdraw(Call& c);
    ApiResponse start_now(Call& c);
    ApiResponse cancel(Call& c);
    ApiResponse pause(Call& c);
    ApiResponse resume(Call& c);

    std::shared_ptr<Tournament> find(const std::string& id);
    std::shared_ptr<Tournament> load(const std::string& id) { return load(store_, id); }
    static std::shared_ptr<Tournament> load(const store::Store& store, const std::string& id);
    // Appends an event, applies it and publishes the new view (the caller
    // holds the tournament's lock).
    void commit(Tournament& t, const std::string& type, nlohmann::json data);
    void publish(Tournament& t);
    // Makes the games of the stored pairings that are missing, and reads
    // every game's result from the store.
    void settle_games(Tournament& t);
    // Everything that is due for `t` now: start, pairings, the end.
    void advance(Tournament& t);
    void begin(Tournament& t);
    void pair_swiss(Tournament& t);
    void pair_arena(Tournament& t);
    // Its end: at its time or its last round, or early for `why`.
    void finish(Tournament& t) { end_with(t, {{"reason", ""}}); }
    void finish(Tournament& t, ReasonCode why,
                const nlohmann::json& params = nlohmann::json::object()) {
        end_with(t, ended_event(why, params));
    }
    void end_with(Tournament& t, const nlohmann::json& event);
    std::vector<std::string> unfinished_games_of(const Tournament& t, int player) const;
    bool is_moderator(const ApiRequest& r) const;
    void check_share(const ApiRequest& r) const;
    void worker();
    std::int64_t now() const { return clock_(); }

    store::Store& store_;
    GameService& games_;
    EventHub& hub_;
    TournamentLimits limits_;
    std::function<std::int64_t()> clock_;

    mutable std::mutex mutex_;                                   // guards the fields below
    std::map<std::string, std::shared_ptr<Tournament>> active_;  // taking entries or running
    std::set<std::string> ended_games_;                          // tournaments to look at
    std::set<std::string> stale_;  // looked at when the store failed: again at the next tick
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
    std::vector<std::string> set_aside_;  // written by the constructor only
};

}  // namespace asterism::server
