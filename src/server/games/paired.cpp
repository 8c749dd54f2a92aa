// A tournament's games (game.h, docs/tournaments.md): made by the
// tournament with both seats bound to the players' accounts, so that each
// plays with their session and no secret is handed out; and a withdrawing
// player's resignation.
#include "server/games/game.h"

namespace asterism::server {

using namespace games;

void GameService::create_paired(const Paired& p) {
    if (store_.game(p.id)) return;
    auto game = Registry::instance().create(p.spec);
    if (game->num_players() != 2) fail("tour.twoPlayers");

    store::GameRow row;
    row.id = p.id;
    row.spec = game->spec();
    const std::int64_t at = now();
    row.created_ms = row.updated_ms = at;
    auto g = std::make_shared<Game>(row, Table(std::move(game), ""));
    g->table.clock() = clock_from_request(json{{"clock", p.clock}});
    {
        std::lock_guard lock(mutex_);
        g->seed = next_seed_++;
    }
    std::lock_guard game_lock(g->mutex);
    std::vector<store::EventRow> rows;
    for (std::size_t i = 0; i < 2; ++i) {
        events::Join join;
        join.seat = static_cast<Player>(i);
        join.name = p.names[i];
        join.account = p.accounts[i];
        if (i == 0) {
            join.tournament = p.tournament;
            join.rated = p.rated;
        }
        apply_event(*g, join);
        if (i == 1) turn_over(*g, Player::None, at);
        json joined = event_data(join);
        joined["clock"] = g->table.clock().to_json();
        rows.push_back({i + 1, at, "join", joined.dump()});
    }
    settle_row(*g, at);
    g->row.last_seq = rows.size();
    store_.create(g->row, rows);
    g->saved_clock = g->table.clock();
    {
        std::lock_guard lock(mutex_);
        games_[g->row.id] = g;
    }
    publish(*g);
    tell_players(*g, "join");
}

void GameService::check_clock(const json& clock) {
    clock_from_request(json{{"clock", clock}});
}

void GameService::resign_for(const std::string& id, std::int64_t account) {
    std::shared_ptr<Game> g;
    {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it == games_.end()) return;  // over already
        g = it->second;
    }
    std::lock_guard lock(g->mutex);
    if (g->table.over() || !g->expired.empty()) return;
    for (int i = 0; i < 2; ++i) {
        if (g->seats[static_cast<std::size_t>(i)].account != account) continue;
        const GameEvent event = events::Resign{static_cast<Player>(i)};
        apply_event(*g, event);
        g->table.clock().stop();
        commit(*g, event);
        return;
    }
}

}  // namespace asterism::server
