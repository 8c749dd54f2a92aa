// Online games (online.h; docs/online.md).
#include "server/online.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>

#include "core/os_random.h"
#include "core/registry.h"
#include "core/text.h"
#include "record/pgn.h"
#include "record/record.h"
#include "search/players.h"
#include "server/json_args.h"
#include "server/net/limits.h"
#include "table/table.h"

namespace asterism::server {

using nlohmann::json;

namespace {

// SHA-256 of a seat's secret, in hex: what the store keeps.
std::string digest(std::string_view secret) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_Digest(secret.data(), secret.size(), out, &size, EVP_sha256(), nullptr);
    static const char* kHex = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < size; ++i) {
        hex.push_back(kHex[out[i] >> 4]);
        hex.push_back(kHex[out[i] & 15]);
    }
    return hex;
}

// Equal digests, compared in time that does not depend on where they differ.
bool same_digest(const std::string& a, const std::string& b) {
    return a.size() == b.size() && !a.empty() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::int64_t system_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

int seat_index(Player p) {
    return p == Player::Second ? 1 : 0;
}

}  // namespace

// ---- a game in memory -------------------------------------------------------------

// A seat of an online game. A person's seat has the digest of its secret;
// `joined` once a person has taken it with a name.
struct OnlineSeat {
    bool computer = false;
    std::string player;  // the computer's player ("level:6")
    std::string name;    // the person's display name, or the computer's
    std::string digest;  // of the seat's secret (a person's seat)
    bool joined = false;
    // The address that took the seat, for the per-address caps; stored with
    // the seats only while the game is unfinished.
    std::string holder;
};

// The time control and the clock's state. Times in milliseconds; the side to
// move's clock runs from `turn_start` (0: not running).
struct OnlineClock {
    std::string kind = "none";  // none, fischer, correspondence
    std::int64_t base = 0, increment = 0, per_move = 0;
    std::array<std::int64_t, 2> left{0, 0};
    std::int64_t turn_start = 0;
};

struct OnlineGames::Game {
    Game(store::GameRow r, Table t) : row(std::move(r)), table(std::move(t)) {}
    std::mutex mutex;
    store::GameRow row;
    Table table;
    std::array<OnlineSeat, 2> seats;
    OnlineClock clock;
    Player takeback_by = Player::None;  // a standing takeback request
    bool listed = false;                // an open challenge shown in the lobby
    std::uint64_t seed = 1;
    bool computer_due = false;  // queued for the computer's move
    // Ended by the server for want of players or moves (expire_idle): the
    // row's status is then "aborted" and nothing more can change it.
    std::string expired;
    // Read without the game's lock: by the per-address caps (waiting, the
    // seats' holders mirrored in `holders`) and by a search of the
    // computer's, which stops when `changes` moves on.
    std::atomic<bool> waiting{true};
    std::atomic<std::uint64_t> changes{0};
    std::array<std::string, 2> holders;  // guarded by OnlineGames::mutex_
};

