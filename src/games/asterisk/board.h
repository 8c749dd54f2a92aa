// Asterisk's board and pieces: the triangular hex board of side n (rules
// section 2 of ../shared/rules/asterisk.md) and the six piece types
// (section 4). Everything here is precomputed once per board size and
// read-only afterwards, so game states only hold a pointer to it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace asterism::asterisk {

// ---- cells -------------------------------------------------------------------

// A cell's dense id r(r+1)/2 + c for row r (0 at the apex) and column c <= r.
using Cell = std::uint8_t;
inline constexpr int kMaxSide = 20;
inline constexpr int kMaxCells = kMaxSide * (kMaxSide + 1) / 2;  // 210
inline constexpr Cell kNoCell = 255;
// Where a missing neighbour points: one board slot past the last cell that
// always stays empty, so neighbour loops need no bounds checks.
inline constexpr Cell kOffBoard = kMaxCells;
static_assert(kOffBoard < kNoCell, "cell ids must fit below kNoCell");

// The board sizes the source lists: exactly the n in 4..20 with T(n)
// divisible by six, so that every piece type has the same count (1.3).
inline constexpr std::array<int, 5> kSizes = {8, 11, 12, 15, 20};

// Side bits; a corner cell carries the bits of both its sides (2.3).
using Sides = std::uint8_t;
inline constexpr Sides kSideL = 1, kSideR = 2, kSideB = 4, kAllSides = 7;

// A ring is the distance of a cell to the edge (2.4); side 20 has rings 0..6.
inline constexpr int kMaxRings = 7;

// A two-bridge seen from one of its two carrier cells: pieces on `a` and `b`
// that agree in an attribute share exactly two empty neighbours, this cell
// and `other`, so if the opponent's value lands on one the owner of the
// value keeps the connection by taking the other. An edge bridge joins a
// piece to a side instead: `a` == `b` is the piece, and this cell and
// `other` are two touching cells of a side that `a` does not touch.
struct Bridge {
    Cell a = kNoCell, b = kNoCell, other = kNoCell;
};
inline constexpr int kMaxBridges = 6;  // one per neighbour taken as `other`

struct Geometry {
    int n = 0;
    int cells = 0;  // T(n)
    int rings = 0;  // number of distinct rings
    std::array<std::uint8_t, kMaxCells> row{}, col{}, ring{};
    std::array<Sides, kMaxCells> sides{};
    std::array<std::uint8_t, kMaxCells> degree{};  // neighbours on the board
    // The six neighbours in ring order (up-left, up-right, right, down-right,
    // down-left, left), so that consecutive entries touch each other;
    // kOffBoard where the board ends.
    std::array<std::array<Cell, 6>, kMaxCells> neighbours{};
    std::array<int, kMaxRings> ring_size{};
    // The bridges each cell is a carrier of, for the playout policy.
    std::array<std::array<Bridge, kMaxBridges>, kMaxCells> bridges{};
    std::array<std::uint8_t, kMaxCells> bridge_count{};

    static constexpr Cell id(int r, int c) { return static_cast<Cell>(r * (r + 1) / 2 + c); }
    // "a1" for the apex; the letter names the column, the number the row.
    std::string name(Cell cell) const;
    // The cell named by `text`, or kNoCell when there is no such cell.
    Cell parse(std::string_view text) const;
};

// The precomputed geometry of a supported size (one of kSizes); any other n
// throws GameError.
const Geometry& geometry(int n);

// ---- pieces ------------------------------------------------------------------

// A piece type is three attribute bits, colour*4 + shape*2 + marking, where
// 0 is the goal-set-D value (dark, hexagonal, asterisked) and 1 the goal-set-L
// value (light, circular, empty). The pure types 0 and 7 do not exist, which
// frees 0 to mean "no piece" on the board.
using PieceType = std::uint8_t;
inline constexpr PieceType kNoPiece = 0;
inline constexpr int kTypes = 6;  // the types are 1..6
inline constexpr int kAttributes = 3;

enum Attribute : int { kColour = 0, kShape = 1, kMarking = 2 };

constexpr bool is_piece(int t) {
    return t >= 1 && t <= kTypes;
}
// The value (0 = D, 1 = L) of attribute `a` in type `t`.
constexpr int attribute_bit(PieceType t, int a) {
    return (t >> (2 - a)) & 1;
}

// The six attribute values are numbered 2 * attribute + bit, and a set of
// values is a 6-bit mask; the goal set D owns the even values, L the odd ones.
using ValueSet = std::uint8_t;
inline constexpr ValueSet kValuesD = 0b010101, kValuesL = 0b101010;
constexpr int value_index(int attribute, int bit) {
    return 2 * attribute + bit;
}

// Three-letter names: colour d|l, shape h|c, marking a|e ("dhe" = dark hex
// empty). parse_type returns kNoPiece for anything that is not one of the six.
std::string_view type_name(PieceType t);
PieceType parse_type(std::string_view text);
// "dark", "light", "hex", "circle", "asterisk", "empty".
std::string_view value_name(int value);
std::string_view attribute_name(int attribute);  // "colour", "shape", "marking"

}  // namespace asterism::asterisk
