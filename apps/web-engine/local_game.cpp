// A local game held in the page (local_game.h). The rules of each change are
// the server's (games/local.cpp, thinking.cpp, actions.cpp, log.cpp) carried over to a
// game rebuilt from its events at every request: the page's game and the
// server's then answer the same way, and the page keeps no engine state.
#include "local_game.h"

#include <cctype>
#include <memory>
#include <string>

#include "core/errors.h"
#include "core/registry.h"
#include "record/pgn.h"
#include "record/record.h"
#include "search/engines.h"
#include "search/players.h"
#include "table/table.h"
#include "table/table_events.h"
#include "table/table_json.h"

namespace asterism::web_engine {

namespace {

using nlohmann::json;

// A local game: its table (seats, draws, record) and the level a "computer"
// seat stands for.
struct LocalGame {
    Table table;
    int level = 3;
    std::uint64_t events = 0;  // applied so far
};

// The server's local events (table/table_events.h), for the types a local
// game has: every one of them a table's.
void apply_event(LocalGame& g, const json& d) {
    const std::string type = d.at("type");
    const std::optional<TableEvent> e = table_event(type, d);
    if (!e) throw GameError("unknown event '" + type + "'");
    apply_event(g.table, *e);
    if (const auto* players = std::get_if<table_events::Players>(&*e)) g.level = players->level;
}

// The game a request describes: created as POST /api/games creates it,
// then every event in order. A bad event is named by its number.
LocalGame replayed(const json& request) {
    auto game = Registry::instance().create(request.at("spec").get<std::string>());
    const std::string position = request.value("position", std::string());
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    LocalGame g{Table(std::move(game), std::move(start))};
    int number = 0;
    for (const json& event : request.value("events", json::array())) {
        ++number;
        try {
            apply_event(g, event);
            ++g.events;
        } catch (const GameError& e) {
            throw error("local.event", {{"n", number}, {"why", e.reason()}});
        } catch (const std::exception& e) {
            throw error("local.event", {{"n", number}, {"why", e.what()}});
        }
    }
    return g;
}

// The game's state as the server's local game answers it (table_json.h,
// game_state over local_frame, the function the server's games/view.cpp
// calls): of the game now, or of the position after `ply` moves (browsing).
// `seq` is the number of events, which the server counts too; `now` the
// page's time, which it sends (the engine reads no clock).
json describe(const LocalGame& g, const json& request, int ply) {
    const Table& t = g.table;
    const int plies = static_cast<int>(t.game().history().size());
    const StateFrame frame = local_frame(t, request.value("local_id", std::string()), g.level,
                                         g.events, request.value("now", std::int64_t{0}));
    // A position asked for by its ply is a copy, as the server's GET
    // ?ply=N makes one, even at the game's own length: a copy shows the
    // rules' end, never an agreement or a resignation.
    if (ply < 0) return game_state(t, t.game(), ViewParts::Whole, frame);
    if (ply > plies)
        throw GameError("'ply' must be a whole number from 0 to " + std::to_string(plies));
    auto copy = t.game().clone();
    for (int k = plies; k > ply; --k) copy->undo();
    return game_state(t, *copy, ViewParts::Whole, frame);
}

// A seat the page asks for (server/games/local.cpp, seat_from): "human", "computer"
// (at the game's level) or a player such as "level:6".
std::string seat_text(const json& item, const Game& game, int level) {
    if (!item.is_string())
        throw GameError(
            "each player must be \"human\", \"computer\" or a player such as \"level:6\"");
    const std::string text = item.get<std::string>();
    if (text == "computer") return "level:" + std::to_string(level);
    return parse_seat(text, game).text();
}

// The "players" event a change asks for (server/games/local.cpp, seats_asked):
// computer seats at the old level follow a new one.
json players_event(const LocalGame& g, const json& change) {
    const Table& t = g.table;
    int level = change.value("level", g.level);
    if (level < 1 || level > kMaxLevel)
        throw GameError("'level' must be a whole number from 1 to " + std::to_string(kMaxLevel));
    json players = json::array({t.seat(Player::First).text(), t.seat(Player::Second).text()});
    for (std::size_t p = 0; p < 2; ++p) {
        const Seat& s = t.seat(static_cast<Player>(p));
        if (s.computer() && player_level(s.player) == g.level)
            players[p] = "level:" + std::to_string(level);
    }
    if (change.contains("players") && !change["players"].is_null()) {
        const json& asked = change["players"];
        if (!asked.is_array() || asked.size() < 1 || asked.size() > 2)
            throw GameError("'players' must be a list of one or two of \"human\" and \"computer\"");
        for (std::size_t i = 0; i < asked.size(); ++i)
            players[i] = seat_text(asked[i], t.game(), level);
    }
    return {{"type", "players"}, {"players", players}, {"level", level}};
}

// The computer's turn (server/games/thinking.cpp): its own
// seat's player, or the game's level for a person's seat played on request.
json computer_event(const LocalGame& g, const json& change, std::uint64_t seed) {
    const Table& t = g.table;
    if (t.over()) throw error("over.rules.noMoves", {{"why", t.over_reason()}});
    const Game& game = t.game();
    const Seat& seat = t.seat(game.to_move());
    const bool own = seat.computer() && !change.contains("level");
    const std::string player =
        own ? seat.player : "level:" + std::to_string(change.value("level", g.level));
    Rng rng(seed);
    auto agent = make_player(player, game, seed);
    const ComputerTurn turn = plan_computer_turn(
        game, t.draws(), *agent, rng, {.analyse = false, .answer_draws = seat.computer()});
    json event = {
        {"type", "turn"}, {"player", index(turn.player)}, {"offers_draw", turn.offers_draw}};
    if (turn.answered_draw) event["answered_draw"] = *turn.answered_draw;
    if (turn.move) event["move"] = *turn.move;
    return event;
}

// The player a person's offer comes from (server/draws.cpp, offering_player).
Player offering_player(const json& change, const Table& table) {
    auto human = [&](int p) { return !table.seat(static_cast<Player>(p)).computer(); };
    if (change.contains("player") && !change["player"].is_null()) {
        const auto& p = change["player"];
        if (!p.is_number_integer() || p.get<int>() < 0 || p.get<int>() > 1)
            throw GameError("'player' must be 0 or 1");
        if (!human(p.get<int>()))
            throw GameError("player " + std::to_string(p.get<int>()) +
                            " is the computer, which makes its own offers");
        return static_cast<Player>(p.get<int>());
    }
    const Player to_move = table.game().to_move();
    if (to_move != Player::None && human(index(to_move))) return to_move;
    if (human(0) != human(1)) return human(0) ? Player::First : Player::Second;
    throw GameError("no person plays in this game; the computers offer draws by themselves");
}

// A person's draw action (server/games/actions.cpp, draw): an offer to
// the computer is answered at once by its search, with this seed.
json draw_event(const LocalGame& g, const json& change, std::uint64_t seed, json& extra) {
    const Table& t = g.table;
    const std::string what = change.value("action", std::string());
    if (what != "offer" && what != "accept" && what != "decline")
        throw GameError("'action' must be \"offer\", \"accept\" or \"decline\"");
    if (t.over()) throw GameError(t.over_reason());
    if (t.game().num_players() != 2) throw GameError("a one-player game has no draws");
    const Player standing = t.draws().offered_by();
    if (what != "offer") {
        if (standing == Player::None) throw GameError("no draw offer stands");
        if (t.seat(opponent(standing)).computer())
            throw GameError("the offer is to the computer, which answers it by itself");
        return {{"type", "draw"}, {"action", what}, {"by", index(opponent(standing))}};
    }
    const Player by = offering_player(change, t);
    json event = {{"type", "draw"}, {"action", "offer"}, {"by", index(by)}};
    if (standing == opponent(by) || !t.seat(opponent(by)).computer()) return event;
    Rng rng(seed);
    auto agent = make_player(t.seat(opponent(by)).player, t.game(), seed);
    const bool yes = computer_accepts_offer(t.game(), opponent(by), *agent, rng);
    event["answer"] = yes;
    extra["answer"] = yes ? "accepted" : "declined";
    return event;
}

// The event a change makes, checked against the game; `extra` takes what
// the server's answer adds to the state (the computer's move, its answer).
json change_event(const LocalGame& g, const json& change, std::uint64_t seed, json& extra) {
    const std::string type = change.value("type", std::string());
    if (type == "move") {
        const std::string move = change.value("move", std::string());
        if (move.empty())
            throw GameError("'move' is missing: send the move's text, e.g. {\"move\": \"*10\"}");
        return {{"type", "move"}, {"move", move}};
    }
    if (type == "undo") {
        if (g.table.game().history().empty()) throw GameError("nothing to undo");
        json event = {{"type", "undo"}, {"count", change.value("count", 1)}};
        if (change.value("to_human", false)) event["to"] = "person";
        return event;
    }
    if (type == "players") return players_event(g, change);
    if (type == "computer") {
        json event = computer_event(g, change, seed);
        if (event.contains("move")) extra["move"] = event["move"];
        return event;
    }
    if (type == "draw") return draw_event(g, change, seed, extra);
    throw GameError("unknown change '" + type + "' (move, undo, players, computer, draw, load)");
}

// A record loaded (server/games/local.cpp, create_local_game): a new game continuing it,
// whose creation and first two events the page keeps.
json loaded(const json& request, const json& change) {
    const std::string text = change.value("record", std::string());
    if (text.empty()) throw GameError("'record' is missing: send the record's text");
    const json load = {{"type", "load"}, {"record", text}};
    // The table is replaced by the record's game: any game stands in first.
    LocalGame g{Table(Registry::instance().create(Registry::instance().all().front()->id))};
    apply_event(g, load);
    ++g.events;
    json asked = change;
    // A record that names its computer's level plays on at that level,
    // whatever level the page had (issue 43).
    const Record record = looks_like_pgn(text) ? read_pgn(text, "record").front().record
                                               : parse_record(text, "record");
    for (const std::string_view key : {tag::kFirstLevel, tag::kSecondLevel}) {
        const std::string named = record.tag_value(key);
        if (!named.empty() && player_level(named) > 0) asked["level"] = player_level(named);
    }
    const json players = players_event(g, asked);
    apply_event(g, players);
    ++g.events;
    return {{"spec", g.table.game().spec()},
            {"position", g.table.start_position()},
            {"events", json::array({load, players})},
            {"state", describe(g, request, -1)}};
}

}  // namespace

// The state is wrapped: the worker's answer carries the question's own id.
// It is GET /api/games/ID's, whose `you` (the seat a request's secret holds)
// is -1 for a local game, which has no secrets.
json local_state(const json& request) {
    json state = describe(replayed(request), request, request.value("ply", -1));
    state["you"] = -1;
    return {{"state", std::move(state)}};
}

// POST /api/view's state (table_json.h, view_state): a position and moves
// after it, which no game holds; the server's refusals of a bad move.
json local_view(const json& request) {
    auto game = Registry::instance().create(request.at("spec").get<std::string>());
    const std::string position = request.value("position", std::string());
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    Table table(std::move(game), std::move(start));
    int number = 0;
    for (const json& move : request.value("moves", json::array())) {
        ++number;
        try {
            table.play(move.get<std::string>());
        } catch (const GameError& e) {
            throw error("local.event", {{"n", number}, {"why", e.reason()}});
        }
    }
    return {{"state", asterism::view_state(table)}};
}

json local_change(const json& request) {
    const json& change = request.at("change");
    if (change.value("type", std::string()) == "load") return loaded(request, change);
    LocalGame g = replayed(request);
    json extra = json::object();
    json event = change_event(g, change, request.value("seed", std::uint64_t{1}), extra);
    apply_event(g, event);
    ++g.events;
    json state = describe(g, request, -1);
    state.update(extra);
    return {{"event", event}, {"state", state}};
}

json local_record(const json& request) {
    const bool pgn = request.value("format", std::string("record")) == "pgn";
    const LocalGame g = replayed(request);
    const Record record = g.table.record();
    const std::string date = record.tag_value(tag::kDate);
    return {{pgn ? "pgn" : "record", pgn ? format_pgn_game(record) : format_record(record)},
            {"filename", download_name(g.table.game().id(), date, pgn ? ".pgn" : ".rec")}};
}

}  // namespace asterism::web_engine