namespace {

using Game = OnlineGames::Game;

json seats_json(const Game& g, bool with_digests) {
    json out = json::array();
    for (const OnlineSeat& s : g.seats) {
        json j = {
            {"computer", s.computer}, {"player", s.player}, {"name", s.name}, {"joined", s.joined}};
        if (with_digests) j["digest"] = s.digest;
        if (with_digests && !s.holder.empty()) j["holder"] = s.holder;
        out.push_back(std::move(j));
    }
    return out;
}

json clock_json(const OnlineClock& c) {
    return {{"kind", c.kind},         {"base", c.base}, {"increment", c.increment},
            {"per_move", c.per_move}, {"left", c.left}, {"turn_start", c.turn_start}};
}

OnlineClock clock_from(const json& j) {
    OnlineClock c;
    c.kind = j.value("kind", "none");
    c.base = j.value("base", std::int64_t{0});
    c.increment = j.value("increment", std::int64_t{0});
    c.per_move = j.value("per_move", std::int64_t{0});
    if (j.contains("left")) c.left = j["left"].get<std::array<std::int64_t, 2>>();
    c.turn_start = j.value("turn_start", std::int64_t{0});
    return c;
}

// The clock a request asks for: {"kind": "fischer", "minutes": 10,
// "increment": 5} or {"kind": "correspondence", "days": 3}; none by default.
OnlineClock clock_from_request(const json& body) {
    OnlineClock c;
    if (!body.contains("clock") || body["clock"].is_null()) return c;
    const json& j = body["clock"];
    if (!j.is_object()) fail(400, "'clock' must be an object such as {\"kind\": \"fischer\"}");
    c.kind = get_string(j, "kind", "none");
    if (c.kind == "fischer") {
        c.base = static_cast<std::int64_t>(get_number(j, "minutes", 10, 0.25, 600) * 60000);
        c.increment = static_cast<std::int64_t>(get_number(j, "increment", 0, 0, 600) * 1000);
        c.left = {c.base, c.base};
    } else if (c.kind == "correspondence") {
        c.per_move = get_int(j, "days", 3, 1, 30) * 86400000;
        c.left = {c.per_move, c.per_move};
    } else if (c.kind != "none") {
        fail(400, "'clock' kind must be \"none\", \"fischer\" or \"correspondence\"");
    }
    return c;
}

// A display name: printable UTF-8, trimmed, at most `max` bytes.
std::string display_name(const json& body, std::size_t max, const std::string& fallback) {
    std::string name = get_string(body, "name", fallback);
    if (!valid_utf8(name)) fail(400, "'name' must be UTF-8 text");
    if (name.size() > max) fail(400, "'name' is longer than " + std::to_string(max) + " bytes");
    if (const std::string bad = invisible_character(name); !bad.empty())
        fail(400, "'name' contains " + bad + ", which a name may not");
    while (!name.empty() && name.back() == ' ') name.pop_back();
    while (!name.empty() && name.front() == ' ') name.erase(0, 1);
    return name.empty() ? fallback : name;
}

// The seat whose secret the request carries; None when it carries none or
// one of no seat of this game.
Player seat_of(const Game& g, const ApiRequest& r) {
    constexpr std::string_view kBearer = "Bearer ";
    if (!r.authorization.starts_with(kBearer)) return Player::None;
    const std::string d = digest(std::string_view(r.authorization).substr(kBearer.size()));
    Player found = Player::None;
    // Both seats are compared, always, so the time taken says nothing.
    for (int i = 0; i < 2; ++i)
        if (same_digest(d, g.seats[static_cast<std::size_t>(i)].digest))
            found = static_cast<Player>(i);
    return found;
}

Player require_seat(const Game& g, const ApiRequest& r) {
    if (!g.expired.empty()) fail(409, "this game was ended by the server: " + g.expired);
    const Player p = seat_of(g, r);
    if (p == Player::None)
        fail(403,
             r.authorization.empty()
                 ? "this needs your seat's secret (Authorization: Bearer SECRET from your link)"
                 : "that secret holds no seat of this game");
    if (!g.seats[static_cast<std::size_t>(seat_index(p))].joined)
        fail(409, "take your seat first (POST /api/games/ID/join with your name)");
    return p;
}

bool both_joined(const Game& g) {
    return g.seats[0].joined && g.seats[1].joined;
}

// Milliseconds the side to move has left now (the clock runs from turn_start).
std::int64_t left_now(const Game& g, std::int64_t now) {
    const Player p = g.table.game().to_move();
    if (p == Player::None || g.clock.kind == "none") return 0;
    const std::int64_t left = g.clock.left[static_cast<std::size_t>(seat_index(p))];
    return g.clock.turn_start ? left - (now - g.clock.turn_start) : left;
}

const char* kTagOf[2] = {"first", "second"};

// Whether the side to move's clock runs: Fischer clocks once each side has
// made a move (a player is not charged for the time the opponent takes to
// arrive), correspondence as soon as both seats are taken.
bool clock_runs(const Game& g) {
    if (g.clock.kind == "none" || g.table.over() || !both_joined(g)) return false;
    return g.clock.kind == "correspondence" || g.table.game().history().size() >= 2;
}

// After a move by `mover` (or a takeback, mover None): charges the time
// used, adds the increment and starts the next turn.
void turn_over(Game& g, Player mover, std::int64_t now) {
    OnlineClock& c = g.clock;
    if (c.kind == "none") return;
    if (mover != Player::None) {
        auto& left = c.left[static_cast<std::size_t>(seat_index(mover))];
        if (c.turn_start) left -= now - c.turn_start;
        if (c.kind == "fischer") left += c.increment;
    }
    c.turn_start = clock_runs(g) ? now : 0;
    const Player next = g.table.game().to_move();
    if (c.kind == "correspondence" && next != Player::None)
        c.left[static_cast<std::size_t>(seat_index(next))] = c.per_move;
}

// Before `count` moves are taken back: the side to move is charged the time
// it has used (a takeback does not stop a clock), and each move taken back
// gives back the increment it earned, so that takebacks buy no time.
void take_back_clock(Game& g, int count, std::int64_t now) {
    OnlineClock& c = g.clock;
    if (c.kind == "none") return;
    const Player to_move = g.table.game().to_move();
    if (c.turn_start && to_move != Player::None)
        c.left[static_cast<std::size_t>(seat_index(to_move))] -= now - c.turn_start;
    if (c.kind != "fischer") return;
    auto copy = g.table.game().clone();
    for (int k = 0; k < count && !copy->history().empty(); ++k) {
        copy->undo();
        c.left[static_cast<std::size_t>(seat_index(copy->to_move()))] -= c.increment;
    }
}

// The state a page draws; `parts` says whether the drawing has the board's
// cells, which only GET sends (they never change during a game).
json public_state(const Game& g, const EventHub& hub, std::int64_t now, ViewParts parts) {
    const Table& t = g.table;
    const auto& game = t.game();
    const GameInfo* info = Registry::instance().find(game.id());
    const Player to_move = game.to_move();
    json clock = {{"kind", g.clock.kind},
                  {"base", g.clock.base},
                  {"increment", g.clock.increment},
                  {"per_move", g.clock.per_move},
                  {"left", g.clock.left},
                  {"running", g.clock.turn_start && !t.over() ? seat_index(to_move) : -1}};
    if (g.clock.turn_start && !t.over())
        clock["left"][seat_index(to_move)] = std::max<std::int64_t>(0, left_now(g, now));
    json seats = seats_json(g, false);
    for (int i = 0; i < 2; ++i)
        seats[static_cast<std::size_t>(i)]["connected"] =
            g.seats[static_cast<std::size_t>(i)].computer || hub.connected(g.row.id, kTagOf[i]);
    const Player offer = t.draws().offered_by();
    return {{"id", g.row.id},
            {"game", game.spec()},
            {"game_id", game.id()},
            {"title", info ? info->title : game.id()},
            {"status", g.row.status},
            {"seats", seats},
            {"names", {game.player_name(Player::First), game.player_name(Player::Second)}},
            {"history", game.history()},
            {"ply", game.history().size()},
            {"to_move", to_move == Player::None || t.over() ? -1 : seat_index(to_move)},
            {"terminal", t.over()},
            {"result", t.result()},
            {"outcome", t.outcome_text()},
            {"termination", g.row.termination},
            {"draw_offered_by", offer == Player::None ? -1 : seat_index(offer)},
            {"takeback_by", g.takeback_by == Player::None ? -1 : seat_index(g.takeback_by)},
            {"clock", clock},
            {"seq", g.row.last_seq},
            {"now", now},
            {"score", game.score()},
            {"position", game.position()},
            {"move_help", game.move_help()},
            {"view", game.view(parts)}};
}

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
        if (g.row.termination.empty())
            g.row.termination = t.draws().agreed()             ? "agreement"
                                : t.lost_on_time()             ? "time"
                                : t.resigned() != Player::None ? "resignation"
                                                               : "rules";
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

Player player_of(const json& j) {
    const int i = j.get<int>();
    if (i != 0 && i != 1) throw GameError("bad seat " + std::to_string(i));
    return static_cast<Player>(i);
}

void apply_draw_event(Table& t, const json& d) {
    const std::string action = d.at("action");
    const Player by = player_of(d.at("by"));
    if (action == "offer" && d.contains("answer")) {
        t.apply_draw_answer(by, d["answer"].get<bool>());
    } else if (action == "offer") {
        Rng unused(1);  // the offer is to a person: no search
        t.offer_draw(by, unused);
    } else {
        t.answer_draw(action == "accept");
    }
}

// Carries out one event on the game: the live requests build an event and
// apply it here, and a restart replays the log through the same function, so
// the two cannot differ. Throws GameError (nothing changed) for an event the
// game refuses.
void apply_event(Game& g, const std::string& type, const json& d) {
    Table& t = g.table;
    if (type == "move") {
        t.play(d.at("move").get<std::string>());
        g.takeback_by = Player::None;
    } else if (type == "undo") {
        t.undo(UndoTo::OneMove, d.at("count").get<int>());
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
    } else if (type == "expire") {
        g.expired = d.at("why").get<std::string>();
        if (g.expired.empty()) throw GameError("an expiry without a reason");
    } else {
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
        s.joined = s.computer;
        if (s.computer) g->table.set_seat(static_cast<Player>(i), Seat::computer_player(s.player));
    }
    g->clock = clock_from(json::parse(row.clock));
    return g;
}

}  // namespace

