// The tournaments' routes (service.h, docs/tournaments.md): creating, the
// lists, one tournament and its live stream, and what a player or the
// creator does to it.
#include "server/routes.h"
#include "core/os_random.h"
#include "core/registry.h"
#include "core/text.h"
#include "server/game_service.h"
#include "server/json_args.h"
#include "server/text.h"
#include "server/tournaments/tournament.h"

namespace asterism::server {

using namespace tournament;

struct TournamentService::Call {
    const ApiRequest& request;
    std::string id;
    std::shared_ptr<Tournament> t;  // for the routes with ":id"
};

// The tournaments' rows of the route table (routes.h): every one reads or
// writes the tournaments' log in the store.
void TournamentService::add_routes(RouteTable& table) {
    using enum Who;
    using enum RateClass;
    constexpr auto disk = Handler::Lane::Disk;
    const auto on = [this](ApiResponse (TournamentService::*handler)(Call&)) {
        return [this, handler](const ApiRequest& r, const PathArgs& args) {
            const auto id = args.find("id");
            Call call{r, id == args.end() ? "" : id->second,
                      id == args.end() ? nullptr : find(id->second)};
            return (this->*handler)(call);
        };
    };
    table.add({"POST", "/api/tournaments", Account, disk, Create, on(&TournamentService::create)});
    table.add({"GET", "/api/tournaments", Anyone, disk, Plain, on(&TournamentService::list)});
    table.add({"GET", "/api/tournaments/:id", Anyone, disk, Plain, on(&TournamentService::get)});
    table.add({"GET", "/api/tournaments/:id/events", Anyone, disk, Stream,
               on(&TournamentService::events)});
    table.add(
        {"POST", "/api/tournaments/:id/join", Account, disk, Create, on(&TournamentService::join)});
    table.add({"POST", "/api/tournaments/:id/leave", Account, disk, Plain,
               on(&TournamentService::leave)});
    table.add({"POST", "/api/tournaments/:id/withdraw", Account, disk, Plain,
               on(&TournamentService::withdraw)});
    table.add({"POST", "/api/tournaments/:id/start", Account, disk, Plain,
               on(&TournamentService::start_now)});
    table.add({"POST", "/api/tournaments/:id/cancel", Account, disk, Plain,
               on(&TournamentService::cancel)});
    table.add({"POST", "/api/tournaments/:id/pause", Account, disk, Plain,
               on(&TournamentService::pause)});
    table.add({"POST", "/api/tournaments/:id/resume", Account, disk, Plain,
               on(&TournamentService::resume)});
}

TournamentService::TournamentService(store::Store& store, GameService& games, EventHub& hub,
                                     TournamentLimits limits, std::function<std::int64_t()> clock)
    : store_(store),
      games_(games),
      hub_(hub),
      limits_(std::move(limits)),
      clock_(std::move(clock)) {
    if (!clock_)
        clock_ = [] {
            return std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                .count();
        };
    // One damaged tournament must not keep the server from starting: it is
    // set aside (named in the start message, left in the file as it is).
    for (const char* status : {"entry", "running"})
        for (const store::TournamentRow& row : store_.tournaments(status, 1 << 30)) {
            std::string why;
            try {
                auto t = load(row.id);
                settle_games(*t);
                active_[row.id] = t;
            } catch (const HttpError& e) {
                why = e.message;
            } catch (const std::exception& e) {
                why = e.what();
            }
            if (!why.empty()) set_aside_.push_back(row.id + ": " + why);
        }
}

std::string TournamentService::replay_problem(const store::Store& store, const std::string& id) {
    try {
        load(store, id);
        return "";
    } catch (const HttpError& e) {
        return e.message;
    } catch (const std::exception& e) {
        return e.what();
    }
}

TournamentService::~TournamentService() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        wake_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
}

std::size_t TournamentService::running() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [id, t] : active_) n += t->row.status == "running" ? 1 : 0;
    return n;
}

std::shared_ptr<TournamentService::Tournament> TournamentService::find(const std::string& id) {
    {
        std::lock_guard lock(mutex_);
        const auto it = active_.find(id);
        if (it != active_.end()) return it->second;
    }
    if (id.size() != 32 || id.find_first_not_of("0123456789abcdef") != std::string::npos)
        fail("tour.none", {{"id", printable(id, kMaxQuoted)}});
    auto t = load(id);  // a finished one, from the archive
    settle_games(*t);
    return t;
}

