// Small helpers for the games' view() drawings (Game::view, docs/view.md):
// points and outlines in board units, rounded so that the JSON a browser
// receives stays short. Geometry itself stays in each game's folder.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/numbers.h"
#include "core/types.h"

namespace asterism::view {

struct Pt {
    double x = 0;
    double y = 0;
};

// Three decimals are far below a pixel at any sensible zoom.
inline double round3(double v) {
    return rounded(v, 3);
}

inline nlohmann::json point(Pt p) {
    return nlohmann::json::array({round3(p.x), round3(p.y)});
}

inline nlohmann::json polygon(const std::vector<Pt>& pts) {
    nlohmann::json out = nlohmann::json::array();
    for (const Pt& p : pts) out.push_back(point(p));
    return out;
}

// A regular polygon around (cx, cy) with circumradius r; the first corner
// is at angle `start` (radians, y down, so negative angles point up).
inline std::vector<Pt> regular(Pt c, double r, int corners, double start) {
    std::vector<Pt> out;
    for (int k = 0; k < corners; ++k) {
        const double a = start + 2 * std::numbers::pi * k / corners;
        out.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
    }
    return out;
}

// An axis-aligned square of side `side` centred on c.
inline std::vector<Pt> square(Pt c, double side) {
    const double h = side / 2;
    return {{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h}, {c.x - h, c.y + h}};
}

// An object built member by member: object("cell", name, "owner", 0).
// nlohmann's initializer-list form ({{"cell", name}, ...}) first builds each
// member as a two-element array and then copies it into the object; a full
// board has a few hundred men in the state of every change an online game
// sends (docs/server.md, "Load"), where that form was a fifth of the
// server's time.
inline void members(nlohmann::json&) {}

template <class Value, class... Rest>
void members(nlohmann::json& out, const char* key, Value&& value, Rest&&... rest) {
    out.emplace(key, std::forward<Value>(value));
    members(out, std::forward<Rest>(rest)...);
}

template <class... KeysAndValues>
nlohmann::json object(KeysAndValues&&... kv) {
    static_assert(sizeof...(kv) % 2 == 0, "object(): a value for every key");
    nlohmann::json out = nlohmann::json::object();
    members(out, std::forward<KeysAndValues>(kv)...);
    return out;
}

// One cell of a drawing: its name (as moves write it), centre and outline,
// and CSS classes (space-separated) for its region.
inline nlohmann::json cell(const std::string& name, Pt centre, const std::vector<Pt>& outline,
                           const std::string& classes = {}) {
    return {{"name", name},
            {"x", round3(centre.x)},
            {"y", round3(centre.y)},
            {"poly", polygon(outline)},
            {"cls", classes}};
}

// A decoration drawn under the men: an outline ("polygon"), an open line
// ("polyline") or a text at a point, with CSS classes.
inline nlohmann::json decor(const std::string& shape, const std::vector<Pt>& pts,
                            const std::string& classes, const std::string& text = {}) {
    nlohmann::json j = {{"shape", shape}, {"points", polygon(pts)}, {"cls", classes}};
    if (!text.empty()) j["text"] = text;
    return j;
}

// The bounding box [min x, min y, max x, max y] of every cell outline and
// decoration point, with a margin, so that a front end can size its canvas.
inline nlohmann::json bounds(const nlohmann::json& cells, const nlohmann::json& decor,
                             double margin) {
    double lo_x = 1e9, lo_y = 1e9, hi_x = -1e9, hi_y = -1e9;
    auto take = [&](const nlohmann::json& p) {
        const double x = p[0].get<double>(), y = p[1].get<double>();
        lo_x = std::min(lo_x, x), lo_y = std::min(lo_y, y);
        hi_x = std::max(hi_x, x), hi_y = std::max(hi_y, y);
    };
    for (const auto& c : cells)
        for (const auto& p : c["poly"]) take(p);
    for (const auto& d : decor)
        for (const auto& p : d["points"]) take(p);
    if (lo_x > hi_x) lo_x = lo_y = hi_x = hi_y = 0;
    return nlohmann::json::array({round3(lo_x - margin), round3(lo_y - margin),
                                  round3(hi_x + margin), round3(hi_y + margin)});
}

// A whole drawing (docs/view.md): the game's kind, its cells, pieces,
// decorations and extras, and the bounding box of cells and decorations
// with `margin` around it. With ViewParts::Changing the cells (which the
// game then need not build) and the box are left out.
inline nlohmann::json drawing(const std::string& kind, ViewParts parts, nlohmann::json cells,
                              nlohmann::json pieces, nlohmann::json decor, nlohmann::json extras,
                              double margin) {
    nlohmann::json out = {{"kind", kind},
                          {"pieces", std::move(pieces)},
                          {"decor", std::move(decor)},
                          {"extras", std::move(extras)}};
    if (parts == ViewParts::Whole) {
        out["box"] = bounds(cells, out["decor"], margin);
        out["cells"] = std::move(cells);
    }
    return out;
}

}  // namespace asterism::view