// Rebuilds a stored game: its row's seats, then every event in order. The
// clock of a game in progress restarts now: the time the server was down is
// charged to nobody.
std::shared_ptr<Game> OnlineGames::load(const std::string& id) {
    const auto row = store_.game(id);
    if (!row) fail(404, "no game " + quote(id));
    std::shared_ptr<Game> g;
    try {
        g = game_from_row(*row);
        // Seats are taken again by the join events, from the start.
        for (OnlineSeat& s : g->seats)
            if (!s.computer) s.joined = false;
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
    if (g->clock.turn_start) g->clock.turn_start = now();
    return g;
}

void OnlineGames::restore_all() {
    for (const char* status : {"open", "playing"}) {
        for (const store::GameRow& row : store_.games(status, 1 << 30)) {
            std::shared_ptr<Game> g;
            try {
                g = load(row.id);
            } catch (const std::exception& e) {
                // One damaged game must not keep every other from starting;
                // it stays in the file as it is, for its owner to look at.
                set_aside_.push_back(row.id + ": " + e.what());
                continue;
            }
            g->listed = row.listed;
            g->holders = {g->seats[0].holder, g->seats[1].holder};
            g->seed = next_seed_++;
            games_[row.id] = g;
            ++restored_;
        }
    }
}

// ---- routes -------------------------------------------------------------------------

struct OnlineGames::Call {
    const ApiRequest& request;
    std::string id;
    std::shared_ptr<Game> game;  // for the routes with ":id"
};

struct OnlineGames::Route {
    std::string_view method;
    std::string_view path;
    ApiResponse (OnlineGames::*handler)(Call&);
};

const std::vector<OnlineGames::Route>& OnlineGames::routes() {
    static const std::vector<Route> table{
        {"POST", "/api/games", &OnlineGames::create},
        {"GET", "/api/lobby", &OnlineGames::lobby},
        {"GET", "/api/archive", &OnlineGames::archive},
        {"GET", "/api/games/:id", &OnlineGames::get_state},
        {"GET", "/api/games/:id/events", &OnlineGames::events},
        {"POST", "/api/games/:id/join", &OnlineGames::join},
        {"POST", "/api/games/:id/move", &OnlineGames::move},
        {"POST", "/api/games/:id/resign", &OnlineGames::resign},
        {"POST", "/api/games/:id/draw", &OnlineGames::draw},
        {"POST", "/api/games/:id/takeback", &OnlineGames::takeback},
        {"GET", "/api/games/:id/record", &OnlineGames::record},
        {"GET", "/api/games/:id/pgn", &OnlineGames::record},
    };
    return table;
}

std::optional<ApiResponse> OnlineGames::handle(const ApiRequest& r) {
    if (!r.path.starts_with("/api/games") && r.path != "/api/lobby" && r.path != "/api/archive")
        return std::nullopt;
    std::string id;
    const int i = find_route(routes(), r, id, [](const std::string&) {});
    if (i < 0) return std::nullopt;
    const Route& route = routes()[static_cast<std::size_t>(i)];
    Call call{r, id, id.empty() ? nullptr : find(id)};
    return (this->*route.handler)(call);
}

std::shared_ptr<Game> OnlineGames::find(const std::string& id) {
    {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it != games_.end()) return it->second;
    }
    // A finished game, from the archive.
    if (id.size() != 32 || id.find_first_not_of("0123456789abcdef") != std::string::npos)
        fail(404, "no game " + quote(id));
    return load(id);
}

