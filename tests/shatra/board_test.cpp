// Unit tests of the Shatra board (../shared/rules/shatra.md, section 1):
// the cells, regions and traditional numbers, and the lines of board.h.
#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <utility>
#include <vector>

#include "games/shatra/shatra.h"

namespace asterism::shatra {
namespace {

// ---- 1: the board ------------------------------------------------------------

TEST(ShatraBoard, CellsRegionsAndTraditionalNumbers) {
    // 1.1: 62 cells; 9-cell fortresses, gates, 21-cell halves.
    EXPECT_EQ(std::popcount(kAllCells), 62);
    EXPECT_EQ(std::popcount(kFortress[kWhite]), 9);
    EXPECT_EQ(std::popcount(kHome[kBlack]), 10);
    EXPECT_EQ(std::popcount(kHalf[kWhite] | kHalf[kBlack]), 42);
    EXPECT_EQ(parse_cell("c4"), -1) << "c4 is a wall";
    EXPECT_EQ(parse_cell("a11"), -1) << "a11 is a wall";
    EXPECT_EQ(parse_cell("h5"), -1);
    // 1.3: the traditional numbering from Black's end.
    const std::vector<std::pair<std::string, int>> numbers = {
        {"c14", 1}, {"e14", 3}, {"d11", 10}, {"a10", 11}, {"g10", 17}, {"a8", 25},
        {"g8", 31}, {"a7", 32}, {"g5", 52},  {"d4", 53},  {"c3", 54},  {"e1", 62}};
    for (const auto& [name, number] : numbers) {
        EXPECT_EQ(kGeo.traditional[static_cast<std::size_t>(parse_cell(name))], number) << name;
        EXPECT_EQ(parse_cell(std::to_string(number)), parse_cell(name)) << number;
    }
    for (int c = 0; c < kCells; ++c) EXPECT_EQ(parse_cell(cell_name(c)), c);
}

TEST(ShatraBoard, LinesStopAtWalls) {
    // 1.2: d4 touches d3, c3, e3, d5, c5, e5 and nothing else.
    Bits touch = 0;
    for (int d = 0; d < kDirs; ++d)
        if (kGeo.step[parse_cell("d4")][d] != kNoCell) touch |= bit(kGeo.step[parse_cell("d4")][d]);
    Bits want = 0;
    for (const char* c : {"d3", "c3", "e3", "d5", "c5", "e5"}) want |= bit(parse_cell(c));
    EXPECT_EQ(touch, want);
    // The diagonal c3-d4-e5-f6-g7 crosses the gate; c2 going north stops at c3.
    EXPECT_EQ(kGeo.dir_to[parse_cell("c3")][parse_cell("g7")], 1);
    EXPECT_EQ(kGeo.dir_to[parse_cell("c12")][parse_cell("g8")], 3);
    EXPECT_EQ(kGeo.step[parse_cell("c3")][0], kNoCell);
    EXPECT_EQ(kGeo.dir_to[parse_cell("c2")][parse_cell("c5")], kNoDir);
}

}  // namespace
}  // namespace asterism::shatra
