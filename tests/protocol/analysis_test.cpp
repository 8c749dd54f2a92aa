// The engine protocol's analysis that shows why (docs/protocol.md,
// "analyze"): the ownership part of the line and proven candidates.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "common/blunder_game.h"
#include "common/run_engine.h"
#include "protocol/engine.h"

namespace asterism {
namespace {

using testing::run_engine;

// The words after `key` in `line`, up to the next word that is not a number.
std::vector<double> numbers_after(const std::string& line, const std::string& key) {
    std::istringstream words(line.substr(line.find(" " + key + " ") + key.size() + 2));
    std::vector<double> out;
    for (double v; words >> v;) out.push_back(v);
    return out;
}

TEST(ProtocolAnalysis, OwnershipEndsTheLine) {
    EngineOptions options;
    options.game = "starstar:size=6";
    options.level = 5;
    const std::string out = run_engine("analyze ownership true\n", options);
    ASSERT_TRUE(out.starts_with("=\ninfo move ")) << out;
    const std::string line = out.substr(2, out.find('\n', 2) - 2);
    ASSERT_NE(line.find(" ownership "), std::string::npos) << line;
    const std::vector<double> own = numbers_after(line, "ownership");
    ASSERT_EQ(own.size(), 105u) << line;
    for (const double v : own) {
        EXPECT_GE(v, -1.0);
        EXPECT_LE(v, 1.0);
    }
    const std::vector<double> score = numbers_after(line, "score");
    ASSERT_GE(score.size(), 2u);
    EXPECT_NEAR(score[0] + score[1], 31.0, 0.002);
    const std::vector<double> peries = numbers_after(line, "peries");
    ASSERT_GE(peries.size(), 2u);
    EXPECT_NEAR(peries[0] + peries[1], 30.0, 0.002);

    const std::string plain = run_engine("analyze\n", options);
    EXPECT_EQ(plain.find("ownership"), std::string::npos) << plain;
    const std::string bad = run_engine("analyze ownership maybe\n", options);
    EXPECT_TRUE(bad.starts_with("? 'ownership' must be followed by true or false")) << bad;
}

TEST(ProtocolAnalysis, ProvenWinIsMarked) {
    const testing::BlunderGame bg = testing::find_blunder_game();
    ASSERT_FALSE(bg.moves.empty());
    auto game = Registry::instance().create(bg.spec);
    std::string input;
    for (int k = 0; k < bg.blunder_ply; ++k) {
        const std::string& m = bg.moves[static_cast<std::size_t>(k)];
        input += "play " + std::to_string(index(game->to_move()) + 1) + " " + m + "\n";
        game->play(m);
    }
    EngineOptions options;
    options.game = bg.spec;
    options.level = 6;
    const std::string out = run_engine(input + "analyze\n", options);
    const std::size_t at = out.find("info move ");
    ASSERT_NE(at, std::string::npos) << out;
    const std::string first = out.substr(at, out.find(" pv ", at) - at);
    EXPECT_NE(first.find(" winrate 1.0000 proven +1"), std::string::npos) << first;
}

}  // namespace
}  // namespace asterism
