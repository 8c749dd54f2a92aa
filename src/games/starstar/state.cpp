// *Star's rules on State (docs/starstar.md): the empty board, the end of
// the game, scoring by rules sections 4 and 5, and the random playouts.
#include "games/starstar/starstar.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace asterism::starstar {

namespace {

using Owners = std::array<Cell, kMaxPeri>;

// Scoring sees groups through two questions, which root a cell's group has
// and how many pericells that group contains, answered either by a state's
// incremental union-find or by a one-pass union-find built for a playout.

// The incremental groups of a State: each root's mask has one bit per
// pericell of the group.
struct MaskGroups {
    const UndoableUnionFind<kMaxCells, std::uint64_t>& uf;
    Cell root(Cell c) const { return static_cast<Cell>(uf.find(c)); }
    int peries(Cell root) const { return std::popcount(uf.mask(root)); }
};

// Groups of a finished board built from scratch in one pass (for playouts),
// with path halving. Afterwards root() is valid for pericells only, which is
// all that scoring asks about.
struct FlatGroups {
    std::array<Cell, kMaxCells> parent;
    std::array<std::uint8_t, kMaxCells> count;

    FlatGroups(const Geometry& g, const Player* colour) {
        std::iota(parent.begin(), parent.begin() + g.cells(), Cell{0});
        for (const auto& [a, b] : g.edges())
            if (colour[a] == colour[b]) parent[find(b)] = find(a);
        std::fill(count.begin(), count.begin() + g.cells(), std::uint8_t{0});
        for (int k = 0; k < g.peri_count(); ++k) {
            const Cell c = g.peri_cell(k);
            parent[c] = find(c);
            ++count[parent[c]];
        }
    }
    Cell find(Cell c) {
        while (parent[c] != c) c = parent[c] = parent[parent[c]];
        return c;
    }
    Cell root(Cell c) const { return parent[c]; }
    int peries(Cell root) const { return count[root]; }
};

// Section 4.1 on a full board: a star owns its own pericells; a dead
// group's single pericell goes to the star holding both its perimeter
// neighbours (the rules prove they are one star), named here by the
// clockwise one.
template <class Groups>
Owners full_board_owners(const Geometry& g, const Groups& groups) {
    Owners owner{};
    const int n = g.peri_count();
    for (int k = 0; k < n; ++k) {
        const Cell r = groups.root(g.peri_cell(k));
        owner[k] = groups.peries(r) >= 2 ? r : groups.root(g.peri_cell((k + 1) % n));
    }
    return owner;
}

// Section 4.2 from the owners: stars are groups with two or more pericells.
template <class Groups>
Score tally(const Geometry& g, const Player* stone, const Groups& groups, const Owners& owner,
            bool provisional) {
    Score s;
    s.provisional = provisional;
    std::array<bool, kMaxCells> counted{};
    for (int k = 0; k < g.peri_count(); ++k) {
        const Cell c = g.peri_cell(k);
        if (stone[c] != Player::None) {
            const Cell r = groups.root(c);
            if (groups.peries(r) >= 2 && !counted[r]) {
                counted[r] = true;
                ++s.side[index(stone[r])].stars;
            }
        }
        if (owner[k] == kNoCell) continue;
        SideScore& side = s.side[index(stone[owner[k]])];
        ++side.peries;
        if (g.is_corner(c)) ++side.quarks;
    }
    for (int p = 0; p < 2; ++p) {
        SideScore& me = s.side[p];
        me.quark_point = me.quarks >= 3 ? 1 : 0;
        me.score = me.peries + me.quark_point + 2 * (s.side[1 - p].stars - me.stars);
    }
    return s;
}

// Who owns each cell of a full board (State::final_owners explains the
// reading): stars own their cells, and every region of other cells goes to
// the one star it borders, if only one.
FinalOwners full_board_cell_owners(const Geometry& g, const Player* colour, Player* owner) {
    FlatGroups groups(g, colour);
    const int cells = g.cells();
    for (Cell c = 0; c < cells; ++c) groups.parent[c] = groups.find(c);
    auto star = [&](Cell c) { return groups.peries(groups.root(c)) >= 2; };
    std::array<bool, kMaxCells> seen{};
    std::array<Cell, kMaxCells> stack, region;
    for (Cell c = 0; c < cells; ++c) {
        if (star(c)) owner[c] = colour[c];
        if (star(c) || seen[c]) continue;
        Cell border = kNoCell;
        bool shared = false;
        int top = 0, size = 0;
        stack[top++] = c;
        seen[c] = true;
        while (top > 0) {
            const Cell x = stack[--top];
            region[size++] = x;
            for (const Cell n : g.lattice_neighbours(x)) {
                if (star(n)) {
                    shared |= border != kNoCell && border != groups.root(n);
                    border = groups.root(n);
                } else if (!seen[n]) {
                    seen[n] = true;
                    stack[top++] = n;
                }
            }
        }
        const Player who = shared || border == kNoCell ? Player::None : colour[border];
        for (int k = 0; k < size; ++k) owner[region[k]] = who;
    }
    const Score s = tally(g, colour, groups, full_board_owners(g, groups), false);
    FinalOwners f;
    f.owner = owner;
    f.scored = true;
    for (int p = 0; p < 2; ++p) {
        f.score[p] = s.side[p].score;
        f.territory[p] = s.side[p].peries;
    }
    return f;
}

Outcome outcome_of(const Score& s) {
    const Player p = s.leader();
    return p == Player::None ? Outcome::draw() : Outcome::win(p);
}

}  // namespace

