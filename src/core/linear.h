// The value of a linear evaluation (the chess-likes' fitted evaluations,
// docs/learning.md): the sum of each term times its weight.
#pragma once

#include <array>
#include <cstddef>

namespace asterism {

template <std::size_t N>
constexpr int linear_value(const std::array<int, N>& weights, const int* terms) {
    int v = 0;
    for (std::size_t i = 0; i < N; ++i) v += weights[i] * terms[i];
    return v;
}

}  // namespace asterism
