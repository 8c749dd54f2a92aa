// The games of an account ("my games", a player's games, the download),
// and what chat and accounts ask of the games (game_service.h).
#include <algorithm>

#include "record/pgn.h"
#include "record/record.h"
#include "server/accounts/accounts.h"
#include "server/games/game.h"

namespace asterism::server {

using namespace games;

namespace {

constexpr int kPage = 20;         // games a page of a list
constexpr int kUnfinished = 200;  // unfinished games "my games" shows at most
constexpr int kExportPage = 500;  // games a page of the download

std::string time_class(const std::string& clock) {
    const std::string kind = json::parse(clock).value("kind", "none");
    return kind == "fischer" ? "live" : kind == "correspondence" ? "correspondence" : "untimed";
}

int page_of(const ApiRequest& r) {
    const auto it = r.query.find("page");
    if (it == r.query.end()) return 0;
    if (it->second.empty() || it->second.size() > 6 ||
        it->second.find_first_not_of("0123456789") != std::string::npos)
        fail("request.page");
    return std::stoi(it->second);
}

// The account a name in a path names; 404 for none.
store::AccountRow account_named(const store::Store& store, const std::string& name) {
    const std::string key = accounts::name_key(name);
    const auto a = key.empty() ? std::nullopt : store.account_by_key(key);
    if (!a) fail("player.none", {{"name", printable(name, kMaxQuoted)}});
    return *a;
}

}  // namespace

json GameService::summary_of(const store::AccountGameRow& a, bool with_turn) {
    const store::GameRow& row = a.game;
    const json seats = json::parse(row.seats);
    const json& other = seats.at(static_cast<std::size_t>(1 - a.seat));
    json out = {{"id", row.id},
                {"game", row.spec},
                {"status", row.status},
                {"result", row.result},
                {"termination", row.termination},
                {"rated", a.rated},
                {"time_class", time_class(row.clock)},
                {"seat", a.seat},
                {"opponent", other.value("joined", false) || other.value("computer", false)
                                 ? json(other.value("name", ""))
                                 : json(nullptr)},
                {"created", row.created_ms},
                {"updated", row.updated_ms}};
    add_termination_reason(out);
    if (!with_turn) return out;
    std::shared_ptr<Game> g;
    {
        std::lock_guard lock(mutex_);
        if (const auto it = games_.find(row.id); it != games_.end()) g = it->second;
    }
    bool turn = false, challenge = false;
    if (g) {
        std::lock_guard lock(g->mutex);
        const GameSeat& seat = g->seats[static_cast<std::size_t>(a.seat)];
        challenge = !seat.joined && g->row.status == "open";
        turn = challenge || (g->row.status == "playing" && !g->table.over() &&
                             seat_index(g->table.game().to_move()) == a.seat);
        out["rated"] = g->rated;
    }
    out["my_turn"] = turn;
    out["challenge"] = challenge;
    return out;
}

// Unfinished games first (my turn first, then the most recently moved),
// on page 0 only; then the finished ones, a page at a time.
ApiResponse GameService::my_games(const ApiRequest& r) {
    const int page = page_of(r);
    json games = json::array();
    if (page == 0) {
        std::vector<json> open;
        for (const auto& a : store_.account_unfinished(r.account, kUnfinished))
            open.push_back(summary_of(a, true));
        std::stable_sort(open.begin(), open.end(), [](const json& x, const json& y) {
            return x["my_turn"].get<bool>() > y["my_turn"].get<bool>();
        });
        for (json& j : open) games.push_back(std::move(j));
    }
    auto finished = store_.account_games(r.account, "", "finished", kPage + 1, page * kPage);
    const bool more = finished.size() > kPage;
    if (more) finished.pop_back();
    for (const auto& a : finished) games.push_back(summary_of(a, false));
    return {200, {{"games", games}, {"page", page}, {"more", more}}};
}

ApiResponse GameService::player_games(const ApiRequest& r, const std::string& name) {
    const store::AccountRow who = account_named(store_, name);
    std::string game;
    if (const auto it = r.query.find("game"); it != r.query.end()) {
        game = it->second;
        if (!Registry::instance().find(game))
            fail("request.gameKind", {{"id", printable(game, kMaxQuoted)}});
    }
    const int page = page_of(r);
    auto rows = store_.account_games(who.id, game, "", kPage + 1, page * kPage);
    const bool more = rows.size() > kPage;
    if (more) rows.pop_back();
    json games = json::array();
    for (const auto& a : rows) games.push_back(summary_of(a, false));
    return {200, {{"name", who.name}, {"games", games}, {"page", page}, {"more", more}}};
}

// Everything kept about the account's games, with each game's record (and
// PGN for the chess-like games); 500
// games a page (`more` says there are others), each rebuilt from its events.
ApiResponse GameService::export_games(const ApiRequest& r) {
    const auto me = store_.account(r.account);
    if (!me) fail("acc.signedOut");
    const int page = page_of(r);
    auto rows = store_.account_games(me->id, "", "", kExportPage + 1, page * kExportPage);
    const bool more = rows.size() > kExportPage;
    if (more) rows.pop_back();
    json games = json::array();
    for (const auto& a : rows) {
        json one = summary_of(a, false);
        const std::shared_ptr<Game> g = find(a.game.id);
        std::lock_guard lock(g->mutex);
        const Record record = named_record(*g);
        one["record"] = format_record(record);
        // PGN for the chess-like games; asterism's own record holds every game.
        try {
            one["pgn"] = format_pgn_game(record);
        } catch (const GameError&) {
        }
        games.push_back(std::move(one));
    }
    json ratings = json::array();
    for (const store::RatingRow& x : store_.ratings(me->id))
        ratings.push_back({{"game", x.game},
                           {"class", x.time_class},
                           {"rating", x.rating},
                           {"deviation", x.deviation},
                           {"games", x.games}});
    ApiResponse out(200, {{"name", me->name},
                          {"created", me->created_ms},
                          {"ratings", ratings},
                          {"games", games},
                          {"page", page},
                          {"more", more}});
    out.download = "asterism-" + me->name + (page ? "-" + std::to_string(page) : "") + ".json";
    return out;
}

GameService::Seating GameService::seating(const std::string& id, const ApiRequest& r) {
    const std::shared_ptr<Game> g = find(id);
    std::lock_guard lock(g->mutex);
    if (g->local()) fail("game.none", {{"id", printable(id, kMaxQuoted)}});

    const Player p = seat_of(*g, r);
    return {p == Player::None ? -1 : seat_index(p),
            g->table.over() || !g->expired.empty(),
            {g->seats[0].name, g->seats[1].name}};
}

void GameService::notice(const std::string& id, const std::string& type, const std::string& data) {
    hub_.notice(id, type, data);
}

void GameService::forget_account(std::int64_t account, const std::string& neutral) {
    std::vector<std::shared_ptr<Game>> all;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) all.push_back(g);
    }
    for (const auto& g : all) {
        std::lock_guard lock(g->mutex);
        g->seats.forget_account(account, neutral);
    }
}