bool TournamentService::is_moderator(const ApiRequest& r) const {
    if (r.account == 0) return false;
    const auto me = store_.account(r.account);
    return me && me->role == "moderator";
}

namespace {

// The creator's choices, checked; 400 naming the field that is wrong.
Settings settings_of(const json& body, const TournamentLimits& limits, std::int64_t now) {
    Settings s;
    TextRule name_rule;
    name_rule.max_characters = 60;
    s.name = checked_text("name", get_string(body, "name", ""), name_rule);
    if (s.name.size() > 60) fail("tour.name");
    auto game = Registry::instance().create(spec_from(body));
    if (game->num_players() != 2) fail("tour.twoPlayers");
    s.spec = game->spec();
    s.clock = body.value("clock", json());
    const std::string kind = s.clock.is_object() ? s.clock.value("kind", "") : "";
    if (kind != "fischer" && kind != "correspondence") fail("tour.clock");
    s.rated = get_bool(body, "rated", false);
    s.format = get_string(body, "format", "swiss");
    if (s.format != "swiss" && s.format != "round_robin" && s.format != "arena")
        fail("tour.format");
    if (s.format == "arena" && kind != "fischer") fail("tour.arenaClock");
    const int most = s.format == "round_robin" ? 30 : limits.max_players;
    s.max_players = static_cast<int>(get_int(body, "max_players", most, 2, most));
    s.rounds = s.format == "swiss"
                   ? static_cast<int>(get_int(body, "rounds", 5, 1, limits.max_rounds))
                   : 0;
    s.double_round = s.format == "round_robin" && get_bool(body, "double", false);
    s.minutes = s.format == "arena" ? static_cast<int>(get_int(body, "minutes", 30, 1, 1440)) : 0;
    s.streak = s.format == "arena" && get_bool(body, "streak", true);
    const long long starts_in = get_int(body, "starts_in", 0, 0, limits.max_starts_in_minutes);
    s.starts_ms = starts_in == 0 ? 0 : now + starts_in * 60000;
    return s;
}

}  // namespace

ApiResponse TournamentService::create(Call& c) {
    const ApiRequest& r = c.request;
    if (r.account == 0) fail("tour.signIn.create");
    if (limits_.create == "nobody") fail("tour.off");
    if (limits_.create == "moderators" && !is_moderator(r)) fail("tour.moderators");
    const json body = parse_body(r, 8);
    auto t = std::make_shared<Tournament>();
    t->s = settings_of(body, limits_, now());
    t->s.creator_name = r.account_name;
    GameService::check_clock(t->s.clock);  // its fields, as a game's are checked
    t->network = r.client;
    {
        std::lock_guard lock(mutex_);
        if (active_.size() >= limits_.max_active)
            fail("tour.serverFull", {{"n", limits_.max_active}});
        if (!is_moderator(r)) check_share(r);
        do {
            t->row.id = random_token();
        } while (active_.count(t->row.id));
    }
    t->row.settings = settings_json(t->s).dump();
    t->row.creator = r.account;
    t->row.created_ms = t->row.updated_ms = now();
    t->row.last_seq = 1;
    // The creator's network is kept in the log (never shown), so that its
    // share is still counted after a restart.
    store_.create_tournament(
        t->row, {1, t->row.created_ms, "create", json{{"network", t->network}}.dump()});
    {
        std::lock_guard lock(mutex_);
        active_[t->row.id] = t;
    }
    std::lock_guard lock(t->mutex);
    return {201, {{"id", t->row.id}, {"tournament", view(*t, r.account, is_moderator(r))}}};
}

