// Shatra board geometry (../shared/rules/shatra.md, section 1): the 62 cells
// of a 7-file by 14-rank grid, their names, the traditional 1-62 numbering,
// neighbour tables and the regions (fortresses, gates, halves, promotion
// cells) as 64-bit masks. Everything here is computed at compile time, so
// the board is header-only: there is no board.cpp.
//
// Cell indices run from White's end, rank by rank, left to right:
// c1 d1 e1 = 0 1 2, ..., d4 = 9, a5..g5 = 10..16, ..., a10..g10 = 45..51,
// d11 = 52, c12 d12 e12 = 53 54 55, ..., c14 d14 e14 = 59 60 61. The map
// i -> 61 - i turns the board half a turn, so Black's geometry is White's
// read through it.
#pragma once

#include <array>
#include <cstdint>

namespace asterism::shatra {

using Cell = int;
using Bits = std::uint64_t;

inline constexpr int kCells = 62;
inline constexpr int kFiles = 7;
inline constexpr int kRanks = 14;
inline constexpr std::uint8_t kNoCell = 255;

constexpr Bits bit(int cell) {
    return Bits{1} << cell;
}
inline constexpr Bits kAllCells = (Bits{1} << kCells) - 1;

// Colours index arrays: White (Player::First) is 0, Black is 1.
inline constexpr int kWhite = 0;
inline constexpr int kBlack = 1;

// Directions, clockwise from White's forward: N (towards rank 14), NE, E, SE,
// S, SW, W, NW. Opposite directions differ by 4.
inline constexpr int kDirs = 8;
inline constexpr int kDf[kDirs] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kDr[kDirs] = {1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr int kNoDir = 8;

// The first cell index and the width (first file) of each rank 1..14.
inline constexpr int kRankStart[kRanks + 2] = {0,  0,  3,  6,  9,  10, 17, 24,
                                               31, 38, 45, 52, 53, 56, 59, 62};
inline constexpr int kRankFirstFile[kRanks + 1] = {0, 2, 2, 2, 3, 0, 0, 0, 0, 0, 0, 3, 2, 2, 2};

struct Geometry {
    std::array<std::int8_t, kCells> file{};                         // 0 = a .. 6 = g
    std::array<std::int8_t, kCells> rank{};                         // 1 .. 14
    std::array<std::array<std::uint8_t, kFiles>, kRanks + 1> at{};  // [rank][file]
    std::array<std::array<std::uint8_t, kDirs>, kCells> step{};     // neighbour or kNoCell
    std::array<std::array<std::uint8_t, kCells>, kCells> dir_to{};  // line direction or kNoDir
    std::array<std::uint8_t, kCells> traditional{};                 // 1..62 (section 1.3)
    std::array<std::uint8_t, kCells + 1> from_traditional{};
};

constexpr Geometry make_geometry() {
    Geometry g;
    for (auto& row : g.at) row.fill(kNoCell);
    for (int r = 1; r <= kRanks; ++r)
        for (int i = kRankStart[r]; i < kRankStart[r + 1]; ++i) {
            g.file[i] = static_cast<std::int8_t>(kRankFirstFile[r] + i - kRankStart[r]);
            g.rank[i] = static_cast<std::int8_t>(r);
            g.at[r][g.file[i]] = static_cast<std::uint8_t>(i);
        }
    auto cell_at = [&](int f, int r) -> int {
        if (f < 0 || f >= kFiles || r < 1 || r > kRanks) return kNoCell;
        return g.at[r][f];
    };
    for (int i = 0; i < kCells; ++i) {
        g.dir_to[i].fill(kNoDir);
        for (int d = 0; d < kDirs; ++d) {
            g.step[i][d] =
                static_cast<std::uint8_t>(cell_at(g.file[i] + kDf[d], g.rank[i] + kDr[d]));
            // A line continues cell by cell and ends at the first wall (1.2).
            for (int c = g.step[i][d]; c != kNoCell;
                 c = cell_at(g.file[c] + kDf[d], g.rank[c] + kDr[d]))
                g.dir_to[i][c] = static_cast<std::uint8_t>(d);
        }
    }
    // Traditional numbers count from Black's end, left to right in a rank.
    int number = 1;
    for (int r = kRanks; r >= 1; --r)
        for (int i = kRankStart[r]; i < kRankStart[r + 1]; ++i) {
            g.traditional[i] = static_cast<std::uint8_t>(number);
            g.from_traditional[number++] = static_cast<std::uint8_t>(i);
        }
    return g;
}

inline constexpr Geometry kGeo = make_geometry();

constexpr Bits rank_mask(int lo, int hi) {
    Bits m = 0;
    for (int r = lo; r <= hi; ++r)
        for (int i = kRankStart[r]; i < kRankStart[r + 1]; ++i) m |= bit(i);
    return m;
}
// Turns a White mask into the matching Black mask (half a turn).
constexpr Bits mirror(Bits m) {
    Bits out = 0;
    for (int i = 0; i < kCells; ++i)
        if (m & bit(i)) out |= bit(kCells - 1 - i);
    return out;
}
constexpr int cell_of(int file, int rank) {
    return kGeo.at[rank][file];
}

// Regions of section 1.1, indexed by colour.
inline constexpr int kGate[2] = {cell_of(3, 4), cell_of(3, 11)};
inline constexpr Bits kFortress[2] = {rank_mask(1, 3), mirror(rank_mask(1, 3))};
inline constexpr Bits kHome[2] = {rank_mask(1, 4), mirror(rank_mask(1, 4))};
inline constexpr Bits kHalf[2] = {rank_mask(5, 7), mirror(rank_mask(5, 7))};
inline constexpr Bits kPromo[2] = {rank_mask(14, 14), mirror(rank_mask(14, 14))};
inline constexpr Bits kGates = bit(kGate[0]) | bit(kGate[1]);
// The rank a shatra may double-step from (section 3.5): 5 for White, 10 for Black.
inline constexpr Bits kFirstRank[2] = {rank_mask(5, 5), mirror(rank_mask(5, 5))};
// Shatrabase's tower squares (section 10): the enemy's far corners of the field.
inline constexpr Bits kTower[2] = {bit(cell_of(0, 10)) | bit(cell_of(6, 10)),
                                   bit(cell_of(0, 5)) | bit(cell_of(6, 5))};
// Promotion cells in the order waiting shatras promote (section 6): c, d, e.
inline constexpr int kPromoOrder[2][3] = {{cell_of(2, 14), cell_of(3, 14), cell_of(4, 14)},
                                          {cell_of(2, 1), cell_of(3, 1), cell_of(4, 1)}};

// The Original form's fixed order in which the fortress shatras enter play
// (14.3): White c3 d3 e3 c2 d2 e2 c1 d1 e1, Black the same turned half a
// turn (e12 d12 c12 e13 ... c14).
inline constexpr int kEntryOrder[2][9] = {
    {cell_of(2, 3), cell_of(3, 3), cell_of(4, 3), cell_of(2, 2), cell_of(3, 2), cell_of(4, 2),
     cell_of(2, 1), cell_of(3, 1), cell_of(4, 1)},
    {cell_of(4, 12), cell_of(3, 12), cell_of(2, 12), cell_of(4, 13), cell_of(3, 13), cell_of(2, 13),
     cell_of(4, 14), cell_of(3, 14), cell_of(2, 14)}};

constexpr int forward(int colour) {
    return colour == kWhite ? 0 : 4;
}

// Men. A board cell holds 0 (empty) or kind | colour << 3.
enum Kind : std::uint8_t { kNoKind = 0, kBiy = 1, kBatyr = 2, kTura = 3, kYalkyn = 4, kShatra = 5 };
inline constexpr int kInitialCount[6] = {0, 1, 1, 2, 2, 11};
constexpr std::uint8_t man(int kind, int colour) {
    return static_cast<std::uint8_t>(kind | colour << 3);
}
constexpr int kind_of(std::uint8_t m) {
    return m & 7;
}
constexpr int colour_of(std::uint8_t m) {
    return m >> 3;
}

// Neighbour masks: the 8 king steps of each cell.
struct StepMasks {
    std::array<Bits, kCells> king{};
    // Non-capturing shatra steps (section 3.5) by [rule][colour]: rule 0 is
    // `forward` beyond the ditch (forward, diagonally forward, sideways),
    // rule 1 is `king` (any of the 8 directions). Double steps are handled
    // apart. Rule 2 is the Original form (14.4): forward, diagonally forward
    // or sideways on every rank of the field and the enemy home area, none
    // from the own home area (fortress shatras enter by the entry move) or
    // the promotion rank (a shatra there has been promoted).
    static constexpr int kOriginal = 2;
    std::array<Bits, kCells> shatra[3][2]{};
};

constexpr StepMasks make_step_masks() {
    StepMasks s;
    for (int i = 0; i < kCells; ++i)
        for (int d = 0; d < kDirs; ++d)
            if (kGeo.step[i][d] != kNoCell) s.king[i] |= bit(kGeo.step[i][d]);
    for (int rule = 0; rule < 3; ++rule)
        for (int i = 0; i < kCells; ++i) {
            // Directions for White, as a bit set over the 8 directions.
            const int r = kGeo.rank[i];
            unsigned dirs = 0;
            if (rule == StepMasks::kOriginal) {
                dirs = r >= 5 && r < kRanks ? (1u << 0 | 1u << 1 | 1u << 7 | 1u << 2 | 1u << 6) : 0;
            } else if (r <= 6) {
                // Own home area (temdek off; spec section 11) and
                // ranks 5-6: straight forward only.
                dirs = 1u << 0;
            } else if (r == 7) {
                dirs = 1u << 0 | 1u << 1 | 1u << 7;
            } else if (r == kRanks) {
                dirs = 1u << 2 | 1u << 6;  // waiting on the promotion rank
            } else {
                dirs = rule == 1 ? 0xffu : (1u << 0 | 1u << 1 | 1u << 7 | 1u << 2 | 1u << 6);
            }
            for (int d = 0; d < kDirs; ++d)
                if ((dirs >> d & 1) && kGeo.step[i][d] != kNoCell) {
                    s.shatra[rule][kWhite][i] |= bit(kGeo.step[i][d]);
                    // Black's shatra on the mirrored cell steps the mirrored way.
                    s.shatra[rule][kBlack][kCells - 1 - i] |= bit(kCells - 1 - kGeo.step[i][d]);
                }
        }
    return s;
}

inline constexpr StepMasks kSteps = make_step_masks();

}  // namespace asterism::shatra
