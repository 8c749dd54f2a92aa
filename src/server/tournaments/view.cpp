// The one JSON view of a tournament (tournament.h, docs/tournaments.md): what
// the page, the API and the live stream show: settings, players, standings,
// the crosstable and each round's games.
#include "server/tournaments/tournament.h"

#include "core/game.h"

namespace asterism::server {

namespace tournament {

double points_for_white(const std::string& result) {
    if (result == "1-0") return 1;
    if (result == "0-1") return 0;
    if (result == "1/2-1/2") return 0.5;
    return -1;
}

namespace {

json clock_view(const json& clock) {
    json out = clock;
    if (clock.value("kind", "") == "fischer") {
        out["base"] = static_cast<std::int64_t>(clock.value("minutes", 10.0) * 60000);
        out["increment"] = static_cast<std::int64_t>(clock.value("increment", 0.0) * 1000);
    }
    return out;
}

json rounds_view(const TournamentService::Tournament& t) {
    json out = json::array();
    for (std::size_t i = 0; i < t.rounds.size(); ++i) {
        json games = json::array();
        for (const Board& b : t.rounds[i].boards)
            games.push_back({{"white", b.white},
                             {"black", b.black},
                             {"id", b.game},
                             {"result", b.result},
                             {"aborted", b.aborted}});
        out.push_back({{"round", i + 1}, {"games", games}, {"bye", t.rounds[i].bye}});
    }
    return out;
}

std::string cell_result(const Board& b, bool white) {
    if (!b.done) return "*";
    const double p = points_for_white(b.result);
    if (p < 0) return "0";
    const double mine = white ? p : 1 - p;
    return mine == 1 ? "1" : mine == 0 ? "0" : "1/2";
}

json crosstable(const TournamentService::Tournament& t) {
    json out = json::array();
    for (std::size_t p = 0; p < t.players.size(); ++p) {
        if (t.players[p].left) continue;
        const int me = static_cast<int>(p);
        json cells = json::array();
        for (std::size_t i = 0; i < t.rounds.size(); ++i) {
            const Round& r = t.rounds[i];
            if (r.bye == me)
                cells.push_back(
                    {{"round", i + 1}, {"opponent", -1}, {"colour", ""}, {"result", "bye"}});
            for (const Board& b : r.boards)
                if (b.white == me || b.black == me)
                    cells.push_back({{"round", i + 1},
                                     {"opponent", b.white == me ? b.black : b.white},
                                     {"colour", b.white == me ? "white" : "black"},
                                     {"result", cell_result(b, b.white == me)}});
        }
        out.push_back({{"player", me}, {"cells", cells}});
    }
    return out;
}

json standings_view(const TournamentService::Tournament& t) {
    json out = json::array();
    int rank = 0;
    for (const Standing& s : standings(t)) {
        const Entrant& e = t.players[static_cast<std::size_t>(s.player)];
        out.push_back({{"rank", ++rank},
                       {"player", s.player},
                       {"name", e.name},
                       {"score", s.score},
                       {"buchholz", s.buchholz},
                       {"sb", s.sb},
                       {"games", s.games},
                       {"withdrawn", e.withdrawn}});
    }
    return out;
}

}  // namespace

json summary(const TournamentService::Tournament& t) {
    int players = 0;
    for (const Entrant& e : t.players) players += e.left ? 0 : 1;
    return {{"id", t.row.id},
            {"name", t.s.name},
            {"game", spec_id(t.s.spec)},
            {"spec", t.s.spec},
            {"format", t.s.format},
            {"status", t.row.status},
            {"players", players},
            {"starts_ms", t.s.starts_ms},
            {"round", t.rounds.size()},
            {"rounds", t.s.format == "swiss" ? t.s.rounds : 0},
            {"clock", clock_view(t.s.clock)},
            {"rated", t.s.rated}};
}

json view(const TournamentService::Tournament& t, std::int64_t account, bool moderator) {
    json v = summary(t);
    v["reason"] = t.reason;
    if (t.reason_code.is_object()) v["reason_code"] = t.reason_code;
    v["creator"] = t.s.creator_name;
    v["ends_ms"] = t.ends_ms();
    v["minutes"] = t.s.minutes;
    v["double"] = t.s.double_round;
    v["streak"] = t.s.streak;
    if (t.s.format == "round_robin") v["rounds"] = t.rounds.size();
    json players = json::array();
    for (std::size_t i = 0; i < t.players.size(); ++i) {
        const Entrant& e = t.players[i];
        if (e.left) continue;
        players.push_back(
            {{"index", i}, {"name", e.name}, {"withdrawn", e.withdrawn}, {"paused", e.paused}});
    }
    v["players"] = players;
    const int me = t.player_of(account);
    const bool in = me >= 0 && !t.players[static_cast<std::size_t>(me)].left;
    const bool mine = account != 0 && account == t.row.creator;
    v["you"] = in ? me : -1;
    const bool entry = t.row.status == "entry", running = t.row.status == "running";
    const bool arena = t.s.format == "arena";
    const bool withdrawn = in && t.players[static_cast<std::size_t>(me)].withdrawn;
    v["can"] = {
        {"join", account != 0 && !in && (entry || (arena && running))},
        {"leave", in && entry},
        {"withdraw", in && running && !withdrawn},
        {"start", entry && (mine || moderator)},
        {"cancel", (entry && mine) || (t.active() && moderator)},
        {"pause",
         in && running && arena && !withdrawn && !t.players[static_cast<std::size_t>(me)].paused},
        {"resume", in && running && arena && t.players[static_cast<std::size_t>(me)].paused}};
    v["standings"] = standings_view(t);
    v["rounds_list"] = rounds_view(t);
    v["crosstable"] = crosstable(t);
    std::string winner;
    if (t.row.status == "finished" && !v["standings"].empty()) winner = v["standings"][0]["name"];
    v["winner"] = winner;
    return v;
}

}  // namespace tournament

}  // namespace asterism::server