// The creator's share of the tournaments not yet ended (the caller holds
// the service's lock): 429 for an account or a network that holds its
// share, or that holds any when only the reserved places are left.
void TournamentService::check_share(const ApiRequest& r) const {
    std::size_t by_account = 0, by_network = 0;
    for (const auto& [id, other] : active_) {
        by_account += other->row.creator == r.account ? 1 : 0;
        by_network += other->network == r.client ? 1 : 0;
    }
    if (by_account >= limits_.per_account)
        fail("tour.yours", {{"n", by_account}, {"max", limits_.per_account}});
    if (by_network >= limits_.per_network)
        fail("tour.network", {{"n", by_network}, {"max", limits_.per_network}});
    if (by_network > 0 && active_.size() + limits_.reserved >= limits_.max_active)
        fail("tour.reserved", {{"n", limits_.reserved}});
}

ApiResponse TournamentService::list(Call& c) {
    const auto it = c.request.query.find("status");
    const std::string status = it == c.request.query.end() ? "" : it->second;
    if (!status.empty() && status != "entry" && status != "running" && status != "finished" &&
        status != "cancelled")
        fail("tour.status");
    const auto p = c.request.query.find("page");
    int page = 1;
    if (p != c.request.query.end()) {
        page = std::atoi(p->second.c_str());
        if (page < 1 || page > 100000) fail("tour.page");
    }
    json out = json::array();
    bool more = false;
    for (const std::string& st : status.empty()
                                     ? std::vector<std::string>{"entry", "running", "finished"}
                                     : std::vector<std::string>{status}) {
        const int n = limits_.page;
        const auto rows = store_.tournaments(st, n + 1, (page - 1) * n);
        more = more || static_cast<int>(rows.size()) > n;
        for (std::size_t i = 0; i < rows.size() && static_cast<int>(i) < n; ++i) {
            // A summary needs no results: an ended tournament is replayed
            // without reading its games.
            std::shared_ptr<Tournament> t;
            {
                std::lock_guard lock(mutex_);
                const auto held = active_.find(rows[i].id);
                if (held != active_.end()) t = held->second;
            }
            if (!t) {
                try {
                    t = load(rows[i].id);
                } catch (const store::StoreError&) {
                    continue;  // one that does not replay is set aside, not listed
                }
            }
            std::lock_guard lock(t->mutex);
            out.push_back(summary(*t));
        }
    }
    return {200, {{"tournaments", out}, {"page", page}, {"more", more}}};
}

ApiResponse TournamentService::get(Call& c) {
    std::lock_guard lock(c.t->mutex);
    return {200, view(*c.t, c.request.account, is_moderator(c.request))};
}

