#include "games/asterisk/board.h"

#include <algorithm>

#include "core/types.h"
#include "games/asterisk/errors.h"

namespace asterism::asterisk {
namespace {

Geometry build(int n) {
    Geometry g;
    g.n = n;
    g.cells = n * (n + 1) / 2;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c <= r; ++c) {
            const Cell id = Geometry::id(r, c);
            g.row[id] = static_cast<std::uint8_t>(r);
            g.col[id] = static_cast<std::uint8_t>(c);
            const int k = std::min({c, r - c, n - 1 - r});
            g.ring[id] = static_cast<std::uint8_t>(k);
            ++g.ring_size[k];
            g.rings = std::max(g.rings, k + 1);
            g.sides[id] = static_cast<Sides>((c == 0 ? kSideL : 0) | (c == r ? kSideR : 0) |
                                             (r == n - 1 ? kSideB : 0));
            // The six hex directions of rules section 2.2, in ring order.
            const int dr[6] = {-1, -1, 0, 1, 1, 0};
            const int dc[6] = {-1, 0, 1, 1, 0, -1};
            for (int d = 0; d < 6; ++d) {
                const int rr = r + dr[d], cc = c + dc[d];
                const bool on_board = rr >= 0 && rr < n && cc >= 0 && cc <= rr;
                g.neighbours[id][d] = on_board ? Geometry::id(rr, cc) : kOffBoard;
                g.degree[id] = static_cast<std::uint8_t>(g.degree[id] + on_board);
            }
        }
    }
    // Bridges: with this cell p and a neighbour q as the carriers, the two
    // ends are the cells touching both, which are p's ring neighbours just
    // before and after q. When one of them is off the board, p and q lie on
    // the edge and the other end bridges to every side they share.
    for (int p = 0; p < g.cells; ++p) {
        const auto& nb = g.neighbours[p];
        for (int i = 0; i < 6; ++i) {
            const Cell q = nb[i], a = nb[(i + 5) % 6], b = nb[(i + 1) % 6];
            if (q == kOffBoard || (a == kOffBoard && b == kOffBoard)) continue;
            Bridge br{a, b, q};
            if (a == kOffBoard || b == kOffBoard) {
                const Cell end = a == kOffBoard ? b : a;
                if ((g.sides[p] & g.sides[q] & ~g.sides[end]) == 0) continue;
                br = {end, end, q};
            }
            g.bridges[p][g.bridge_count[p]++] = br;
        }
    }
    return g;
}

constexpr std::string_view kTypeNames[kTypes + 1] = {"", "dhe", "dca", "dce", "lha", "lhe", "lca"};

}  // namespace

const Geometry& geometry(int n) {
    static const std::array<Geometry, kSizes.size()> all = [] {
        std::array<Geometry, kSizes.size()> out;
        for (std::size_t i = 0; i < kSizes.size(); ++i) out[i] = build(kSizes[i]);
        return out;
    }();
    for (std::size_t i = 0; i < kSizes.size(); ++i)
        if (kSizes[i] == n) return all[i];
    throw error("board.ast.size", {{"n", n}});
}

std::string Geometry::name(Cell cell) const {
    return static_cast<char>('a' + col[cell]) + std::to_string(row[cell] + 1);
}

Cell Geometry::parse(std::string_view text) const {
    if (text.size() < 2 || text.size() > 3 || text[0] < 'a' || text[0] > 'z') return kNoCell;
    if (text[1] < '1' || text[1] > '9') return kNoCell;  // no sign, no leading zero
    int number = 0;
    for (char ch : text.substr(1)) {
        if (ch < '0' || ch > '9') return kNoCell;
        number = number * 10 + (ch - '0');
    }
    const int r = number - 1, c = text[0] - 'a';
    if (r >= n || c > r) return kNoCell;
    return id(r, c);
}

std::string_view type_name(PieceType t) {
    return is_piece(t) ? kTypeNames[t] : "?";
}

PieceType parse_type(std::string_view text) {
    for (int t = 1; t <= kTypes; ++t)
        if (kTypeNames[t] == text) return static_cast<PieceType>(t);
    return kNoPiece;
}

std::string_view value_name(int value) {
    constexpr std::string_view names[6] = {"dark", "light", "hex", "circle", "asterisk", "empty"};
    return names[value];
}

std::string_view attribute_name(int attribute) {
    constexpr std::string_view names[3] = {"colour", "shape", "marking"};
    return names[attribute];
}

}  // namespace asterism::asterisk