Player Score::leader() const {
    if (side[0].score != side[1].score) return side[0].score > side[1].score ? kBlack : kWhite;
    if (side[0].quarks != side[1].quarks) return side[0].quarks > side[1].quarks ? kBlack : kWhite;
    return Player::None;
}

State::State(Rules rules) : Stones(rules) {
    clear();
}

void State::clear() {
    const int n = geo_->cells();
    stone_.fill(Player::None);
    std::iota(empty_.begin(), empty_.begin() + n, Cell{0});
    std::iota(where_.begin(), where_.begin() + n, Cell{0});
    empty_count_ = n;
    ply_ = 0;
    merge_count_ = 0;
    to_move_ = kBlack;
    hash_ = 0;
    groups_.reset(n);
    for (int k = 0; k < geo_->peri_count(); ++k) groups_.set_mask(geo_->peri_cell(k), 1ULL << k);
}

Outcome State::outcome() const {
    return full() ? outcome_of(exact_score()) : Outcome::ongoing();
}

// ---------------------------------------------------------------------------
// Scoring.

State::Owners State::exact_owners() const {
    return full_board_owners(*geo_, MaskGroups{groups_});
}

State::Owners State::estimate_owners() const {
    // Section 5: provisional stars hold two or more occupied pericells; the
    // other cells form regions under lattice adjacency (no bridge), and a
    // region gives its pericells to the one star it borders, if only one.
    const Geometry& g = *geo_;
    const MaskGroups groups{groups_};
    auto star_root = [&](Cell c) {
        if (stone_[c] == Player::None) return kNoCell;
        const Cell r = groups.root(c);
        return groups.peries(r) >= 2 ? r : kNoCell;
    };
    Owners owner;
    owner.fill(kNoCell);
    std::array<std::int8_t, kMaxCells> region;  // first peri index of the region, or -1
    region.fill(-1);
    std::array<Cell, kMaxPeri> region_owner;
    std::array<Cell, kMaxCells> stack;
    for (int k = 0; k < g.peri_count(); ++k) {
        const Cell c = g.peri_cell(k);
        if (const Cell r = star_root(c); r != kNoCell) {
            owner[k] = r;
            continue;
        }
        if (region[c] < 0) {
            Cell border = kNoCell;
            bool shared = false;
            int top = 0;
            stack[top++] = c;
            region[c] = static_cast<std::int8_t>(k);
            while (top > 0) {
                for (const Cell n : g.lattice_neighbours(stack[--top])) {
                    if (const Cell r = star_root(n); r != kNoCell) {
                        shared |= border != kNoCell && border != r;
                        border = r;
                    } else if (region[n] < 0) {
                        region[n] = static_cast<std::int8_t>(k);
                        stack[top++] = n;
                    }
                }
            }
            region_owner[k] = shared ? kNoCell : border;
        }
        owner[k] = region_owner[region[c]];
    }
    return owner;
}