ApiResponse TournamentService::events(Call& c) {
    {
        std::lock_guard lock(c.t->mutex);
        Event latest;
        if (!hub_.latest("t" + c.id, latest)) publish(*c.t);
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
    r.stream = StreamStart{"t" + c.id, "", last_seen};
    return r;
}

namespace {

// 409 when the log has no room for one more event a player asks for; the
// server's own events (pairings, the end) are not counted.
void check_room(const TournamentService::Tournament& t, const TournamentLimits& limits) {
    if (t.player_events >= limits.max_events) fail("tour.changes", {{"n", limits.max_events}});
}

int require_player(const TournamentService::Tournament& t, const ApiRequest& r) {
    if (r.account == 0) fail("tour.signIn.entered");
    const int me = t.player_of(r.account);
    if (me < 0 || t.players[static_cast<std::size_t>(me)].left) fail("tour.notEntered");
    return me;
}

}  // namespace

ApiResponse TournamentService::join(Call& c) {
    const ApiRequest& r = c.request;
    if (r.account == 0) fail("tour.signIn.enter");
    Tournament& t = *c.t;
    std::lock_guard lock(t.mutex);
    const bool arena_running = t.s.format == "arena" && t.row.status == "running";
    if (t.row.status != "entry" && !arena_running) fail("tour.closed");
    const int me = t.player_of(r.account);
    if (me >= 0 && !t.players[static_cast<std::size_t>(me)].left) fail("tour.entered");
    int count = 0;
    for (const Entrant& e : t.players) count += e.left ? 0 : 1;
    if (count >= t.s.max_players) fail("tour.full", {{"n", t.s.max_players}});
    if (me >= 0 && t.players[static_cast<std::size_t>(me)].entries >= limits_.max_entries)
        fail("tour.entries", {{"n", limits_.max_entries}});
    check_room(t, limits_);
    commit(t, "enter", {{"account", r.account}, {"name", r.account_name}});
    if (arena_running) pair_arena(t);
    return {200, view(t, r.account, is_moderator(r))};
}

ApiResponse TournamentService::leave(Call& c) {
    Tournament& t = *c.t;
    std::lock_guard lock(t.mutex);
    const int me = require_player(t, c.request);
    if (t.row.status != "entry") fail("tour.withdrawInstead");
    check_room(t, limits_);
    commit(t, "leave", {{"player", me}});
    return {200, view(t, c.request.account, is_moderator(c.request))};
}

// A withdrawal after the start: no more pairings, and the player's games
// still running in it are resigned (after the tournament's lock is let go:
// a game that ends calls back into the tournaments).
ApiResponse TournamentService::withdraw(Call& c) {
    Tournament& t = *c.t;
    std::vector<std::string> games;
    {
        std::lock_guard lock(t.mutex);
        const int me = require_player(t, c.request);
        if (t.row.status != "running") fail("tour.notRunning");
        if (t.players[static_cast<std::size_t>(me)].withdrawn) fail("tour.withdrawn");
        commit(t, "withdraw", {{"player", me}});
        games = unfinished_games_of(t, me);
    }
    for (const std::string& g : games) games_.resign_for(g, c.request.account);
    tick();
    std::lock_guard lock(t.mutex);
    return {200, view(t, c.request.account, is_moderator(c.request))};
}

std::vector<std::string> TournamentService::unfinished_games_of(const Tournament& t,
                                                                int player) const {
    std::vector<std::string> out;
    for (const Round& r : t.rounds)
        for (const Board& b : r.boards)
            if (!b.done && (b.white == player || b.black == player)) out.push_back(b.game);
    return out;
}

ApiResponse TournamentService::start_now(Call& c) {
    Tournament& t = *c.t;
    std::lock_guard lock(t.mutex);
    if (c.request.account == 0) fail("tour.signIn");
    if (c.request.account != t.row.creator && !is_moderator(c.request)) fail("tour.starter");
    if (t.row.status != "entry") fail("tour.started");
    int count = 0;
    for (const Entrant& e : t.players) count += e.left ? 0 : 1;
    if (count < 2) fail("tour.two");
    begin(t);
    return {200, view(t, c.request.account, is_moderator(c.request))};
}

ApiResponse TournamentService::cancel(Call& c) {
    Tournament& t = *c.t;
    {
        std::lock_guard lock(t.mutex);
        const bool moderator = is_moderator(c.request);
        if (c.request.account == 0) fail("tour.signIn");
        if (!t.active()) fail("tour.ended");
        if (!moderator && (c.request.account != t.row.creator || t.row.status != "entry"))
            fail("tour.canceller");
        commit(t, "cancel", ended_event("tour.why.cancelled", {{"name", c.request.account_name}}));
        {
            std::lock_guard service_lock(mutex_);
            active_.erase(t.row.id);
        }
    }
    return {200, view(t, c.request.account, is_moderator(c.request))};
}

ApiResponse TournamentService::pause(Call& c) {
    Tournament& t = *c.t;
    std::lock_guard lock(t.mutex);
    const int me = require_player(t, c.request);
    if (t.s.format != "arena" || t.row.status != "running") fail("tour.arenaPause");
    if (t.players[static_cast<std::size_t>(me)].paused) fail("tour.paused");
    if (t.players[static_cast<std::size_t>(me)].pauses >= limits_.max_pauses)
        fail("tour.pauses", {{"n", limits_.max_pauses}});
    check_room(t, limits_);
    commit(t, "pause", {{"player", me}});
    return {200, view(t, c.request.account, is_moderator(c.request))};
}

ApiResponse TournamentService::resume(Call& c) {
    Tournament& t = *c.t;
    std::lock_guard lock(t.mutex);
    const int me = require_player(t, c.request);
    if (!t.players[static_cast<std::size_t>(me)].paused) fail("tour.notPaused");

    check_room(t, limits_);
    commit(t, "resume", {{"player", me}});
    if (t.row.status == "running") pair_arena(t);
    return {200, view(t, c.request.account, is_moderator(c.request))};
}

}  // namespace asterism::server
