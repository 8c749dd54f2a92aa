// `asterism train`: fits a game's learned knowledge to self-play training
// files and writes the weights as a C++ include file that the game compiles
// in (docs/learning.md).
#pragma once

#include <string>
#include <vector>

#include "learn/fit.h"

namespace asterism::learn {

struct TrainSettings {
    std::vector<std::string> data;  // training files of one game
    std::string out;                // the .inc file to write
    FitSettings fit;
    // Every this-many-th game is held out of the fit and measured.
    int holdout_every = 10;
    // What the move priors are fitted to: the search's visit distribution,
    // or only the move it played (all its probability on the first
    // candidate), which is sharper where the visits are spread thin.
    bool played_only = false;
    std::string command;  // written into the file's header
};

// Fits and writes; the report says how well. Throws GameError for a game
// without learned knowledge or bad data.
FitReport train(const TrainSettings& settings);

}  // namespace asterism::learn
