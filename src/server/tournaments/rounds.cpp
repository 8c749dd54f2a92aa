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
            finish(t);
        else
            pair_arena(t);
        return;
    }
    if (!std::all_of(t.rounds.begin(), t.rounds.end(), round_done)) return;
    if (t.s.format == "round_robin" || static_cast<int>(t.rounds.size()) >= t.s.rounds) {
        finish(t);
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
        commit(t, "cancel", ended_event("tour.why.entered"));
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

json ended_event(ReasonCode why, const json& params) {
    return {{"reason", error_line(why.entry(), params)},
            {"reason_code", server_reason(why, params)}};
}

void TournamentService::end_with(Tournament& t, const json& event) {
    commit(t, "finish", event);
    std::lock_guard lock(mutex_);
    active_.erase(t.row.id);
}

// The next swiss round from the players' scores, colours and past
// opponents (pairing.h), in the order they entered (their pairing
// numbers); a tournament with no legal pairing left ends.
void TournamentService::pair_swiss(Tournament& t) {
    const std::vector<int> in = active_players(t);
    if (in.size() < 2) {
        finish(t, "tour.why.left");
        return;
    }
    std::vector<tournaments::SwissPlayer> everyone = tournaments::swiss_players(classical_table(t));
    // An aborted game is lost by both and scores nothing, but its two
    // players have met: they are not paired again.
    for (const Round& r : t.rounds)
        for (const Board& b : r.boards)
            if (b.aborted) {
                everyone[static_cast<std::size_t>(b.white)].opponents.push_back(b.black);
                everyone[static_cast<std::size_t>(b.black)].opponents.push_back(b.white);
            }
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
        finish(t, "tour.why.pairing", {{"why", next.error}});
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

namespace {

// Whether `a` and `b` played each other in the last game of either.
bool rematch(const std::vector<int>& last, int a, int b) {
    return last[static_cast<std::size_t>(a)] == b || last[static_cast<std::size_t>(b)] == a;
}

// Where a pair in `pairs` is a rematch, an exchange of partners with
// another pair, or with the player left over, that makes two pairs that
// are not.
void mend_rematches(std::vector<std::pair<int, int>>& pairs, std::vector<int>& left_over,
                    const std::vector<int>& last) {
    auto fine = [&](int a, int b) { return !rematch(last, a, b); };
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        auto& [a, b] = pairs[i];
        if (fine(a, b)) continue;
        for (std::size_t k = 0; k < pairs.size() && !fine(a, b); ++k) {
            auto& [c, d] = pairs[k];
            if (k == i) continue;
            if (fine(a, c) && fine(b, d))
                std::swap(b, c);
            else if (fine(a, d) && fine(b, c))
                std::swap(b, d);
        }
        if (!fine(a, b) && !left_over.empty()) {
            int& x = left_over.front();
            if (fine(a, x))
                std::swap(b, x);
            else if (fine(b, x))
                std::swap(a, x);
        }
    }
}

// The arena's pairs among the players who are free, best first: each
// plays the next one down who was not their last opponent. A rematch
// (the same two again at once) is made only when no exchange of partners
// avoids it and no other player is in a game, to come free soon; lichess
// avoids immediate rematches the same way.
std::vector<std::pair<int, int>> arena_pairs(std::vector<int> free, const std::vector<int>& last,
                                             bool others_playing) {
    std::vector<std::pair<int, int>> pairs;
    while (free.size() >= 2) {
        const int a = free[0];
        std::size_t j = 1;
        while (j + 1 < free.size() && rematch(last, a, free[j])) ++j;
        pairs.emplace_back(a, free[j]);
        free.erase(free.begin() + static_cast<std::ptrdiff_t>(j));
        free.erase(free.begin());
    }
    mend_rematches(pairs, free, last);
    if (others_playing)
        std::erase_if(pairs, [&](const auto& p) { return rematch(last, p.first, p.second); });
    return pairs;
}

}  // namespace

// An arena pairs the players who are free (not in a game, not paused) as
// soon as two are, sorted by score (arena_pairs); the one with fewer games
// as white takes white.
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
    std::vector<std::pair<double, int>> by_score;
    bool others_playing = false;
    for (const Standing& s : standings(t)) {
        const Entrant& e = t.players[static_cast<std::size_t>(s.player)];
        if (e.left || e.withdrawn || e.paused) continue;
        if (busy[static_cast<std::size_t>(s.player)])
            others_playing = true;
        else
            by_score.emplace_back(-s.score, s.player);
    }
    std::sort(by_score.begin(), by_score.end());
    std::vector<int> free;
    for (const auto& [score, player] : by_score) free.push_back(player);
    json rounds = json::array();
    for (const auto& [a, b] : arena_pairs(free, last, others_playing)) {
        const bool a_white =
            whites[static_cast<std::size_t>(a)] <= whites[static_cast<std::size_t>(b)];
        rounds.push_back(round_json({a_white ? std::pair{a, b} : std::pair{b, a}}, -1));
    }
    if (rounds.empty()) return;
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
