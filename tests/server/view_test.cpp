// Tests of Game::view (docs/view.md), the drawing the browser UI works
// from: each board has the cells its rules give. That the view matches the
// legal moves along random games of every game is in the face suite
// (tests/core/face_test.cpp, tests/common/view_checks.h).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/registry.h"
#include "core/rng.h"

namespace asterism {
namespace {

TEST(GameView, BoardsHaveTheirCellsAndLandmarks) {
    auto count = [](const std::string& spec, const std::string& cls) {
        const auto v = Registry::instance().create(spec)->view();
        int n = 0;
        for (const auto& c : v["cells"])
            if (cls.empty() || (" " + c["cls"].get<std::string>() + " ").find(" " + cls + " ") !=
                                   std::string::npos)
                ++n;
        return n;
    };
    EXPECT_EQ(count("starstar:size=8", ""), 180);
    EXPECT_EQ(count("starstar:size=8", "peri"), 40);
    EXPECT_EQ(count("starstar:size=8", "corner"), 5);
    EXPECT_EQ(count("asterisk:size=12", ""), 78);
    EXPECT_EQ(count("shatra", ""), 62);
    EXPECT_EQ(count("shatra", "fortress"), 18);
    EXPECT_EQ(count("shatra", "gate"), 2);
    EXPECT_EQ(count("starpool", ""), 84);
    EXPECT_EQ(count("starpool", "citadel"), 4);

    const auto shatra = Registry::instance().create("shatra")->view();
    int ditches = 0, temdeks = 0;
    for (const auto& d : shatra["decor"]) {
        const std::string cls = d["cls"];
        ditches += cls == "ditch";
        temdeks += cls.rfind("temdek", 0) == 0;
    }
    EXPECT_EQ(ditches, 1);
    EXPECT_EQ(temdeks, 2);
    const auto asterisk = Registry::instance().create("asterisk:size=8")->view();
    EXPECT_EQ(asterisk["extras"]["supply"].size(), 6u);
    EXPECT_EQ(asterisk["extras"]["supply"][0]["count"], 6);
}

// *Star cells are drawn as hexagons that do not overlap: neighbouring
// centres are about one ring spacing apart, and every cell has six corners.
TEST(GameView, StarCellsAreHexagons) {
    const auto v = Registry::instance().create("starstar:size=6")->view();
    for (const auto& c : v["cells"]) EXPECT_EQ(c["poly"].size(), 6u) << c["name"];
}

}  // namespace
}  // namespace asterism
