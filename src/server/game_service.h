// The one game service (docs/server.md, docs/online.md): every game the
// server holds, online or local, is a Game of this service, changed by
// events appended to its log in the store before the request that made
// them is answered, and rebuilt on start by replaying them. The store's
// `kind` tells the two apart:
//
// - An online game: people play each other over the network, each from
//   their own browser. It is created with its seats: the creator's, and the
//   other held by a person (invited by a link, or by anyone from the lobby)
//   or by the computer. Every person's seat has a secret of 128 bits from
//   the operating system; only a request carrying a seat's secret
//   (Authorization: Bearer SECRET) acts for that seat. The store keeps only
//   a digest (SHA-256) of each secret, compared in constant time, and never
//   written to a log, a record, the lobby or the events spectators see.
//   Changes are published to the game's live stream (events.h). The server
//   keeps each game's clock: Fischer (base + increment) or correspondence
//   (days per move); a side whose time runs out loses.
// - A local game: one screen, or a person alone against the computer.
//   Whoever holds its token holds the whole game: moves for either side,
//   undo, changing the players, the computer's move, analyses and reviews.
//   The token names it in the path (/api/games/TOKEN/...) and is never
//   stored: the game's row id is a digest of it.
//
// Both kinds answer the same routes (/api/games/:id/...) with the same
// state (public_state, games/view.cpp); a route that only one kind has
// answers the other with a 409 that says so.
//
// The service is written one concern a file in src/server/games/ (seats,
// clock, log, view, routes, actions, local, computer; games/game.h says
// which holds what).
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/api_message.h"
#include "server/events.h"
#include "server/game_events.h"
#include "server/metrics.h"
#include "server/net/fair_pool.h"
#include "server/search_guard.h"
#include "store/store.h"
#include "table/table.h"

namespace asterism::server {

// Where the games of both kinds are kept (docs/online.md): the data folder
// (created if missing) holds the database file asterism.db.
struct GameServiceOptions {
    std::string data_dir;
    store::Sync sync = store::Sync::Normal;
    bool start_threads = true;            // tests run the computer's moves themselves
    std::function<std::int64_t()> clock;  // milliseconds since the epoch; empty: the system's
};

// Local games held at once (in memory and unfinished in the store): beyond
// max_games the least recently used one ends (as "aborted") if unused for
// evict_seconds, else 503; one address may hold per_client (429 beyond; not
// loopback); a game unused for idle_seconds ends.
struct LocalLimits {
    std::size_t max_games = 1000;
    double evict_seconds = 60;
    std::size_t per_client = 16;
    double idle_seconds = 30 * 86400.0;
};

// What a client's analyses and reviews of a local game may ask for.
struct ThinkingLimits {
    std::uint64_t max_playouts = 400000;  // per analysis request
    double max_seconds = 10;              // per analysis request
    int max_candidates = 8;               // moves listed in an analysis
    // Reviews of a game (POST .../review): how many may wait or run on the
    // server (429 beyond; the thinking pool runs them one network after
    // another, FairPool::Limits::long_running at once), the highest level
    // and the most moves one covers.
    int max_reviews = 8;
    int max_review_level = 7;
    int max_review_moves = 400;
};

// What the game service holds, for games of both kinds (a local game's own
// in `local`), and what a client's searches and reviews may ask for.
struct GameLimits {
    std::size_t max_games = 5000;          // games open or in progress held at once (503 beyond)
    std::size_t max_name = 40;             // bytes of a display name
    std::uint64_t max_events = 20000;      // changes stored per game (moves, offers...): 409 beyond
    std::size_t max_open_per_client = 20;  // games one address has open and waiting for a player
    std::size_t max_games_per_client =
        50;  // unfinished games one address created or holds a seat in
    // An open game nobody joined is withdrawn after open_expiry_seconds; an
    // unfinished game whose clock does not run (no clock, or before the
    // first moves) ends as abandoned after idle_expiry_seconds without a
    // change. Running clocks end games by themselves.
    double open_expiry_seconds = 86400;
    double idle_expiry_seconds = 30 * 86400.0;
    int archive_page = 50;  // games per archive page at most
    SearchCaps search;      // what an opponent may be, and how long it may think
    LocalLimits local;
    ThinkingLimits thinking;
};

struct GameSeat;   // a seat of a game of either kind (games/game.h)
class RouteTable;  // routes.h

class GameService {
  public:
    struct Game;  // a game in play (games/game.h)

