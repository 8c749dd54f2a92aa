// The one JSON view of an online game, its record, its event stream and the lists (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include "record/pgn.h"
#include "record/record.h"

namespace asterism::server {

namespace games {

// The state a page draws; `parts` says whether the drawing has the board's
// cells, which only GET sends (they never change during a game).
json public_state(const Game& g, const EventHub& hub, std::int64_t now, ViewParts parts,
                  const std::string& id, const asterism::Game* shown) {
    const Table& t = g.table;
    const asterism::Game& drawn = shown ? *shown : t.game();
    if (g.local()) {
        // A local game's state is the page's engine's (local_frame): only
        // a game the server ended itself says so.
        StateFrame frame = local_frame(t, id, g.level, g.row.last_seq, now);
        if (!g.expired.empty()) {
            frame.status = "aborted";
            frame.termination = g.expired;
        }
        json state = game_state(t, drawn, parts, frame);
        add_termination_reason(state);
        return state;
    }
    json clock = g.table.clock().view(t.game().to_move(), t.over(), now);
    StateFrame frame{.kind = g.row.kind,
                     .id = id,
                     .status = g.row.status,
                     .termination = g.row.termination,
                     .seats = g.seats.to_json(false),
                     .takeback_by = g.takebacks.seat(),
                     .clock = std::move(clock),
                     .seq = g.row.last_seq,
                     .now = now,
                     .rated = g.rated,
                     .level = 0,
                     .tournament = g.tournament};
    for (int i = 0; i < 2; ++i)
        frame.seats[static_cast<std::size_t>(i)]["connected"] =
            g.seats[static_cast<std::size_t>(i)].computer || hub.connected(g.row.id, kTagOf[i]);
    json state = game_state(t, drawn, parts, frame);
    add_termination_reason(state);
    return state;
}

json ended_why(const Game& g) {
    json why = known_reason(g.expired);
    return why.is_null() ? json(g.expired) : why;
}

void add_termination_reason(json& out) {
    const auto t = out.find("termination");
    if (t == out.end() || !t->is_string()) return;
    if (json why = known_reason(t->get<std::string>()); !why.is_null())
        out["termination_reason"] = std::move(why);
}

Record named_record(const Game& g) {
    Record r = g.table.record();
    r.set_tag("FirstName", g.seats[0].name);
    r.set_tag("SecondName", g.seats[1].name);
    return r;
}

}  // namespace games

using namespace games;

GameService::Published GameService::publish(Game& g) {
    // The board's cells are the same all game (the face suite checks it):
    // the state of each change leaves them out, a page has them from GET.
    // They were most of the state's bytes and of the time to build it.
    Published out{public_state(g, hub_, now(), ViewParts::Changing, g.row.id), {}};
    out.text = out.state.dump(-1, ' ', false, json::error_handler_t::replace);
    hub_.publish(g.row.id, {g.row.last_seq, "state", out.text});
    return out;
}

// What a move changed (docs/server.md, "A move's change"): the move, the
// table's turn fields, the draw offer, the takeback request, the row's
// status and the clock, without the history, the position and the view
// (the legal moves were most of a state's bytes and of its time). Watchers
// get it as the stream's `move` event, the mover as its reply.
GameService::Published GameService::publish_move(Game& g) {
    const Table& t = g.table;
    const std::int64_t at = now();
    json change = turn_json(t, t.game());
    change["change"] = "move";
    change["move"] = t.game().history().back();
    change["id"] = g.row.id;
    change["seq"] = g.row.last_seq;
    change["now"] = at;
    change["status"] = g.row.status;
    change["termination"] = g.row.termination;
    change["takeback_by"] = g.takebacks.seat();
    change["draw"] = draw_json(t);
    change["clock"] = g.table.clock().view(t.game().to_move(), t.over(), at);
    add_termination_reason(change);
    Published out{std::move(change), {}};
    out.text = out.state.dump(-1, ' ', false, json::error_handler_t::replace);
    hub_.publish(g.row.id, {g.row.last_seq, "move", out.text});
    return out;
}

ApiResponse GameService::reply(Published p) {
    ApiResponse r(200, std::move(p.state));
    r.text = std::move(p.text);
    return r;
}

// A game's state; `?ply=N` the position after N moves (browsing), on a copy.
ApiResponse GameService::get_state(Call& c) {
    std::lock_guard lock(c.game->mutex);
    const asterism::Game& now_game = c.game->table.game();
    const int plies = static_cast<int>(now_game.history().size());
    std::unique_ptr<asterism::Game> copy;
    if (const auto it = c.request.query.find("ply"); it != c.request.query.end()) {
        int shown = -1;
        if (std::sscanf(it->second.c_str(), "%d", &shown) != 1 || shown < 0 || shown > plies ||
            std::to_string(shown) != it->second)
            fail("request.ply", {{"max", plies}});
        copy = now_game.clone();
        for (int k = plies; k > shown; --k) copy->undo();
    }
    json state = public_state(*c.game, hub_, now(), ViewParts::Whole, c.id, copy.get());
    const Player you = c.game->local() ? Player::None : seat_of(*c.game, c.request);
    state["you"] = you == Player::None ? -1 : seat_index(you);
    return {200, state};
}

ApiResponse GameService::events(Call& c) {
    std::string tag;
    {
        std::lock_guard lock(c.game->mutex);
        // EventSource cannot send headers: the seat's secret comes in the
        // query (never logged), only to say who is connected.
        const auto it = c.request.query.find("secret");
        if (it != c.request.query.end()) {
            ApiRequest as_seat = c.request;
            as_seat.authorization = "Bearer " + it->second;
            const Player p = seat_of(*c.game, as_seat);
            if (p == Player::None) fail("seat.wrongSecret");
            tag = kTagOf[seat_index(p)];
        }
        // A new stream starts from a whole state: a move's change alone
        // would not draw the game (the state is published again, at the
        // same seq, for every watcher).
        Event latest;
        if (!c.game->table.over() && (!hub_.latest(c.id, latest) || latest.type != "state"))
            publish(*c.game);
    }
    std::uint64_t last_seen = 0;
    for (const char ch : c.request.last_event_id) {
        if (ch < '0' || ch > '9' || last_seen > (1ULL << 50)) {
            last_seen = 0;
            break;
        }
        last_seen = last_seen * 10 + static_cast<std::uint64_t>(ch - '0');
    }
    ApiResponse r{200, json::object()};
    r.stream = StreamStart{c.id, tag, last_seen};
    return r;
}

// The record (or PGN) of a game, with the players' display names; no secret
// is in it.
ApiResponse GameService::record(Call& c) {
    const bool pgn = c.request.path.ends_with("/pgn");
    std::lock_guard lock(c.game->mutex);
    const Game& g = *c.game;
    // A local game's sides have no display names but the sides' own.
    const Record r = g.local() ? g.table.record() : named_record(g);
    const std::string date = r.tag_value(tag::kDate);
    return {200,
            {{pgn ? "pgn" : "record", pgn ? format_pgn_game(r) : format_record(r)},
             {"filename", download_name(g.table.game().id(), date, pgn ? ".pgn" : ".rec")}}};
}

namespace {

json summary(const store::GameRow& row, const json& seats) {
    json out = {{"id", row.id},
                {"game", row.spec},
                {"status", row.status},
                {"result", row.result},
                {"termination", row.termination},
                {"names", {seats.at(0).value("name", ""), seats.at(1).value("name", "")}},
                {"clock", json::parse(row.clock).value("kind", "none")},
                {"updated", row.updated_ms}};
    add_termination_reason(out);
    return out;
}

}  // namespace

// Open challenges anyone may accept, and games in progress to watch. The
// lobby lists at most this many challenges of one network (its creator's),
// so that one network's hundreds cannot push everyone else's out of the
// list's 200.
constexpr int kLobbyPerNetwork = 5;

ApiResponse GameService::lobby(Call&) {
    std::vector<std::pair<std::shared_ptr<Game>, std::string>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) all.emplace_back(g, g->holders[0]);
    }
    json open = json::array(), playing = json::array();
    std::map<std::string, int> shown;
    for (const auto& [g, network] : all) {
        std::lock_guard lock(g->mutex);
        if (g->listed && g->row.status == "open" && open.size() < 200 &&
            ++shown[network] <= kLobbyPerNetwork) {
            // Taking the seat of a rated challenge is the second player's
            // choice of "rated": the lobby says which it is.
            open.push_back(summary(g->row, g->seats.to_json(false)));
            open.back()["rated"] = g->rated;
        } else if (g->row.status == "playing" && playing.size() < 200)
            playing.push_back(summary(g->row, g->seats.to_json(false)));
    }
    return {200, {{"open", open}, {"playing", playing}}};
}

// Finished games, the most recent first, a page at a time.
ApiResponse GameService::archive(Call& c) {
    auto number = [&](const char* key, long long fallback, long long hi) {
        const auto it = c.request.query.find(key);
        if (it == c.request.query.end()) return fallback;
        long long v = 0;
        for (const char ch : it->second) {
            if (ch < '0' || ch > '9' || v > hi)
                fail("request.numberUpTo", {{"field", key}, {"max", hi}});
            v = v * 10 + (ch - '0');
        }
        if (v > hi) fail("request.numberUpTo", {{"field", key}, {"max", hi}});

        return v;
    };
    const int limit = static_cast<int>(number("limit", limits_.archive_page, limits_.archive_page));
    const int offset = static_cast<int>(number("offset", 0, 1LL << 30));
    json games = json::array();
    for (const store::GameRow& row : store_.games("online", "finished", limit, offset))
        games.push_back(summary(row, json::parse(row.seats)));
    return {200,
            {{"games", games}, {"total", store_.count("online", "finished")}, {"offset", offset}}};
}

}  // namespace asterism::server
