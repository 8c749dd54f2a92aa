// The *Star score as JSON, and the board for graphical front ends
// (Game::view, docs/view.md): every
// cell drawn as the hexagon around its section-1.7 point, the star bridge in
// the middle, the stones, and the legal moves.
//
// A cell's outline is its dual cell in the triangulated disc of section 1.6
// (the lattice plus a virtual centre): the centroids of the triangles around
// it. Inside the board that is a hexagon because every cell has six lattice
// neighbours (counting the centre for ring 1). A perimeter cell has an open
// side; its missing corners are the point reflections through its centre of
// the corners it has, and for the five corner cells also the reflections of
// those corners in its two perimeter edges, which gives each a full hexagon.
#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/view.h"
#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

using view::Pt;

Pt to_view(Point p) {
    return {p.x, -p.y};  // the geometry has y up, drawings y down
}

Pt centroid(Pt a, Pt b, Pt c) {
    return {(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3};
}

// The reflection of p in the line through a and b.
Pt reflect(Pt p, Pt a, Pt b) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy);
    const Pt foot{a.x + t * dx, a.y + t * dy};
    return {2 * foot.x - p.x, 2 * foot.y - p.y};
}

// Corners sorted by angle around the centre, near-duplicates dropped.
std::vector<Pt> outline(Pt centre, std::vector<Pt> corners) {
    std::sort(corners.begin(), corners.end(), [&](Pt a, Pt b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) <
               std::atan2(b.y - centre.y, b.x - centre.x);
    });
    std::vector<Pt> out;
    for (const Pt& p : corners) {
        const bool close = std::any_of(
            out.begin(), out.end(), [&](Pt q) { return std::hypot(p.x - q.x, p.y - q.y) < 1e-6; });
        if (!close) out.push_back(p);
    }
    return out;
}

std::vector<Pt> cell_outline(const Geometry& g, Cell c) {
    const Pt here = to_view(g.point(c));
    // Lattice neighbours, plus the centre (index -1) for ring 1.
    std::vector<int> around(g.lattice_neighbours(c).begin(), g.lattice_neighbours(c).end());
    if (g.ring(c) == 1) around.push_back(-1);
    auto where = [&](int n) { return n < 0 ? Pt{0, 0} : to_view(g.point(static_cast<Cell>(n))); };
    auto touching = [&](int a, int b) {
        if (a < 0 || b < 0) return true;  // the centre touches every ring-1 cell
        const auto nb = g.lattice_neighbours(static_cast<Cell>(a));
        return std::find(nb.begin(), nb.end(), static_cast<Cell>(b)) != nb.end();
    };
    std::sort(around.begin(), around.end(), [&](int a, int b) {
        const Pt pa = where(a), pb = where(b);
        return std::atan2(pa.y - here.y, pa.x - here.x) < std::atan2(pb.y - here.y, pb.x - here.x);
    });
    std::vector<Pt> inner;
    std::vector<std::pair<Pt, std::pair<Pt, Pt>>> open_edges;  // corner, and the edge it borders
    const std::size_t k = around.size();
    for (std::size_t i = 0; i < k; ++i) {
        const int a = around[i], b = around[(i + 1) % k];
        if (touching(a, b)) inner.push_back(centroid(here, where(a), where(b)));
    }
    if (!g.is_peri(c)) return outline(here, inner);
    std::vector<Pt> corners = inner;
    for (const Pt& p : inner) corners.push_back({2 * here.x - p.x, 2 * here.y - p.y});
    if (g.is_corner(c)) {
        // Each inner corner borders one perimeter edge (to a peri neighbour).
        for (const Pt& p : inner)
            for (const Cell n : g.lattice_neighbours(c)) {
                if (!g.is_peri(n)) continue;
                const Pt q = to_view(g.point(n));
                // Only the perimeter edge this corner's triangle lies on.
                if (std::hypot(p.x - (here.x + q.x) / 2, p.y - (here.y + q.y) / 2) < 0.6)
                    corners.push_back(reflect(p, here, q));
            }
    }
    return outline(here, corners);
}

}  // namespace

nlohmann::json State::score() const {
    const Score s = current_score();
    auto side = [](const SideScore& p) {
        return view::object("peries", p.peries, "quarks", p.quarks, "quark_point", p.quark_point,
                            "stars", p.stars, "score", p.score);
    };
    return {{"provisional", s.provisional},
            {"black", side(s.side[0])},
            {"white", side(s.side[1])},
            {"margin", s.margin()}};
}

nlohmann::json State::view(ViewParts parts) const {
    const Geometry& g = *geo_;
    nlohmann::json cells = nlohmann::json::array();
    nlohmann::json pieces = nlohmann::json::array();
    // Stones of a star (a group with two or more peries) are marked, so the
    // drawing shows which groups score.
    std::set<Cell> star_roots;
    for (const StarGroup& s : stars()) star_roots.insert(group(s.root));
    for (Cell c = 0; c < g.cells(); ++c) {
        if (parts == ViewParts::Whole) {
            const std::string cls = g.is_corner(c) ? "peri corner" : g.is_peri(c) ? "peri" : "";
            cells.push_back(view::cell(g.name(c), to_view(g.point(c)), cell_outline(g, c), cls));
        }
        if (stone_[c] == Player::None) continue;
        pieces.push_back(view::object("cell", g.name(c), "owner", index(stone_[c]), "kind", "stone",
                                      "cls", star_roots.count(group(c)) ? "star" : ""));
    }
    // The star bridge: the pentagon the ring-1 cells close around, and a
    // five-pointed star whose points reach towards those cells.
    std::vector<Pt> pentagon, star;
    for (int s = 0; s < kArms; ++s) {
        const Pt a = to_view(g.point(Geometry::id(1, s)));
        const Pt b = to_view(g.point(Geometry::id(1, (s + 1) % kArms)));
        pentagon.push_back(centroid({0, 0}, a, b));
    }
    for (int s = 0; s < kArms; ++s) {
        const Pt a = to_view(g.point(Geometry::id(1, s)));
        const Pt m = pentagon[static_cast<std::size_t>(s)];
        // The points stop just inside the pentagon's sides (its inradius is
        // about 0.44 ring spacings), so the whole star shows.
        star.push_back({a.x * 0.41, a.y * 0.41});
        star.push_back({m.x * 0.3, m.y * 0.3});
    }
    nlohmann::json decor = nlohmann::json::array();
    decor.push_back(view::decor("polygon", pentagon, "bridge"));
    decor.push_back(view::decor("polygon", star, "bridge-star"));
    return view::drawing("starstar", parts, std::move(cells), std::move(pieces), std::move(decor),
                         {{"rings", g.rings()}, {"swap", rules_.swap}}, 0.3);
}

nlohmann::json State::move_view(Move m) const {
    if (m.is_swap())
        return {{"text", "swap"},
                {"path", nlohmann::json::array()},
                {"label", "Swap: take Black's stone as White's"}};
    // Built member by member: the online server draws some 300 of these for
    // every move of a 10-ring game, and the initializer-list form copies.
    nlohmann::json path = nlohmann::json::array();
    path.push_back(geo_->name(m.cell));
    nlohmann::json j = nlohmann::json::object();
    j.emplace("text", path[0]);
    j.emplace("path", std::move(path));
    return j;
}

}  // namespace asterism::starstar