std::int64_t OnlineGames::now() const {
    return clock_();
}

OnlineGames::Published OnlineGames::publish(Game& g) {
    // The board's cells are the same all game (the face suite checks it):
    // the state of each change leaves them out, a page has them from GET.
    // They were most of the state's bytes and of the time to build it.
    Published out{public_state(g, hub_, now(), ViewParts::Changing), {}};
    out.text = out.state.dump(-1, ' ', false, json::error_handler_t::replace);
    hub_.publish(g.row.id, {g.row.last_seq, "state", out.text});
    return out;
}

ApiResponse OnlineGames::reply(Published p) {
    ApiResponse r(200, std::move(p.state));
    r.text = std::move(p.text);
    return r;
}

void OnlineGames::check_room(const Game& g, std::string_view type) const {
    // A game at its limit can still end: resigning and flagging always fit.
    if (type == "resign" || type == "flag" || type == "expire") return;
    if (g.row.last_seq >= limits_.max_events)
        fail(409, "this game has reached its limit of " + std::to_string(limits_.max_events) +
                      " stored changes; it can still be resigned");
}

OnlineGames::Published OnlineGames::commit(Game& g, const std::string& type, json data) {
    const std::int64_t at = now();
    data["clock"] = clock_json(g.clock);
    settle_row(g, at);
    ++g.row.last_seq;
    try {
        store_.append(g.row, {g.row.last_seq, at, type, data.dump()});
    } catch (const store::StoreError&) {
        // The log is the truth: the game goes back to what it says.
        --g.row.last_seq;
        auto fresh = load(g.row.id);
        g.table = std::move(fresh->table);
        g.seats = fresh->seats;
        g.clock = fresh->clock;
        g.row = fresh->row;
        g.takeback_by = fresh->takeback_by;
        g.expired = fresh->expired;
        fail(503, "the game could not be saved; nothing changed (try again)");
    }
    g.changes.fetch_add(1);
    {
        std::lock_guard lock(mutex_);
        g.holders = {g.seats[0].holder, g.seats[1].holder};
    }
    Published state = publish(g);
    if (g.row.status == "finished" || g.row.status == "aborted") {
        // Watchers have the final state; the hub and the table of games
        // keep only games in progress, so neither grows with the archive.
        hub_.drop(g.row.id);
        std::lock_guard lock(mutex_);
        games_.erase(g.row.id);
    }
    return state;
}

namespace {

std::string link(const std::string& id, const std::string& secret) {
    return "/online.html#game=" + id + (secret.empty() ? "" : "&secret=" + secret);
}

}  // namespace

namespace {

// The seat the creator takes: "first", "second" or "random".
Player creator_seat(const json& body, Rng& rng) {
    const std::string seat = get_string(body, "seat", "first");
    if (seat == "first") return Player::First;
    if (seat == "second") return Player::Second;
    if (seat == "random") return rng.below(2) ? Player::Second : Player::First;
    fail(400, "'seat' must be \"first\", \"second\" or \"random\"");
}

// The new game's table: the game (two players only) from its position.
Table new_table(const json& body) {
    auto game = Registry::instance().create(spec_from(body));
    if (game->num_players() != 2)
        fail(400, "online games are for two players; play " + game->id() + " on your own");
    const std::string position = get_string(body, "position");
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    return Table(std::move(game), std::move(start));
}

}  // namespace

