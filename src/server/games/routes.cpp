// The online service's routes: creating and joining games (game.h).
#include "server/games/game.h"

#include "core/os_random.h"
#include "search/players.h"
#include "server/accounts/accounts.h"
#include "server/routes.h"

namespace asterism::server {

using namespace games;

// The games' rows of the route table (routes.h): one set of routes for
// local and online games (a local game named by its token, which is the
// seat's proof). Everything here reads or writes the store (a finished
// game is read from its archive), so it waits on the disk lane, but for the
// lobby, which is in memory, and the searches (the computer's move, an
// analysis, a draw offer the computer answers), which have their own lane.
// A review waits its turn in the thinking pool (reviews.h): the request
// itself only stores the job.
void GameService::add_routes(RouteTable& table, bool online) {
    online_ = online;
    using enum Who;
    using enum RateClass;
    constexpr auto disk = Handler::Lane::Disk, search = Handler::Lane::Search;
    // `any`: the route serves local games too (else online games only).
    const auto on = [this](ApiResponse (GameService::*handler)(Call&), bool any) {
        return [this, handler, any](const ApiRequest& r, const PathArgs& args) {
            const auto id = args.find("id");
            const bool named = id != args.end();
            Call call{r, named ? id->second : "",
                      !named ? nullptr
                      : any  ? find_any(id->second)
                             : find(id->second)};
            return (this->*handler)(call);
        };
    };
    // An unknown game is a 404 whatever the method (not a 405).
    const auto known = [this](const std::string& id) { find_any(id); };
    const auto game = [&](std::string_view method, std::string_view path, Who who,
                          Handler::Lane lane, RateClass rate,
                          ApiResponse (GameService::*handler)(Call&)) {
        table.add({method, path, who, lane, rate, on(handler, true), known});
    };
    table.add({"POST", "/api/games", Anyone, disk, Create, on(&GameService::create, true)});
    game("GET", "/api/games/:id", Anyone, disk, Plain, &GameService::get_state);
    game("DELETE", "/api/games/:id", Seat, disk, Plain, &GameService::close);
    game("GET", "/api/games/:id/legal", Anyone, disk, Plain, &GameService::legal);
    game("POST", "/api/games/:id/move", Seat, disk, Plain, &GameService::move);
    game("POST", "/api/games/:id/draw", Seat, search, Search, &GameService::draw);
    game("POST", "/api/games/:id/takeback", Seat, disk, Plain, &GameService::takeback);
    game("POST", "/api/games/:id/players", Seat, disk, Plain, &GameService::players);
    game("POST", "/api/games/:id/computer", Seat, search, Search, &GameService::computer);
    game("POST", "/api/games/:id/analyze", Seat, search, Search, &GameService::analyze);
    game("POST", "/api/games/:id/review", Seat, disk, Search, &GameService::post_review);
    game("GET", "/api/games/:id/review", Seat, disk, Plain, &GameService::get_review);
    game("GET", "/api/games/:id/record", Anyone, disk, Plain, &GameService::record);
    game("GET", "/api/games/:id/pgn", Anyone, disk, Plain, &GameService::record);
    if (online) add_online_routes(table);
}

// What only online games have: the lobby and the archive, watching,
// joining and claiming seats, resigning, and an account's lists of games.
void GameService::add_online_routes(RouteTable& table) {
    using enum Who;
    using enum RateClass;
    constexpr auto disk = Handler::Lane::Disk;
    const auto on = [this](ApiResponse (GameService::*handler)(Call&)) {
        return [this, handler](const ApiRequest& r, const PathArgs& args) {
            const auto id = args.find("id");
            Call call{r, id == args.end() ? "" : id->second,
                      id == args.end() ? nullptr : find(id->second)};
            return (this->*handler)(call);
        };
    };
    const auto list = [this](ApiResponse (GameService::*handler)(const ApiRequest&)) {
        return
            [this, handler](const ApiRequest& r, const PathArgs&) { return (this->*handler)(r); };
    };
    table.add({"GET", "/api/lobby", Anyone, Handler::Lane::Quick, Plain, on(&GameService::lobby)});
    table.add({"GET", "/api/archive", Anyone, disk, Plain, on(&GameService::archive)});
    table.add({"GET", "/api/games/:id/events", Anyone, disk, Stream, on(&GameService::events)});
    table.add({"POST", "/api/games/:id/join", Anyone, disk, Plain, on(&GameService::join)});
    table.add({"POST", "/api/games/:id/claim", Seat, disk, Plain, on(&GameService::claim)});
    table.add({"POST", "/api/games/:id/resign", Seat, disk, Plain, on(&GameService::resign)});
    table.add({"GET", "/api/account/games", Account, disk, Plain, list(&GameService::my_games)});
    table.add(
        {"GET", "/api/account/export", Account, disk, Plain, list(&GameService::export_games)});
    table.add({"GET", "/api/players/:id/games", Anyone, disk, Plain,
               [this](const ApiRequest& r, const PathArgs& args) {
                   return player_games(r, args.at("id"));
               }});
}

namespace games {

bool well_formed_id(std::string_view id) {
    return id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

}  // namespace games

std::shared_ptr<Game> GameService::find(const std::string& id) {
    {
        std::lock_guard lock(mutex_);
        const auto it = games_.find(id);
        if (it != games_.end()) return it->second;
    }
    // A finished game, from the archive; a local game's row is named by a
    // digest nobody is told, and is never served by it.
    const auto none = [&] { fail("game.none", {{"id", printable(id, kMaxQuoted)}}); };
    if (!well_formed_id(id)) none();
    const auto row = store_.game(id);
    if (!row || row->kind == "local") none();
    return load(id);
}

std::shared_ptr<Game> GameService::find_any(const std::string& id) {
    {
        std::lock_guard lock(mutex_);
        if (const auto it = games_.find(id); it != games_.end()) return it->second;
    }
    if (!well_formed_id(id)) fail("game.none", {{"id", printable(id, kMaxQuoted)}});
    if (const auto row = store_.game(id); row && row->kind != "local") return load(id);
    return find_local(id);
}

std::int64_t GameService::now() const {
    return clock_();
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
    fail("new.seat");
}

// What a rated game needs from the start: an account, a person to play
// and a clock to say its time class.
void check_rated(const ApiRequest& r, const Game& g, const std::string& against) {
    if (r.account == 0) fail("new.rated.signIn");
    if (against != "person" && against != "human") fail("new.rated.computer");
    if (!g.table.clock().timed()) fail("new.rated.clock");
}

// The new game's table: the game (two players only) from its position.
Table new_table(const json& body) {
    auto game = Registry::instance().create(spec_from(body));
    if (game->num_players() != 2) fail("new.twoPlayers", {{"game", game->id()}});
    const std::string position = get_string(body, "position");
    if (!position.empty()) game->set_position(position);
    std::string start = position.empty() ? "" : game->position();
    return Table(std::move(game), std::move(start));
}

}  // namespace

// The account a new game challenges ("challenge": NAME), 0 for none; 403
// when it blocked the challenger.
std::int64_t GameService::challenged(const ApiRequest& r, const json& body) const {
    const std::string name = get_string(body, "challenge", "");
    if (name.empty()) return 0;
    if (r.account == 0) fail("challenge.signIn");
    const std::string key = accounts::name_key(name);
    const auto who = key.empty() ? std::nullopt : store_.account_by_key(key);
    if (!who) fail("player.none", {{"name", printable(name, kMaxQuoted)}});
    if (who->id == r.account) fail("challenge.self");
    check_not_blocked({false, "", who->name, "", true, "", who->id}, r.account);
    return who->id;
}

// 403 when the account holding `seat` blocked `account`.
void GameService::check_not_blocked(const GameSeat& seat, std::int64_t account) const {
    if (seat.account == 0 || account == 0) return;
    if (store_.relation(seat.account, account).block)
        fail("challenge.blocked", {{"name", seat.name}});
}

// A new game of the body's `kind`: "online" (the default) or "local".
ApiResponse GameService::create(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string kind = get_string(body, "kind", "online");
    if (kind == "local") return create_local_game(c, body);
    if (kind != "online") fail("new.kind");
    if (!online_) fail("server.noOnline");
    return create_online(c, body);
}

ApiResponse GameService::create_online(Call& c, const json& body) {
    store::GameRow row;
    Table table = new_table(body);
    row.spec = table.game().spec();
    row.start_position = table.start_position();
    const std::string against = get_string(body, "opponent", "person");
    // A signed-in player plays under the account's name.
    const std::string name = c.request.account != 0
                                 ? c.request.account_name
                                 : display_name(body, limits_.max_name, "Anonymous");
    const std::int64_t at = now();
    row.created_ms = row.updated_ms = at;
    auto g = std::make_shared<Game>(row, std::move(table));
    g->table.clock() = clock_from_request(body);
    g->rated = get_bool(body, "rated", false);
    if (g->rated) check_rated(c.request, *g, against);
    Player mine;
    const bool against_person = against == "person" || against == "human";
    {
        std::lock_guard lock(mutex_);
        check_client_caps(c.request, against_person);
        Rng rng(next_seed_ * 0x9e3779b97f4a7c15ULL);
        mine = creator_seat(body, rng);
        g->seed = next_seed_++;
    }
    const std::string secret = random_token(), invite = random_token();
    g->seats.open(mine, digest(secret), c.request.client);
    if (!against_person) {
        Seat computer;
        check_player(against, limits_.search);  // before making it allocates what it asks
        try {
            computer = parse_seat(against, g->table.game());
        } catch (const GameError& e) {
            fail("new.opponent", {{"why", e.reason()}});
        }
        g->seats.seat_computer(opponent(mine), computer.player, "asterism " + computer.player);
        g->table.set_seat(opponent(mine), computer);
    } else {
        const std::int64_t account = challenged(c.request, body);
        g->seats.invite(opponent(mine), digest(invite), account);
        g->listed = body.value("lobby", false) && account == 0;
    }
    return finish_create(c, g, mine, name, against_person ? invite : "", secret);
}

// Stores the new game with the creator seated (its first event) and answers
// with the creator's secret and links.
ApiResponse GameService::finish_create(Call& c, const std::shared_ptr<Game>& g, Player mine,
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
    g->saved_clock = g->table.clock();
    {
        std::lock_guard lock(mutex_);
        games_[g->row.id] = g;
    }
    events::Join join;
    join.seat = mine;
    join.name = name;
    join.account = c.request.account;
    join.rated = g->rated;
    // A challenge's seat is kept for the challenged account.
    const std::int64_t reserved = g->seats.other(mine).account;
    join.reserved = reserved;
    const GameEvent joined = std::move(join);
    apply_event(*g, joined);
    turn_over(*g, Player::None, now());
    json state = commit(*g, joined).state;
    if (g->table.computer_to_move()) schedule_computer(g);
    const std::string& id = g->row.id;
    json out = {{"id", id},
                {"seat", seat_index(mine)},
                {"secret", secret},
                {"links", {{"seat", link(id, secret)}, {"watch", link(id, "")}}},
                {"state", std::move(state)}};
    if (!invite.empty()) out["links"]["invite"] = link(id, invite);
    if (reserved != 0 && notify_)
        notify_({reserved, "challenge", "Challenge from " + name, g->table.game().spec(),
                 "/online.html#game=" + id, id});
    return {201, out};
}

// A person takes their seat with a display name: with the secret of the
// invitation link, or, for a game the lobby lists, without one (the server
// makes the seat's secret and answers with it).
ApiResponse GameService::join(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string name = c.request.account != 0
                                 ? c.request.account_name
                                 : display_name(body, limits_.max_name, "Anonymous");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    if (g.table.over()) fail("over.join");
    if (!g.expired.empty()) fail("game.ended", {{"why", ended_why(g)}});
    Player p = seat_of(g, c.request, true);
    if (p == Player::None) p = g.seats.kept_for(c.request.account);
    std::string secret;
    if (p == Player::None) {
        if (!g.listed || !c.request.authorization.empty()) fail("seat.invitation");
        p = g.seats.free_seat();
        if (p == Player::None) fail("seat.bothTaken");
        secret = random_token();
    }
    const GameSeat& seat = g.seats[p];
    if (seat.joined) fail("seat.taken");
    if (seat.account != 0 && seat.account != c.request.account) fail("seat.challenged");
    check_not_blocked(g.seats.other(p), c.request.account);
    if (g.rated && c.request.account == 0) fail("seat.rated");
    if (g.rated && g.seats.other(p).account == c.request.account) fail("seat.self");
    check_room(g, "join");
    // Taking the other seat of one's own game holds no new game.
    if (!g.seats.held_by(c.request.client)) {
        std::lock_guard table_lock(mutex_);
        check_client_caps(c.request, false);
    }
    events::Join join;
    join.seat = p;
    join.name = name;
    if (!secret.empty()) join.digest = digest(secret);
    join.account = c.request.account;
    const GameEvent event = std::move(join);
    apply_event(g, event);
    g.seats.hold(p, c.request.client);
    g.listed = false;
    g.row.listed = false;
    turn_over(g, Player::None, now());
    json out = commit(g, event).state;
    if (g.table.computer_to_move()) schedule_computer(c.game);
    out["you"] = seat_index(p);
    if (!secret.empty()) out["secret"] = secret;
    return {200, out};
}

// A guest's seat, held by its secret, bound to the account the request is
// signed in to (docs/accounts.md): from then on the account's session acts
// for it, and its name is the account's.
ApiResponse GameService::claim(Call& c) {
    if (c.request.account == 0) fail("seat.signIn");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = seat_of(g, c.request, true);
    if (p == Player::None) fail("seat.seatSecret");
    const GameSeat& seat = g.seats[p];
    if (seat.account == c.request.account)
        return {200, public_state(g, hub_, now(), ViewParts::Whole, g.row.id)};
    if (seat.account != 0) fail("seat.other");
    if (!seat.joined) fail("seat.takeFirst");

    check_room(g, "claim");
    const GameEvent event = events::Claim{p, c.request.account, c.request.account_name};
    apply_event(g, event);
    json out = commit(g, event).state;
    out["you"] = seat_index(p);
    return {200, out};
}

}  // namespace asterism::server
