// A tournament's standings and crosstable from its finished games and byes
// (issue 29). Pure: the standard library only.
//
// Units are integers, so that ties are exact: scores and Buchholz in
// half-points, Sonneborn-Berger in quarter-points (a half-point score times
// a half-point result).
//
// The choices, kept simple on purpose (FIDE's C.07 has a "virtual
// opponent" for unplayed games; we do not):
//   - score: 2 a win, 1 a draw, 0 a loss; a forfeit scores as its result
//     says; a bye scores what the caller awarded (usually 2, one point);
//   - Buchholz: the sum of the final scores of the opponents actually
//     played; byes and forfeits add nothing;
//   - Sonneborn-Berger: the sum over games actually played of the
//     opponent's final score times the result (1 a win, 1/2 a draw);
//     byes and forfeits add nothing;
//   - order: score, then Buchholz, then Sonneborn-Berger (each higher
//     first), then name (when names are given), then index.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/tournaments/pairing.h"

namespace asterism::server::tournaments {

enum class GameResult : std::int8_t { white_won, black_won, draw };

// "1-0", "0-1" and "1/2-1/2"; nothing for any other text.
std::optional<GameResult> parse_result(std::string_view text);

struct FinishedGame {
    int round = 1;  // from 1
    int white = kNoPlayer;
    int black = kNoPlayer;
    GameResult result = GameResult::draw;
    bool forfeit = false;  // not played: the result is the arbiter's
};

struct ByeAward {
    int round = 1;
    int player = kNoPlayer;
    int half_points = 2;
};

enum class EntryKind : std::int8_t { none, played, forfeit, bye };

// A player's round in the crosstable.
struct CrosstableEntry {
    EntryKind kind = EntryKind::none;  // none: absent that round
    int opponent = kNoPlayer;
    Colour colour = Colour::none;
    int half_points = 0;
};

struct Standing {
    int player = kNoPlayer;
    int score = 0;             // half-points
    int buchholz = 0;          // half-points
    int sonneborn_berger = 0;  // quarter-points
};

struct Standings {
    std::vector<Standing> order;  // first place first
    // crosstable[player][round - 1], every player as long as the last round.
    std::vector<std::vector<CrosstableEntry>> crosstable;
};

// `names` is empty or one a player. A game or bye naming an unknown player,
// a round below 1, a player meeting itself or a player twice in one round
// is std::invalid_argument.
Standings compute_standings(int players, const std::vector<FinishedGame>& games,
                            const std::vector<ByeAward>& byes,
                            const std::vector<std::string>& names = {});

// The Swiss pairing's view of each player (pairing.h) from the crosstable:
// scores, colours, opponents met (forfeits included, so they are not
// paired again) and byes had.
std::vector<SwissPlayer> swiss_players(const Standings& standings);

}  // namespace asterism::server::tournaments
