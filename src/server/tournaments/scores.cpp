// Standings (tournament.h): a swiss or round robin by points, then Buchholz
// and Sonneborn-Berger (standings.h); an arena by arena points, with the
// streak bonus if chosen, its games counted in the order they ended and
// only those that ended before its end.
#include <algorithm>

#include "server/tournaments/standings.h"
#include "server/tournaments/tournament.h"

namespace asterism::server {

namespace tournament {

namespace {

// A finished game from one player's side: its points (1, 1/2, 0; -1 for a
// game without a result) and when it ended.
struct Scored {
    int player, opponent;
    double points;  // -1: no result
    std::int64_t ended_ms;
};

std::vector<Scored> scored_games(const TournamentService::Tournament& t) {
    std::vector<Scored> out;
    for (const Round& r : t.rounds)
        for (const Board& b : r.boards) {
            // An aborted game (a side never moved) is no game: no points,
            // and a streak neither grows nor breaks on it.
            if (!b.done || b.aborted) continue;
            const double w = points_for_white(b.result);
            out.push_back({b.white, b.black, w, b.ended_ms});
            out.push_back({b.black, b.white, w < 0 ? -1 : 1 - w, b.ended_ms});
        }
    return out;
}

std::vector<Standing> arena_standings(const TournamentService::Tournament& t) {
    std::vector<Scored> games = scored_games(t);
    std::stable_sort(games.begin(), games.end(),
                     [](const Scored& a, const Scored& b) { return a.ended_ms < b.ended_ms; });
    std::vector<Standing> out(t.players.size());
    std::vector<int> wins_in_row(t.players.size(), 0);
    const std::int64_t end = t.ends_ms();
    for (const Scored& g : games) {
        if (end != 0 && g.ended_ms > end) continue;  // played out after the end
        const auto p = static_cast<std::size_t>(g.player);
        Standing& s = out[p];
        ++s.games;
        const bool fire = t.s.streak && wins_in_row[p] >= 2;
        const double points = g.points == 1 ? 2 : g.points == 0.5 ? 1 : 0;
        s.score += fire ? 2 * points : points;
        wins_in_row[p] = g.points == 1 ? wins_in_row[p] + 1 : 0;
    }
    for (std::size_t i = 0; i < out.size(); ++i) out[i].player = static_cast<int>(i);
    return out;
}

}  // namespace

// The games and byes of a swiss or round robin as standings.h counts them;
// a game that ended without a result is left out (nothing for either).
tournaments::Standings classical_table(const TournamentService::Tournament& t) {
    std::vector<tournaments::FinishedGame> games;
    std::vector<tournaments::ByeAward> byes;
    for (std::size_t i = 0; i < t.rounds.size(); ++i) {
        const int round = static_cast<int>(i) + 1;
        if (t.rounds[i].bye >= 0) byes.push_back({round, t.rounds[i].bye, 2});
        for (const Board& b : t.rounds[i].boards) {
            const auto result = tournaments::parse_result(b.result);
            if (b.done && result) games.push_back({round, b.white, b.black, *result, false});
        }
    }
    std::vector<std::string> names;
    for (const Entrant& e : t.players) names.push_back(e.name);
    return tournaments::compute_standings(static_cast<int>(t.players.size()), games, byes, names);
}

namespace {

std::vector<Standing> classical_standings(const TournamentService::Tournament& t) {
    const tournaments::Standings table = classical_table(t);
    std::vector<Standing> out;
    for (const tournaments::Standing& s : table.order) {
        int games = 0;
        for (const auto& e : table.crosstable[static_cast<std::size_t>(s.player)])
            games += e.kind == tournaments::EntryKind::played ? 1 : 0;
        out.push_back({s.player, s.score / 2.0, s.buchholz / 2.0, s.sonneborn_berger / 4.0, games});
    }
    return out;
}

}  // namespace

std::vector<Standing> standings(const TournamentService::Tournament& t) {
    const bool arena = t.s.format == "arena";
    std::vector<Standing> out = arena ? arena_standings(t) : classical_standings(t);
    std::erase_if(
        out, [&](const Standing& s) { return t.players[static_cast<std::size_t>(s.player)].left; });
    // standings.h orders the others; an arena goes by points, then games.
    if (arena)
        std::stable_sort(out.begin(), out.end(), [](const Standing& a, const Standing& b) {
            return a.score != b.score ? a.score > b.score : a.games < b.games;
        });
    return out;
}

}  // namespace tournament

}  // namespace asterism::server
