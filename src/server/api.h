// The JSON API behind the browser UI (`asterism serve`), written as a plain
// function from a request to a response so that tests drive it without
// sockets; the site (site.h) puts it behind HTTP, and it hands the online
// games' routes to the online service the composition root attached
// (app.h). docs/server.md lists the routes. Local games live in sessions
// named by unguessable ids: each session has its own lock, the table of
// sessions is bounded (per address too), and every bad request (malformed
// JSON, an unknown game, an illegal move, an oversized body) is a 4xx reply
// with a one-line message.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "search/agent.h"
#include "server/api_message.h"
#include "server/net/limits.h"
#include "server/search_guard.h"

namespace asterism::server {

struct ApiLimits {
    // Local games (/api/sessions, memory only) held at once. Beyond it the
    // least recently used goes if unused for session_evict_seconds, else 503.
    std::size_t max_sessions = 1000;
    double session_evict_seconds = 60;
    std::size_t sessions_per_client = 16;  // one address's local games (429 beyond; not loopback)
    double session_idle_seconds = 86400;   // a local game unused this long is dropped
    std::size_t max_body = 1 << 20;        // bytes of a request body (a record fits easily)
    int max_json_depth = 32;               // nesting of a request body (the API needs 3)
    std::uint64_t max_playouts = 400000;   // per analysis request
    double max_seconds = 10;               // per analysis request
    int max_candidates = 8;                // moves listed in an analysis
    // API requests per client address: sustained rate and burst (429 beyond);
    // 0 turns the limit off. Loopback addresses are exempt unless
    // rate_loopback: behind a local proxy every client has its address.
    double rate_per_second = 50;
    double rate_burst = 200;
    bool rate_loopback = false;
    // Reviews of a game (POST .../review): how many may run at once on the
    // server (429 beyond), the highest level and the most moves one covers.
    int max_reviews = 1;
    int max_review_level = 7;
    int max_review_moves = 400;
    // Every search a client can start: the players it may name and the
    // wall-clock cap of any one search (search_guard.h).
    SearchCaps search;
};

class OnlineGames;
struct OnlineLimits;

class Api {
  public:
    // Session ids are always 128 bits from the OS (os_random.h), so that
    // nobody can guess another person's game. `seed` 0 draws the engines'
    // seeds from std::random_device; tests pass a fixed one.
    explicit Api(ApiLimits limits = {}, std::uint64_t seed = 0);
    ~Api();
    Api(const Api&) = delete;
    Api& operator=(const Api&) = delete;

    // Never throws: every failure becomes a 4xx (or, for a bug, 500) reply.
    ApiResponse handle(const ApiRequest& request);

    // Serves the online games' routes (/api/games, /api/lobby,
    // /api/archive) from `games`, which the composition root (app.h) owns
    // and keeps alive for as long as this API.
    void attach_online(OnlineGames* games) { online_ = games; }
    OnlineGames* online() { return online_; }

    std::size_t session_count() const;
    // Stops every search running or queued, now and later, with `reason`
    // (the server is stopping): they answer 503 at once.
    void stop_searches(const std::string& reason);
    const ApiLimits& limits() const { return limits_; }

    struct Session;

  private:
    // The routes (docs/server.md) are a table of small handlers, as the
    // engine protocol's commands are.
    struct Call;
    struct Route;
    struct Snapshot;
    static const std::vector<Route>& routes();
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

    ApiResponse created(Call& c, std::shared_ptr<Session> session, const nlohmann::json& body);
    Snapshot snapshot(Session& s);
    static void check_unchanged(const Session& s, const Snapshot& snap);
    static nlohmann::json state_of(const std::string& id, const Session& s);
    nlohmann::json analysis_json(const Analysis& a, const Game& game, int level) const;
    std::shared_ptr<Session> find(const std::string& id);
    std::string add(std::shared_ptr<Session> session);
    void make_room(const std::string& client);  // the caller holds mutex_
    void drop(std::map<std::string, std::shared_ptr<Session>>::iterator it);

    // An agent for `player` whose searches of `game` (a copy of the
    // session's) stop at the server's cap, when the server stops, when the
    // client `r` hangs up, or when `session` is dropped or its game moves on.
    std::unique_ptr<Agent> bounded_player(const std::string& player, const Game& game,
                                          std::uint64_t seed, const ApiRequest& r,
                                          const std::shared_ptr<Session>& session);

    ApiLimits limits_;
    std::shared_ptr<StopFlag> stopping_ = std::make_shared<StopFlag>();
    RateLimiter rate_;
    OnlineGames* online_ = nullptr;        // not owned (attach_online)
    std::atomic<int> reviews_running_{0};  // before the sessions, whose reviews uncount
    mutable std::mutex mutex_;             // guards the fields below
    Rng rng_;
    std::uint64_t clock_ = 0;  // bumped on every use of a session, for eviction
    std::map<std::string, std::shared_ptr<Session>> sessions_;
};

}  // namespace asterism::server
