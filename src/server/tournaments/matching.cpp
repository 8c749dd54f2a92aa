// Edmonds' weighted blossom algorithm (matching.h), primal-dual: the
// stages, alternating trees and dual moves of the matcher (blossom.h says
// how it works; its blossoms are in blossom.cpp), and the public functions.
#include "server/tournaments/matching.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "server/tournaments/blossom.h"

namespace asterism::server::tournaments {

namespace blossom {

BlossomMatcher::BlossomMatcher(int n, const std::vector<WeightedEdge>& edges)
    : n_(n),
      weight_(static_cast<std::size_t>(n) * n, 0),
      neighbours_(n),
      mate_(n, kNone),
      top_(n),
      best_outer_(n, kNone),
      parent_(2 * n, kNone),
      base_(2 * n, kNone),
      children_(2 * n),
      cycle_(2 * n),
      dual_(2 * n, 0),
      label_(2 * n, Label::free),
      label_link_(2 * n),
      best_to_(2 * n, std::vector<Link>(2 * n)),
      best_out_(2 * n),
      mark_(2 * n, 0) {
    std::vector<char> present(static_cast<std::size_t>(n) * n, 0);
    Weight max_weight = 0;
    for (const WeightedEdge& e : edges) {
        const std::size_t ab = static_cast<std::size_t>(e.a) * n + e.b;
        const std::size_t ba = static_cast<std::size_t>(e.b) * n + e.a;
        if (!present[ab]) {
            neighbours_[e.a].push_back(e.b);
            neighbours_[e.b].push_back(e.a);
        }
        present[ab] = present[ba] = 1;
        weight_[ab] = weight_[ba] = std::max(weight_[ab], e.weight);
        max_weight = std::max(max_weight, e.weight);
    }
    for (int v = 0; v < n; ++v) {
        top_[v] = base_[v] = v;
        dual_[v] = max_weight;  // every slack starts at 2 * (max - weight) >= 0
    }
    for (int b = 2 * n - 1; b >= n; --b) free_ids_.push_back(b);
}

std::vector<int> BlossomMatcher::solve() {
    // Each stage but the last adds one edge to the matching.
    for (int stage = 0; stage <= n_ / 2; ++stage) {
        if (!run_stage()) break;
        dissolve_zero_blossoms();
    }
    return mate_;
}

// One stage: true when it augmented the matching, false when the matching
// is optimal.
bool BlossomMatcher::run_stage() {
    start_stage();
    for (;;) {
        while (!queue_.empty()) {
            const int v = queue_.back();
            queue_.pop_back();
            if (scan(v)) return true;
        }
        const Event e = next_event();
        move_duals(e.delta);
        if (e.kind == EventKind::optimal) return false;
        if (handle(e)) return true;
    }
}

void BlossomMatcher::start_stage() {
    std::fill(label_.begin(), label_.end(), Label::free);
    std::fill(label_link_.begin(), label_link_.end(), Link{});
    std::fill(best_outer_.begin(), best_outer_.end(), kNone);
    queue_.clear();
    // Every top-level node whose base is single roots a tree.
    for (int v = 0; v < n_; ++v) {
        const int b = top_[v];
        if (mate_[base_[b]] == kNone && label_[b] == Label::free) make_outer(b, Link{});
    }
}

// Looks at every edge of the outer vertex v: true when it augmented.
bool BlossomMatcher::scan(int v) {
    for (int w : neighbours_[v]) {
        const int bv = top_[v], bw = top_[w];
        if (bv == bw) continue;
        const Weight s = slack(v, w);
        if (label_[bw] == Label::outer) {
            note_outer_edge(bv, {v, w});
            note_outer_edge(bw, {w, v});
            if (s == 0 && on_tight_outer_edge(v, w)) return true;
            continue;
        }
        // A free or inner vertex: remember its least slack to an outer
        // vertex (an inner blossom may open up and leave it free).
        if (best_outer_[w] == kNone || s < slack(best_outer_[w], w)) best_outer_[w] = v;
        if (s == 0 && label_[bw] == Label::free) make_inner(bw, {v, w});
    }
    return false;
}

void BlossomMatcher::note_outer_edge(int b, Link e) {
    Link& row = best_to_[b][top_[e.to]];
    if (row.empty() || slack(e) < slack(row)) row = e;
    if (best_out_[b].empty() || slack(e) < slack(best_out_[b])) best_out_[b] = e;
}

// A tight edge between outer vertices v and w of different nodes: a new
// blossom when both are in one tree, else an augmenting path (true).
bool BlossomMatcher::on_tight_outer_edge(int v, int w) {
    const int base = common_ancestor(top_[v], top_[w]);
    if (base == kNone) {
        augment(v, w);
        return true;
    }
    form_blossom(base, v, w);
    return false;
}

void BlossomMatcher::make_outer(int b, Link link) {
    label_[b] = Label::outer;
    label_link_[b] = link;
    best_out_[b] = Link{};
    std::fill(best_to_[b].begin(), best_to_[b].end(), Link{});
    for_each_leaf(b, [&](int v) { queue_.push_back(v); });
}

// b becomes inner through `link`, and its base's mate outer.
void BlossomMatcher::make_inner(int b, Link link) {
    label_[b] = Label::inner;
    label_link_[b] = link;
    const int base = base_[b];
    const int mate = mate_[base];
    make_outer(top_[mate], {base, mate});
}

// The outer node above outer node b in its tree, or kNone at the root.
int BlossomMatcher::outer_parent(int b) const {
    if (label_link_[b].empty()) return kNone;
    const int inner = top_[label_link_[b].from];
    return top_[label_link_[inner].from];
}

// The outer node where the tree paths of a and b meet, kNone when they are
// in different trees.
int BlossomMatcher::common_ancestor(int a, int b) {
    std::vector<int> walked;
    for (int x = a; x != kNone; x = outer_parent(x)) {
        mark_[x] = 1;
        walked.push_back(x);
    }
    int found = kNone;
    for (int y = b; y != kNone; y = outer_parent(y)) {
        if (mark_[y]) {
            found = y;
            break;
        }
    }
    for (int x : walked) mark_[x] = 0;
    return found;
}

// The largest dual move that keeps every slack >= 0, and what stops it.
Event BlossomMatcher::next_event() const {
    Event best;
    best.delta = -1;
    auto consider = [&](EventKind kind, Weight delta, Link edge, int blossom) {
        if (best.delta < 0 || delta < best.delta) best = {kind, delta, edge, blossom};
    };
    for (int v = 0; v < n_; ++v) {
        const int b = top_[v];
        if (label_[b] == Label::free && best_outer_[v] != kNone) {
            consider(EventKind::grow, slack(best_outer_[v], v), {best_outer_[v], v}, 0);
        }
    }
    for (int b = 0; b < 2 * n_; ++b) {
        if (!top_level(b)) continue;
        if (label_[b] == Label::outer && !best_out_[b].empty()) {
            consider(EventKind::merge, slack(best_out_[b]) / 2, best_out_[b], 0);
        }
        if (label_[b] == Label::inner && is_blossom(b)) {
            consider(EventKind::expand, dual_[b] / 2, {}, b);
        }
    }
    // Last, so that on a tie the other events come first: the single
    // vertices' dual may not go below zero.
    for (int v = 0; v < n_; ++v) {
        if (label_[top_[v]] == Label::outer) consider(EventKind::optimal, dual_[v], {}, 0);
    }
    if (best.delta < 0) best = {};  // nothing single is left: the matching is perfect
    return best;
}

void BlossomMatcher::move_duals(Weight delta) {
    for (int v = 0; v < n_; ++v) {
        const Label l = label_[top_[v]];
        if (l == Label::outer) dual_[v] -= delta;
        if (l == Label::inner) dual_[v] += delta;
    }
    for (int b = n_; b < 2 * n_; ++b) {
        if (!top_level(b)) continue;
        if (label_[b] == Label::outer) dual_[b] += 2 * delta;
        if (label_[b] == Label::inner) dual_[b] -= 2 * delta;
    }
}

// Acts on the event that stopped the dual move: true when it augmented.
bool BlossomMatcher::handle(const Event& e) {
    switch (e.kind) {
        case EventKind::grow:
            make_inner(top_[e.edge.to], e.edge);
            return false;
        case EventKind::merge:
            return on_tight_outer_edge(e.edge.from, e.edge.to);
        case EventKind::expand:
            expand_inner(e.blossom);
            return false;
        case EventKind::optimal:
            break;
    }
    return false;
}

}  // namespace blossom

namespace {

using blossom::BlossomMatcher;
using blossom::kNone;

void check_vertex(int v, int n) {
    if (v < 0 || v >= n) {
        throw std::invalid_argument("matching: vertex " + std::to_string(v) + " not in 0.." +
                                    std::to_string(n - 1));
    }
}

void check_vertex_count(int n) {
    if (n < 0 || n > kMaxMatchingVertices) {
        throw std::invalid_argument("matching: " + std::to_string(n) + " vertices (at most " +
                                    std::to_string(kMaxMatchingVertices) + ")");
    }
}

}  // namespace

std::vector<int> maximum_weight_matching(int vertex_count, const std::vector<WeightedEdge>& edges) {
    check_vertex_count(vertex_count);
    for (const WeightedEdge& e : edges) {
        check_vertex(e.a, vertex_count);
        check_vertex(e.b, vertex_count);
        if (e.a == e.b)
            throw std::invalid_argument("matching: a loop at vertex " + std::to_string(e.a));
        if (e.weight < 0 || e.weight > kMaxMatchingWeight) {
            throw std::invalid_argument("matching: weight " + std::to_string(e.weight) +
                                        " out of range");
        }
    }
    return BlossomMatcher(vertex_count, edges).solve();
}

std::optional<PerfectMatching> min_cost_perfect_matching(int vertex_count,
                                                         const std::vector<CostEdge>& edges) {
    check_vertex_count(vertex_count);
    if (vertex_count % 2 != 0) return std::nullopt;
    // The cheapest of each pair's edges is the only one that can be chosen.
    std::map<std::pair<int, int>, std::int64_t> cheapest;
    for (const CostEdge& e : edges) {
        if (e.cost < -kMaxMatchingCost || e.cost > kMaxMatchingCost) {
            throw std::invalid_argument("matching: cost " + std::to_string(e.cost) +
                                        " out of range");
        }
        const auto key = std::minmax(e.a, e.b);
        auto [it, added] = cheapest.emplace(key, e.cost);
        if (!added) it->second = std::min(it->second, e.cost);
    }
    std::int64_t lo = 0, hi = 0;
    for (const auto& [key, cost] : cheapest) {
        lo = std::min(lo, cost);
        hi = std::max(hi, cost);
    }
    // One more edge must outweigh the largest possible saving in cost:
    // (k + 1)(big - hi) > k (big - lo) for every k <= n / 2.
    const std::int64_t big = hi + (vertex_count / 2) * (hi - lo) + 1;
    std::vector<WeightedEdge> weighted;
    for (const auto& [key, cost] : cheapest)
        weighted.push_back({key.first, key.second, big - cost});
    PerfectMatching out;
    out.mate = maximum_weight_matching(vertex_count, weighted);
    for (int v = 0; v < vertex_count; ++v) {
        const int m = out.mate[v];
        if (m == kNone) return std::nullopt;
        if (v < m) out.cost += cheapest.at({v, m});
    }
    return out;
}

}  // namespace asterism::server::tournaments
