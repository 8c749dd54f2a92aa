// Maximum-weight matching on a general graph (Edmonds' blossom algorithm in
// its primal-dual form, as Galil's 1986 survey "Efficient algorithms for
// finding maximum matching in graphs" describes it), and on top of it the
// minimum-cost perfect matching that Swiss pairing needs (pairing.h).
//
// Written here rather than taken from Boost: Boost 1.74's
// maximum_weighted_matching returns non-optimal matchings on some graphs
// (boostorg/graph issues 199, 223 and 399). The tests compare this one with
// brute force on thousands of small random graphs.
//
// Time O(n^3) for n vertices, memory O(n^2); meant for n up to a few
// hundred (a Swiss round of 100 players takes under 5 ms). Weights are
// integers, so every dual variable stays an integer and nothing is rounded.
// Pure: the C++ standard library only, no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace asterism::server::tournaments {

// Inputs past these limits are refused (std::invalid_argument) so that no
// sum of weights and duals can overflow 64 bits.
inline constexpr int kMaxMatchingVertices = 1024;
inline constexpr std::int64_t kMaxMatchingWeight = std::int64_t{1} << 54;
inline constexpr std::int64_t kMaxMatchingCost = std::int64_t{1} << 44;

// An undirected edge between vertices a and b (0-based, a != b). Where an
// edge is given twice, the better of the two counts.
struct WeightedEdge {
    int a = 0;
    int b = 0;
    std::int64_t weight = 0;  // 0 to kMaxMatchingWeight
};

// A matching of greatest total weight (not necessarily of greatest size):
// mate[v] is v's partner, or -1 for a vertex left single.
std::vector<int> maximum_weight_matching(int vertex_count, const std::vector<WeightedEdge>& edges);

struct CostEdge {
    int a = 0;
    int b = 0;
    std::int64_t cost = 0;  // -kMaxMatchingCost to kMaxMatchingCost
};

struct PerfectMatching {
    std::vector<int> mate;  // every vertex's partner
    std::int64_t cost = 0;  // the sum of the chosen edges' costs
};

// A perfect matching (every vertex matched) of least total cost using only
// the given edges, or nothing when the graph has none (an odd vertex count,
// or edges too few). It is a maximum-weight matching with weight
// BIG - cost, where BIG is so large that one more edge always outweighs any
// saving in cost: the greatest weight is then of the largest matching, and
// among those of the cheapest.
std::optional<PerfectMatching> min_cost_perfect_matching(int vertex_count,
                                                         const std::vector<CostEdge>& edges);

}  // namespace asterism::server::tournaments
