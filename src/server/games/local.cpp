// Local games: one screen, or a person alone against the computer (game.h).
// The same games as the online ones, stored and replayed the same way; what
// differs is who may change them (whoever holds the token) and that nobody
// watches them. Their own routes are here; the searches are thinking.cpp's.
#include "server/games/game.h"
#include "server/share.h"

#include "core/os_random.h"
#include "record/pgn.h"
#include "record/record.h"
#include "search/engines.h"
#include "search/players.h"

namespace asterism::server {

namespace games {

std::string local_id(std::string_view token) {
    return digest(token).substr(0, 32);
}

json players_of(const Table& t) {
    return json::array({t.seat(Player::First).text(), t.seat(Player::Second).text()});
}

}  // namespace games

using namespace games;

namespace {

// A player as a body names it: "human", "computer" (the computer at the
// game's level), or any player of search/players.h ("level:8", "random").
Seat seat_from(const json& item, const asterism::Game& game, int level, const SearchCaps& caps) {
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
    json players = players_of(table);
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

// A new local game's table: a record (or PGN) to go on from, or the game
// the body names from its position.
Table local_table(const json& body) {
    if (body.contains("record")) {
        const std::string text = get_string(body, "record");
        if (text.empty()) fail("game.record");
        // A PGN text (docs/records.md, "PGN") loads its first game.
        LoadedGame loaded = looks_like_pgn(text)
                                ? std::move(read_pgn(text, "record").front())
                                : replay_record(parse_record(text, "record"), "record");
        return Table(std::move(loaded));
    }
    auto game = Registry::instance().create(spec_from(body));
    const std::string position = get_string(body, "position");
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    return Table(std::move(game), std::move(start));
}

}  // namespace

json GameService::local_state(const Call& c) const {
    return public_state(*c.game, hub_, now(), ViewParts::Whole, c.id);
}

// A new local game (POST /api/games with kind "local"): its seats as the
// body asks (a person against the computer by default), stored in the
// service; the reply names it by its token, which only this reply tells.
ApiResponse GameService::create_local_game(Call& c, const json& body) {
    Table table = local_table(body);
    const std::string record = body.contains("record") ? get_string(body, "record") : "";
    int level = 3;
    table.set_seat(Player::Second, Seat::computer_player("level:" + std::to_string(level)));
    const json players = seats_asked(body, table, level, limits_.search);
    for (std::size_t i = 0; i < 2; ++i)
        table.set_seat(static_cast<Player>(i),
                       parse_seat(players[i].get<std::string>(), table.game()));
    c.id = create_local(std::move(table), level, c.request, record);
    c.game = find_local(c.id);
    std::lock_guard lock(c.game->mutex);
    return {201, {{"id", c.id}, {"kind", "local"}, {"state", local_state(c)}}};
}

namespace {

// 409 unless `g` is a local game: `what` names the route's action.
void require_local(const Game& g, const char* what) {
    if (!g.local()) fail("game.localOnly", {{"what", what}});
}

}  // namespace

ApiResponse GameService::close(Call& c) {
    require_local(*c.game, "delete");
    close_local(c.id);
    return {200, {{"deleted", c.id}}};
}

ApiResponse GameService::legal(Call& c) {
    std::lock_guard lock(c.game->mutex);
    return {200, {{"moves", c.game->table.game().legal_moves()}}};
}

ApiResponse GameService::players(Call& c) {
    require_local(*c.game, "players");
    const json body = parse_body(c.request, 32);
    std::lock_guard lock(c.game->mutex);
    int level = c.game->level;
    json players = seats_asked(body, c.game->table, level, limits_.search);
    change(*c.game, table_events::Players{players.get<std::vector<std::string>>(), level});
    return {200, local_state(c)};
}

// A local game's takeback: at once, `count` moves (1 by default), or with
// `to_human` back to the last position where a person is to move.
ApiResponse GameService::undo(Call& c) {
    const json body = parse_body(c.request, 32);
    const long long count = get_int(body, "count", 1, 1, 100000);
    const bool to_human = body.contains("to_human") && body["to_human"] == true;
    std::lock_guard lock(c.game->mutex);
    if (c.game->table.game().history().empty()) fail("game.undo");
    change(*c.game, table_events::Undo{static_cast<int>(count), to_human});
    return {200, local_state(c)};
}

std::string GameService::create_local(Table table, int level, const ApiRequest& request,
                                      const std::string& record) {
    const std::string& client = request.client;
    store::GameRow row;
    row.kind = "local";
    row.spec = table.game().spec();
    row.start_position = table.start_position();
    row.created_ms = row.updated_ms = now();
    // A record's game is rebuilt from its text, the first event; the row
    // starts where the record does.
    auto g = std::make_shared<Game>(
        row, record.empty() ? std::move(table)
                            : Table(Registry::instance().create(row.spec), row.start_position));
    const json players = players_of(record.empty() ? g->table : table);
    g->seats.seat_local(
        {g->table.game().player_name(Player::First), g->table.game().player_name(Player::Second)},
        client);
    std::string token;
    std::vector<std::shared_ptr<Game>> ended;
    {
        std::lock_guard lock(mutex_);
        ended = make_local_room(client, !request.local);
        do {
            token = random_token();
        } while (local_.count(local_id(token)));
        g->row.id = local_id(token);
        g->seed = next_seed_++;
        g->holders = {client, ""};
        g->last_used = ++local_clock_;
        g->last_used_ms = row.created_ms;
    }
    end_local(ended, "game.ended.room");
    std::lock_guard game_lock(g->mutex);
    settle_row(*g, row.created_ms);
    store_.create(g->row);
    g->saved_clock = g->table.clock();
    if (!record.empty()) change(*g, table_events::Load{record});
    change(*g, table_events::Players{players, level});
    std::lock_guard lock(mutex_);
    local_[g->row.id] = g;
    return token;
}

std::shared_ptr<Game> GameService::find_local(const std::string& token) {
    const auto none = [&] { fail("game.gone", {{"id", printable(token, kMaxQuoted)}}); };
    if (token.size() != 32 || token.find_first_not_of("0123456789abcdef") != std::string::npos)
        none();
    const std::string id = local_id(token);
    std::shared_ptr<Game> g;
    {
        std::lock_guard lock(mutex_);
        if (const auto it = local_.find(id); it != local_.end()) g = it->second;
    }
    if (!g) {
        const auto row = store_.game(id);
        if (!row || row->kind != "local" || row->status == "aborted") none();
        g = load(id);
        std::vector<std::shared_ptr<Game>> ended;
        {
            std::lock_guard lock(mutex_);
            const auto it = local_.find(id);
            if (it != local_.end()) {
                g = it->second;  // another request loaded it first
            } else {
                // A game of one's own comes back whatever one holds.
                ended = make_local_room(g->seats[0].holder, false);
                g->seed = next_seed_++;
                g->holders = {g->seats[0].holder, ""};
                local_[id] = g;
            }
        }
        end_local(ended, "game.ended.room");
    }
    std::lock_guard lock(mutex_);
    g->last_used = ++local_clock_;
    g->last_used_ms = now();
    return g;
}

void GameService::close_local(const std::string& token) {
    const std::shared_ptr<Game> g = find_local(token);
    {
        std::lock_guard lock(mutex_);
        local_.erase(g->row.id);
    }
    end_local({g}, "game.ended.closed");
}

std::size_t GameService::local_count() const {
    std::lock_guard lock(mutex_);
    return local_.size();
}

void GameService::change(Game& g, const GameEvent& event) {
    if (!g.expired.empty()) fail("game.ended", {{"why", ended_why(g)}});
    check_room(g, event_type(event));
    apply_event(g, event);
    commit(g, event);
}

// Makes room for one more local game of `client`'s: games unused past the
// idle limit go; one address may hold only so many; when the table is
// still full, the least recently used game goes if nobody has used it for a
// while (so that a flood cannot end games being played), else 503. The
// games taken out are returned, for end_local once mutex_ is released (a
// game's lock is never taken under mutex_). A request still working on one
// keeps it alive through its shared_ptr; its changes then fail (409).
std::vector<std::shared_ptr<Game>> GameService::make_local_room(const std::string& client,
                                                                bool capped) {
    const LocalLimits& l = limits_.local;
    const std::int64_t at = now();
    std::vector<std::shared_ptr<Game>> out;
    std::size_t own = 0;
    for (auto it = local_.begin(); it != local_.end();) {
        if (static_cast<double>(at - it->second->last_used_ms) / 1000 > l.idle_seconds) {
            out.push_back(it->second);
            it = local_.erase(it);
            continue;
        }
        own += it->second->holders[0] == client;
        ++it;
    }
    const ShareVerdict share =
        capped ? share_verdict({.capacity = l.max_games, .per_network = l.per_client},
                               local_.size(), own)
               : ShareVerdict::Room;
    if (share == ShareVerdict::OverShare) fail("game.perAddress", {{"n", own}});
    if (share == ShareVerdict::Crowded) fail_crowded(own);
    if (local_.empty() || local_.size() < l.max_games) return out;
    auto oldest = local_.begin();
    for (auto it = local_.begin(); it != local_.end(); ++it)
        if (it->second->last_used < oldest->second->last_used) oldest = it;
    if (static_cast<double>(at - oldest->second->last_used_ms) / 1000 < l.evict_seconds)
        fail("game.full", {{"n", l.max_games}});

    out.push_back(oldest->second);
    local_.erase(oldest);
    return out;
}

// Ends the unfinished ones of `games` (taken out of the table) as aborted,
// for `why`; a finished game is only unloaded. A store that fails leaves the
// game as its log says: unfinished, restored at the next start.
void GameService::end_local(const std::vector<std::shared_ptr<Game>>& games, ReasonCode why) {
    // The reason's English is what the log keeps (known_reason reads it back).
    const GameEvent event = events::Expire{std::string(why.entry().text)};
    for (const auto& g : games) {
        std::lock_guard lock(g->mutex);
        if (g->table.over() || !g->expired.empty()) continue;
        try {
            apply_event(*g, event);
            commit(*g, event);
        } catch (const std::exception&) {
        }
    }
}

// Unfinished local games come back into memory, the most recently used
// first, as many as the table holds; the rest stay stored, loaded when
// their token is used.
void GameService::restore_local() {
    for (const store::GameRow& row :
         store_.games("local", "playing", static_cast<int>(limits_.local.max_games))) {
        const std::shared_ptr<Game> g = restore(row);
        if (!g) continue;
        g->holders = {g->seats[0].holder, ""};
        g->last_used = ++local_clock_;
        g->last_used_ms = now();
        local_[row.id] = g;
    }
}

}  // namespace asterism::server
