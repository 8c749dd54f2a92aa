// Reviewing a game ("Review game", issue 16 point 5; issue 27): every
// position of a finished or loaded game is analysed at one level, which
// gives the graph, and each move that lost more than a threshold of
// expected score for its player is marked, as chess sites mark them, with
// the move the analysis preferred. The page, the server (POST .../review)
// and `asterism review` all use this one function.
//
// The thresholds, in points of expected score (the chance of winning, a draw
// counting half) for the player who moved (docs/review.md):
//   inaccuracy  a loss of 10 points or more
//   mistake     20 points or more
//   blunder     30 points or more
// A move's loss compares, at the node of position k, the played move's
// value with the best other move's. The played move's value is the mean of
// its own node after the search of position k + 1 has gone on with it (the
// same tree, so at least the level's playouts; the result when the game
// ended there; alpha-beta: that search's score). The other moves' values are
// their means in the search of position k, each shrunk toward the root's
// mean by kShrinkPlayouts playouts (alpha-beta: its best move's score); a
// proven result counts as 1 or 0. A move no other move beats loses nothing.
// A mistake or blunder is then judged again by a player kVerifyLevels
// levels stronger, searching positions k and k + 1 afresh; its judgement
// stands (at level kMaxLevel there is none stronger, and the first stands).
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

inline constexpr double kInaccuracyLoss = 0.10;
inline constexpr double kMistakeLoss = 0.20;
inline constexpr double kBlunderLoss = 0.30;
// How many playouts' worth of the root's mean a Monte Carlo candidate's own
// mean is blended with before the review trusts it (docs/review.md): a
// candidate with 25 playouts is taken halfway between the two.
inline constexpr double kShrinkPlayouts = 25;
// How many levels above the review's the player is that checks a mistake
// or blunder again before it is marked.
inline constexpr int kVerifyLevels = 2;
// By default at most this many of a review's mistakes and blunders are
// checked so, the largest losses first; the others keep the review's own
// mark. Twelve checks at level 9 cost about half a minute of a core in
// Shatra, the dearest game.
inline constexpr std::size_t kMaxVerified = 12;

// "inaccuracy", "mistake", "blunder" or "".
std::string mark_name(ReviewMark m);
// The mark a loss of win rate earns.
ReviewMark mark_for_loss(double loss);

struct ReviewSettings {
    int level = 5;
    std::uint64_t seed = 1;
    int threads = 1;
    // How many marks the stronger player checks (kMaxVerified above).
    std::size_t max_verified = kMaxVerified;
    // When set, the review stops soon after it turns true (a search checks
    // it every few thousand playouts), keeping what was done.
    const std::atomic<bool>* stop = nullptr;
};

// One move of the reviewed game: ply k takes position k to position k + 1.
struct ReviewedMove {
    int ply = 0;
    std::string move;
    Player mover = Player::None;
    double before = 0.5;  // the mover's expected score by the best move
    double after = 0.5;   // the mover's expected score by the move played
    double loss = 0;      // before - after, at least 0; 0 when no move is better
    ReviewMark mark = ReviewMark::None;
    std::string best;    // the best move in position k (the move played if none is better)
    std::string proven;  // proven_text of that best move, if proven ("win in 3")
    // The same in numbers, for a front end that writes it in its own words:
    // 1 a proven win for the mover, -1 a loss, 0 not proven; and the plies
    // to the end, this move included.
    int proven_result = 0;
    int proven_plies = 0;
};

struct Review {
    // The first player's expected score in each position 0..moves by the
    // best move there (`before` of its move; one-player games: the player's
    // own), for the graph.
    std::vector<double> winrate_first;
    std::vector<ReviewedMove> moves;
};

// Reviews `game` from its first position to its current one (it must have
// undo back to its start, as every Game has). `progress(done, total)` is
// called after each position analysed, of `total` positions, and may return
// false to stop: the review then has the positions done so far.
Review review_game(const Game& game, const ReviewSettings& settings,
                   const std::function<bool(int, int)>& progress = nullptr);

}  // namespace asterism
