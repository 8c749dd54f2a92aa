// Star Pool Chess board: cell names and the move tables built from the men.
#include <gtest/gtest.h>

#include <string>

#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

// Spec 1.1: the 81 squares less the pool and the four citadels are the 84
// cells; their names round-trip, and the pool and the walls have none.
TEST(StarPoolBoard, CellNamesRoundTrip) {
    EXPECT_EQ(parse_cell("a1"), 12);
    EXPECT_EQ(parse_cell("i9"), 108);
    EXPECT_EQ(parse_cell("w1"), 0);
    EXPECT_EQ(parse_cell("w3"), 120);
    EXPECT_EQ(parse_cell("e5"), kNoCell);
    EXPECT_EQ(parse_cell("j1"), kNoCell);
    EXPECT_EQ(cell_name(kPool), "?");
    EXPECT_EQ(cell_name(1), "?");
    int cells = 0;
    for (int c = 0; c < kGridPoints; ++c) {
        const std::string name = cell_name(static_cast<Cell>(c));
        if (name == "?") continue;
        ++cells;
        EXPECT_EQ(parse_cell(name), c) << name;
    }
    EXPECT_EQ(cells, 84);
}

// kMaxMoves rests on a bound per man (starpool.h); the tables must keep it.
TEST(StarPoolMen, NoManExceedsTheMoveBound) {
    EXPECT_LE(State::max_targets_per_man(), State::kMaxTargetsPerMan);
}

}  // namespace
}  // namespace asterism::starpool
