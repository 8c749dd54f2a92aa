// Pairing tournament rounds (issue 29): round robins by FIDE's Berger tables
// and Swiss rounds by a minimum-cost perfect matching (matching.h). Pure:
// the standard library only; the server keeps the players, the games and
// the events, and asks this for the next round.
//
// Players are indices 0..n-1 in the order of their pairing numbers (rank:
// index 0 is the top seed). Scores are integers in half-points.
//
// Round robin. berger() writes FIDE's Berger tables (Handbook C.05, Annex 1)
// for 2 to 30 players: player n (the last) stays put and alternates colours
// on board 1, the others turn round it by n/2 places a round. With an odd
// count the last number is a dummy, and whoever meets it has the bye. A
// double round robin repeats the cycle with colours reversed, and (as C.05
// recommends) swaps the first cycle's last two rounds, so that nobody has
// the same colour three times in a row across the two cycles.
//
// Swiss. One round from the players' scores, colours, past opponents and
// byes. The rules, hard ones first:
//   - nobody meets the same opponent twice;
//   - nobody has a second bye; with an odd count the bye (its points are
//     the caller's: one point is usual) goes to the lowest score that can
//     have it, and within that score the lowest ranked;
//   - after the round nobody's colour difference (whites minus blacks) is
//     outside [-2, 2], and nobody has the same colour three times in a row.
//     If there is no pairing at all that keeps the second, it is given up
//     (the result says so) rather than end the tournament; the first never;
//   - score groups are paired within themselves as far as possible: the
//     cost of a pair grows with the square of its score difference, so few
//     players float and by little;
//   - colour preferences are honoured where possible (a strong one, from a
//     colour difference of 1, before a mild one, from alternation);
//   - within a score group the top half meets the bottom half (1 v 1+g/2,
//     as the Dutch system does); a player floated down is the group's lowest
//     ranked, and meets the next group's highest.
// Each rule outweighs everything below it (the weights are computed from the
// field, as powers of a base larger than the sum of the lower terms), so
// the cheapest perfect matching is the best pairing in that order. The
// players are vertices, plus a bye vertex when the count is odd; forbidden
// pairs have no edge.
//
// Colours once paired: a player who cannot take a colour does not; else the
// stronger preference (absolute, strong, mild) gets its colour; on equal
// ones, each takes the colour opposite to the one it had in the latest round
// where one had white and the other black; failing that the higher score,
// then the higher ranked, gets its preference. When neither has one (the
// first round), the higher placed player has white on boards 1, 3, 5... and
// black on boards 2, 4, 6... Boards are ordered by the pair's higher score,
// then its lower score, then its higher rank.
//
// Left out of FIDE's Dutch system (C.04.3): the exemptions for topscorers in
// the last round, not floating the same player two rounds running, and the
// exact order of transpositions; the matching's cost order stands in for
// the latter.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace asterism::server::tournaments {

inline constexpr int kNoPlayer = -1;
inline constexpr int kMaxRoundRobinPlayers = 30;

enum class Colour : std::int8_t { none, white, black };

struct Game {
    int white = kNoPlayer;
    int black = kNoPlayer;
    friend bool operator==(const Game&, const Game&) = default;
};

// One round: the games, board 1 first, and who has the bye (kNoPlayer when
// nobody does).
struct Round {
    std::vector<Game> games;
    int bye = kNoPlayer;
};

// The rounds of a round robin of `players` (2..kMaxRoundRobinPlayers; else
// std::invalid_argument): players - 1 rounds for an even count, players
// rounds for an odd one, twice that when `double_round`.
std::vector<Round> berger(int players, bool double_round);

// A player as the Swiss pairing sees it before a round. Withdrawn players
// are left out by the caller (and the indices are then of this list).
struct SwissPlayer {
    int score = 0;                // half-points
    std::vector<Colour> colours;  // one a past round: none for a bye or a game not played
    std::vector<int> opponents;   // the players already met
    bool had_bye = false;
};

struct SwissPairing {
    std::optional<Round> round;            // empty when there is no legal pairing...
    std::string error;                     // ...and this says why
    bool colour_sequence_relaxed = false;  // somebody may have a colour three times running
};

SwissPairing pair_swiss_round(const std::vector<SwissPlayer>& players);

}  // namespace asterism::server::tournaments
