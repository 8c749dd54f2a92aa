// The Star Pool Chess board (spec 1.1-1.2): grid points and cells, their
// names, sets of cells, and the move and attack tables, built once from the
// men table (rules.h) and the board geometry. Generation and the check test
// then only look up cell sets; nothing here depends on a position.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/starpool/rules.h"

namespace asterism::starpool {

// A point of the 11x11 grid that embeds the board (spec 1.1), as y * 11 + x:
// a1 = 12, the pool e5 = 60, citadels w1 = 0, w2 = 10, w3 = 120, w4 = 110.
using Cell = std::uint8_t;
inline constexpr int kGridSide = 11;
inline constexpr int kGridPoints = kGridSide * kGridSide;
inline constexpr Cell kNoCell = 0xFF;

// The points where the pool's citadel option and the citadel links lead.
inline constexpr Cell kPool = 5 * kGridSide + 5;
inline constexpr std::array<Cell, 4> kCitadels{0, 10, 120, 110};  // w1, w2, w3, w4

// A set of grid points, one bit each (121 fit in two words).
struct Bits {
    std::uint64_t lo = 0, hi = 0;

    // Written so that the compiler picks a word with a conditional move
    // rather than a branch, which the generator's loops mispredict.
    static constexpr Bits of(Cell c) {
        const std::uint64_t bit = std::uint64_t{1} << (c & 63);
        return c < 64 ? Bits{bit, 0} : Bits{0, bit};
    }
    constexpr bool any() const { return (lo | hi) != 0; }
    constexpr bool has(Cell c) const { return ((c < 64 ? lo : hi) >> (c & 63)) & 1; }
    constexpr int count() const { return std::popcount(lo) + std::popcount(hi); }
    // Lowest and highest member; the set must not be empty.
    constexpr Cell lowest() const {
        return static_cast<Cell>(lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi));
    }
    constexpr Cell highest() const {
        return static_cast<Cell>(hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(lo));
    }
    // Removes and returns the lowest member.
    constexpr Cell pop() {
        const Cell c = lowest();
        if (lo)
            lo &= lo - 1;
        else
            hi &= hi - 1;
        return c;
    }
    // Removes and returns the highest member.
    constexpr Cell pop_highest() {
        const Cell c = highest();
        *this ^= of(c);
        return c;
    }
    // The points below n (0 <= n <= 128), and those from n on.
    static constexpr Bits below(int n) {
        if (n < 64) return {(std::uint64_t{1} << n) - 1, 0};
        return {~std::uint64_t{0},
                n == 128 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n - 64)) - 1};
    }
    constexpr Bits operator&(Bits o) const { return {lo & o.lo, hi & o.hi}; }
    constexpr Bits operator|(Bits o) const { return {lo | o.lo, hi | o.hi}; }
    constexpr Bits operator^(Bits o) const { return {lo ^ o.lo, hi ^ o.hi}; }
    constexpr Bits operator~() const { return {~lo, ~hi}; }
    constexpr Bits& operator|=(Bits o) { return *this = *this | o; }
    constexpr Bits& operator^=(Bits o) { return *this = *this ^ o; }
    friend constexpr bool operator==(Bits, Bits) = default;
};

// "a1".."i9" for board cells, "w1".."w4" for citadels; "?" otherwise.
std::string cell_name(Cell c);
// The cell a name denotes, or kNoCell (the pool "e5" is not a cell).
Cell parse_cell(std::string_view name);

struct Geometry {
    std::array<bool, kGridPoints> is_cell{};
    std::array<bool, kGridPoints> is_citadel{};

