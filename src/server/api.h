// The JSON API behind the browser UI (`asterism serve`), written as a plain
// function from a request to a response so that tests drive it without
// sockets; the site (site.h) puts it behind HTTP. It holds the one route
// table (routes.h) that every module adds its rows to: every game, local or
// online, is the game service's (game_service.h, routes under /api/games),
// which the composition root (app.h) attaches; the catalog and the
// stateless views are the API's own. docs/server.md lists the routes. Every
// bad request (malformed JSON, an unknown game, an illegal move, an
// oversized body) is a 4xx reply with a one-line message.
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
    std::size_t max_body = 1 << 20;  // bytes of a request body (a record fits easily)
    int max_json_depth = 32;         // nesting of a request body (the API needs 3)
    // API requests per client network: sustained rate and burst (429
    // beyond); 0 turns the limit off. The operator's own requests (this
    // machine's, not forwarded) are exempt unless rate_loopback.
    double rate_per_second = 50;
    double rate_burst = 200;
    bool rate_loopback = false;
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

    // Stops every search running or queued, now and later, with `reason`
    // (the server is stopping): they answer 503 at once.
    void stop_searches(ReasonCode reason);
    const ApiLimits& limits() const { return limits_; }

  private:
    // The routes (docs/server.md) are a table of small handlers, as the
    // engine protocol's commands are.
    struct Call;
    void rebuild_routes();
    void add_own_routes();
    ApiResponse route(const ApiRequest& request);
    ApiResponse get_catalog(Call& c);
    ApiResponse post_view(Call& c);
    static constexpr std::size_t kMaxViewMoves = 500;

    ApiLimits limits_;
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
