// The event log of a game: applying, replaying and committing changes (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <chrono>

#include "record/pgn.h"
#include "record/record.h"

namespace asterism::server {

namespace online {

// The row's status and result after a change to the game.
void settle_row(Game& g, std::int64_t now) {
    const Table& t = g.table;
    g.row.updated_ms = now;
    g.row.result = t.result();
    if (!g.expired.empty()) {
        g.row.status = "aborted";
        g.row.termination = g.expired;
    } else if (t.over()) {
        g.row.status = "finished";
        if (g.row.termination.empty()) g.row.termination = termination_of(t);
    } else {
        g.row.status = both_joined(g) ? "playing" : "open";
        g.row.termination.clear();
    }
    g.waiting = g.row.status == "open";
    // Addresses are kept only as long as the caps need them.
    if (g.row.status == "finished" || g.row.status == "aborted")
        for (OnlineSeat& s : g.seats) s.holder.clear();
    g.row.seats = seats_json(g, true).dump();
    g.row.clock = clock_json(g.clock).dump();
}

// The events only a local game has (apply_event's part for them): false
// for another type.
bool apply_local_event(Game& g, const std::string& type, const json& d) {
    Table& t = g.table;
    if (type == "turn") {
        apply_turn_event(t, d);
    } else if (type == "players") {
        // A local game's seats and level, and the service's copy of the seats.
        g.level = apply_players_event(t, d);
        for (std::size_t i = 0; i < 2; ++i) {
            const Seat& seat = t.seat(static_cast<Player>(i));
            g.seats[i].computer = seat.computer();
            g.seats[i].player = seat.player;
        }
    } else if (type == "load") {
        apply_load_event(t, d);
    } else {
        return false;
    }
    return true;
}

// Carries out one event on the game: the live requests build an event and
// apply it here, and a restart replays the log through the same function, so
// the two cannot differ. Throws GameError (nothing changed) for an event the
// game refuses.
void apply_event(Game& g, const std::string& type, const json& d) {
    if (std::find(kEventTypes.begin(), kEventTypes.end(), type) == kEventTypes.end())
        throw GameError("unknown event '" + printable(type, 40) + "'");
    Table& t = g.table;
    if (type == "move") {
        t.play(d.at("move").get<std::string>());
        g.takeback_by = Player::None;
    } else if (type == "undo") {
        // A local game's "to the person" undo takes back to the last turn
        // of a person's seat (Table::undo); both replay the same.
        t.undo(d.value("to", "") == "person" ? UndoTo::PersonToMove : UndoTo::OneMove,
               d.at("count").get<int>());
        g.takeback_by = Player::None;
    } else if (type == "resign") {
        t.resign(player_of(d.at("by")));
    } else if (type == "flag") {
        t.lose_on_time(player_of(d.at("loser")));
    } else if (type == "draw") {
        apply_draw_event(t, d);
    } else if (type == "takeback") {
        g.takeback_by = d.at("action") == "request" ? player_of(d.at("by")) : Player::None;
    } else if (type == "join") {
        OnlineSeat& seat = g.seats[static_cast<std::size_t>(seat_index(player_of(d.at("seat"))))];
        seat.joined = true;
        seat.name = d.at("name").get<std::string>();
        if (d.contains("digest")) seat.digest = d["digest"].get<std::string>();
        seat.account = d.value("account", std::int64_t{0});
        if (d.value("rated", false)) g.rated = true;
        if (d.contains("tournament")) g.tournament = d["tournament"].get<std::string>();
        // The creator's join of a challenge keeps the other seat for the
        // challenged account.
        if (d.contains("reserved"))
            g.seats[static_cast<std::size_t>(1 - seat_index(player_of(d.at("seat"))))].account =
                d["reserved"].get<std::int64_t>();
    } else if (type == "claim") {
        // A guest's seat bound to the account they signed up or in to.
        OnlineSeat& seat = g.seats[static_cast<std::size_t>(seat_index(player_of(d.at("seat"))))];
        if (seat.account != 0) throw GameError("the seat is bound to an account already");
        seat.account = d.at("account").get<std::int64_t>();
        seat.name = d.at("name").get<std::string>();
    } else if (type == "expire") {
        g.expired = d.at("why").get<std::string>();
        if (g.expired.empty()) throw GameError("an expiry without a reason");
    } else if (!apply_local_event(g, type, d)) {
        throw GameError("unknown event '" + printable(type, 40) + "'");
    }
}

// A game as its row describes it, before its events.
std::shared_ptr<Game> game_from_row(const store::GameRow& row) {
    auto game = Registry::instance().create(row.spec);
    if (!row.start_position.empty()) game->set_position(row.start_position);
    auto g = std::make_shared<Game>(row, Table(std::move(game), row.start_position));
    const json seats = json::parse(row.seats);
    for (std::size_t i = 0; i < 2; ++i) {
        OnlineSeat& s = g->seats[i];
        s.computer = seats.at(i).at("computer");
        s.player = seats.at(i).at("player");
        s.name = seats.at(i).at("name");
        s.digest = seats.at(i).value("digest", "");
        s.holder = seats.at(i).value("holder", "");
        s.account = seats.at(i).value("account", std::int64_t{0});
        // A local game's seats are all its holder's from the start.
        s.joined = s.computer || row.kind == "local";
        if (s.computer) g->table.set_seat(static_cast<Player>(i), Seat::computer_player(s.player));
    }
    g->clock = clock_from(json::parse(row.clock));
    return g;
}

}  // namespace online

using namespace online;

// Rebuilds a stored game exactly as its log says: its row's seats, then
// every event in order.
std::shared_ptr<Game> GameService::replay(const std::string& id) {
    const auto row = store_.game(id);
    if (!row) fail("game.none", {{"id", printable(id, kMaxQuoted)}});
    std::shared_ptr<Game> g;
    try {
        g = game_from_row(*row);
        // Seats are taken again by the join events, from the start.
        for (OnlineSeat& s : g->seats)
            if (!s.computer && !g->local()) {
                s.joined = false;
                s.account = 0;  // bound again by the join and claim events
            }
        g->clock = clock_from(json::parse(row->clock));
        OnlineClock initial = g->clock;
        for (const store::EventRow& e : store_.events(id)) {
            const json d = json::parse(e.data);
            apply_event(*g, e.type, d);
            if (d.contains("clock")) initial = clock_from(d["clock"]);
        }
        g->clock = initial;
    } catch (const std::exception& e) {
        throw store::StoreError("database " + store_.file() + ": game " + id +
                                " does not replay: " + e.what());
    }
    g->row = *row;
    g->listed = row->listed;
    return g;
}

// A stored game brought back into memory. The clock of a game in progress
// restarts now: the time the server was down is charged to nobody.
std::shared_ptr<Game> GameService::load(const std::string& id) {
    std::shared_ptr<Game> g = replay(id);
    if (g->clock.turn_start) g->clock.turn_start = now();
    g->saved_clock = g->clock;
    return g;
}

// A change whose save failed is undone: the game goes back to what its log
// says, and its clock to where the last save left it.
void GameService::roll_back(Game& g) {
    std::shared_ptr<Game> fresh = replay(g.row.id);
    static_cast<LoggedGame&>(g) = std::move(static_cast<LoggedGame&>(*fresh));
    g.clock = g.saved_clock;
    g.waiting = g.row.status == "open";
}

std::string GameService::replay_problem(const std::string& id) {
    try {
        replay(id);
        return {};
    } catch (const HttpError& e) {
        return e.message;
    } catch (const std::exception& e) {
        return e.what();
    }
}

// A stored unfinished game rebuilt for the start, or null when it does not
// replay: one damaged game must not keep every other from starting; it
// stays in the file as it is, for its owner to look at (set_aside()).
std::shared_ptr<Game> GameService::restore(const store::GameRow& row) {
    std::shared_ptr<Game> g;
    try {
        g = load(row.id);
    } catch (const std::exception& e) {
        set_aside_.push_back(row.id + ": " + e.what());
        return nullptr;
    }
    g->seed = next_seed_++;
    ++restored_;
    return g;
}

void GameService::restore_all() {
    restore_local();
    for (const char* status : {"open", "playing"}) {
        for (const store::GameRow& row : store_.games("online", status, 1 << 30)) {
            const std::shared_ptr<Game> g = restore(row);
            if (!g) continue;
            g->holders = {g->seats[0].holder, g->seats[1].holder};
            games_[row.id] = g;
        }
    }
}

void GameService::check_room(const Game& g, std::string_view type) const {
    // A game at its limit can still end: resigning and flagging always fit.
    if (type == "resign" || type == "flag" || type == "expire") return;
    if (g.row.last_seq >= limits_.max_events) fail("game.changes", {{"n", limits_.max_events}});
}

GameService::Published GameService::commit(Game& g, const std::string& type, json data) {
    const std::int64_t at = now();
    data["clock"] = clock_json(g.clock);
    const bool was_finished = g.row.status == "finished";
    settle_row(g, at);
    ++g.row.last_seq;
    // The change that ends a rated game stores its players' new ratings.
    const auto ratings = !was_finished && g.row.status == "finished" && g.rated
                             ? rating_updates(g, at)
                             : std::vector<store::RatingRow>{};
    try {
        const auto start = std::chrono::steady_clock::now();
        store_.append(g.row, {g.row.last_seq, at, type, data.dump()}, ratings);
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        std::lock_guard lock(commits_mutex_);
        commits_.observe(took.count());
    } catch (const store::StoreError&) {
        roll_back(g);
        fail("server.saveGame");
    }
    g.saved_clock = g.clock;
    g.changes.fetch_add(1);
    if (type == "move") moves_.fetch_add(1, std::memory_order_relaxed);
    if (g.local()) return {};  // nobody watches a local game
    {
        std::lock_guard lock(mutex_);
        g.holders = {g.seats[0].holder, g.seats[1].holder};
    }
    Published state = publish(g);
    const bool ended = g.row.status == "finished" || g.row.status == "aborted";
    tell_players(g, ended && !was_finished ? "end" : type);
    if (ended && !was_finished && !g.tournament.empty() && tournament_end_)
        tournament_end_(g.tournament, g.row.id);
    if (ended) {
        // Watchers have the final state; the hub and the table of games
        // keep only games in progress, so neither grows with the archive.
        hub_.drop(g.row.id);
        std::lock_guard lock(mutex_);
        games_.erase(g.row.id);
    }
    return state;
}

// `loser`'s time is up: the game ends (the caller holds the game's lock).
void GameService::flag(Game& g, Player loser) {
    const json event = {{"loser", seat_index(loser)}};
    apply_event(g, "flag", event);
    g.clock.left[static_cast<std::size_t>(seat_index(loser))] = 0;
    g.clock.turn_start = 0;
    commit(g, "flag", event);
}

}  // namespace asterism::server