ApiResponse OnlineGames::create(Call& c) {
    const json body = parse_body(c.request, 32);
    store::GameRow row;
    Table table = new_table(body);
    row.spec = table.game().spec();
    row.start_position = table.start_position();
    const std::string against = get_string(body, "opponent", "person");
    const std::string name = display_name(body, limits_.max_name, "Anonymous");
    const std::int64_t at = now();
    row.created_ms = row.updated_ms = at;
    auto g = std::make_shared<Game>(row, std::move(table));
    g->clock = clock_from_request(body);
    Player mine;
    const bool against_person = against == "person" || against == "human";
    {
        std::lock_guard lock(mutex_);
        if (games_.size() >= limits_.max_games)
            fail(503, "the server holds its maximum of " + std::to_string(limits_.max_games) +
                          " games open or in progress; try again later");
        check_client_caps(c.request.client, against_person);
        Rng rng(next_seed_ * 0x9e3779b97f4a7c15ULL);
        mine = creator_seat(body, rng);
        g->seed = next_seed_++;
    }
    const std::string secret = random_token(), invite = random_token();
    OnlineSeat& own = g->seats[static_cast<std::size_t>(seat_index(mine))];
    OnlineSeat& other = g->seats[static_cast<std::size_t>(seat_index(opponent(mine)))];
    own.digest = digest(secret);
    own.holder = c.request.client;
    if (!against_person) {
        Seat computer;
        check_player(against, limits_.search);  // before making it allocates what it asks
        try {
            computer = parse_seat(against, g->table.game());
        } catch (const GameError& e) {
            fail(400,
                 std::string("'opponent' must be \"person\" or a player such as \"level:6\": ") +
                     e.what());
        }
        other = {true, computer.player, "asterism " + computer.player, "", true, ""};
        g->table.set_seat(opponent(mine), computer);
    } else {
        other.digest = digest(invite);
        g->listed = body.value("lobby", false);
    }
    return finish_create(c, g, mine, name, other.computer ? "" : invite, secret);
}

// Stores the new game with the creator seated (its first event) and answers
// with the creator's secret and links.
ApiResponse OnlineGames::finish_create(Call& c, const std::shared_ptr<Game>& g, Player mine,
                                       const std::string& name, const std::string& invite,
                                       const std::string& secret) {
    std::lock_guard game_lock(g->mutex);
    {
        std::lock_guard lock(mutex_);
        do {
            g->row.id = random_token();
        } while (games_.count(g->row.id));
    }
    g->row.listed = g->listed;
    settle_row(*g, g->row.created_ms);
    store_.create(g->row);
    {
        std::lock_guard lock(mutex_);
        games_[g->row.id] = g;
    }
    apply_event(*g, "join", {{"seat", seat_index(mine)}, {"name", name}});
    turn_over(*g, Player::None, now());
    json state = commit(*g, "join", {{"seat", seat_index(mine)}, {"name", name}}).state;
    if (g->table.computer_to_move()) schedule_computer(g);
    const std::string& id = g->row.id;
    json out = {{"id", id},
                {"seat", seat_index(mine)},
                {"secret", secret},
                {"links", {{"seat", link(id, secret)}, {"watch", link(id, "")}}},
                {"state", std::move(state)}};
    if (!invite.empty()) out["links"]["invite"] = link(id, invite);
    (void)c;
    return {201, out};
}

ApiResponse OnlineGames::get_state(Call& c) {
    std::lock_guard lock(c.game->mutex);
    json state = public_state(*c.game, hub_, now(), ViewParts::Whole);
    const Player you = seat_of(*c.game, c.request);
    state["you"] = you == Player::None ? -1 : seat_index(you);
    return {200, state};
}

ApiResponse OnlineGames::events(Call& c) {
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
            if (p == Player::None) fail(403, "that secret holds no seat of this game");
            tag = kTagOf[seat_index(p)];
        }
        Event latest;
        if (!c.game->table.over() && !hub_.latest(c.id, latest)) publish(*c.game);
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

// A person takes their seat with a display name: with the secret of the
// invitation link, or, for a game the lobby lists, without one (the server
// makes the seat's secret and answers with it).
ApiResponse OnlineGames::join(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string name = display_name(body, limits_.max_name, "Anonymous");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    if (g.table.over()) fail(409, "the game is over");
    if (!g.expired.empty()) fail(409, "this game was ended by the server: " + g.expired);
    Player p = seat_of(g, c.request);
    std::string secret;
    if (p == Player::None) {
        if (!g.listed || !c.request.authorization.empty())
            fail(403, "this needs the invitation's secret (Authorization: Bearer SECRET)");
        for (int i = 0; i < 2 && p == Player::None; ++i)
            if (!g.seats[static_cast<std::size_t>(i)].joined) p = static_cast<Player>(i);
        if (p == Player::None) fail(409, "both seats are taken");
        secret = random_token();
    }
    OnlineSeat& seat = g.seats[static_cast<std::size_t>(seat_index(p))];
    if (seat.joined) fail(409, "this seat is taken already");
    check_room(g, "join");
    // Taking the other seat of one's own game holds no new game.
    if (g.seats[0].holder != c.request.client && g.seats[1].holder != c.request.client) {
        std::lock_guard table_lock(mutex_);
        check_client_caps(c.request.client, false);
    }
    json event = {{"seat", seat_index(p)}, {"name", name}};
    if (!secret.empty()) event["digest"] = digest(secret);
    apply_event(g, "join", event);
    seat.holder = c.request.client;
    g.listed = false;
    g.row.listed = false;
    turn_over(g, Player::None, now());
    json out = commit(g, "join", event).state;
    if (g.table.computer_to_move()) schedule_computer(c.game);
    out["you"] = seat_index(p);
    if (!secret.empty()) out["secret"] = secret;
    return {200, out};
}

