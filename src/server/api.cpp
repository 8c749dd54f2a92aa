// The browser UI's JSON API (api.h; routes in docs/server.md).
#include "server/api.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <semaphore>
#include <thread>
#include <vector>

#include "core/os_random.h"
#include "core/registry.h"
#include "core/text.h"
#include "record/pgn.h"
#include "record/record.h"
#include "search/agent.h"
#include "search/engines.h"
#include "search/players.h"
#include "server/accounts/accounts.h"
#include "server/chat/chat.h"
#include "server/game_service.h"
#include "server/json_args.h"
#include "server/puzzles.h"
#include "server/puzzles/service.h"
#include "server/reviews.h"
#include "server/tournaments/service.h"
#include "table/table.h"
#include "table/table_json.h"

namespace asterism::server {

using nlohmann::json;

// One request on its way through one of the API's own routes.
struct Api::Call {
    const ApiRequest& request;
};

// ---- the routes ------------------------------------------------------------------

// The API's own rows of the route table (routes.h): the catalog and the
// stateless views.
void Api::add_own_routes() {
    using enum Who;
    using enum RateClass;
    constexpr auto quick = Handler::Lane::Quick;
    const auto on = [this](ApiResponse (Api::*handler)(Call&)) {
        return [this, handler](const ApiRequest& r, const PathArgs&) {
            Call call{r};
            return (this->*handler)(call);
        };
    };
    routes_.add({"GET", "/api/catalog", Anyone, quick, Plain, on(&Api::get_catalog)});
    routes_.add({"POST", "/api/view", Anyone, quick, Plain, on(&Api::post_view)});
}

void Api::rebuild_routes() {
    routes_.clear();
    if (online_ && chat_) chat_->add_routes(routes_);
    if (accounts_) accounts_->add_routes(routes_);
    if (online_ && tournaments_) tournaments_->add_routes(routes_);
    if (games_) games_->add_routes(routes_, online_);
    if (puzzles_)
        puzzles_->add_routes(routes_);
    else
        add_puzzle_routes(routes_);
    add_own_routes();
}

Handler::Lane Api::lane(std::string_view method, std::string_view path) const {
    const Route* route = routes_.peek(method, path);
    return route ? route->lane : Handler::Lane::Quick;
}

ApiResponse Api::route(const ApiRequest& r) {
    PathArgs args;
    const Route* route = routes_.find(r, args);
    if (route) {
        // Who may call it is checked here, before the route looks anything
        // up, so that no route can forget it; a seat's secret is checked by
        // the route, which knows the game.
        if ((route->who == Who::Account || route->who == Who::Moderator) && r.account == 0)
            fail("acc.signedOut");
        if (route->who == Who::Moderator && !r.moderator) fail("acc.moderators");
        return route->run(r, args);
    }
    if (!(online_ && games_) &&
        (r.path.starts_with("/api/games") || r.path == "/api/lobby" || r.path == "/api/archive"))
        fail("server.noOnline");
    fail("request.noPage", {{"path", printable(r.path, 200)}});
}

ApiResponse Api::get_catalog(Call&) {
    json games = json::array();
    for (const GameInfo* info : Registry::instance().all()) {
        json g = game_info_json(*info);
        g["search"] = has_engine(info->id);
        g["pgn"] = pgn_covers(info->id);
        games.push_back(std::move(g));
    }
    return {200, {{"games", games}, {"levels", {{"min", 1}, {"max", kMaxLevel}}}}};
}

// The state of a position, and of the moves played from it, without keeping
// a game: what the rules pages and lessons draw. Nothing is stored, so a
// page that draws fifty diagrams holds no game of the server's.
ApiResponse Api::post_view(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    auto game = Registry::instance().create(spec_from(body));
    const std::string position = get_string(body, "position");
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    Table table(std::move(game), std::move(start));
    const json moves = body.value("moves", json::array());
    if (!moves.is_array() || moves.size() > kMaxViewMoves)
        fail("game.viewMoves.form", {{"n", kMaxViewMoves}});
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!moves[i].is_string()) fail("game.viewMoves.texts");
        try {
            table.play(moves[i].get<std::string>());
        } catch (const GameError& e) {
            fail("game.viewMove", {{"n", i + 1}, {"why", e.reason()}});
        }
    }
    return {200, view_state(table)};
}

Api::Api(ApiLimits limits) : limits_(limits), rate_(limits.rate_per_second, limits.rate_burst) {
    rebuild_routes();
}

Api::~Api() = default;

void Api::stop_searches(ReasonCode reason) {
    if (games_) games_->stop_searches(reason);
}

namespace {

// An error answered without throwing: the catalogue's status and body.
ApiResponse refusal(ErrorCode code, const json& params = json::object()) {
    return {code.entry().status, error_body(code, params)};
}

double seconds_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

ApiResponse Api::handle(const ApiRequest& request) {
    try {
        if (limits_.rate_per_second > 0 && (limits_.rate_loopback || !request.local) &&
            !rate_.allow(request.client, seconds_now()))
            fail("limit.rate", {{"n", static_cast<int>(limits_.rate_per_second)}});
        if (request.body.size() > limits_.max_body)
            fail("limit.body", {{"size", request.body.size()}, {"limit", limits_.max_body}});
        if (accounts_ && !request.cookie.empty()) {
            // The account the cookie names, for the games' seats.
            if (const auto me = accounts_->signed_in(request)) {
                ApiRequest as = request;
                as.account = me->id;
                as.account_name = me->name;
                as.moderator = me->role == "moderator";
                return route(as);
            }
        }
        return route(request);
    } catch (const HttpError& e) {
        return {e.status, e.body(), e.allow};
    } catch (const SearchStopped& e) {
        if (e.code == kGameChanged.entry().code) return refusal("game.changed.ask");
        return refusal("server.stopped", {{"why", e.reason}});
    } catch (const GameError& e) {
        // The rules engine's own error (an illegal move, a bad option): its
        // code and parameters from the engine's catalogue (core/errors.h).
        return {400, engine_error_body(e)};
    } catch (const json::exception& e) {
        // A JSON value of an unexpected type that a check above missed.
        return refusal("request.jsonValue", {{"why", e.what()}});
    } catch (const std::exception& e) {
        return refusal("server.internal", {{"why", e.what()}});
    }
}

}  // namespace asterism::server
