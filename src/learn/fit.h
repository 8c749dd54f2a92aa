// The fitters of learned knowledge (docs/learning.md). Both are full-batch
// and use no randomness, so the same data gives the same weights.
//
//   fit_softmax: a conditional-logit ("Bradley-Terry" over all legal moves,
//   as MoHex fits its patterns) model of the moves a search chose: each
//   move scores the sum of its features' weights, the probability of a
//   move is the softmax of the scores over the position's moves, and the
//   fit minimises the cross-entropy to the search's visit distribution.
//
//   fit_logistic: Texel tuning of a linear evaluation: the game's result
//   for the side to move (1, 0.5, 0) is fitted by sigmoid(scale * w . x)
//   over many quiet positions, where x are the evaluation's terms.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace asterism::learn {

// One position for fit_softmax: move i has the features
// features[start[i] .. start[i + 1]) and the target probability target[i].
struct MoveSample {
    std::vector<std::uint32_t> start{0};
    std::vector<std::uint16_t> features;
    std::vector<float> target;
    bool holdout = false;  // measured, not fitted
};

// One position for fit_logistic: the evaluation's terms and the result for
// the side to move.
struct EvalSample {
    std::vector<float> terms;
    float result = 0.5f;
    bool holdout = false;
};

struct FitSettings {
    int iterations = 400;
    double rate = 0.05;  // Adam's step
    double l2 = 1e-4;    // weight decay, per position
};

struct FitReport {
    std::vector<double> weights;
    int fitted = 0, held_out = 0;  // positions
    // Mean loss (cross-entropy, or squared error for fit_logistic) on the
    // positions fitted and held out, the held-out loss of the starting
    // weights, and for fit_softmax how often the held-out positions' most
    // visited move is the model's first choice.
    double fitted_loss = 0, holdout_loss = 0, holdout_start_loss = 0, holdout_top1 = 0;
};

FitReport fit_softmax(const std::vector<MoveSample>& samples, int features,
                      const FitSettings& settings);

// `start` gives the starting weights (and their count); `scale` is fixed.
// Weights flagged in `frozen` keep their starting value.
FitReport fit_logistic(const std::vector<EvalSample>& samples, const std::vector<double>& start,
                       const std::vector<bool>& frozen, double scale, const FitSettings& settings);

// The scale that best fits sigmoid(scale * w . x) with the weights `w`
// fixed (Texel's first step), by golden-section search.
double fit_scale(const std::vector<EvalSample>& samples, const std::vector<double>& w);

}  // namespace asterism::learn
