// Local games: one screen, or a person alone against the computer (game.h).
// The same games as the online ones, stored and replayed the same way; what
// differs is who may change them (whoever holds the token) and that nobody
// watches them. /api/sessions (api.h) maps onto these functions.
#include "server/games/game.h"
#include "server/share.h"

#include "core/os_random.h"

namespace asterism::server {

namespace online {

std::string local_id(std::string_view token) {
    return digest(token).substr(0, 32);
}

json players_of(const Table& t) {
    return json::array({t.seat(Player::First).text(), t.seat(Player::Second).text()});
}

}  // namespace online

using namespace online;

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
    for (std::size_t i = 0; i < 2; ++i) {
        g->seats[i].joined = true;
        g->seats[i].name = g->table.game().player_name(static_cast<Player>(i));
    }
    g->seats[0].holder = client;
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
    end_local(ended, "closed to make room for other games");
    std::lock_guard game_lock(g->mutex);
    settle_row(*g, row.created_ms);
    store_.create(g->row);
    if (!record.empty()) change(*g, "load", {{"record", record}});
    change(*g, "players", {{"players", players}, {"level", level}});
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
        end_local(ended, "closed to make room for other games");
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
    end_local({g}, "closed by its player");
}

std::size_t GameService::local_count() const {
    std::lock_guard lock(mutex_);
    return local_.size();
}

void GameService::change(Game& g, const std::string& type, json data) {
    if (!g.expired.empty()) fail("game.ended", {{"why", g.expired}});
    check_room(g, type);
    apply_event(g, type, data);
    commit(g, type, std::move(data));
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
void GameService::end_local(const std::vector<std::shared_ptr<Game>>& games,
                            const std::string& why) {
    for (const auto& g : games) {
        std::lock_guard lock(g->mutex);
        if (g->table.over() || !g->expired.empty()) continue;
        const json event = {{"why", why}};
        try {
            apply_event(*g, "expire", event);
            commit(*g, "expire", event);
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
