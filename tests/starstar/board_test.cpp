// Board geometry of *Star against the facts of rules sections 1.1-1.6, kept
// as data in tests/data/starstar_geometry.txt and starstar_neighbours.txt.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/types.h"
#include "games/starstar/board.h"

namespace asterism::starstar {
namespace {

constexpr int kSizes[] = {6, 8, 10};

// Non-comment, non-blank lines of a data file.
std::vector<std::string> data_lines(const std::string& file) {
    std::ifstream in(std::string(ASTERISM_TEST_DATA) + "/" + file);
    EXPECT_TRUE(in) << "cannot open " << file;
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

bool adjacent(const Geometry& g, Cell a, Cell b) {
    const auto n = g.neighbours(a);
    return std::find(n.begin(), n.end(), b) != n.end();
}

bool lattice_adjacent(const Geometry& g, Cell a, Cell b) {
    const auto n = g.lattice_neighbours(a);
    return std::find(n.begin(), n.end(), b) != n.end();
}

TEST(StarGeometry, CountsMatchTheRules) {
    const auto lines = data_lines("starstar_geometry.txt");
    ASSERT_EQ(lines.size(), 3u);
    for (const auto& line : lines) {
        std::istringstream in(line);
        int rings, cells, peri, corners, edges, lattice_edges, triangles;
        std::string histogram_text;
        in >> rings >> cells >> peri >> corners >> histogram_text >> edges >> lattice_edges >>
            triangles;
        ASSERT_TRUE(in) << line;
        const Geometry& g = Geometry::get(rings);
        SCOPED_TRACE(rings);
        EXPECT_EQ(g.cells(), cells);
        EXPECT_EQ(g.peri_count(), peri);

        int peri_seen = 0, corner_seen = 0, degree_sum = 0, lattice_sum = 0;
        std::map<int, int> histogram;
        for (Cell c = 0; c < g.cells(); ++c) {
            peri_seen += g.is_peri(c);
            corner_seen += g.is_corner(c);
            ++histogram[static_cast<int>(g.neighbours(c).size())];
            degree_sum += static_cast<int>(g.neighbours(c).size());
            lattice_sum += static_cast<int>(g.lattice_neighbours(c).size());
            EXPECT_EQ(g.is_peri(c), g.ring(c) == rings);
            // Corners have degree 3, as the histogram also says.
            if (g.is_corner(c)) {
                EXPECT_EQ(g.neighbours(c).size(), 3u) << g.name(c);
            }
        }
        EXPECT_EQ(peri_seen, peri);
        EXPECT_EQ(corner_seen, corners);
        std::string histogram_got;
        for (const auto& [degree, count] : histogram) {
            if (!histogram_got.empty()) histogram_got += ',';
            histogram_got += std::to_string(degree);
            histogram_got += ':';
            histogram_got += std::to_string(count);
        }
        EXPECT_EQ(histogram_got, histogram_text);
        EXPECT_EQ(degree_sum / 2, edges);
        EXPECT_EQ(static_cast<int>(g.edges().size()), edges);
        EXPECT_EQ(lattice_sum / 2, lattice_edges);

        // Lattice triangles, plus the five that a virtual centre joined to
        // the ring-1 cells makes with lattice-adjacent ring-1 pairs; with
        // that centre the board is a triangulated disc, V - E + T = 1.
        int found = 0;
        for (Cell a = 0; a < g.cells(); ++a)
            for (Cell b : g.lattice_neighbours(a))
                for (Cell c : g.lattice_neighbours(b))
                    if (a < b && b < c && lattice_adjacent(g, a, c)) ++found;
        for (Cell a = 0; a < 5; ++a)
            for (Cell b = a + 1; b < 5; ++b) found += lattice_adjacent(g, a, b);
        EXPECT_EQ(found, triangles);
        EXPECT_EQ((cells + 1) - (lattice_edges + 5) + triangles, 1);
    }
}

TEST(StarGeometry, AdjacencyIsSymmetricAndSimple) {
    for (int rings : kSizes) {
        const Geometry& g = Geometry::get(rings);
        for (Cell a = 0; a < g.cells(); ++a) {
            std::set<Cell> distinct;
            for (Cell b : g.neighbours(a)) {
                EXPECT_NE(a, b);
                EXPECT_TRUE(adjacent(g, b, a)) << g.name(a) << " " << g.name(b);
                distinct.insert(b);
            }
            EXPECT_EQ(distinct.size(), g.neighbours(a).size()) << g.name(a);
            // Only ring-1 cells have bridge links, and they reach all of ring 1.
            const std::size_t bridge = g.neighbours(a).size() - g.lattice_neighbours(a).size();
            EXPECT_EQ(bridge, g.ring(a) == 1 ? 2u : 0u) << g.name(a);
        }
        for (Cell a = 0; a < 5; ++a)
            for (Cell b = 0; b < 5; ++b)
                if (a != b) {
                    EXPECT_TRUE(adjacent(g, a, b));
                }
    }
}

TEST(StarGeometry, NeighbourExamples) {
    const auto lines = data_lines("starstar_neighbours.txt");
    ASSERT_FALSE(lines.empty());
    int checked = 0;
    for (const auto& line : lines) {
        std::istringstream in(line);
        std::string sizes, cell, colon;
        in >> sizes >> cell >> colon;
        ASSERT_EQ(colon, ":") << line;
        std::set<std::string> want;
        for (std::string name; in >> name;) want.insert(name);
        std::istringstream size_list(sizes);
        for (std::string size; std::getline(size_list, size, ',');) {
            const Geometry& g = Geometry::get(std::stoi(size));
            const Cell c = g.parse(cell, nullptr);
            ASSERT_NE(c, kNoCell) << cell << " on " << size;
            std::set<std::string> got;
            for (Cell n : g.neighbours(c)) got.insert(g.name(n));
            EXPECT_EQ(got, want) << line << " on " << size;
            ++checked;
        }
    }
    EXPECT_GE(checked, 12);
}

TEST(StarGeometry, NamesRoundTrip) {
    for (int rings : kSizes) {
        const Geometry& g = Geometry::get(rings);
        std::set<std::string> names;
        for (Cell c = 0; c < g.cells(); ++c) {
            const std::string name = g.name(c);
            names.insert(name);
            nlohmann::json why;
            EXPECT_EQ(g.parse(name, &why), c) << name << ": " << why;
            EXPECT_EQ(Geometry::id(g.ring(c), g.index(c)), c);
            EXPECT_EQ(g.index(c), g.arm(c) * g.ring(c) + g.offset(c));
            // Lower-case arm letters are accepted too.
            std::string lower = name;
            lower[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(lower[0])));
            EXPECT_EQ(g.parse(lower, nullptr), c) << lower;
        }
        EXPECT_EQ(static_cast<int>(names.size()), g.cells());
        // Pericells and corners are named as section 1.3 says.
        const char digit = static_cast<char>('0' + rings % 10);
        for (Arm s = 0; s < kArms; ++s)
            EXPECT_EQ(g.name(g.corner(s)), (std::string{kArmLetters[s], digit, '0'}));
        EXPECT_EQ(g.name(g.peri_cell(g.peri_count() - 1)),
                  (std::string{'R', digit} + std::to_string(rings - 1)));
    }
}

TEST(StarGeometry, BadNamesAreRejected) {
    const std::vector<std::string> always_bad = {"",    "*",   "*1",  "*100", "X10",  "*1x", "x10",
                                                 "10*", "*12", "S23", "R99x", " *10", "*1 "};
    for (int rings : kSizes) {
        const Geometry& g = Geometry::get(rings);
        for (const auto& text : always_bad) {
            nlohmann::json why;
            EXPECT_EQ(g.parse(text, &why), kNoCell) << "'" << text << "' on " << rings;
            EXPECT_FALSE(why.empty()) << text;
        }
        // Rings past the edge: ring R+1, and ring 10 ("0") on the small boards.
        if (rings < 10) {
            nlohmann::json why;
            EXPECT_EQ(g.parse("*" + std::to_string(rings + 1) + "0", &why), kNoCell);
            EXPECT_NE(reason_line(why).find("off the"), std::string::npos) << why;
            EXPECT_EQ(g.parse("*00", nullptr), kNoCell);
        }
    }
    EXPECT_THROW(Geometry::get(7), GameError);
}

TEST(StarGeometry, SymmetriesAreAutomorphisms) {
    for (int rings : kSizes) {
        const Geometry& g = Geometry::get(rings);
        const int n = g.cells();
        std::set<std::vector<Cell>> distinct;
        for (int k = 0; k < kSymmetries; ++k) {
            const auto& sym = g.symmetry(k);
            std::vector<Cell> image(sym.begin(), sym.begin() + n);
            distinct.insert(image);
            std::vector<Cell> sorted = image;
            std::sort(sorted.begin(), sorted.end());
            for (int c = 0; c < n; ++c) ASSERT_EQ(sorted[c], c) << "symmetry " << k;
            for (Cell c = 0; c < n; ++c) {
                EXPECT_EQ(g.ring(sym[c]), g.ring(c));
                EXPECT_EQ(g.is_corner(sym[c]), g.is_corner(c));
                for (Cell d : g.neighbours(c)) EXPECT_TRUE(adjacent(g, sym[c], sym[d]));
            }
            // The composition of two symmetries is again one of the ten.
            for (int j = 0; j < kSymmetries; ++j) {
                std::vector<Cell> composed(n);
                for (int c = 0; c < n; ++c) composed[c] = g.symmetry(j)[sym[c]];
                bool found = false;
                for (int m = 0; m < kSymmetries; ++m)
                    found |= std::equal(composed.begin(), composed.end(), g.symmetry(m).begin());
                EXPECT_TRUE(found) << j << " after " << k;
            }
        }
        EXPECT_EQ(distinct.size(), static_cast<std::size_t>(kSymmetries));
        for (Cell c = 0; c < n; ++c) EXPECT_EQ(g.symmetry(0)[c], c);
        // Rotation by one arm moves *10 to S10; the reflection fixes the * arm
        // and swaps its two ring-neighbours.
        EXPECT_EQ(g.name(g.symmetry(1)[g.parse("*10", nullptr)]), "S10");
        EXPECT_EQ(g.name(g.symmetry(5)[g.parse("*21", nullptr)]), "R21");
        EXPECT_EQ(g.symmetry(5)[g.corner(0)], g.corner(0));
    }
}

}  // namespace
}  // namespace asterism::starstar

