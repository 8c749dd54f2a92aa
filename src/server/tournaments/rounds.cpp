// Keeping tournaments moving (service.h): the start, each round's pairings
// (round robin from Berger tables, swiss from pairing.h's matching, arena
// as players come free), the games' results as they end, and the end.
#include <algorithm>

#include "core/os_random.h"
#include "server/game_service.h"
#include "server/json_args.h"
#include "server/tournaments/pairing.h"
#include "server/tournaments/standings.h"
#include "server/tournaments/tournament.h"

namespace asterism::server {

using namespace tournament;

namespace {

// Players still in: entered, not left, not withdrawn.
std::vector<int> active_players(const TournamentService::Tournament& t) {
    std::vector<int> out;
    for (std::size_t i = 0; i < t.players.size(); ++i)
        if (!t.players[i].left && !t.players[i].withdrawn) out.push_back(static_cast<int>(i));
    return out;
}

bool round_done(const Round& r) {
    return std::all_of(r.boards.begin(), r.boards.end(), [](const Board& b) { return b.done; });
}

// A pairing event's round: boards [white, black, a new game id].
json round_json(const std::vector<std::pair<int, int>>& pairs, int bye) {
    json boards = json::array();
    for (const auto& [white, black] : pairs) boards.push_back({white, black, random_token()});
    return {{"boards", boards}, {"bye", bye}};
}

}  // namespace

void TournamentService::advance(Tournament& t) {
    if (t.row.status == "entry") {
        if (t.s.starts_ms != 0 && now() >= t.s.starts_ms) begin(t);
        return;
    }
    if (t.row.status != "running") return;
    if (t.s.format == "arena") {
        if (now() >= t.ends_ms())
            finish(t, "");
        else
            pair_arena(t);
        return;
    }
    if (!std::all_of(t.rounds.begin(), t.rounds.end(), round_done)) return;
    if (t.s.format == "round_robin" || static_cast<int>(t.rounds.size()) >= t.s.rounds) {
        finish(t, "");
        return;
    }
    pair_swiss(t);
}

// The start: fewer than two players cancels it; a round robin pairs all its
// rounds at once (every game starts together, as correspondence
// championships do), a swiss its first round, an arena everybody.
void TournamentService::begin(Tournament& t) {
    const std::vector<int> in = active_players(t);
    if (in.size() < 2) {
        commit(t, "cancel", {{"reason", "fewer than two players entered"}});
        return;
    }
    commit(t, "start", {{"at", now()}});
    if (t.s.format == "round_robin") {
        json rounds = json::array();
        for (const tournaments::Round& round :
             tournaments::berger(static_cast<int>(in.size()), t.s.double_round)) {
            std::vector<std::pair<int, int>> pairs;
            for (const tournaments::Game& g : round.games)
                pairs.emplace_back(in[static_cast<std::size_t>(g.white)],
                                   in[static_cast<std::size_t>(g.black)]);
            const int bye =
                round.bye == tournaments::kNoPlayer ? -1 : in[static_cast<std::size_t>(round.bye)];
            rounds.push_back(round_json(pairs, bye));
        }
        commit(t, "pair", {{"rounds", rounds}});
        settle_games(t);
    } else if (t.s.format == "swiss") {
        pair_swiss(t);
    } else {
        pair_arena(t);
    }
}

void TournamentService::finish(Tournament& t, const std::string& reason) {
    commit(t, "finish", {{"reason", reason}});
    std::lock_guard lock(mutex_);
    active_.erase(t.row.id);
}

// The next swiss round from the players' scores, colours and past
// opponents (pairing.h), in the order they entered (their pairing
// numbers); a tournament with no legal pairing left ends.
void TournamentService::pair_swiss(Tournament& t) {
    const std::vector<int> in = active_players(t);
    if (in.size() < 2) {
        finish(t, "fewer than two players left");
        return;
    }
    const std::vector<tournaments::SwissPlayer> everyone =
        tournaments::swiss_players(classical_table(t));
    // The field is the players still in, numbered anew: their past
    // opponents by the new numbers (one who withdrew is no longer there).
    std::vector<int> number(t.players.size(), -1);
    for (std::size_t k = 0; k < in.size(); ++k)
        number[static_cast<std::size_t>(in[k])] = static_cast<int>(k);
    std::vector<tournaments::SwissPlayer> field;
    for (const int p : in) {
        tournaments::SwissPlayer sp = everyone[static_cast<std::size_t>(p)];
        std::erase_if(sp.opponents, [&](int& o) {
            o = number[static_cast<std::size_t>(o)];
            return o < 0;
        });
        field.push_back(std::move(sp));
    }
    const tournaments::SwissPairing next = tournaments::pair_swiss_round(field);
    if (!next.round) {
        finish(t, "no legal pairing is left: " + next.error);
        return;
    }
    std::vector<std::pair<int, int>> pairs;
    for (const tournaments::Game& g : next.round->games)
        pairs.emplace_back(in[static_cast<std::size_t>(g.white)],
                           in[static_cast<std::size_t>(g.black)]);
    const int bye = next.round->bye == tournaments::kNoPlayer
                        ? -1
                        : in[static_cast<std::size_t>(next.round->bye)];
    commit(t, "pair", {{"rounds", json::array({round_json(pairs, bye)})}});
    settle_games(t);
}

// An arena pairs the players who are free (not in a game, not paused) as
// soon as two are: sorted by score, neighbours play, avoiding the last
// opponent where another is free; the one with fewer games as white takes
// white.
void TournamentService::pair_arena(Tournament& t) {
    std::vector<int> busy(t.players.size(), 0), whites(t.players.size(), 0),
        last(t.players.size(), -1);
    for (const Round& r : t.rounds)
        for (const Board& b : r.boards) {
            const auto w = static_cast<std::size_t>(b.white), k = static_cast<std::size_t>(b.black);
            if (!b.done) busy[w] = busy[k] = 1;
            ++whites[w];
            last[w] = b.black;
            last[k] = b.white;
        }
    std::vector<std::pair<double, int>> free;
    const std::vector<Standing> table = standings(t);
    for (const Standing& s : table) {
        const Entrant& e = t.players[static_cast<std::size_t>(s.player)];
        if (!e.left && !e.withdrawn && !e.paused && !busy[static_cast<std::size_t>(s.player)])
            free.emplace_back(-s.score, s.player);
    }
    std::sort(free.begin(), free.end());
    std::vector<std::pair<int, int>> pairs;
    while (free.size() >= 2) {
        const int a = free[0].second;
        std::size_t j = 1;
        while (j + 1 < free.size() && last[static_cast<std::size_t>(a)] == free[j].second) ++j;
        const int b = free[j].second;
        free.erase(free.begin() + static_cast<std::ptrdiff_t>(j));
        free.erase(free.begin());
        if (whites[static_cast<std::size_t>(a)] <= whites[static_cast<std::size_t>(b)])
            pairs.emplace_back(a, b);
        else
            pairs.emplace_back(b, a);
    }
    if (pairs.empty()) return;
    json rounds = json::array();
    for (const auto& p : pairs) rounds.push_back(round_json({p}, -1));
    commit(t, "pair", {{"rounds", rounds}});
    settle_games(t);
}

void TournamentService::game_ended(const std::string& tournament, const std::string&) {
    std::lock_guard lock(mutex_);
    ended_games_.insert(tournament);
    wake_.notify_all();
}

// Every active tournament is looked at each second (starts are due by the
// clock, an arena ends by it), and its games' results read again when one
// of them has ended (game_ended): not every second, as a round robin of 30
// has 435 games.
void TournamentService::tick() {
    std::vector<std::shared_ptr<Tournament>> all;
    std::set<std::string> ended;
    {
        std::lock_guard lock(mutex_);
        ended.swap(ended_games_);
        ended.merge(stale_);
        for (const auto& [id, t] : active_) all.push_back(t);
    }
    std::set<std::string> failed;
    for (const auto& t : all) {
        std::lock_guard lock(t->mutex);
        const std::uint64_t before = t->results;
        try {
            if (ended.count(t->row.id)) settle_games(*t);
            advance(*t);
        } catch (const std::exception&) {
            failed.insert(t->row.id);  // the store failed: the next look tries again
        } catch (const HttpError&) {
            failed.insert(t->row.id);
        }
        if (t->results != before) publish(*t);
    }
    std::lock_guard lock(mutex_);
    stale_.merge(failed);
}

void TournamentService::worker() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait_for(lock, std::chrono::seconds(1),
                       [&] { return stopping_ || !ended_games_.empty(); });
        if (stopping_) break;
        lock.unlock();
        tick();
        lock.lock();
    }
}

void TournamentService::start() {
    thread_ = std::thread([this] { worker(); });
}

}  // namespace asterism::server
