// Numbers as they go out: rounded for the JSON a person or a page reads,
// fixed for the text files the tools write. One definition each, so that
// every route and file rounds alike.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace asterism {

// `v` rounded to `decimals` places: 1 for ratings, 4 for shares and win
// rates (plenty for a graph or a shaded map, and it keeps a 275-cell map
// small).
inline double rounded(double v, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(v * scale) / scale;
}

// `v` with four decimals ("0.5312"), as the training files write values.
inline std::string fixed4(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    return buf;
}

}  // namespace asterism
