// Reviewing a game ("Review game", issue 16 point 5; issues 27 and 43):
// every position of a finished or loaded game is analysed at one level,
// which gives the graph, and each move that lost more than a threshold of
// expected score for its player is marked, as chess sites mark them, with
// the move the analysis preferred; per player, an accuracy figure as
// lichess computes it and the count of each mark. The page, the server
// (POST .../review) and `asterism review` all use this one function.
//
// The thresholds, in points of expected score (the chance of winning, a draw
// counting half) for the player who moved, lichess's (docs/review.md):
//   inaccuracy  a loss of 5 points or more
//   mistake     10 points or more
//   blunder     15 points or more
// Every search is a fresh one, rooted at the position it values, at the
// review's level. A search favours the player it is rooted for (its own
// moves are chosen by the search, the other's barely: the tempo bias, about
// 10 points at level 5 on a small *Star board), so values are only compared
// between searches rooted for the same player. A move's loss at position k
// is the value of the position after the best move (the search of position
// k's best move) minus the value of the position after the move played,
// both searched with the other player to move, at least 0. The graph is, for
// each position, the mean of the search rooted there and the search rooted
// after its best move: the two favour opposite players by the same tempo,
// and their mean favours neither (Review::tempo_bias is the mean of the
// half differences). Every mark is then judged again by a player
// kVerifyLevels levels stronger with the same searches; its judgement
// stands (at level kMaxLevel there is none stronger, and the first stands).
// In a game one player won, the loser's move after which it never again had
// its share of the start is marked at least a mistake (ReviewedMove::decisive).
// A move after which the other player has a proven win, where the best
// move left none, is marked as lichess marks a mate it allows
// (ReviewedMove::forced_loss), even in a position already lost; and a
// losing player's move that cuts its odds threefold or more is marked at
// least an inaccuracy (ReviewedMove::odds_cut).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "search/agent.h"

