// *Star's text: reading moves and position strings, their errors, and the
// character drawing.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "games/starstar/starstar.h"
#include "starstar/test_util.h"

namespace asterism::starstar {
namespace {

TEST(State, BadMovesThrowWithTheReason) {
    State s(Rules{6, false});
    s.apply(s.parse_move("*10"));
    const std::string before = s.position();
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("hello"); }),
                         "cannot read move 'hello': expected a cell name"));
    EXPECT_TRUE(contains(error_of([&] { s.parse_move(""); }), "cannot read move"));
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("*70"); }), "off the 6-ring board"));
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("*00"); }), "off the 6-ring board"));
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("*13"); }), "offsets 0 to 0"));
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("*10"); }), "occupied by a black stone"));
    EXPECT_TRUE(contains(error_of([&] { s.parse_move("swap"); }), "swap option is off"));
    EXPECT_EQ(s.position(), before);
}

TEST(State, BadPositionsThrowAndChangeNothing) {
    State s(Rules{6, false});
    s.apply(s.parse_move("A32"));
    const std::string before = s.position();
    const std::uint64_t hash = s.hash();
    const std::pair<const char*, const char*> bad[] = {
        {"5/10/15/20/25 b", "found 5 rings"},
        {"5/10/15/20/25/30/35 b", "more than 6 rings"},
        {"5/10/15/20/25/29 b", "ring 6 has 30 cells, not 29"},
        {"5/10/15/20/25/31 b", "ring 6 has only 30 cells"},
        {"6/10/15/20/25/30 b", "ring 1 has only 5 cells"},
        {"5/10/15/20/25/3x26 b", "unexpected 'x' in ring 6"},
        {"5/10/15/20/25/030 b", "unexpected '0'"},
        {"5/10/15/20/25/30", "side to move"},
        {"5/10/15/20/25/30 x", "side to move"},
        {"5/10/15/20/25/30 b w", "side to move"},
        {"", "side to move"},
        {"bbbbb/10/15/20/25/30  b", "side to move"},
    };
    for (const auto& [text, why] : bad) {
        const std::string message = error_of([&] { s.set_position(text); });
        EXPECT_TRUE(contains(message, why)) << text << " -> " << message;
        EXPECT_EQ(s.position(), before);
        EXPECT_EQ(s.hash(), hash);
    }
    // Any stone configuration that parses is accepted, for analysis.
    EXPECT_NO_THROW(s.set_position("wwwww/10/15/20/25/30 w"));
    EXPECT_EQ(s.position(), "wwwww/10/15/20/25/30 w");
    EXPECT_NO_THROW(s.set_position("  1b3/10/15/20/25/30 b\n"));
    EXPECT_EQ(s.position(), "1b3/10/15/20/25/30 b");
}

TEST(State, RenderShowsEveryCell) {
    for (int size : {6, 8, 10}) {
        State s(Rules{size, false});
        const int n = s.geometry().cells();
        // Every cell gets its own spot, so an empty board shows n dots.
        std::string text = s.render();
        std::string grid = text.substr(0, text.find("Black (X) to move"));
        EXPECT_EQ(std::count(grid.begin(), grid.end(), '.'), n) << text;
        for (char arm : std::string("*STAR")) EXPECT_TRUE(contains(grid, std::string(1, arm)));
        EXPECT_TRUE(contains(text, "Black (X) to move")) << text;
        EXPECT_TRUE(contains(text, "Estimate:"));
        // Cells in one row keep a blank between them.
        EXPECT_FALSE(contains(grid, "..")) << grid;

        const std::string labels = s.render_labels();
        for (Cell c = 0; c < n; ++c) {
            const std::string name = s.geometry().name(c);
            EXPECT_EQ(labels.find(name), labels.rfind(name)) << name;
            EXPECT_TRUE(contains(labels, name)) << name << "\n" << labels;
        }

        // A full board shows n stones and the final result.
        Rng rng(size);
        while (!s.full()) s.apply(s.random_move(rng));
        text = s.render();
        grid = text.substr(0, text.find("Game over"));
        EXPECT_EQ(
            std::count(grid.begin(), grid.end(), 'X') + std::count(grid.begin(), grid.end(), 'O'),
            n);
        EXPECT_TRUE(contains(text, "Game over:")) << text;
        EXPECT_TRUE(contains(text, "Final score:"));
    }
}

}  // namespace
}  // namespace asterism::starstar
