// Move and attack tables of Star Pool Chess, built once from the men table
// (men.h) and the board geometry of spec 1.1-1.2. Generation and the check
// test then only look up cell sets; nothing here depends on a position.
#pragma once

#include <array>

#include "games/starpool/men.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {

// The points where the pool's citadel option and the citadel links lead.
inline constexpr Cell kPool = 5 * kGridSide + 5;
inline constexpr std::array<Cell, 4> kCitadels{0, 10, 120, 110};  // w1, w2, w3, w4

struct Tables {
    std::array<bool, kGridPoints> is_cell{};
    std::array<bool, kGridPoints> is_citadel{};

    // Destinations by kind, side and from-cell on an empty board: `any` may
    // be empty or enemy, `quiet` must be empty, `capture` must be enemy.
    // `option` marks those reached only by the pool's citadel option (a
    // Pawn's route decides its promotion). `first` is the King's first-move
    // leap; `attackers` inverts any | capture (and `first_attackers` first):
    // the cells from which such a man reaches the target.
    using PerCell = std::array<Bits, kGridPoints>;
    std::array<std::array<PerCell, 2>, kKinds> any{}, quiet{}, capture{}, option{}, attackers{};
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

const Tables& tables();

// Whether a ray in direction d visits cells in increasing index order, so
// that its nearest occupied cell is the lowest member of a set.
constexpr bool ascending(int d) {
    return d == kN || d == kNE || d == kE || d == kNW;
}

}  // namespace asterism::starpool