namespace asterism {

enum class ReviewMark { None, Inaccuracy, Mistake, Blunder };

inline constexpr double kInaccuracyLoss = 0.05;
inline constexpr double kMistakeLoss = 0.10;
inline constexpr double kBlunderLoss = 0.15;
// A Monte Carlo search's mean result is flatter than a win rate: its
// playouts play on at random, so a position a strong player wins every time
// reads 70%. Fitted on self-play (the outcome against the logit of the
// level-5 mean, 120 games a form: scripts/review-stretch.sh, docs/review.md),
// the logit's slope grows with the players' level: 1.3 at level 5, 1.6
// (*Star) to 2.1 (Asterisk) at level 7, 1.8 (Asterisk 8) to 2.65 (*Star 6)
// at level 9. The review takes the mean m as the win rate
// 1 / (1 + ((1 - m) / m)^2), between level 7 and level 9. Alpha-beta's scores go
// through a logistic (ab::winrate_of) that each chess-like form stretches by
// the factor it registers (GameInfo::review_stretch, fitted the same way).
inline constexpr double kMonteCarloStretch = 2.0;
// How many levels above the review's the player is that checks a mark
// again before it stands.
inline constexpr int kVerifyLevels = 2;
// By default at most this many of a review's marks are checked so, the
// largest losses first; the others keep the review's own
// mark. Twelve checks at level 9 cost about half a minute of a core in
// Shatra, the dearest game.
inline constexpr std::size_t kMaxVerified = 12;
// A Monte Carlo check is a sample: two searches of one position that differ
// only in their seeds can differ by several points (a position of Asterisk
// 11 read 40% to 49% for the mover at level 7 with seeds 1 to 3), so one
// unlucky search could mark a level-9 move a blunder. Where the check's
// searches are Monte Carlo ones, it is made this many times with different
// seeds and the judgement with the median loss stands (alpha-beta's checks
// do not depend on the seed and are made once).
inline constexpr int kCheckSamples = 3;
// A losing player's move that cuts its odds (p / (1 - p)) at least
// kOddsCut times, where the best move left it under kLosingPosition, is
// marked at least an inaccuracy (ReviewedMove::odds_cut; docs/review.md).
inline constexpr double kLosingPosition = 0.25;
inline constexpr double kOddsCut = 3.0;

// "inaccuracy", "mistake", "blunder" or "".
std::string mark_name(ReviewMark m);
// The mark a loss of win rate earns.
ReviewMark mark_for_loss(double loss);
// A move's accuracy in percent for its loss of expected score (0..1), by
// lichess's formula (docs/review.md): 103.1668 * exp(-4.354415 * loss) -
// 3.1669 + 1, kept within 0..100; 100 for no loss.
double move_accuracy(double loss);

struct ReviewSettings {
    int level = 5;
    std::uint64_t seed = 1;
    int threads = 1;
    // How many marks the stronger player checks (kMaxVerified above).
    std::size_t max_verified = kMaxVerified;
    // How many times a Monte Carlo check is made (kCheckSamples above).
    int check_samples = kCheckSamples;
    // When set, the review stops soon after it turns true (a search checks
    // it every few thousand playouts), keeping what was done.
    const std::atomic<bool>* stop = nullptr;
};

// One move of the reviewed game: ply k takes position k to position k + 1.
struct ReviewedMove {
    int ply = 0;
    std::string move;
    Player mover = Player::None;
    double before = 0.5;  // the mover's expected score in position k (the graph's)
    double after = 0.5;   // before - loss: the mover's expected score by the move played
    double loss = 0;      // the best move's value minus the played move's, at least 0
    // The mover's expected score after the best move and after the move
    // played, by the searches that judged the move (the check's, for a
    // checked mark; both the same when the move played was the best).
    double by_best = 0.5;
    double by_played = 0.5;
    ReviewMark mark = ReviewMark::None;
    std::string best;    // the best move in position k (the move played if none is better)
    std::string proven;  // proven_text of that best move, if proven ("win in 3")
    // The same in numbers, for a front end that writes it in its own words:
    // 1 a proven win for the mover, -1 a loss, 0 not proven; and the plies
    // to the end, this move included.
    int proven_result = 0;
    int proven_plies = 0;
    // The move that lost the game (review.cpp, mark_the_losing_move): the
    // loser's last move after which it no longer had its share of the start.
    bool decisive = false;
    // The move let the other player force the win (a proven loss, a mate
    // in chess terms) where the best move did not: lichess's "checkmate is
    // now unavoidable", marked whatever the loss of expected score, by how
    // much the better move still held (review.cpp, forced_loss_mark).
    bool forced_loss = false;
    // In a losing position (the mover under kLosingPosition by the best
    // move), how many times the move played cut the mover's odds, when it
    // cut them kOddsCut times or more (marked at least an inaccuracy, as a
    // move that throws away what was left, which a loss of two points of
    // expected score does not show); 0 otherwise.
    double odds_cut = 0;
};

// One player's figures over the review's moves.
struct PlayerReview {
    Player player = Player::First;
    int moves = 0;
    // Lichess's game accuracy, in percent: the mean of the moves'
    // accuracies weighted by the graph's volatility around each move, and
    // their harmonic mean, averaged (docs/review.md).
    double accuracy = 100;
    int inaccuracies = 0;
    int mistakes = 0;
    int blunders = 0;
};

struct Review {
    // The first player's expected score in each position 0..moves, the
    // tempo bias taken out (one-player games: the player's own), for the
    // graph; the result at the end of a finished game.
    std::vector<double> winrate_first;
    std::vector<ReviewedMove> moves;
    // Each player who moved, first player first.
    std::vector<PlayerReview> players;
    // The mean, over the positions reviewed, of how much more a search
    // rooted at a position gives its player to move than the mean value
    // (half the difference with the search after its best move).
    double tempo_bias = 0;
};

// The players' figures of a review's moves and graph (review_game fills
// Review::players with it; public for its tests).
std::vector<PlayerReview> summarize_players(const Review& review);

// Reviews `game` from its first position to its current one (it must have
// undo back to its start, as every Game has). `progress(done, total)` is
// called after each position analysed, of `total` positions, and may return
// false to stop: the review then has the positions done so far.
Review review_game(const Game& game, const ReviewSettings& settings,
                   const std::function<bool(int, int)>& progress = nullptr);

}  // namespace asterism
