// Standings, tie-breaks and crosstable (standings.h).
#include "server/tournaments/standings.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace asterism::server::tournaments {

namespace {

void check_player(int p, int players, const char* what) {
    if (p < 0 || p >= players) {
        throw std::invalid_argument(std::string("standings: ") + what + " names player " +
                                    std::to_string(p) + " of " + std::to_string(players));
    }
}

void check_round(int round) {
    if (round < 1) throw std::invalid_argument("standings: round " + std::to_string(round));
}

// Writes one player's entry for a round, refusing a second one.
void place(std::vector<std::vector<CrosstableEntry>>& table, int player, int round,
           CrosstableEntry entry) {
    std::vector<CrosstableEntry>& row = table[player];
    if (static_cast<int>(row.size()) < round) row.resize(round);
    if (row[round - 1].kind != EntryKind::none) {
        throw std::invalid_argument("standings: player " + std::to_string(player) +
                                    " twice in round " + std::to_string(round));
    }
    row[round - 1] = entry;
}

std::vector<std::vector<CrosstableEntry>> crosstable(int players,
                                                     const std::vector<FinishedGame>& games,
                                                     const std::vector<ByeAward>& byes) {
    std::vector<std::vector<CrosstableEntry>> table(players);
    int rounds = 0;
    for (const FinishedGame& g : games) {
        check_player(g.white, players, "a game");
        check_player(g.black, players, "a game");
        check_round(g.round);
        if (g.white == g.black) throw std::invalid_argument("standings: a player meets itself");
        const int white_points = g.result == GameResult::white_won ? 2
                                 : g.result == GameResult::draw    ? 1
                                                                   : 0;
        const EntryKind kind = g.forfeit ? EntryKind::forfeit : EntryKind::played;
        place(table, g.white, g.round, {kind, g.black, Colour::white, white_points});
        place(table, g.black, g.round, {kind, g.white, Colour::black, 2 - white_points});
        rounds = std::max(rounds, g.round);
    }
    for (const ByeAward& b : byes) {
        check_player(b.player, players, "a bye");
        check_round(b.round);
        place(table, b.player, b.round, {EntryKind::bye, kNoPlayer, Colour::none, b.half_points});
        rounds = std::max(rounds, b.round);
    }
    for (auto& row : table) row.resize(rounds);
    return table;
}

}  // namespace

std::optional<GameResult> parse_result(std::string_view text) {
    if (text == "1-0") return GameResult::white_won;
    if (text == "0-1") return GameResult::black_won;
    if (text == "1/2-1/2") return GameResult::draw;
    return std::nullopt;
}

Standings compute_standings(int players, const std::vector<FinishedGame>& games,
                            const std::vector<ByeAward>& byes,
                            const std::vector<std::string>& names) {
    if (!names.empty() && static_cast<int>(names.size()) != players) {
        throw std::invalid_argument("standings: " + std::to_string(names.size()) + " names for " +
                                    std::to_string(players) + " players");
    }
    Standings out;
    out.crosstable = crosstable(players, games, byes);
    std::vector<Standing> by_player(players);
    for (int p = 0; p < players; ++p) {
        by_player[p].player = p;
        for (const CrosstableEntry& e : out.crosstable[p]) by_player[p].score += e.half_points;
    }
    for (int p = 0; p < players; ++p) {
        for (const CrosstableEntry& e : out.crosstable[p]) {
            if (e.kind != EntryKind::played) continue;
            const int opponent_score = by_player[e.opponent].score;
            by_player[p].buchholz += opponent_score;
            by_player[p].sonneborn_berger += opponent_score * e.half_points;
        }
    }
    out.order = by_player;
    auto key = [&](const Standing& s) {
        return std::tuple(-s.score, -s.buchholz, -s.sonneborn_berger,
                          names.empty() ? std::string_view{} : std::string_view{names[s.player]},
                          s.player);
    };
    std::sort(out.order.begin(), out.order.end(),
              [&](const Standing& a, const Standing& b) { return key(a) < key(b); });
    return out;
}

std::vector<SwissPlayer> swiss_players(const Standings& standings) {
    std::vector<SwissPlayer> out(standings.crosstable.size());
    for (std::size_t p = 0; p < out.size(); ++p) {
        for (const CrosstableEntry& e : standings.crosstable[p]) {
            out[p].score += e.half_points;
            out[p].colours.push_back(e.kind == EntryKind::played ? e.colour : Colour::none);
            if (e.opponent != kNoPlayer) out[p].opponents.push_back(e.opponent);
            if (e.kind == EntryKind::bye) out[p].had_bye = true;
        }
    }
    return out;
}

}  // namespace asterism::server::tournaments
