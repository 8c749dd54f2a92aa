// The event log of a game: applying, replaying and committing changes (game.h).
#include "server/games/game.h"

#include <algorithm>
#include <chrono>

#include "core/errors.h"
#include "core/overloaded.h"
#include "record/pgn.h"
#include "record/record.h"

namespace asterism::server {

namespace games {

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
        g.row.status = g.seats.both_joined() ? "playing" : "open";
        g.row.termination.clear();
    }
    g.waiting = g.row.status == "open";
    // Addresses are kept only as long as the caps need them.
    if (g.row.status == "finished" || g.row.status == "aborted") g.seats.forget_holders();
    g.row.seats = g.seats.to_json(true).dump();
    g.row.clock = g.table.clock().to_json().dump();
}

namespace {

using namespace events;

GameEvent read_service_event(std::string_view type, const json& d) {
    if (type == "resign") return Resign{player_of(d.at("by"))};
    if (type == "flag") return Flag{player_of(d.at("loser"))};
    if (type == "takeback")
        return Takeback{d.at("action").get<std::string>(), player_of(d.at("by"))};
    if (type == "join")
        return Join{player_of(d.at("seat")),
                    d.at("name").get<std::string>(),
                    d.value("digest", ""),
                    d.value("account", std::int64_t{0}),
                    d.value("rated", false),
                    d.value("tournament", ""),
                    d.value("reserved", std::int64_t{0})};
    if (type == "claim")
        return Claim{player_of(d.at("seat")), d.at("account").get<std::int64_t>(),
                     d.at("name").get<std::string>()};
    if (type == "expire") return Expire{d.at("why").get<std::string>()};
    throw GameError("unknown event '" + printable(type, 40) + "'");
}

}  // namespace

GameEvent game_event(std::string_view type, const json& d) {
    if (std::optional<TableEvent> e = table_event(type, d)) return std::move(*e);
    try {
        return read_service_event(type, d);
    } catch (const json::exception& e) {
        throw error("table.event", {{"type", printable(type, 40)}, {"why", e.what()}});
    }
}

std::string_view event_type(const GameEvent& e) {
    if (const auto* t = std::get_if<TableEvent>(&e)) return asterism::event_type(*t);
    return kEventTypes[kTableEventTypes.size() + e.index() - 1];
}

json event_data(const GameEvent& e) {
    return std::visit(
        Overloaded{
            [](const TableEvent& t) { return asterism::event_data(t); },
            [](const Resign& r) {
                return json{{"by", seat_index(r.by)}};
            },
            [](const Flag& f) {
                return json{{"loser", seat_index(f.loser)}};
            },
            [](const Takeback& t) {
                return json{{"action", t.action}, {"by", seat_index(t.by)}};
            },
            [](const Join& j) {
                json d = {{"seat", seat_index(j.seat)}, {"name", j.name}};
                if (!j.digest.empty()) d["digest"] = j.digest;
                if (j.account != 0) d["account"] = j.account;
                if (j.rated) d["rated"] = true;
                if (!j.tournament.empty()) d["tournament"] = j.tournament;
                if (j.reserved != 0) d["reserved"] = j.reserved;
                return d;
            },
            [](const Claim& c) {
                return json{{"seat", seat_index(c.seat)}, {"account", c.account}, {"name", c.name}};
            },
            [](const Expire& x) {
                return json{{"why", x.why}};
            },
        },
        e);
}

void apply_event(Game& g, const GameEvent& e) {
    Table& t = g.table;
    std::visit(Overloaded{
                   [&](const TableEvent& te) {
                       asterism::apply_event(t, te);
                       if (std::holds_alternative<table_events::Move>(te) ||
                           std::holds_alternative<table_events::Undo>(te))
                           g.takebacks.settle();
                       if (const auto* players = std::get_if<table_events::Players>(&te)) {
                           // A local game's seats and level, and the service's copy of the seats.
                           g.level = players->level;
                           for (const Player p : {Player::First, Player::Second})
                               g.seats.set_players(p, t.seat(p).computer(), t.seat(p).player);
                       }
                   },
                   [&](const Resign& r) { t.resign(r.by); },
                   [&](const Flag& f) { t.lose_on_time(f.loser); },
                   [&](const Takeback& k) { g.takebacks.apply(k); },
                   [&](const Join& j) {
                       g.seats.join(j);
                       if (j.rated) g.rated = true;
                       if (!j.tournament.empty()) g.tournament = j.tournament;
                   },
                   [&](const Claim& c) { g.seats.claim(c); },
                   [&](const Expire& x) {
                       if (x.why.empty()) throw GameError("an expiry without a reason");
                       g.expired = x.why;
                   },
               },
               e);
}

// A game as its row describes it, before its events.
std::shared_ptr<Game> game_from_row(const store::GameRow& row) {
    auto game = Registry::instance().create(row.spec);
    if (!row.start_position.empty()) game->set_position(row.start_position);
    auto g = std::make_shared<Game>(row, Table(std::move(game), row.start_position));
    g->seats = Seats::from_row(json::parse(row.seats), row.kind == "local");
    for (const Player p : {Player::First, Player::Second})
        if (g->seats[p].computer) g->table.set_seat(p, Seat::computer_player(g->seats[p].player));
    g->table.clock() = GameClock::from_json(json::parse(row.clock));
    return g;
}

}  // namespace games

using namespace games;

// Rebuilds a stored game exactly as its log says: its row's seats, then
// every event in order.
std::shared_ptr<Game> GameService::replay(const std::string& id) {
    const auto row = store_.game(id);
    if (!row) fail("game.none", {{"id", printable(id, kMaxQuoted)}});
    std::shared_ptr<Game> g;
    try {
        g = game_from_row(*row);
        // Seats are taken again by the join events, from the start.
        if (!g->local()) g->seats.unjoin_people();
        g->table.clock() = GameClock::from_json(json::parse(row->clock));
        GameClock initial = g->table.clock();
        for (const store::EventRow& e : store_.events(id)) {
            const json d = json::parse(e.data);
            apply_event(*g, game_event(e.type, d));
            if (d.contains("clock")) initial = GameClock::from_json(d["clock"]);
        }
        g->table.clock() = initial;
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
    g->table.clock().restart(now());
    g->saved_clock = g->table.clock();
    return g;
}

// A change whose save failed is undone: the game goes back to what its log
// says, and its clock to where the last save left it.
void GameService::roll_back(Game& g) {
    std::shared_ptr<Game> fresh = replay(g.row.id);
    static_cast<LoggedGame&>(g) = std::move(static_cast<LoggedGame&>(*fresh));
    g.table.clock() = g.saved_clock;
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

Record GameService::stored_record(const std::string& id) {
    return replay(id)->table.record();
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

GameService::Published GameService::commit(Game& g, const GameEvent& event) {
    const std::int64_t at = now();
    const std::string type(event_type(event));
    json data = event_data(event);
    data["clock"] = g.table.clock().to_json();
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
    g.saved_clock = g.table.clock();
    g.changes.fetch_add(1);
    if (type == "move") moves_.fetch_add(1, std::memory_order_relaxed);
    if (g.local()) return {};  // nobody watches a local game
    {
        std::lock_guard lock(mutex_);
        g.holders = {g.seats[0].holder, g.seats[1].holder};
    }
    const auto* table_event = std::get_if<TableEvent>(&event);
    Published state = table_event && std::holds_alternative<table_events::Move>(*table_event)
                          ? publish_move(g)
                          : publish(g);
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
    const GameEvent event = events::Flag{loser};
    apply_event(g, event);
    g.table.clock().flag(loser);
    commit(g, event);
}

}  // namespace asterism::server