    // Restores every unfinished game from `store`. A game whose events do
    // not replay is set aside (set_aside() names it; the store keeps it
    // untouched) and the others start. `seed` 0 draws the engines' seeds
    // from the operating system.
    // The computer's moves and the reviews think on `thinking`, the
    // server's one pool (net/fair_pool.h), which its owner stops before this
    // service goes; null: a pool of one thread of the service's own (tests).
    GameService(store::Store& store, EventHub& hub, GameLimits limits = {}, std::uint64_t seed = 0,
                std::function<std::int64_t()> clock = {}, FairPool* thinking = nullptr);
    ~GameService();
    GameService(const GameService&) = delete;
    GameService& operator=(const GameService&) = delete;

    // Adds the games' routes (/api/games, local and online alike) to the
    // API's table (routes.h); with `online`, also the lobby, the archive,
    // joining and watching, and an account's lists of games.
    void add_routes(RouteTable& table, bool online);

    // Flags every side whose time has run out; the server's clock thread
    // calls it a few times a second.
    void check_clocks();
    // Starts the threads that flag and that play the computer's moves. Until
    // then (tests), the computer's moves wait for run_computer_moves().
    void start();
    // Plays every computer move that is due (tests without threads).
    void run_computer_moves();

    // ---- local games (games/local.cpp) ----
    // Stores `table` (a new game, or one loaded from `record`, the record's
    // text, when not empty) as a local game with `level` for its computer
    // seats, held by `client`; returns its token, which names it from then
    // on. 429/503 when the address or the server holds too many.
    std::string create_local(Table table, int level, const ApiRequest& request,
                             const std::string& record = "");
    // The local game `token` names (from memory, or rebuilt from the store);
    // 404 when there is none or it was closed.
    std::shared_ptr<Game> find_local(const std::string& token);
    // Ends the game (if unfinished) and forgets it.
    void close_local(const std::string& token);
    std::size_t local_count() const;
    // Carries out one change on `g` and stores it: what every route of a
    // local game does to it (the caller holds the game's lock). Throws
    // GameError (nothing changed) when the rules refuse it.
    void change(Game& g, const games::GameEvent& event);
    // Reviews running on the server (reviews.h counts them here, where the
    // games that own them live), and the pool they think on.
    std::atomic<int>& reviews_running() { return reviews_running_; }

    std::size_t games_in_memory() const;
    std::size_t restored() const { return restored_; }
    // The games that did not replay at start: "ID: why", one a line.
    const std::vector<std::string>& set_aside() const { return set_aside_; }
    // Ends open and idle games past their expiry (the clock's thread calls
    // it); returns how many it ended.
    std::size_t expire_idle();
    // Stops every search of the computer's, now and later (the server is
    // stopping).
    void stop_searches(ReasonCode reason);

    // What the operator's /metrics shows of the games (metrics.h).
    struct Stats {
        std::size_t open = 0, playing = 0, local = 0;  // games in memory
        std::size_t computer_queued = 0;               // computer moves waiting
        std::uint64_t moves = 0;                       // moves stored since the start
        int reviews = 0;                               // reviews running
        Histogram commits;                             // time to store a change
    };
    Stats stats() const;

    // Why the stored game does not replay through the rules, or "" when it
    // does (`asterism check`).
    std::string replay_problem(const std::string& id);
    // The record of a stored game as its log rebuilds it, with the sides'
    // own names (no person's name, no secret): `asterism puzzles --from` a
    // server's database. Throws when the game does not replay.
    Record stored_record(const std::string& id);

    // ---- for chat and accounts (games/lists.cpp) ----
    // Who a request is in an online game; 404 when there is no such game.
    struct Seating {
        int seat = -1;      // the request's seat, -1 for none
        bool over = false;  // the game has ended
        std::array<std::string, 2> names;
    };
    Seating seating(const std::string& id, const ApiRequest& r);
    // An event to the game's open streams, not kept as its latest (a
    // reconnecting stream gets the state, not this).
    void notice(const std::string& id, const std::string& type, const std::string& data);
    // A deleted account's seats in the games held in memory: the neutral
    // name, no account (the store has done the same to the stored ones).
    void forget_account(std::int64_t account, const std::string& neutral);
    // What to tell a player whose page may be closed: "your_turn",
    // "challenge" or "game_over", with a title, a line and the game's page.
    struct Notice {
        std::int64_t account = 0;
        std::string kind, title, body, url, tag;
    };
    void on_notice(std::function<void(const Notice&)> f) { notify_ = std::move(f); }

