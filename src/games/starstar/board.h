// The *Star board: R concentric rings around a central "star bridge", ring x
// holding 5x cells (rules: ../shared/rules/starstar.md, section 1). This file
// holds the fixed facts about one board size, computed once per size:
//
//   - dense cell ids, id(x, i) = 5x(x-1)/2 + i for ring x in 1..R and index
//     i in 0..5x-1 counted clockwise from the * arm;
//   - Nxy names: arm letter (* S T A R), ring number mod 10, offset from the
//     arm (section 1.3), for example *10, S32 or, on the 10-ring board, *00;
//   - game adjacency: the hex lattice of 1.4 plus the bridge, which joins
//     every pair of ring-1 cells (1.5); lattice neighbours are listed first;
//   - perimeter ("peri") and corner ("quark") cells;
//   - the ten symmetries of the board (dihedral group D5) as permutations;
//   - drawing coordinates (1.7).
//
// Sizes are 6, 8 and 10 rings. Every table is a fixed array sized for the
// largest board, so a state never allocates.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace asterism::starstar {

using Cell = std::int16_t;  // dense id, 0 .. cells()-1
using Ring = int;           // 1 .. R, innermost first
using Arm = int;            // 0 .. 4 for * S T A R, clockwise

inline constexpr int kArms = 5;
inline constexpr int kMaxRings = 10;
inline constexpr int kMaxCells = kArms * kMaxRings * (kMaxRings + 1) / 2;  // 275
inline constexpr int kMaxPeri = kArms * kMaxRings;                         // 50
inline constexpr int kMaxDegree = 7;  // ring-1 cells: 4 in ring 1, 3 in ring 2
inline constexpr int kMaxEdges = 3 * kMaxCells - kArms * kMaxRings;  // 775
inline constexpr int kSymmetries = 10;
inline constexpr Cell kNoCell = -1;
inline constexpr char kArmLetters[] = "*STAR";

// Where a cell is drawn, in units of the ring spacing, y pointing up.
struct Point {
    double x = 0;
    double y = 0;
};

// A two-bridge seen from one of its carrier cells: stones on `a` and `b`
// share exactly two empty neighbours, this cell and `other`, so if the
// opponent takes one the owner keeps the connection by taking the other.
struct Bridge {
    Cell a = -1, b = -1, other = -1;
};
inline constexpr int kMaxBridgesPerCell = kMaxDegree * (kMaxDegree - 1) / 2;

class Geometry {
  public:
    // The geometry of an R-ring board, built on first use and shared.
    // Throws GameError unless R is 6, 8 or 10.
    static const Geometry& get(int rings);
    static bool supported(int rings) { return rings == 6 || rings == 8 || rings == 10; }

    int rings() const { return rings_; }
    int cells() const { return cells_; }
    int peri_count() const { return kArms * rings_; }

    static constexpr Cell id(Ring x, int i) {
        return static_cast<Cell>(kArms * x * (x - 1) / 2 + i);
    }
    Ring ring(Cell c) const { return ring_[c]; }
    int index(Cell c) const { return c - id(ring_[c], 0); }
    Arm arm(Cell c) const { return index(c) / ring_[c]; }
    int offset(Cell c) const { return index(c) % ring_[c]; }

    // Game adjacency (lattice plus bridge); the first lattice_degree() of
    // them are the lattice neighbours, the rest are bridge links.
    std::span<const Cell> neighbours(Cell c) const { return {adj_[c].data(), degree_[c]}; }
    std::span<const Cell> lattice_neighbours(Cell c) const {
        return {adj_[c].data(), lattice_degree_[c]};
    }
    // Every game-adjacency edge once, as (lower id, higher id).
    std::span<const std::array<Cell, 2>> edges() const {
        return {edges_.data(), static_cast<std::size_t>(edge_count_)};
    }

    // The perimeter is ring R, so its cells have consecutive ids; peri k is
    // the k-th pericell clockwise from the * corner.
    bool is_peri(Cell c) const { return c >= first_peri_; }
    int peri_index(Cell c) const { return c - first_peri_; }
    Cell peri_cell(int k) const { return static_cast<Cell>(first_peri_ + k); }
    bool is_corner(Cell c) const { return is_peri(c) && peri_index(c) % rings_ == 0; }
    Cell corner(Arm s) const { return peri_cell(s * rings_); }
    // How deep inside the perimeter a cell lies, min(R - ring, 6), and 7 for
    // a corner: the ring classes of the learned move features.
    int depth_class(Cell c) const { return depth_class_[c]; }

    // Symmetry k maps cell c to symmetry(k)[c]. k = 0..4 rotate clockwise by
    // k arms; k = 5..9 reflect in the * arm, (x, i) -> (x, -i), then rotate
    // by k-5 arms. Entry 0 is the identity.
    const std::array<Cell, kMaxCells>& symmetry(int k) const { return symmetry_[k]; }

    Point point(Cell c) const { return point_[c]; }

    // The bridges that have c as a carrier cell (used by playout knowledge).
    std::span<const Bridge> bridges(Cell c) const { return {bridges_[c].data(), bridge_count_[c]}; }

    // Nxy name of a cell, for example "S32".
    std::string name(Cell c) const;
    // The cell a name denotes on this board, or kNoCell with a reason in
    // *why (errors.h; the text itself is not repeated there). The arm letter may also
    // be given in lower case.
    Cell parse(std::string_view text, nlohmann::json* why) const;

  private:
    explicit Geometry(int rings);
    static Cell at(Ring x, int i);
    void link(Cell a, Cell b);
    // The construction, cell (x, i) by cell: its links, then its images
    // under the symmetries and its drawing point; last, the bridges.
    void link_cell(Ring x, int i);
    void place_cell(Ring x, int i);
    void find_bridges();

    int rings_ = 0;
    int cells_ = 0;
    Cell first_peri_ = 0;
    int edge_count_ = 0;
    std::array<std::uint8_t, kMaxCells> ring_{};
    std::array<std::uint8_t, kMaxCells> depth_class_{};
    std::array<std::array<Cell, kMaxDegree>, kMaxCells> adj_{};
    std::array<std::uint8_t, kMaxCells> degree_{};
    std::array<std::uint8_t, kMaxCells> lattice_degree_{};
    std::array<std::array<Cell, 2>, kMaxEdges> edges_{};
    std::array<std::array<Cell, kMaxCells>, kSymmetries> symmetry_{};
    std::array<Point, kMaxCells> point_{};
    std::array<std::array<Bridge, kMaxBridgesPerCell>, kMaxCells> bridges_{};
    std::array<std::uint8_t, kMaxCells> bridge_count_{};
};

}  // namespace asterism::starstar
