// Reviewing a game ("Review game", issue 16 point 5): every position of a
// finished or loaded game is analysed at one level, which gives the
// win-rate graph, and each move that lost more than a threshold of win rate
// for its player is marked, as chess sites mark them, with the move the
// analysis preferred. The page, the server (POST .../review) and
// `asterism review` all use this one function.
//
// The thresholds, in win-rate points for the player who moved (docs/review.md):
//   inaccuracy  a loss of 10 points or more
//   mistake     20 points or more
//   blunder     30 points or more
// A move's loss is the mover's win rate before it (the analysis's best move)
// minus the mover's win rate after it (the analysis of the next position,
// or the result when the game ended there); the analysis's own best move is
// never marked, so search noise does not mark the move it would play.
#pragma once

#include <atomic>
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

// "inaccuracy", "mistake", "blunder" or "".
std::string mark_name(ReviewMark m);
// The mark a loss of win rate earns.
ReviewMark mark_for_loss(double loss);

struct ReviewSettings {
    int level = 5;
    std::uint64_t seed = 1;
    int threads = 1;
    // When set, the review stops soon after it turns true (a search checks
    // it every few thousand playouts), keeping what was done.
    const std::atomic<bool>* stop = nullptr;
};

// One move of the reviewed game: ply k takes position k to position k + 1.
struct ReviewedMove {
    int ply = 0;
    std::string move;
    Player mover = Player::None;
    double before = 0.5;  // the mover's win rate before the move (best play)
    double after = 0.5;   // the mover's win rate after the move played
    double loss = 0;      // before - after, at least 0; 0 for the best move
    ReviewMark mark = ReviewMark::None;
    std::string best;    // the analysis's move in position k
    std::string proven;  // proven_text of that best move, if proven
};

struct Review {
    // The first player's win rate in each position 0..moves (one-player
    // games: the player's own), for the graph.
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
