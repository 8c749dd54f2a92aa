// Edmonds' weighted blossom algorithm (matching.h), primal-dual.
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
#include "server/tournaments/matching.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace asterism::server::tournaments {

namespace {

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

template <typename F>
void BlossomMatcher::for_each_leaf(int b, F f) const {
    if (!is_blossom(b)) {
        f(b);
        return;
    }
    for (int c : children_[b]) for_each_leaf(c, f);
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

// The nodes from outer node `from` up its tree to `base` (not included),
// and the links from each to the next, oriented upwards.
void BlossomMatcher::climb(int from, int base, std::vector<int>& nodes,
                           std::vector<Link>& links) const {
    for (int x = from; x != base;) {
        const Link up = label_link_[x];  // from the inner node's base into x
        const int inner = top_[up.from];
        nodes.push_back(x);
        links.push_back(up.flipped());
        const Link in = label_link_[inner];  // from the outer parent into inner
        nodes.push_back(inner);
        links.push_back(in.flipped());
        x = top_[in.from];
    }
}

// Shrinks the cycle base .. top(v) - top(w) .. base into a new outer blossom.
void BlossomMatcher::form_blossom(int base, int v, int w) {
    std::vector<int> up_v, up_w;
    std::vector<Link> links_v, links_w;
    climb(top_[v], base, up_v, links_v);
    climb(top_[w], base, up_w, links_w);
    // The cycle: base, then down the v side, across (v, w), up the w side.
    std::vector<int> kids{base};
    std::vector<Link> links;
    for (std::size_t i = up_v.size(); i-- > 0;) {
        kids.push_back(up_v[i]);
        links.push_back(links_v[i].flipped());
    }
    links.push_back({v, w});
    kids.insert(kids.end(), up_w.begin(), up_w.end());
    links.insert(links.end(), links_w.begin(), links_w.end());

    const int b = free_ids_.back();
    free_ids_.pop_back();
    children_[b] = kids;
    cycle_[b] = links;
    base_[b] = base_[base];
    parent_[b] = kNone;
    dual_[b] = 0;
    for (int c : kids) {
        parent_[c] = b;
        const bool was_inner = label_[c] == Label::inner;
        for_each_leaf(c, [&](int leaf) {
            top_[leaf] = b;
            if (was_inner) queue_.push_back(leaf);  // inner vertices become outer
        });
    }
    label_[b] = Label::outer;
    label_link_[b] = label_link_[base];
    merge_rows(b);
}

// The new outer blossom b's least-slack edges to the other outer nodes:
// those of its outer children that now leave b. Its once-inner children's
// vertices are queued and will add theirs when scanned.
void BlossomMatcher::merge_rows(int b) {
    best_out_[b] = Link{};
    std::fill(best_to_[b].begin(), best_to_[b].end(), Link{});
    for (int c : children_[b]) {
        if (label_[c] != Label::outer) continue;
        for (const Link& e : best_to_[c]) {
            if (!e.empty() && top_[e.to] != b) note_outer_edge(b, e);
        }
    }
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

// Opens up the inner blossom b (its z is zero) in the middle of a stage.
// The children on the even-length side of the cycle, from the one the tree
// entered by to the base's, take turns inner and outer, so the tree still
// alternates; the others are left free (their vertices' least slacks to
// outer vertices are known, so the next dual move sees them).
void BlossomMatcher::expand_inner(int b) {
    const std::vector<int> kids = children_[b];
    const std::vector<Link> links = cycle_[b];
    const Link entry_link = label_link_[b];
    for (int c : kids) {
        parent_[c] = kNone;
        label_[c] = Label::free;
        for_each_leaf(c, [&](int leaf) { top_[leaf] = c; });
    }
    release(b);
    const int k = static_cast<int>(kids.size());
    const int entry =
        static_cast<int>(std::find(kids.begin(), kids.end(), top_[entry_link.to]) - kids.begin());
    // From an even position the even path runs down to 0, from an odd one up.
    const int step = entry % 2 == 0 ? -1 : 1;
    int p = entry;
    label_[kids[p]] = Label::inner;
    label_link_[kids[p]] = entry_link;
    while (p != 0) {
        const int q = (p + step + k) % k, r = (q + step + k) % k;
        const int base = base_[kids[p]];
        make_outer(kids[q], {base, mate_[base]});
        label_[kids[r]] = Label::inner;
        label_link_[kids[r]] = step == 1 ? links[q] : links[r].flipped();
        p = r;
    }
}

void BlossomMatcher::release(int b) {
    children_[b].clear();
    cycle_[b].clear();
    parent_[b] = kNone;
    label_[b] = Label::free;
    dual_[b] = 0;
    free_ids_.push_back(b);
}

// Between stages a top-level blossom whose z is zero holds nothing up, and
// is opened (with its children of zero z) so later stages need not.
void BlossomMatcher::dissolve_zero_blossoms() {
    for (int b = n_; b < 2 * n_; ++b) {
        if (top_level(b) && dual_[b] == 0) dissolve(b);
    }
}

void BlossomMatcher::dissolve(int b) {
    const std::vector<int> kids = children_[b];
    release(b);
    for (int c : kids) {
        parent_[c] = kNone;
        for_each_leaf(c, [&](int leaf) { top_[leaf] = c; });
        if (is_blossom(c) && dual_[c] == 0) dissolve(c);
    }
}

// Flips the matching along the path root(v) .. v - w .. root(w).
void BlossomMatcher::augment(int v, int w) {
    for (auto [s, partner] : {std::pair{v, w}, std::pair{w, v}}) {
        for (;;) {
            const int outer = top_[s];
            rotate_to(outer, s);
            mate_[s] = partner;
            const Link up = label_link_[outer];
            if (up.empty()) break;  // the root, which was single
            const int inner = top_[up.from];
            const Link in = label_link_[inner];
            rotate_to(inner, in.to);
            mate_[in.to] = in.from;
            s = in.from;
            partner = in.to;
        }
    }
}

// Rematches the inside of node b so that its vertex v becomes the base,
// ready to be matched outside b. Along the even side of the cycle from v's
// child to the base's child, the matched and unmatched links swap.
void BlossomMatcher::rotate_to(int b, int v) {
    if (!is_blossom(b)) return;
    int c = v;
    while (parent_[c] != b) c = parent_[c];
    rotate_to(c, v);
    std::vector<int>& kids = children_[b];
    std::vector<Link>& links = cycle_[b];
    const int k = static_cast<int>(kids.size());
    const int j = static_cast<int>(std::find(kids.begin(), kids.end(), c) - kids.begin());
    const int step = j % 2 == 0 ? -1 : 1;
    for (int p = j; p != 0;) {
        const int q = (p + step + k) % k, r = (q + step + k) % k;
        const Link e = step == 1 ? links[q] : links[r].flipped();  // from kids[q] to kids[r]
        rotate_to(kids[q], e.from);
        rotate_to(kids[r], e.to);
        mate_[e.from] = e.to;
        mate_[e.to] = e.from;
        p = r;
    }
    std::rotate(kids.begin(), kids.begin() + j, kids.end());
    std::rotate(links.begin(), links.begin() + j, links.end());
    base_[b] = v;
}

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