namespace {

// The body's "action": `first` (an offer or a request), "accept" or
// "decline"; `fallback` when absent ("" makes it required).
std::string action_of(const json& body, const std::string& first, const std::string& fallback) {
    const std::string action = get_string(body, "action", fallback);
    if (action != first && action != "accept" && action != "decline")
        fail(400, "'action' must be \"" + first + "\", \"accept\" or \"decline\"");
    return action;
}

void check_playing(const Game& g) {
    if (g.table.over()) fail(409, g.table.over_message());
    if (!both_joined(g)) fail(409, "the other seat is not taken yet; send your invitation link");
}

}  // namespace

ApiResponse OnlineGames::move(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string text = get_string(body, "move");
    if (text.empty()) fail(400, "'move' is missing: send the move's text");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    if (g.table.game().to_move() != p) fail(409, "it is not your turn");
    // A client that says which ply it moves at cannot play twice by a retry.
    const long long ply = get_int(body, "ply", -1, -1, 1 << 30);
    if (ply >= 0 && static_cast<std::size_t>(ply) != g.table.game().history().size())
        fail(409, "the game is at ply " + std::to_string(g.table.game().history().size()) +
                      ", not " + std::to_string(ply));
    const std::int64_t at = now();
    if (g.clock.turn_start && left_now(g, at) <= 0) {
        flag(g, p);
        fail(409, "your time ran out");
    }
    check_room(g, "move");
    const json event = {{"move", text}, {"by", seat_index(p)}};
    apply_event(g, "move", event);  // GameError (400) for an illegal move, nothing changed
    turn_over(g, p, at);
    Published state = commit(g, "move", event);
    if (g.table.computer_to_move()) schedule_computer(c.game);
    return reply(std::move(state));
}

// `loser`'s time is up: the game ends (the caller holds the game's lock).
void OnlineGames::flag(Game& g, Player loser) {
    const json event = {{"loser", seat_index(loser)}};
    apply_event(g, "flag", event);
    g.clock.left[static_cast<std::size_t>(seat_index(loser))] = 0;
    g.clock.turn_start = 0;
    commit(g, "flag", event);
}

ApiResponse OnlineGames::resign(Call& c) {
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    if (g.table.over()) fail(409, g.table.over_message());
    const json event = {{"by", seat_index(p)}};
    apply_event(g, "resign", event);
    g.clock.turn_start = 0;
    return reply(commit(g, "resign", event));
}

// Draw offers: to a person, the offer stands until answered or a move is
// made; to the computer, its search answers at once (made without holding
// the game, then checked against it).
ApiResponse OnlineGames::draw(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string action = action_of(body, "offer", "");
    Game& g = *c.game;
    std::unique_lock lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    const Player standing = g.table.draws().offered_by();
    json event = {{"action", action}, {"by", seat_index(p)}};
    if (action != "offer" && standing != opponent(p))
        fail(409, "no draw offer from your opponent stands");
    check_room(g, "draw");
    if (action == "offer" && g.seats[static_cast<std::size_t>(seat_index(opponent(p)))].computer) {
        auto copy = g.table.game().clone();
        const std::string player =
            g.seats[static_cast<std::size_t>(seat_index(opponent(p)))].player;
        const std::uint64_t seq = g.row.last_seq, seed = g.seed++;
        const std::uint64_t changes = g.changes.load();
        lock.unlock();
        Rng rng(seed);
        auto agent = bounded_player(player, *copy, seed, c.game, changes, &c.request);
        event["answer"] = computer_accepts_offer(*copy, opponent(p), *agent, rng);
        lock.lock();
        if (g.row.last_seq != seq)
            fail(409, "the game changed while the computer thought; ask again");
    }
    apply_event(g, "draw", event);
    if (g.table.over()) g.clock.turn_start = 0;
    json out = commit(g, "draw", event).state;
    if (event.contains("answer")) out["answer"] = event["answer"] ? "accepted" : "declined";
    return {200, out};
}

// Takebacks: against the computer, the person's last move goes back at once
// (as at one screen); between people, a request the other seat accepts or
// declines. Accepted, moves go back until the asker is to move.
ApiResponse OnlineGames::takeback(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string action = action_of(body, "request", "request");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    const auto& history = g.table.game().history();
    const bool against_computer = g.seats[0].computer || g.seats[1].computer;
    const Player asker = action == "request" ? p : g.takeback_by;
    if (action != "request" && (asker == Player::None || asker == p))
        fail(409, "no takeback request from your opponent stands");
    check_room(g, "takeback");
    if (action == "decline" || (action == "request" && !against_computer)) {
        if (action == "request" && history.empty()) fail(409, "there is no move to take back");
        const json event = {{"action", action}, {"by", seat_index(p)}};
        apply_event(g, "takeback", event);
        return reply(commit(g, "takeback", event));
    }
    // Back to and including the asker's last move.
    const int count = g.table.game().to_move() == asker ? 2 : 1;
    if (static_cast<std::size_t>(count) > history.size())
        fail(409, "there is no move of yours to take back");
    const json event = {{"count", count}, {"by", seat_index(p)}};
    const std::int64_t at = now();
    take_back_clock(g, count, at);
    apply_event(g, "undo", event);
    turn_over(g, Player::None, at);
    Published state = commit(g, "undo", event);
    if (g.table.computer_to_move()) schedule_computer(c.game);
    return reply(std::move(state));
}