    // ---- for tournaments (games/paired.cpp) ----
    // A tournament's game: both seats held by accounts from the start.
    struct Paired {
        std::string id;  // chosen by the tournament (32 hex digits)
        std::string spec;
        nlohmann::json clock;  // as POST /api/games takes it
        bool rated = false;
        std::string tournament;
        std::array<std::int64_t, 2> accounts{0, 0};
        std::array<std::string, 2> names;
    };
    // Stores the game with both seats taken, in one transaction, and starts
    // its clock; nothing when a game of that id exists already (a pairing
    // made again after a restart).
    void create_paired(const Paired& p);
    // 400 when `clock` (as POST /api/games takes it) is not a valid clock.
    static void check_clock(const nlohmann::json& clock);
    // The account's seat of game `id` resigns, if the game is unfinished.
    void resign_for(const std::string& id, std::int64_t account);
    // Called when a tournament's game ends (tournament id, game id), by the
    // thread that ended it, holding the game's lock: it must not call back.
    void on_tournament_end(std::function<void(const std::string&, const std::string&)> f) {
        tournament_end_ = std::move(f);
    }

  private:
    struct Call;
    struct Snapshot;

    void add_online_routes(RouteTable& table);
    ApiResponse create(Call& c);
    ApiResponse create_online(Call& c, const nlohmann::json& body);
    // A local game's routes (games/local.cpp, games/thinking.cpp).
    ApiResponse create_local_game(Call& c, const nlohmann::json& body);
    ApiResponse close(Call& c);
    ApiResponse legal(Call& c);
    ApiResponse players(Call& c);
    ApiResponse undo(Call& c);
    ApiResponse computer(Call& c);
    ApiResponse analyze(Call& c);
    ApiResponse post_review(Call& c);
    ApiResponse get_review(Call& c);
    // The state of a local game (the caller holds its lock).
    nlohmann::json local_state(const Call& c) const;
    // A copy of a local game to search on without holding it: as it is
    // now, or taken back to `ply` moves (browsing).
    Snapshot snapshot(Call& c, int ply = -1);
    // The computer's answer to a draw offer `by` makes to it, searched
    // without holding the game (the caller's lock, released meanwhile),
    // then stored: the one path for local and online games.
    nlohmann::json answer_offer(Call& c, std::unique_lock<std::mutex>& lock, Player by);
    // Applies and stores one event of a player's on a game of either kind
    // (the caller holds its lock and has checked it); the state to answer.
    nlohmann::json act(Call& c, const games::GameEvent& event);
    nlohmann::json analysis_json(const Analysis& a, const asterism::Game& game, int level) const;
    ApiResponse finish_create(Call& c, const std::shared_ptr<Game>& g, Player mine,
                              const std::string& name, const std::string& invite,
                              const std::string& secret);
    ApiResponse get_state(Call& c);
    ApiResponse events(Call& c);
    ApiResponse join(Call& c);
    ApiResponse claim(Call& c);
    ApiResponse move(Call& c);
    ApiResponse resign(Call& c);
    ApiResponse draw(Call& c);
    ApiResponse takeback(Call& c);
    ApiResponse record(Call& c);
    ApiResponse lobby(Call& c);
    // An account's games (lists.cpp): "my games", a player's, the download.
    ApiResponse my_games(const ApiRequest& r);
    ApiResponse player_games(const ApiRequest& r, const std::string& name);
    ApiResponse export_games(const ApiRequest& r);
    nlohmann::json summary_of(const store::AccountGameRow& a, bool with_turn);
    // Tells the players what `type` did on `g` ("move", "join", "end").
    void tell_players(const Game& g, const std::string& type);
    ApiResponse archive(Call& c);