    // Destinations by kind, side and from-cell on an empty board (`steps`):
    // `any` may be empty or enemy, `quiet` must be empty, `capture` must be
    // enemy. `option` marks those reached only by the pool's citadel option
    // (a Pawn's route decides its promotion). `first` is the King's
    // first-move leap; `attackers` (by side, target and kind) inverts any |
    // capture (and `first_attackers` first): the cells from which such a man
    // reaches the target.
    // The four sets of a man share one cache line, and a target's attackers
    // of every kind lie side by side, since they are read together.
    struct alignas(64) Steps {
        Bits any, quiet, capture, option;
    };
    using PerCell = std::array<Bits, kGridPoints>;
    std::array<std::array<std::array<Steps, kGridPoints>, 2>, kKinds> steps{};
    std::array<std::array<std::array<Bits, kKinds>, kGridPoints>, 2> attackers{};
    std::array<PerCell, 2> first{}, first_attackers{};

    // Slides: the cells of the ray from a cell in each direction, pool
    // skipped or passed through, a single link step from a citadel. When the
    // ray crosses the pool diagonally and does not start in a citadel,
    // `pool_index` is the index of the first cell beyond the pool (the
    // citadel option then leads to the ray's last cell, a citadel);
    // otherwise it is 0xFF.
    std::array<std::array<std::array<Cell, 10>, 8>, kGridPoints> ray{};
    std::array<std::array<std::uint8_t, 8>, kGridPoints> ray_length{}, pool_index{};
    std::array<std::array<DirSet, 2>, kKinds> slide_dirs{};
    // The same rays as sets, so that a slide is found with a few word
    // operations instead of a walk: `ray_bits` holds the whole ray and
    // `before_pool` the cells of a pool-crossing ray short of the pool;
    // `pool_end` is the citadel the pool's option leads to (the ray's last
    // cell) where pool_index is set, else kNoCell.
    std::array<std::array<Bits, 8>, kGridPoints> ray_bits{}, before_pool{};
    std::array<std::array<Cell, 8>, kGridPoints> pool_end{};

    // The lines along which a slider can reach a cell: the eight rays (all
    // reversible) and, into a citadel, the one-way citadel option from the
    // far half of its long diagonal. `low` says whether the line's cell
    // nearest the target is its lowest member; `dir` is the direction in
    // which the slider moves.
    struct Line {
        Bits cells;
        std::uint8_t dir = 0;
        bool low = false;
    };
    std::array<std::array<Line, 9>, kGridPoints> lines{};
    std::array<std::uint8_t, kGridPoints> line_count{};

    std::array<Bits, kGridPoints> swap_partners{};                           // spec 2.1
    std::array<std::array<Cell, kGridPoints>, 2> double_mid{}, double_to{};  // spec 9.4

    // Kind after arriving on a cell by a plain route or by the citadel
    // option, or kNoKind (spec 4).
    std::array<std::array<std::array<std::uint8_t, kGridPoints>, 2>, kKinds> promote_plain{},
        promote_pool{};
    std::array<bool, kKinds> promotes{};
};

const Geometry& geometry();

// Whether a ray in direction d visits cells in increasing index order, so
// that its nearest occupied cell is the lowest member of a set.
constexpr bool ascending(int d) {
    return d == kN || d == kNE || d == kE || d == kNW;
}

// The cells a slider on `from` reaches in direction d over `occupied`: the
// ray up to and including its first occupied cell (a capture if that man is
// an enemy). The pool's citadel option is not included.
inline Bits slide_reach(const Geometry& g, Cell from, int d, Bits occupied) {
    const Bits ray = g.ray_bits[from][d];
    const Bits blockers = ray & occupied;
    if (!blockers.any()) return ray;
    if (ascending(d)) return ray & Bits::below(blockers.lowest() + 1);
    return ray & ~Bits::below(blockers.highest());
}

// The citadel a slider on `from` moving in d attacks by the pool's option
// (spec 9.2): the ray's end when the ray crosses the pool and nothing stands
// short of it, as a set (empty otherwise). A man beyond the pool cannot
// block it; one on the end itself is reached by the plain slide too.
inline Bits option_reach(const Geometry& g, Cell from, int d, Bits occupied) {
    const Cell end = g.pool_end[from][d];
    if (end == kNoCell || (g.before_pool[from][d] & occupied).any()) return Bits{};
    return Bits::of(end);
}

}  // namespace asterism::starpool
