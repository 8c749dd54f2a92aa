// Tests of Game::view (docs/view.md), the drawing the browser UI works
// from: along random games of every game, the moves in the view are exactly
// the legal moves, every cell a move's path or a man names is a drawn cell,
// the last move is described, and each board has the cells its rules give.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/registry.h"
#include "core/rng.h"

namespace asterism {
namespace {

void check_view(const Game& g, const std::string& where) {
    SCOPED_TRACE(where);
    const nlohmann::json v = g.view();
    std::set<std::string> cells;
    for (const auto& c : v["cells"]) {
        EXPECT_TRUE(cells.insert(c["name"].get<std::string>()).second) << "twice: " << c["name"];
        EXPECT_GE(c["poly"].size(), 3u);
    }
    for (const auto& p : v["pieces"]) EXPECT_TRUE(cells.count(p["cell"])) << p["cell"];
    std::vector<std::string> texts;
    for (const auto& m : v["moves"]) {
        texts.push_back(m["text"]);
        for (const auto& c : m["path"]) EXPECT_TRUE(cells.count(c)) << m["text"] << " " << c;
        // A move without cells needs a label for its button.
        if (m["path"].empty()) {
            EXPECT_TRUE(m.contains("label")) << m["text"];
        }
    }
    std::sort(texts.begin(), texts.end());
    EXPECT_EQ(texts, g.legal_moves());
    const auto history = g.history();
    if (history.empty()) {
        EXPECT_FALSE(v.contains("last"));
    } else {
        ASSERT_TRUE(v.contains("last"));
        EXPECT_EQ(v["last"]["text"], history.back());
    }
    ASSERT_EQ(v["box"].size(), 4u);
    EXPECT_LT(v["box"][0].get<double>(), v["box"][2].get<double>());
    EXPECT_LT(v["box"][1].get<double>(), v["box"][3].get<double>());
}

TEST(GameView, MatchesTheLegalMovesAlongRandomGames) {
    for (const std::string spec : {"starstar:size=6", "starstar:size=10,swap=true",
                                   "asterisk:size=8", "asterisk:size=8,mode=inverted,pie=true",
                                   "asterisk:size=8,mode=solitaire", "shatra", "starpool"}) {
        auto g = Registry::instance().create(spec);
        Rng rng(5);
        check_view(*g, spec + " start");
        for (int ply = 0; ply < 60 && !g->terminal(); ++ply) {
            const auto moves = g->legal_moves();
            g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
            if (ply % 7 == 0 || g->terminal()) check_view(*g, spec + " ply " + std::to_string(ply));
        }
    }
}

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