// "Your turn" after a move (or the join that starts the game) to the
// account whose turn it is; "game over" to both when it ends (`type`
// "end"). The notifier decides who wants which, and
// never blocks the game.
void GameService::tell_players(const Game& g, const std::string& type) {
    if (!notify_ || g.local()) return;
    const std::string url = "/online.html#game=" + g.row.id;
    const std::string title = g.seats[0].name + " - " + g.seats[1].name;
    if (type == "end") {
        for (const GameSeat& s : g.seats)
            if (s.account != 0)
                notify_({s.account, "game_over", "Game over: " + title, g.table.outcome_text(), url,
                         g.row.id});
        return;
    }
    if ((type != "move" && type != "join") || g.table.over()) return;
    const GameSeat& next = g.seats[g.table.game().to_move()];
    if (next.account != 0 && next.joined && g.row.status == "playing")
        notify_({next.account, "your_turn", "Your move: " + title,
                 "Move " + std::to_string(g.table.game().history().size() + 1), url, g.row.id});
}

GameService::Stats GameService::stats() const {
    Stats out;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, g] : games_) {
            if (g->local())
                ++out.local;
            else if (g->waiting.load())  // the status, without the game's lock
                ++out.open;
            else
                ++out.playing;
        }
        // Due before the start, or waiting in the thinking pool (with the
        // searches clients asked for) after it.
        out.computer_queued = started_ ? thinking_->queued() : computer_queue_.size();
    }
    out.moves = moves_.load(std::memory_order_relaxed);
    out.reviews = reviews_running_.load();
    std::lock_guard lock(commits_mutex_);
    out.commits = commits_;
    return out;
}

}  // namespace asterism::server
