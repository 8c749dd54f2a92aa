// The browser UI's JSON API (api.h; routes in docs/server.md).
#include "server/api_session.h"

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
#include "server/draws.h"
#include "server/json_args.h"
#include "server/puzzles.h"
#include "server/puzzles/service.h"
#include "server/reviews.h"
#include "server/tournaments/service.h"
#include "table/table.h"

namespace asterism::server {

using nlohmann::json;

namespace {

// session's level), or any player of search/players.h ("level:8", "random").
Seat seat_from(const json& item, const Game& game, int level, const SearchCaps& caps) {
    if (!item.is_string()) fail("new.player.form");
    const std::string text = item.get<std::string>();
    if (text == "computer") return Seat::computer_player("level:" + std::to_string(level));
    // The bounds first: making the player allocates what it asks for.
    if (text != "human" && text != "person") check_player(text, caps);
    try {
        return parse_seat(text, game);
    } catch (const GameError& e) {
        fail("new.player.bad", {{"why", e.reason()}});
    }
}

// The seats and level a body asks for, as the players' texts ("human",
// "level:6"); computer seats at the old level follow a new one.
json seats_asked(const json& body, const Table& table, int& level, const SearchCaps& caps) {
    const int old_level = level;
    level = static_cast<int>(get_int(body, "level", level, 1, kMaxLevel));
    json players = online::players_of(table);
    for (std::size_t p = 0; p < 2; ++p) {
        const Seat& s = table.seat(static_cast<Player>(p));
        if (s.computer() && player_level(s.player) == old_level)
            players[p] = seat_from("computer", table.game(), level, caps).text();
    }
    if (!body.contains("players") || body["players"].is_null()) return players;
    const json& p = body["players"];
    if (!p.is_array() || p.size() < 1 || p.size() > 2) fail("new.players.form");
    for (std::size_t i = 0; i < p.size(); ++i)
        players[i] = seat_from(p[i], table.game(), level, caps).text();
    return players;
}

}  // namespace

// ---- the routes ------------------------------------------------------------------

json Api::state_of(const Call& c) {
    const Table& t = c.game->table;
    const Game& g = t.game();
    json state = local_game_view(c.id, t, c.game->level, g, static_cast<int>(g.history().size()));
    add_draw_state(state, t.draws());
    return state;
}

GameService& Api::service() {
    if (!games_) fail("server.noGames");
    return *games_;
}

// The API's own rows of the route table (routes.h), and the table itself,
// made again whenever a module is attached: the local games (named by
// their unguessable token, which is the seat's proof), the catalog,
// records and stateless views. Every local game is stored, so its routes
// wait on the disk; those that search run on the search lane.
void Api::add_own_routes() {
    using enum Who;
    using enum RateClass;
    constexpr auto disk = Handler::Lane::Disk, quick = Handler::Lane::Quick,
                   search = Handler::Lane::Search;
    const auto on = [this](ApiResponse (Api::*handler)(Call&)) {
        return [this, handler](const ApiRequest& r, const PathArgs& args) {
            const auto id = args.find("id");
            Call call{r, id == args.end() ? "" : id->second,
                      id == args.end() ? nullptr : service().find_local(id->second)};
            return (this->*handler)(call);
        };
    };
    // An unknown token is a 404 whatever the method (not a 405).
    const auto known = [this](const std::string& id) { service().find_local(id); };
    const auto session = [&](std::string_view method, std::string_view path, Handler::Lane lane,
                             RateClass rate, ApiResponse (Api::*handler)(Call&)) {
        routes_.add({method, path, Seat, lane, rate, on(handler), known});
    };
    routes_.add({"GET", "/api/catalog", Anyone, quick, Plain, on(&Api::get_catalog)});
    routes_.add({"POST", "/api/records", Anyone, disk, Create, on(&Api::post_record)});
    routes_.add({"POST", "/api/sessions", Anyone, disk, Create, on(&Api::post_session)});
    routes_.add({"POST", "/api/view", Anyone, quick, Plain, on(&Api::post_view)});
    session("GET", "/api/sessions/:id", disk, Plain, &Api::get_session);
    session("DELETE", "/api/sessions/:id", disk, Plain, &Api::delete_session);
    session("GET", "/api/sessions/:id/legal", disk, Plain, &Api::get_legal);
    session("POST", "/api/sessions/:id/move", disk, Plain, &Api::post_move);
    session("POST", "/api/sessions/:id/undo", disk, Plain, &Api::post_undo);
    session("POST", "/api/sessions/:id/players", disk, Plain, &Api::post_players);
    session("GET", "/api/sessions/:id/record", disk, Plain, &Api::get_record);
    session("GET", "/api/sessions/:id/pgn", disk, Plain, &Api::get_record);
    session("POST", "/api/sessions/:id/computer", search, Search, &Api::post_computer);
    session("POST", "/api/sessions/:id/analyze", search, Search, &Api::post_analyze);
    session("POST", "/api/sessions/:id/draw", search, Search, &Api::post_draw);
    // A review waits its turn in the thinking pool (reviews.h): the request
    // itself only stores the job.
    session("POST", "/api/sessions/:id/review", disk, Search, &Api::post_review);
    session("GET", "/api/sessions/:id/review", disk, Plain, &Api::get_review);
}

void Api::rebuild_routes() {
    routes_.clear();
    if (online_ && chat_) chat_->add_routes(routes_);
    if (accounts_) accounts_->add_routes(routes_);
    if (online_ && tournaments_) tournaments_->add_routes(routes_);
    if (online_ && games_) games_->add_routes(routes_);
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

// A new local game: its seats as the body asks (a person against the
// computer by default), stored in the game service.
ApiResponse Api::created(Call& c, Table table, const json& body, const std::string& record) {
    int level = 3;
    table.set_seat(Player::Second, Seat::computer_player("level:" + std::to_string(level)));
    const json players = seats_asked(body, table, level, limits_.search);
    for (std::size_t i = 0; i < 2; ++i)
        table.set_seat(static_cast<Player>(i),
                       parse_seat(players[i].get<std::string>(), table.game()));
    c.id = service().create_local(std::move(table), level, c.request, record);
    c.game = service().find_local(c.id);
    std::lock_guard lock(c.game->mutex);
    return {201, state_of(c)};
}

// Loads a record: a new session continuing it.
ApiResponse Api::post_record(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    const std::string text = get_string(body, "record");
    if (text.empty()) fail("game.record");
    // A PGN text (docs/records.md, "PGN") loads its first game.
    LoadedGame loaded = looks_like_pgn(text)
                            ? std::move(read_pgn(text, "record").front())
                            : replay_record(parse_record(text, "record"), "record");
    return created(c, Table(std::move(loaded)), body, text);
}

ApiResponse Api::post_session(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    auto game = Registry::instance().create(spec_from(body));
    const std::string position = get_string(body, "position");
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    return created(c, Table(std::move(game), std::move(start)), body);
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
    const Game& g = table.game();
    json state = local_game_view("", table, 0, g, static_cast<int>(g.history().size()));
    add_draw_state(state, table.draws());
    return {200, state};
}

ApiResponse Api::get_session(Call& c) {
    std::lock_guard lock(c.game->mutex);
    const Table& t = c.game->table;
    const int ply = static_cast<int>(t.game().history().size());
    const auto it = c.request.query.find("ply");
    if (it == c.request.query.end()) return {200, state_of(c)};
    // Browsing: the position after `ply` moves, on a copy.
    int shown = -1;
    if (std::sscanf(it->second.c_str(), "%d", &shown) != 1 || shown < 0 || shown > ply ||
        std::to_string(shown) != it->second)
        fail("request.ply", {{"max", ply}});
    auto copy = t.game().clone();
    for (int k = ply; k > shown; --k) copy->undo();
    return {200, local_game_view(c.id, t, c.game->level, *copy, shown)};
}

ApiResponse Api::delete_session(Call& c) {
    service().close_local(c.id);
    return {200, {{"deleted", c.id}}};
}

ApiResponse Api::get_legal(Call& c) {
    std::lock_guard lock(c.game->mutex);
    return {200, {{"moves", c.game->table.game().legal_moves()}}};
}

ApiResponse Api::post_move(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    const std::string move = get_string(body, "move");
    if (move.empty()) fail("game.move.missing");
    std::lock_guard lock(c.game->mutex);
    service().change(*c.game, "move", {{"move", move}});
    return {200, state_of(c)};
}

ApiResponse Api::post_undo(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    const long long count = get_int(body, "count", 1, 1, 100000);
    const bool to_human = body.contains("to_human") && body["to_human"] == true;
    std::lock_guard lock(c.game->mutex);
    if (c.game->table.game().history().empty()) fail("game.undo");

    json event = {{"count", count}};
    if (to_human) event["to"] = "person";
    service().change(*c.game, "undo", std::move(event));
    return {200, state_of(c)};
}

ApiResponse Api::post_players(Call& c) {
    const json body = parse_body(c.request, limits_.max_json_depth);
    std::lock_guard lock(c.game->mutex);
    int level = c.game->level;
    json players = seats_asked(body, c.game->table, level, limits_.search);
    service().change(*c.game, "players", {{"players", std::move(players)}, {"level", level}});
    return {200, state_of(c)};
}

// The record for download, in the project's format or as PGN (the
// chess-likes only: another game is a 400).
ApiResponse Api::get_record(Call& c) {
    const bool pgn = c.request.path.ends_with("/pgn");
    std::lock_guard lock(c.game->mutex);
    const Table& t = c.game->table;
    const Record record = t.record();
    const std::string date = record.tag_value(tag::kDate);
    return {200,
            {{pgn ? "pgn" : "record", pgn ? format_pgn_game(record) : format_record(record)},
             {"filename", download_name(t.game().id(), date, pgn ? ".pgn" : ".rec")}}};
}

Api::Api(ApiLimits limits) : limits_(limits), rate_(limits.rate_per_second, limits.rate_burst) {
    rebuild_routes();
}

Api::~Api() = default;

std::size_t Api::session_count() const {
    return games_ ? games_->local_count() : 0;
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
        if (std::string_view(e.what()) == kGameChanged) return refusal("game.changed.ask");
        return refusal("server.stopped", {{"why", e.what()}});
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
