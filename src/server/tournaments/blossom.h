// The blossom matcher behind matching.h, shared by its two halves:
// matching.cpp (stages, trees and dual moves, and the public functions) and
// blossom.cpp (forming, opening and dissolving blossoms, and augmenting).
// Internal to the tournaments' pairing; nothing else includes it.
//
// The vocabulary: every vertex has a dual u(v) and every blossom (an odd
// cycle shrunk to one node) a dual z(B). An edge's slack is
// u(a) + u(b) - weight + the z of every blossom holding both ends; the
// algorithm keeps every slack >= 0 and matches only along slack-0 ("tight")
// edges. Each stage grows alternating trees from the single vertices: an
// outer (S) node's partner in the tree is inner (T), an inner node's mate is
// outer. A tight edge between two outer nodes either joins two trees (an
// augmenting path: the matching grows by one and the stage ends) or closes
// an odd cycle of one tree (a new outer blossom). When no tight edge helps,
// the duals move by the largest delta that keeps every slack >= 0, which
// makes some edge tight or some inner blossom's z zero (it is then opened
// up again). The stage also ends when the single vertices' dual reaches
// zero: no augmentation can add weight any more, and the matching is
// optimal.
//
// Duals and slacks are kept doubled (u2 = 2u, z2 = 2z), so that with integer
// weights every one of them is an integer: the delta between two outer
// vertices is half a slack, and that slack is always even because every
// vertex reached in a stage has a dual of the same parity as the single
// vertices' common dual.
//
// O(n^3): a stage scans each vertex's neighbours once (O(n^2)), and each of
// its O(n) dual moves costs O(n) because the least slack towards every node
// is kept up to date as vertices become outer: per vertex towards the outer
// vertices (the slacks of the edges from one vertex to outer vertices all
// fall at the same pace, so the least stays least) and per outer blossom
// towards each other outer blossom.
#pragma once

#include <cstdint>
#include <vector>

#include "server/tournaments/matching.h"

namespace asterism::server::tournaments::blossom {

using Weight = std::int64_t;
constexpr int kNone = -1;

enum class Label : std::int8_t { free, outer, inner };

// An edge seen from one side: `from` in one node, `to` in another.
struct Link {
    int from = kNone;
    int to = kNone;
    bool empty() const { return from == kNone; }
    Link flipped() const { return {to, from}; }
};

// What the next dual move ends with.
enum class EventKind : std::int8_t { optimal, grow, merge, expand };

struct Event {
    EventKind kind = EventKind::optimal;
    Weight delta = 0;
    Link edge;        // grow and merge: the edge that becomes tight
    int blossom = 0;  // expand: the inner blossom whose z reaches zero
};

class BlossomMatcher {
  public:
    BlossomMatcher(int n, const std::vector<WeightedEdge>& edges);
    std::vector<int> solve();

  private:
    // Nodes are vertices 0..n-1 and blossoms n..2n-1.
    bool is_blossom(int b) const { return b >= n_; }
    bool top_level(int b) const { return parent_[b] == kNone && (b < n_ || !children_[b].empty()); }
    Weight weight(int a, int b) const { return weight_[static_cast<std::size_t>(a) * n_ + b]; }
    Weight slack(int a, int b) const { return dual_[a] + dual_[b] - 2 * weight(a, b); }
    Weight slack(Link e) const { return slack(e.from, e.to); }
    template <typename F>
    void for_each_leaf(int b, F f) const;

    bool run_stage();
    void start_stage();
    bool scan(int v);
    void note_outer_edge(int b, Link e);
    bool on_tight_outer_edge(int v, int w);
    void make_outer(int b, Link link);
    void make_inner(int b, Link link);
    int outer_parent(int b) const;
    int common_ancestor(int a, int b);
    void form_blossom(int base, int v, int w);
    void climb(int from, int base, std::vector<int>& nodes, std::vector<Link>& links) const;
    void merge_rows(int b);
    Event next_event() const;
    void move_duals(Weight delta);
    bool handle(const Event& e);
    void expand_inner(int b);
    void release(int b);
    void dissolve_zero_blossoms();
    void dissolve(int b);
    void augment(int v, int w);
    void rotate_to(int b, int v);

    int n_;
    std::vector<Weight> weight_;  // n*n, 0 where there is no edge
    std::vector<std::vector<int>> neighbours_;
    // Per vertex.
    std::vector<int> mate_;
    std::vector<int> top_;         // the top-level node that holds the vertex
    std::vector<int> best_outer_;  // the outer vertex of least slack to it
    // Per node (2n).
    std::vector<int> parent_;
    std::vector<int> base_;
    std::vector<std::vector<int>> children_;  // a blossom's cycle, base's child first
    std::vector<std::vector<Link>> cycle_;    // cycle_[b][i]: child i to child i+1
    std::vector<Weight> dual_;                // doubled duals
    std::vector<Label> label_;
    std::vector<Link> label_link_;  // how a labelled node was reached: from outside, to inside
    // Per outer node: least-slack edges to other outer nodes, keyed by the
    // far node as it was when the edge was noted; and the least of them.
    std::vector<std::vector<Link>> best_to_;
    std::vector<Link> best_out_;
    std::vector<int> free_ids_;
    std::vector<int> queue_;
    std::vector<char> mark_;
};

template <typename F>
void BlossomMatcher::for_each_leaf(int b, F f) const {
    if (!is_blossom(b)) {
        f(b);
        return;
    }
    for (int c : children_[b]) for_each_leaf(c, f);
}

}  // namespace asterism::server::tournaments::blossom
