#include "games/starpool/board.h"

#include <memory>

namespace asterism::starpool {
namespace {

constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

// Grid points may lie off the grid while a leap is under way, so points are
// plain coordinates and only endpoints are checked.
struct Point {
    int x = 0, y = 0;
    Point step(int d) const { return {x + kDx[d], y + kDy[d]}; }
    bool operator==(const Point&) const = default;
};

constexpr Point kPoolPoint{5, 5};

bool on_grid(Point p) {
    return p.x >= 0 && p.x < kGridSide && p.y >= 0 && p.y < kGridSide;
}
bool citadel(Point p) {
    return (p.x == 0 || p.x == 10) && (p.y == 0 || p.y == 10);
}
bool cell(Point p) {
    return citadel(p) || (p.x >= 1 && p.x <= 9 && p.y >= 1 && p.y <= 9 && !(p == kPoolPoint));
}
Cell index_of(Point p) {
    return static_cast<Cell>(p.y * kGridSide + p.x);
}
Point point_of(Cell c) {
    return {c % kGridSide, c / kGridSide};
}
bool orthogonal(int d) {
    return d % 2 == 0;
}
// Black's men see every direction mirrored north-south.
int oriented_dir(int d, int side) {
    return side == 0 ? d : (12 - d) % 8;
}
DirSet oriented(DirSet s, int side) {
    DirSet out = 0;
    for (int d = 0; d < 8; ++d)
        if (s >> d & 1) out = static_cast<DirSet>(out | 1u << oriented_dir(d, side));
    return out;
}

// The citadel at the end of the long diagonal that leaves the pool in d.
Point pool_citadel(int d) {
    return {5 + 5 * kDx[d], 5 + 5 * kDy[d]};
}

// A unit step that never stops on the pool: orthogonally the pool is
// skipped (rule 1.2.1), diagonally it is passed through (1.2.3), and both
// come to the point beyond it.
Point leg(Point p, int d) {
    p = p.step(d);
    return p == kPoolPoint ? p.step(d) : p;
}

// Rule 1.2.2: a citadel's orthogonal neighbour is the citadel at the other
// end of the link in that direction, if there is one.
Point link(Point p, int d) {
    return {p.x + 10 * kDx[d], p.y + 10 * kDy[d]};
}

// Collects the endpoints of one route: `all` gets every cell reached,
// `option` those reached by the pool's citadel option.
struct Sink {
    Bits* all;
    Bits* option;
    void land(Point p) const {
        if (cell(p)) *all |= Bits::of(index_of(p));
    }
    void land_by_option(Point p) const {
        land(p);
        if (option && cell(p)) *option |= Bits::of(index_of(p));
    }
};

// The last diagonal unit step of a move (rule 1.2.3): onto the pool it
// passes through, or, unless the man started in a citadel, jumps to the
// citadel at the end of that diagonal.
void last_diagonal_leg(Point p, int d, bool from_citadel, const Sink& sink) {
    const Point q = p.step(d);
    if (!(q == kPoolPoint)) return sink.land(q);
    sink.land(q.step(d));
    if (!from_citadel) sink.land_by_option(pool_citadel(d));
}

// A one-unit step as a whole move (rules 1.2.1-1.2.3).
void unit_step(Point f, int d, const Sink& sink) {
    if (!orthogonal(d)) return last_diagonal_leg(f, d, citadel(f), sink);
    sink.land(citadel(f) ? link(f, d) : leg(f, d));
}

// A leap (rule 1.2.4): fixed unit legs, never blocked, no links; only the
// last leg may take the citadel option.
void leap(Point f, const LeapDef& l, int side, const Sink& sink) {
    if (l.orthogonal == 0 && l.diagonal == 0) return;
    const DirSet ds = oriented(l.dirs, side);
    auto diagonal_legs = [&](Point p, int d) {
        for (int i = 1; i < l.diagonal; ++i) p = leg(p, d);
        last_diagonal_leg(p, d, citadel(f), sink);
    };
    for (int d = 0; d < 8; ++d) {
        if (!(ds >> d & 1)) continue;
        if (l.orthogonal == 0) {
            diagonal_legs(f, d);
            continue;
        }
        Point p = f;
        for (int i = 0; i < l.orthogonal; ++i) p = leg(p, d);
        if (l.diagonal == 0) {
            sink.land(p);
            continue;
        }
        diagonal_legs(p, (d + 1) % 8);
        diagonal_legs(p, (d + 7) % 8);
    }
}

void build_rays(Geometry& g, Point f) {
    const Cell fc = index_of(f);
    for (int d = 0; d < 8; ++d) {
        auto& ray = g.ray[fc][d];
        std::uint8_t n = 0, pool_at = 0xFF;
        if (citadel(f) && orthogonal(d)) {
            // Rule 1.2.2 and spec 8.7: one link step, nothing beyond.
            const Point q = link(f, d);
            if (on_grid(q) && citadel(q)) ray[n++] = index_of(q);
        } else {
            for (Point p = f;;) {
                p = p.step(d);
                if (p == kPoolPoint) {
                    if (!orthogonal(d) && !citadel(f)) pool_at = n;
                    p = p.step(d);
                }
                if (!on_grid(p) || !cell(p)) break;
                ray[n++] = index_of(p);
            }
        }
        g.ray_length[fc][d] = n;
        g.pool_index[fc][d] = n > 0 && pool_at < n ? pool_at : 0xFF;
        g.pool_end[fc][d] = g.pool_index[fc][d] != 0xFF ? ray[n - 1] : kNoCell;
        Geometry::Line& line = g.lines[fc][d];
        for (int i = 0; i < n; ++i) line.cells |= Bits::of(ray[i]);
        g.ray_bits[fc][d] = line.cells;
        for (int i = 0; i < n && i < g.pool_index[fc][d]; ++i)
            g.before_pool[fc][d] |= Bits::of(ray[i]);
        line.dir = static_cast<std::uint8_t>((d + 4) % 8);
        line.low = ascending(d);
    }
    g.line_count[fc] = 8;
}

int zone_rank(int rank, int side) {
    return side == 0 ? rank : 10 - rank;
}

bool in_zone(Zone z, Point to, int side, bool via_pool) {
    const bool enemy_citadel = citadel(to) && (side == 0 ? to.y == 10 : to.y == 0);
    switch (z) {
        case Zone::PawnRank:
            return !citadel(to) && to.y == zone_rank(kPawnRank, side);
        case Zone::BackRank:
            return !citadel(to) && to.y == zone_rank(kBackRank, side);
        case Zone::Citadel:
            return enemy_citadel;
        case Zone::CitadelViaPool:
            return enemy_citadel && via_pool;
    }
    return false;
}

void build_promotions(Geometry& g, int k, int side, Point to) {
    for (bool via_pool : {false, true}) {
        std::uint8_t result = kNoKind;
        for (const PromotionDef& p : kPromotions) {
            if (kind_of_letter(p.man) != k || !in_zone(p.zone, to, side, via_pool)) continue;
            result = static_cast<std::uint8_t>(kind_of_letter(p.becomes));
            g.promotes[k] = true;
            break;
        }
        (via_pool ? g.promote_pool : g.promote_plain)[k][side][index_of(to)] = result;
    }
}

// Everything that starts at the board cell f: rays, swap partners and each
// kind's destinations, for both sides.
void build_from(Geometry& g, Point f) {
    const Cell fc = index_of(f);
    build_rays(g, f);
    for (int d = 0; d < 8; ++d) {
        // Swap adjacency (spec 2.1): a King step, passing through the
        // pool, never along a link.
        const Point q = leg(f, d);
        if (on_grid(q) && cell(q)) g.swap_partners[fc] |= Bits::of(index_of(q));
    }
    for (int k = 0; k < kKinds; ++k) {
        const ManDef& m = kMen[k];
        for (int s = 0; s < 2; ++s) {
            Geometry::Steps& steps = g.steps[k][s][fc];
            const Sink any{&steps.any, &steps.option};
            const Sink quiet{&steps.quiet, &steps.option};
            const Sink capture{&steps.capture, &steps.option};
            for (int d = 0; d < 8; ++d) {
                const int od = oriented_dir(d, s);
                if (m.step >> d & 1) unit_step(f, od, any);
                if (m.quiet_step >> d & 1) unit_step(f, od, quiet);
                if (m.capture_step >> d & 1) unit_step(f, od, capture);
            }
            for (const LeapDef& l : m.leap) leap(f, l, s, any);
            leap(f, m.first_move_leap, s, Sink{&g.first[s][fc], nullptr});
            g.slide_dirs[k][s] = oriented(m.slide, s);
            build_promotions(g, k, s, f);
        }
    }
}

void build_double_steps(Geometry& g) {
    for (int s = 0; s < 2; ++s) {
        for (std::string_view name : kDoubleStepCells) {
            const Point f{name[0] - 'a' + 1, zone_rank(name[1] - '0', s)};
            const int forward = oriented_dir(kN, s);
            const Point mid = leg(f, forward), to = leg(mid, forward);
            if (!cell(f) || !cell(mid) || !cell(to)) continue;
            g.double_mid[s][index_of(f)] = index_of(mid);
            g.double_to[s][index_of(f)] = index_of(to);
        }
    }
}

void build_attackers(Geometry& g) {
    for (int k = 0; k < kKinds; ++k)
        for (int s = 0; s < 2; ++s)
            for (Cell f = 0; f < kGridPoints; ++f)
                for (Bits b = g.steps[k][s][f].any | g.steps[k][s][f].capture; b.any();)
                    g.attackers[s][b.pop()][k] |= Bits::of(f);
    for (int s = 0; s < 2; ++s)
        for (Cell f = 0; f < kGridPoints; ++f)
            for (Bits b = g.first[s][f]; b.any();) g.first_attackers[s][b.pop()] |= Bits::of(f);
}

void build_citadel_option_lines(Geometry& g) {
    for (Cell c : kCitadels) {
        // The option into a citadel comes from the far half of its diagonal,
        // walked here from the pool outward.
        const Point p0 = point_of(c);
        const int away = p0.x == 0 ? (p0.y == 0 ? kNE : kSE) : (p0.y == 0 ? kNW : kSW);
        Geometry::Line& line = g.lines[c][g.line_count[c]++];
        Point p = kPoolPoint;
        for (int n = 0; n < 4; ++n) {
            p = p.step(away);
            line.cells |= Bits::of(index_of(p));
        }
        line.dir = static_cast<std::uint8_t>((away + 4) % 8);
        line.low = c < kPool;
    }
}

std::unique_ptr<Geometry> build() {
    auto g = std::make_unique<Geometry>();
    for (Cell c = 0; c < kGridPoints; ++c) {
        g->is_cell[c] = cell(point_of(c));
        g->is_citadel[c] = citadel(point_of(c));
        for (int s = 0; s < 2; ++s) g->double_mid[s][c] = g->double_to[s][c] = kNoCell;
        g->pool_end[c].fill(kNoCell);
    }
    for (Cell fc = 0; fc < kGridPoints; ++fc)
        if (cell(point_of(fc))) build_from(*g, point_of(fc));
    build_double_steps(*g);
    build_attackers(*g);
    build_citadel_option_lines(*g);
    return g;
}

}  // namespace

const Geometry& geometry() {
    static const std::unique_ptr<Geometry> g = build();
    return *g;
}

std::string cell_name(Cell c) {
    if (c >= kGridPoints || !geometry().is_cell[c]) return "?";
    for (int i = 0; i < 4; ++i)
        if (kCitadels[i] == c) return "w" + std::to_string(i + 1);
    return {static_cast<char>('a' + c % kGridSide - 1), static_cast<char>('0' + c / kGridSide)};
}

Cell parse_cell(std::string_view name) {
    if (name.size() != 2) return kNoCell;
    if (name[0] == 'w' && name[1] >= '1' && name[1] <= '4') return kCitadels[name[1] - '1'];
    if (name[0] < 'a' || name[0] > 'i' || name[1] < '1' || name[1] > '9') return kNoCell;
    const Cell c = static_cast<Cell>((name[1] - '0') * kGridSide + (name[0] - 'a' + 1));
    return c == kPool ? kNoCell : c;
}

}  // namespace asterism::starpool
