#include "games/starstar/board.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/types.h"
#include "games/starstar/errors.h"

namespace asterism::starstar {

const Geometry& Geometry::get(int rings) {
    // One board per size, built on first use; function-local statics make
    // the first use thread-safe and leave no static-initialisation order
    // problem for the game registration.
    static const Geometry six(6), eight(8), ten(10);
    switch (rings) {
        case 6:
            return six;
        case 8:
            return eight;
        case 10:
            return ten;
    }
    throw error("board.star.rings", {{"rings", rings}});
}

void Geometry::link(Cell a, Cell b) {
    adj_[a][degree_[a]++] = b;
}

Cell Geometry::at(Ring x, int i) {
    // Cell (x, i) with i taken modulo the ring length, so the formulas of
    // section 1.4 can step past either end of a ring.
    const int n = kArms * x;
    return id(x, ((i % n) + n) % n);
}

Geometry::Geometry(int rings) : rings_(rings), cells_(id(rings + 1, 0)), first_peri_(id(rings, 0)) {
    for (Ring x = 1; x <= rings_; ++x) {
        for (int i = 0; i < kArms * x; ++i) {
            ring_[id(x, i)] = static_cast<std::uint8_t>(x);
            link_cell(x, i);
            place_cell(x, i);
        }
    }
    for (Cell a = 0; a < cells_; ++a)
        for (Cell b : neighbours(a))
            if (a < b) edges_[edge_count_++] = {a, b};
    find_bridges();
    for (Cell c = 0; c < cells_; ++c)
        depth_class_[c] =
            static_cast<std::uint8_t>(is_corner(c) ? 7 : std::min(rings_ - ring_[c], 6));
}

void Geometry::link_cell(Ring x, int i) {
    const Cell c = id(x, i);
    const Arm s = i / x;
    const int y = i % x;
    // Each cell lists its own neighbours by the formulas of 1.4
    // (same ring, outward, inward) rather than mirroring outward
    // links, so the symmetry test checks the inward formula.
    link(c, at(x, i - 1));
    link(c, at(x, i + 1));
    if (x < rings_) {
        if (y == 0) link(c, at(x + 1, s * (x + 1) - 1));
        link(c, at(x + 1, s * (x + 1) + y));
        link(c, at(x + 1, s * (x + 1) + y + 1));
    }
    if (x > 1) {
        if (y > 0) link(c, at(x - 1, s * (x - 1) + y - 1));
        link(c, at(x - 1, s * (x - 1) + y));
    }
    lattice_degree_[c] = degree_[c];
    // The bridge (1.5): a ring-1 cell also touches the two ring-1
    // cells that are not its lattice neighbours.
    if (x == 1) {
        link(c, at(1, i + 2));
        link(c, at(1, i + 3));
    }
}

void Geometry::place_cell(Ring x, int i) {
    const Cell c = id(x, i);
    const Arm s = i / x;
    const int y = i % x;
    // Rotations and reflections act within a ring (1.6).
    for (int k = 0; k < kSymmetries; ++k) {
        const int turned = (k < kArms ? i : -i) + (k % kArms) * x;
        symmetry_[k][c] = at(x, turned);
    }
    // Drawing (1.7): arm s points at -54 - 72s degrees, clockwise
    // from the lower right, and offsets run towards the next arm.
    auto unit = [](Arm a) {
        const double angle = (-54.0 - 72.0 * a) * std::numbers::pi / 180.0;
        return Point{std::cos(angle), std::sin(angle)};
    };
    const Point u = unit(s), v = unit((s + 1) % kArms);
    point_[c] = {x * u.x + y * (v.x - u.x), x * u.y + y * (v.y - u.y)};
}

void Geometry::find_bridges() {
    // Bridges: two cells that are not adjacent but have exactly two common
    // neighbours. Each carrier cell is a neighbour of both ends, so looking
    // at pairs of a carrier's neighbours finds every bridge.
    auto adjacent = [&](Cell p, Cell q) {
        const auto n = neighbours(p);
        return std::find(n.begin(), n.end(), q) != n.end();
    };
    for (Cell c = 0; c < cells_; ++c) {
        const auto around = neighbours(c);
        for (std::size_t i = 0; i < around.size(); ++i)
            for (std::size_t j = i + 1; j < around.size(); ++j) {
                const Cell a = around[i], b = around[j];
                if (adjacent(a, b)) continue;
                Cell other = kNoCell;
                int common = 0;
                for (Cell n : neighbours(a))
                    if (adjacent(n, b)) {
                        ++common;
                        if (n != c) other = n;
                    }
                if (common == 2) bridges_[c][bridge_count_[c]++] = {a, b, other};
            }
    }
}

std::string Geometry::name(Cell c) const {
    const Ring x = ring(c);
    return {kArmLetters[arm(c)], static_cast<char>('0' + x % 10),
            static_cast<char>('0' + offset(c))};
}

Cell Geometry::parse(std::string_view text, nlohmann::json* why) const {
    auto fail = [&](nlohmann::json because) {
        if (why) *why = std::move(because);
        return kNoCell;
    };
    if (text.size() != 3) return fail(reason("move.star.form"));
    Arm s = -1;
    for (Arm a = 0; a < kArms; ++a)
        if (text[0] == kArmLetters[a] || (a > 0 && text[0] == kArmLetters[a] - 'A' + 'a')) s = a;
    const auto digit = [](char ch) { return ch >= '0' && ch <= '9' ? ch - '0' : -1; };
    const int ring_digit = digit(text[1]), y = digit(text[2]);
    if (s < 0 || ring_digit < 0 || y < 0) return fail(reason("move.star.form"));
    const Ring x = ring_digit == 0 ? 10 : ring_digit;
    if (x > rings_) return fail(reason("move.star.ring", {{"ring", x}, {"rings", rings_}}));
    if (y >= x) return fail(reason("move.star.offset", {{"ring", x}, {"max", x - 1}}));
    return id(x, s * x + y);
}

}  // namespace asterism::starstar