    // An online game by its id (404 for any other).
    std::shared_ptr<Game> find(const std::string& id);
    // The game a path's id names: an online game by its id, or a local game
    // by its token (404 when neither).
    std::shared_ptr<Game> find_any(const std::string& id);
    // A stored game as its log says (replay), or as loaded to be played
    // (load: a running clock restarts now).
    std::shared_ptr<Game> replay(const std::string& id);
    std::shared_ptr<Game> load(const std::string& id);
    void roll_back(Game& g);
    void restore_all();
    std::shared_ptr<Game> restore(const store::GameRow& row);
    // A state as published: the JSON and its text, written once for the
    // watchers and the reply alike.
    struct Published {
        nlohmann::json state;
        std::string text;
    };
    // Appends `event` to the game's log and publishes its state (a move's
    // change, for a move); the caller holds the game's lock and has applied
    // it. Returns what it published, which the request answers with.
    Published commit(Game& g, const games::GameEvent& event);
    void flag(Game& g, Player loser);
    Published publish(Game& g);
    // After a move: its change alone, as the `move` event (view.cpp).
    Published publish_move(Game& g);
    // The reply that carries a published state unchanged.
    static ApiResponse reply(Published p);
    void schedule_computer(const std::shared_ptr<Game>& g);
    // 409 when `g` has no room for an event of `type` (resignations and
    // flags always have room); called before the change is applied.
    void check_room(const Game& g, std::string_view type) const;
    // A rated game's end: both players' new Glicko-2 ratings (none when the
    // game is unrated after all: fewer than two moves, or not two accounts).
    std::vector<store::RatingRow> rating_updates(const Game& g, std::int64_t at) const;
    // 429/503 when the request's network may not take one more game
    // (creating or joining); the operator's own requests are not capped.
    void check_client_caps(const ApiRequest& r, bool creating_open) const;
    std::int64_t challenged(const ApiRequest& r, const nlohmann::json& body) const;
    void check_not_blocked(const GameSeat& seat, std::int64_t account) const;
    // The one agent for a player a client or a seat named: its searches of
    // `game` (a copy of `g`'s when its changes were `changes`) stop at the
    // operator's cap, when the server stops, when the client hangs up
    // (`request`, null for the server's own thread) or when `g` changes.
    std::unique_ptr<Agent> bounded_player(const std::string& player, const asterism::Game& game,
                                          std::uint64_t seed, const std::shared_ptr<Game>& g,
                                          std::uint64_t changes, const ApiRequest* request);
    bool play_computer_move(const std::shared_ptr<Game>& g);
    void play_or_retry(const std::shared_ptr<Game>& g);
    std::string computer_network(const Game& g) const;
    void think(const std::shared_ptr<Game>& g);
    void clock_worker();
    std::int64_t now() const;
    // Local games: ends or unloads what must go so that `client` may hold
    // one more (the caller holds mutex_; returns the games to end).
    // `capped`: the network's share applies (not for the operator's own
    // requests, nor to bring back a stored game).
    std::vector<std::shared_ptr<Game>> make_local_room(const std::string& client, bool capped);
    void end_local(const std::vector<std::shared_ptr<Game>>& games, ReasonCode why);
    void restore_local();

    store::Store& store_;
    EventHub& hub_;
    GameLimits limits_;
    std::function<std::int64_t()> clock_;
    std::function<void(const Notice&)> notify_;
    std::function<void(const std::string&, const std::string&)> tournament_end_;
    std::atomic<std::uint64_t> moves_{0};
    mutable std::mutex commits_mutex_;
    Histogram commits_;  // guarded by commits_mutex_
    std::size_t restored_ = 0;
    std::vector<std::string> set_aside_;
    std::shared_ptr<StopFlag> search_stop_ = std::make_shared<StopFlag>();
    std::atomic<int> reviews_running_{0};  // before the games, whose reviews uncount
    bool online_ = true;                   // online games served (add_routes)

    mutable std::mutex mutex_;                            // guards the fields below
    std::map<std::string, std::shared_ptr<Game>> games_;  // online: open and playing
    std::map<std::string, std::shared_ptr<Game>> local_;  // local, by id: in use lately
    std::uint64_t local_clock_ = 0;  // bumped on every use of a local game, for eviction
    // The computer's moves due before start() (then they go to the pool).
    std::deque<std::shared_ptr<Game>> computer_queue_;
    bool started_ = false;
    std::condition_variable clock_wake_;  // the clock's thread
    bool stopping_ = false;
    std::uint64_t next_seed_ = 1;
    std::vector<std::thread> threads_;
    std::unique_ptr<FairPool> own_thinking_;
    FairPool* thinking_ = nullptr;
};

}  // namespace asterism::server
