// Board geometry of every size against the tables of the rules (sections 1.3,
// 2.3 and 2.4), and the cell notation.
#include <set>

#include "asterisk/test_util.h"

namespace asterism::asterisk {
namespace {

using testing::load_sizes;

TEST(AsteriskGeometry, TableCoversEverySupportedSize) {
    const auto sizes = load_sizes();
    ASSERT_EQ(sizes.size(), kSizes.size());
    for (std::size_t i = 0; i < sizes.size(); ++i) EXPECT_EQ(sizes[i].n, kSizes[i]);
}

TEST(AsteriskGeometry, CellsSidesPerimeterAndRingsMatchTheRules) {
    for (const auto& row : load_sizes()) {
        SCOPED_TRACE("n=" + std::to_string(row.n));
        const Geometry& g = geometry(row.n);
        EXPECT_EQ(g.cells, row.cells);
        EXPECT_EQ(g.cells % kTypes, 0);
        EXPECT_EQ(g.cells / kTypes, row.per_type);
        int side[3] = {0, 0, 0}, perimeter = 0, corners = 0;
        std::vector<int> rings(static_cast<std::size_t>(g.rings), 0);
        for (int c = 0; c < g.cells; ++c) {
            for (int s = 0; s < 3; ++s) side[s] += g.sides[c] >> s & 1;
            perimeter += g.sides[c] != 0;
            corners += g.sides[c] == (kSideL | kSideR) || g.sides[c] == (kSideL | kSideB) ||
                       g.sides[c] == (kSideR | kSideB);
            ++rings[g.ring[c]];
        }
        for (int s = 0; s < 3; ++s) EXPECT_EQ(side[s], row.n) << "side " << s;
        EXPECT_EQ(perimeter, 3 * (row.n - 1));
        EXPECT_EQ(corners, 3);
        EXPECT_EQ(rings, row.rings);
        for (int k = 0; k < g.rings; ++k) EXPECT_EQ(g.ring_size[k], row.rings[k]);
        // The corners carry the bits of both their sides (rules 2.3).
        EXPECT_EQ(g.sides[g.parse("a1")], kSideL | kSideR);
        EXPECT_EQ(g.sides[Geometry::id(row.n - 1, 0)], kSideL | kSideB);
        EXPECT_EQ(g.sides[Geometry::id(row.n - 1, row.n - 1)], kSideR | kSideB);
    }
}

TEST(AsteriskGeometry, AdjacencyIsSymmetricAndRingOrdered) {
    for (int n : kSizes) {
        SCOPED_TRACE("n=" + std::to_string(n));
        const Geometry& g = geometry(n);
        for (int c = 0; c < g.cells; ++c) {
            std::set<int> seen;
            for (Cell nb : g.neighbours[c]) {
                if (nb == kOffBoard) continue;
                ASSERT_LT(nb, g.cells);
                EXPECT_TRUE(seen.insert(nb).second) << "neighbour listed twice";
                const auto& back = g.neighbours[nb];
                EXPECT_NE(std::find(back.begin(), back.end(), Cell(c)), back.end());
                const int dr = g.row[nb] - g.row[c], dc = g.col[nb] - g.col[c];
                // The six offsets of rules 2.2.
                EXPECT_TRUE((dr == 0 && (dc == 1 || dc == -1)) ||
                            (dr == -1 && (dc == -1 || dc == 0)) ||
                            (dr == 1 && (dc == 0 || dc == 1)))
                    << g.name(Cell(c)) << " - " << g.name(nb);
            }
            EXPECT_EQ(static_cast<int>(seen.size()), g.degree[c]);
            // Interior cells have 6 neighbours, edge cells 4, corners 2.
            const int bits = std::popcount(unsigned(g.sides[c]));
            EXPECT_EQ(g.degree[c], bits == 0 ? 6 : bits == 1 ? 4 : 2) << g.name(Cell(c));
            // Consecutive neighbours in the ring touch each other; the union
            // code relies on this to join one neighbour per run.
            for (int i = 0; i < 6; ++i) {
                const Cell a = g.neighbours[c][i], b = g.neighbours[c][(i + 1) % 6];
                if (a == kOffBoard || b == kOffBoard) continue;
                const auto& of_a = g.neighbours[a];
                EXPECT_NE(std::find(of_a.begin(), of_a.end(), b), of_a.end())
                    << g.name(Cell(c)) << ": " << g.name(a) << " and " << g.name(b);
            }
        }
    }
}

TEST(AsteriskGeometry, NamesRoundTripAndFollowTheRules) {
    for (int n : kSizes) {
        const Geometry& g = geometry(n);
        std::set<std::string> names;
        for (int c = 0; c < g.cells; ++c) {
            const std::string name = g.name(Cell(c));
            EXPECT_EQ(g.parse(name), c) << name;
            EXPECT_EQ(Geometry::id(g.row[c], g.col[c]), c);
            names.insert(name);
        }
        EXPECT_EQ(static_cast<int>(names.size()), g.cells);
        EXPECT_EQ(g.name(0), "a1");
        EXPECT_EQ(g.name(Geometry::id(n - 1, 0)), "a" + std::to_string(n));
        EXPECT_EQ(g.name(Geometry::id(n - 1, n - 1)),
                  std::string(1, char('a' + n - 1)) + std::to_string(n));
    }
    EXPECT_EQ(geometry(11).name(Geometry::id(10, 10)), "k11");
    EXPECT_EQ(geometry(20).name(Geometry::id(19, 19)), "t20");
}

TEST(AsteriskGeometry, BadNamesAreRejected) {
    const Geometry& g = geometry(11);
    for (const char* bad : {"", "a", "1", "a0", "a01", "b1", "l12", "k12", "a12", "aa1", "a1x",
                            "1a", "A1", "a-1", "a 1", "z9", "c2"})
        EXPECT_EQ(g.parse(bad), kNoCell) << "'" << bad << "'";
    EXPECT_NE(geometry(20).parse("t20"), kNoCell);
    EXPECT_EQ(geometry(15).parse("p16"), kNoCell);
    EXPECT_THROW(geometry(9), GameError);
}

TEST(AsteriskGeometry, PieceTypesAndNames) {
    // The six types of rules section 4, by their bits colour, shape, marking.
    const std::pair<const char*, int> expected[] = {{"dhe", 0b001}, {"dca", 0b010}, {"dce", 0b011},
                                                    {"lha", 0b100}, {"lhe", 0b101}, {"lca", 0b110}};
    for (const auto& [name, bits] : expected) {
        const PieceType t = parse_type(name);
        EXPECT_EQ(t, bits) << name;
        EXPECT_EQ(type_name(t), name);
        // The letters name the attribute values of the bits.
        EXPECT_EQ(name[0] == 'l', attribute_bit(t, kColour) == 1);
        EXPECT_EQ(name[1] == 'c', attribute_bit(t, kShape) == 1);
        EXPECT_EQ(name[2] == 'e', attribute_bit(t, kMarking) == 1);
        // The bit complement of a type is a type (the colour-swap symmetry).
        EXPECT_TRUE(is_piece(7 - t));
    }
    for (const char* bad : {"dha", "lce", "", "dh", "dhee", "DHE", "xyz"})
        EXPECT_EQ(parse_type(bad), kNoPiece) << bad;
}

}  // namespace
}  // namespace asterism::asterisk
