// The blossoms of the matcher (blossom.h): a new outer blossom from an odd
// cycle of a tree, an inner one opened when its z reaches zero, zero
// blossoms dissolved between stages, and the matching flipped along an
// augmenting path through them.
#include <algorithm>
#include <vector>

#include "server/tournaments/blossom.h"

namespace asterism::server::tournaments::blossom {

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

}  // namespace asterism::server::tournaments::blossom
