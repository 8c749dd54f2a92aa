// The JSON API behind the browser UI (`asterism serve`), written as a plain
// function from a request to a response so that tests drive it without
// sockets; the site (site.h) puts it behind HTTP. Every game is the game
// service's (game_service.h), which the composition root (app.h) attaches:
// the online games' routes are the service's own, and the local games'
// routes (/api/sessions, named by unguessable tokens) are a thin mapping
// onto its local games, kept for the clients that use them; the catalog,
// records, stateless views and the searches (computer moves, analyses,
// reviews) are here. docs/server.md lists the routes. Every bad request
// (malformed JSON, an unknown game, an illegal move, an oversized body) is a
// 4xx reply with a one-line message.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "search/agent.h"
#include "server/api_message.h"
#include "server/net/limits.h"
#include "server/routes.h"
#include "server/search_guard.h"
#include "table/table.h"

namespace asterism::server {

struct ApiLimits {
    std::size_t max_body = 1 << 20;       // bytes of a request body (a record fits easily)
    int max_json_depth = 32;              // nesting of a request body (the API needs 3)
    std::uint64_t max_playouts = 400000;  // per analysis request
    double max_seconds = 10;              // per analysis request
    int max_candidates = 8;               // moves listed in an analysis
    // API requests per client network: sustained rate and burst (429
    // beyond); 0 turns the limit off. The operator's own requests (this
    // machine's, not forwarded) are exempt unless rate_loopback.
    double rate_per_second = 50;
    double rate_burst = 200;
    bool rate_loopback = false;
    // Reviews of a game (POST .../review): how many may wait or run on the
    // server (429 beyond; the thinking pool runs them one network after
    // another, FairPool::Limits::long_running at once), the highest level
    // and the most moves one covers.
    int max_reviews = 8;
    int max_review_level = 7;
    int max_review_moves = 400;
    // Every search a client can start: the players it may name and the
    // wall-clock cap of any one search (search_guard.h).
    SearchCaps search;
};

class GameService;
class Chat;
class TournamentService;
namespace puzzles {
class PuzzleService;
}
namespace accounts {
class Accounts;
}

class Api {
  public:
    explicit Api(ApiLimits limits = {});
    ~Api();
    Api(const Api&) = delete;
    Api& operator=(const Api&) = delete;

    // Never throws: every failure becomes a 4xx (or, for a bug, 500) reply.
    ApiResponse handle(const ApiRequest& request);

    // Serves every game from `games`, which the composition root (app.h)
    // owns and keeps alive for as long as this API (null: none; every game
    // route answers 503); the online routes only when `online`.
    // Each attach adds the module's routes to the one table (routes.h); the
    // composition root attaches them all before the server takes requests.
    void attach(GameService* games, bool online) {
        games_ = games;
        online_ = online;
        rebuild_routes();
    }
    GameService* games() { return games_; }
    // Serves /api/account from `accounts` (owned as the games are).
    void attach_accounts(accounts::Accounts* accounts) {
        accounts_ = accounts;
        rebuild_routes();
    }
    void attach_chat(Chat* chat) {
        chat_ = chat;
        rebuild_routes();
    }
    void attach_tournaments(TournamentService* t) {
        tournaments_ = t;
        rebuild_routes();
    }
    // Serves the puzzles from `p`, which rates accounts (null: a service of
    // the API's own that rates none).
    void attach_puzzles(puzzles::PuzzleService* p) {
        puzzles_ = p;
        rebuild_routes();
    }
    // Every route the API answers, as declared (routes.h).
    const RouteTable& routes() const { return routes_; }
    // The transport's lane for a request: its route's (quick when none).
    Handler::Lane lane(std::string_view method, std::string_view path) const;

    std::size_t session_count() const;
    // Stops every search running or queued, now and later, with `reason`
    // (the server is stopping): they answer 503 at once.
    void stop_searches(const std::string& reason);
    const ApiLimits& limits() const { return limits_; }

  private:
    // The routes (docs/server.md) are a table of small handlers, as the
    // engine protocol's commands are.
    struct Call;
    struct Snapshot;
    void rebuild_routes();
    void add_own_routes();
    ApiResponse route(const ApiRequest& request);
    ApiResponse get_catalog(Call& c);
    ApiResponse post_record(Call& c);
    ApiResponse post_session(Call& c);
    ApiResponse get_session(Call& c);
    ApiResponse post_view(Call& c);
    static constexpr std::size_t kMaxViewMoves = 500;
    ApiResponse delete_session(Call& c);
    ApiResponse get_legal(Call& c);
    ApiResponse post_move(Call& c);
    ApiResponse post_undo(Call& c);
    ApiResponse post_players(Call& c);
    ApiResponse get_record(Call& c);
    ApiResponse post_computer(Call& c);
    ApiResponse post_analyze(Call& c);
    ApiResponse post_draw(Call& c);
    ApiResponse post_review(Call& c);
    ApiResponse get_review(Call& c);

    ApiResponse created(Call& c, Table table, const nlohmann::json& body,
                        const std::string& record = "");
    GameService& service();
    Snapshot snapshot(Call& c);
    Snapshot snapshot_at(Call& c, int ply);
    static void check_unchanged(const Call& c, const Snapshot& snap);
    static nlohmann::json state_of(const Call& c);
    nlohmann::json analysis_json(const Analysis& a, const Game& game, int level) const;

    // An agent for `player` whose searches of `game` (a copy of the call's
    // game's, at `snap`) stop at the server's cap, when the server stops,
    // when the client hangs up, or when the game changes.
    std::unique_ptr<Agent> bounded_player(const std::string& player, const Game& game,
                                          const Snapshot& snap, const Call& c);

    ApiLimits limits_;
    std::shared_ptr<StopFlag> stopping_ = std::make_shared<StopFlag>();
    RateLimiter rate_;
    GameService* games_ = nullptr;  // not owned (attach)
    accounts::Accounts* accounts_ = nullptr;
    Chat* chat_ = nullptr;
    TournamentService* tournaments_ = nullptr;
    puzzles::PuzzleService* puzzles_ = nullptr;
    bool online_ = false;
    RouteTable routes_;
};

}  // namespace asterism::server
