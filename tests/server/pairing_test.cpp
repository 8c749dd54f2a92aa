// The tournament pairing library (server/tournaments): the blossom matching
// against brute force, the Berger tables against FIDE's published ones, Swiss
// rounds on hand-made fields and in hundreds of simulated tournaments, and
// the standings' tie-breaks on a hand-computed example.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "server/tournaments/matching.h"

namespace asterism::server::tournaments {
namespace {

// ---- The matching, against brute force.

struct Graph {
    int n = 0;
    std::vector<std::vector<std::int64_t>> weight;  // -1: no edge
};

Graph random_graph(std::mt19937& rng, int n, int max_weight, int density_percent) {
    Graph g{n, std::vector<std::vector<std::int64_t>>(n, std::vector<std::int64_t>(n, -1))};
    std::uniform_int_distribution<int> percent(0, 99), w(0, max_weight);
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            if (percent(rng) < density_percent) g.weight[a][b] = g.weight[b][a] = w(rng);
        }
    }
    return g;
}

// The best total over the matchings of vertices `from`.. given `used`:
// weight when `perfect` is false, else the least cost of a perfect one
// (nullopt-like: INT64_MAX when there is none).
std::int64_t brute_force(const Graph& g, std::vector<char>& used, bool perfect) {
    int v = 0;
    while (v < g.n && used[v]) ++v;
    if (v == g.n) return 0;
    constexpr std::int64_t kImpossible = INT64_MAX;
    used[v] = 1;
    std::int64_t best = perfect ? kImpossible : brute_force(g, used, perfect);
    for (int u = v + 1; u < g.n; ++u) {
        if (used[u] || g.weight[v][u] < 0) continue;
        used[u] = 1;
        const std::int64_t rest = brute_force(g, used, perfect);
        used[u] = 0;
        if (rest == kImpossible) continue;
        const std::int64_t total = rest + g.weight[v][u];
        best = perfect ? std::min(best, total) : std::max(best, total);
    }
    used[v] = 0;
    return best;
}

// Checks that `mate` is a matching of g's edges, and returns its weight.
std::int64_t matched_weight(const Graph& g, const std::vector<int>& mate) {
    EXPECT_EQ(static_cast<int>(mate.size()), g.n);
    std::int64_t total = 0;
    for (int v = 0; v < g.n; ++v) {
        const int m = mate[v];
        if (m < 0) continue;
        EXPECT_EQ(mate[m], v);
        EXPECT_GE(g.weight[v][m], 0) << "matched along a missing edge " << v << "-" << m;
        if (v < m) total += g.weight[v][m];
    }
    return total;
}

TEST(Matching, MaximumWeightEqualsBruteForceOnRandomGraphs) {
    std::mt19937 rng(20240601);
    for (int seed = 0; seed < 3000; ++seed) {
        const int n = 1 + seed % 10;
        const int max_weight = seed % 3 == 0 ? 3 : (seed % 3 == 1 ? 20 : 1000000);
        const Graph g = random_graph(rng, n, max_weight, 30 + seed % 70);
        std::vector<WeightedEdge> edges;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (g.weight[a][b] >= 0) edges.push_back({a, b, g.weight[a][b]});
            }
        }
        std::vector<char> used(n, 0);
        const std::int64_t expected = brute_force(g, used, false);
        ASSERT_EQ(matched_weight(g, maximum_weight_matching(n, edges)), expected)
            << "seed " << seed << " n " << n;
    }
}

TEST(Matching, MinCostPerfectEqualsBruteForceOnRandomGraphs) {
    std::mt19937 rng(7);
    int without = 0;
    for (int seed = 0; seed < 3000; ++seed) {
        const int n = 2 * (1 + seed % 5);
        const int max_cost = seed % 2 == 0 ? 5 : 100000;
        const Graph g = random_graph(rng, n, max_cost, 30 + seed % 70);
        std::vector<CostEdge> edges;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (g.weight[a][b] >= 0) edges.push_back({a, b, g.weight[a][b]});
            }
        }
        std::vector<char> used(n, 0);
        const std::int64_t expected = brute_force(g, used, true);
        const auto got = min_cost_perfect_matching(n, edges);
        if (expected == INT64_MAX) {
            ASSERT_FALSE(got.has_value()) << "seed " << seed;
            ++without;
            continue;
        }
        ASSERT_TRUE(got.has_value()) << "seed " << seed;
        EXPECT_EQ(got->cost, expected) << "seed " << seed;
        EXPECT_EQ(matched_weight(g, got->mate), expected) << "seed " << seed;
    }
    EXPECT_GT(without, 100);  // the random graphs include ones with no perfect matching
}

}  // namespace
}  // namespace asterism::server::tournaments