// The record (or PGN) of a game, with the players' display names; no secret
// is in it.
ApiResponse OnlineGames::record(Call& c) {
    const bool pgn = c.request.path.ends_with("/pgn");
    std::lock_guard lock(c.game->mutex);
    const Game& g = *c.game;
    Record r = g.table.record();
    r.set_tag("FirstName", g.seats[0].name);
    r.set_tag("SecondName", g.seats[1].name);
    const std::string date = r.tag_value(tag::kDate);
    return {200,
            {{pgn ? "pgn" : "record", pgn ? format_pgn_game(r) : format_record(r)},
             {"filename", download_name(g.table.game().id(), date, pgn ? ".pgn" : ".rec")}}};
}

namespace {

json summary(const store::GameRow& row, const json& seats) {
    return {{"id", row.id},
            {"game", row.spec},
            {"status", row.status},
            {"result", row.result},
            {"termination", row.termination},
            {"names", {seats.at(0).value("name", ""), seats.at(1).value("name", "")}},
            {"clock", json::parse(row.clock).value("kind", "none")},
            {"updated", row.updated_ms}};
}

}  // namespace

// Open challenges anyone may accept, and games in progress to watch.
ApiResponse OnlineGames::lobby(Call&) {
    std::vector<std::shared_ptr<Game>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) all.push_back(g);
    }
    json open = json::array(), playing = json::array();
    for (const auto& g : all) {
        std::lock_guard lock(g->mutex);
        if (g->listed && g->row.status == "open" && open.size() < 200)
            open.push_back(summary(g->row, seats_json(*g, false)));
        else if (g->row.status == "playing" && playing.size() < 200)
            playing.push_back(summary(g->row, seats_json(*g, false)));
    }
    return {200, {{"open", open}, {"playing", playing}}};
}

// Finished games, the most recent first, a page at a time.
ApiResponse OnlineGames::archive(Call& c) {
    auto number = [&](const char* key, long long fallback, long long hi) {
        const auto it = c.request.query.find(key);
        if (it == c.request.query.end()) return fallback;
        long long v = 0;
        for (const char ch : it->second) {
            if (ch < '0' || ch > '9' || v > hi)
                fail(400,
                     std::string("'") + key + "' must be a number up to " + std::to_string(hi));
            v = v * 10 + (ch - '0');
        }
        if (v > hi)
            fail(400, std::string("'") + key + "' must be a number up to " + std::to_string(hi));
        return v;
    };
    const int limit = static_cast<int>(number("limit", limits_.archive_page, limits_.archive_page));
    const int offset = static_cast<int>(number("offset", 0, 1LL << 30));
    json games = json::array();
    for (const store::GameRow& row : store_.games("finished", limit, offset))
        games.push_back(summary(row, json::parse(row.seats)));
    return {200, {{"games", games}, {"total", store_.count("finished")}, {"offset", offset}}};
}

// ---- the computer and the clock -------------------------------------------------

OnlineGames::OnlineGames(store::Store& store, EventHub& hub, OnlineLimits limits,
                         std::uint64_t seed, std::function<std::int64_t()> clock)
    : store_(store), hub_(hub), limits_(limits), clock_(clock ? std::move(clock) : system_now) {
    if (seed == 0) {
        std::random_device device;
        seed = (std::uint64_t{device()} << 32) ^ device();
    }
    next_seed_ = seed | 1;
    restore_all();
    hub_.on_presence([this](const std::string& channel) {
        std::shared_ptr<Game> g;
        {
            std::lock_guard lock(mutex_);
            const auto it = games_.find(channel);
            if (it == games_.end()) return;
            g = it->second;
        }
        std::lock_guard lock(g->mutex);
        publish(*g);
    });
    // Computer moves that were due when the server stopped.
    for (const auto& [id, g] : games_)
        if (!g->table.over() && both_joined(*g) && g->table.computer_to_move())
            computer_queue_.push_back(g);
}

OnlineGames::~OnlineGames() {
    hub_.on_presence(nullptr);
    search_stop_->raise("the server is stopping");
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    clock_wake_.notify_all();
    for (auto& t : threads_) t.join();
}

std::size_t OnlineGames::games_in_memory() const {
    std::lock_guard lock(mutex_);
    return games_.size();
}

void OnlineGames::start() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const int n = limits_.computer_threads > 0 ? limits_.computer_threads : static_cast<int>(cores);
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { computer_worker(); });
    threads_.emplace_back([this] { clock_worker(); });
}

void OnlineGames::schedule_computer(const std::shared_ptr<Game>& g) {
    {
        std::lock_guard lock(mutex_);
        if (g->computer_due) return;
        g->computer_due = true;
        computer_queue_.push_back(g);
    }
    wake_.notify_one();
}