namespace asterism::starstar {
namespace {

// Two-bridges: an interior cell of the lattice carries six (each pair of its
// neighbours two apart around it), and both ends of each are neighbours of
// both carriers, which are themselves adjacent.
TEST(StarGeometry, BridgesThroughACell) {
    const Geometry& g = Geometry::get(10);
    nlohmann::json why;
    auto adjacent = [&](Cell p, Cell q) {
        const auto n = g.neighbours(p);
        return std::find(n.begin(), n.end(), q) != n.end();
    };
    EXPECT_EQ(g.bridges(g.parse("*53", &why)).size(), 6u);
    int total = 0;
    for (Cell c = 0; c < g.cells(); ++c)
        for (const Bridge& br : g.bridges(c)) {
            ++total;
            EXPECT_TRUE(adjacent(c, br.a) && adjacent(c, br.b) && adjacent(c, br.other));
            EXPECT_TRUE(adjacent(br.other, br.a) && adjacent(br.other, br.b));
            EXPECT_FALSE(adjacent(br.a, br.b));
            // The other carrier sees the same bridge from its side.
            const auto there = g.bridges(br.other);
            EXPECT_TRUE(std::any_of(there.begin(), there.end(), [&](const Bridge& o) {
                return o.other == c &&
                       ((o.a == br.a && o.b == br.b) || (o.a == br.b && o.b == br.a));
            }));
        }
    EXPECT_GT(total, 6 * 200);
}

}  // namespace
}  // namespace asterism::starstar