Score State::exact_score() const {
    // Ownership by rules 4.1 is only defined once every cell is filled.
    if (!full()) throw GameError("internal: exact *Star score asked for a board that is not full");
    return tally(*geo_, stone_.data(), MaskGroups{groups_}, exact_owners(), false);
}

Score State::estimate() const {
    return tally(*geo_, stone_.data(), MaskGroups{groups_}, estimate_owners(), true);
}

std::vector<StarGroup> State::stars() const {
    const Geometry& g = *geo_;
    const MaskGroups groups{groups_};
    const Owners owner = full() ? exact_owners() : estimate_owners();
    std::vector<StarGroup> out;
    auto entry = [&](Cell root) -> StarGroup& {
        for (auto& s : out)
            if (s.root == root) return s;
        return out.emplace_back(StarGroup{stone_[root], root, groups.peries(root), 0, 0});
    };
    for (int k = 0; k < g.peri_count(); ++k) {
        const Cell c = g.peri_cell(k);
        if (stone_[c] != Player::None && groups.peries(groups.root(c)) >= 2) entry(groups.root(c));
        if (owner[k] == kNoCell) continue;
        StarGroup& s = entry(owner[k]);
        ++s.owned;
        if (g.is_corner(c)) ++s.quarks;
    }
    return out;
}

FinalOwners State::final_owners(Player* owner) const {
    if (!full()) throw GameError("internal: *Star ownership asked for a board that is not full");
    return full_board_cell_owners(*geo_, stone_.data(), owner);
}

FinalOwners State::owners_filled(const std::array<Player, kMaxCells>& board, Player* owner) const {
    return full_board_cell_owners(*geo_, board.data(), owner);
}

// ---------------------------------------------------------------------------
// Random playouts.

Outcome State::fill_and_score(Rng& rng, std::array<Player, kMaxCells>& colour, std::uint64_t* moves,
                              int* margin) const {
    const Geometry& g = *geo_;
    colour = stone_;
    std::array<Cell, kMaxCells> pool;
    const int left = empty_count_;
    std::copy(empty_.begin(), empty_.begin() + left, pool.begin());
    Player next = to_move_;
    std::uint64_t played = static_cast<std::uint64_t>(left);
    if (swap_legal() &&
        rng.below(static_cast<std::uint32_t>(left + 1)) == static_cast<std::uint32_t>(left)) {
        colour[empty_[g.cells() - 1]] = kWhite;
        next = kBlack;
        ++played;
    }
    // Alternating moves on uniformly random cells end in a board where the
    // side to move holds a uniformly random ceil(left/2) of the empty cells.
    // So give it every cell, then hand a random floor(left/2) of them to the
    // opponent with a partial Fisher-Yates shuffle: half the random numbers.
    for (int k = 0; k < left; ++k) colour[pool[k]] = next;
    const Player other = opponent(next);
    for (int k = 0; k < left / 2; ++k) {
        const int j = k + static_cast<int>(rng.below(static_cast<std::uint32_t>(left - k)));
        std::swap(pool[k], pool[j]);
        colour[pool[k]] = other;
    }
    if (moves) *moves = played;
    return score_filled(colour, margin);
}

Outcome State::score_filled(const std::array<Player, kMaxCells>& colour, int* margin) const {
    const Geometry& g = *geo_;
    const FlatGroups groups(g, colour.data());
    const Score score = tally(g, colour.data(), groups, full_board_owners(g, groups), false);
    if (margin) *margin = score.margin();
    return outcome_of(score);
}

}  // namespace asterism::starstar