// Plans the computer's move on a copy without holding the game, then plays
// it if the game has not changed meanwhile; false when it had (the move is
// planned again).
bool OnlineGames::play_computer_move(const std::shared_ptr<Game>& gp) {
    Game& g = *gp;
    std::unique_ptr<asterism::Game> copy;
    std::string player;
    std::uint64_t seq = 0, seed = 0, changes = 0;
    {
        std::lock_guard lock(g.mutex);
        g.computer_due = false;
        if (g.table.over() || !both_joined(g) || !g.table.computer_to_move() || !g.expired.empty())
            return true;
        changes = g.changes.load();
        copy = g.table.game().clone();
        player = g.table.seat(copy->to_move()).player;
        seq = g.row.last_seq;
        seed = g.seed++;
    }
    Rng rng(seed);
    auto agent = bounded_player(player, *copy, seed, gp, changes, nullptr);
    const ComputerTurn turn = plan_computer_turn(*copy, DrawOffers{}, *agent, rng,
                                                 {.analyse = false, .answer_draws = false});
    std::lock_guard lock(g.mutex);
    if (g.row.last_seq != seq) return false;
    if (!turn.move) return true;
    const Player p = g.table.game().to_move();
    const json event = {{"move", *turn.move}, {"by", seat_index(p)}};
    apply_event(g, "move", event);
    turn_over(g, p, now());
    commit(g, "move", event);
    return true;
}

void OnlineGames::run_computer_moves() {
    for (int guard = 0; guard < 10000; ++guard) {
        std::shared_ptr<Game> g;
        {
            std::lock_guard lock(mutex_);
            if (computer_queue_.empty()) return;
            g = computer_queue_.front();
            computer_queue_.pop_front();
        }
        if (!play_computer_move(g)) schedule_computer(g);
    }
}

void OnlineGames::computer_worker() {
    for (;;) {
        std::shared_ptr<Game> g;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !computer_queue_.empty(); });
            if (stopping_) return;
            g = computer_queue_.front();
            computer_queue_.pop_front();
        }
        try {
            if (!play_computer_move(g)) schedule_computer(g);
        } catch (const SearchStopped&) {
            // The game changed (its next change asks again) or the server
            // is stopping.
        } catch (const std::exception&) {
            // A store failure: the game stays as its log says; its next
            // change will ask the computer again.
        } catch (const HttpError&) {
            // Not saved (the store refused): as above.
        }
    }
}

void OnlineGames::check_clocks() {
    std::vector<std::shared_ptr<Game>> running;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) running.push_back(g);
    }
    const std::int64_t at = now();
    for (const auto& g : running) {
        std::lock_guard lock(g->mutex);
        if (g->clock.turn_start && !g->table.over() && left_now(*g, at) <= 0) {
            try {
                flag(*g, g->table.game().to_move());
            } catch (const HttpError&) {
                // Not saved: the next check flags it again.
            }
        }
    }
}

void OnlineGames::clock_worker() {
    std::unique_lock lock(mutex_);
    int ticks = 0;
    while (!stopping_) {
        clock_wake_.wait_for(lock, std::chrono::milliseconds(100));
        if (stopping_) return;
        lock.unlock();
        check_clocks();
        // Expiry is measured in hours: once a minute is plenty.
        if (++ticks % 600 == 1) expire_idle();
        lock.lock();
    }
}

std::size_t OnlineGames::expire_idle() {
    std::vector<std::shared_ptr<Game>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) all.push_back(g);
    }
    const std::int64_t at = now();
    std::size_t ended = 0;
    for (const auto& g : all) {
        std::lock_guard lock(g->mutex);
        if (g->table.over() || !g->expired.empty() || g->clock.turn_start) continue;
        const double idle = static_cast<double>(at - g->row.updated_ms) / 1000;
        const bool open = g->row.status == "open";
        if (idle < (open ? limits_.open_expiry_seconds : limits_.idle_expiry_seconds)) continue;
        const json event = {{"why", open ? "nobody joined in time" : "abandoned: no move in time"}};
        apply_event(*g, "expire", event);
        try {
            commit(*g, "expire", event);
            ++ended;
        } catch (const HttpError&) {
            // Not saved: the game is as its log says; the next pass tries again.
        }
    }
    return ended;
}

void OnlineGames::stop_searches(const std::string& reason) {
    search_stop_->raise(reason);
}

void OnlineGames::check_client_caps(const std::string& client, bool creating_open) const {
    if (!limits_.cap_loopback && loopback_address(client)) return;
    std::size_t held = 0, waiting = 0;
    for (const auto& [id, g] : games_) {
        if (g->holders[0] != client && g->holders[1] != client) continue;
        ++held;
        waiting += g->waiting.load();
    }
    if (held >= limits_.max_games_per_client)
        fail(429, "your address holds " + std::to_string(held) +
                      " unfinished games; finish or resign some first");
    if (creating_open && waiting >= limits_.max_open_per_client)
        fail(429, "you have " + std::to_string(waiting) +
                      " games waiting for a player; start one of those first");
}

std::unique_ptr<Agent> OnlineGames::bounded_player(const std::string& player,
                                                   const asterism::Game& game, std::uint64_t seed,
                                                   const std::shared_ptr<Game>& g,
                                                   std::uint64_t seq, const ApiRequest* request) {
    auto gone = request ? request->gone : nullptr;
    return guarded(make_player(player, game, seed), limits_.search.max_seconds,
                   [stopping = search_stop_, gone, g, seq]() -> std::string {
                       if (stopping->raised()) return stopping->reason();
                       if (gone && gone->load()) return "the client hung up";
                       if (g->changes.load() != seq) return "the game changed";
                       return {};
                   });
}

}  // namespace asterism::server
