// The training file of `asterism selfplay` (docs/learning.md): reading it
// back into games and positions, and writing it again byte for byte, for
// the fitters of learned knowledge (`asterism train`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace asterism::learn {

struct TrainingCandidate {
    std::string move;
    std::uint64_t visits = 0;
    double value = 0;  // for the player to move
};

struct TrainingPosition {
    int ply = 0;       // moves of the game played before this position
    double value = 0;  // the search's value of the move played, for the player to move
    std::vector<TrainingCandidate> candidates;  // best first
};

struct TrainingGame {
    int index = 0;
    // 1 the first player won, -1 the second, 0 a draw; `finished` false for
    // a game cut short (written "*").
    int result = 0;
    bool finished = true;
    std::vector<std::string> moves;  // every move, random opening included
    std::vector<TrainingPosition> positions;
};

struct TrainingFile {
    std::string spec;
    std::vector<TrainingGame> games;
};

// Throws GameError naming the line of the first problem.
TrainingFile parse_training(std::string_view text, std::string_view source = "training file");
std::string format_training(const TrainingFile& file);

// Reads one or more files (their specs must agree).
TrainingFile load_training(const std::vector<std::string>& paths);

}  // namespace asterism::learn
