// *Star scoring against the hand-worked examples in
// tests/data/starstar_scoring.txt (rules sections 4 and 5).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

struct Example {
    std::string name;
    int size = 0;
    std::string position;
    std::array<SideScore, 2> side;
    std::vector<std::string> stars;  // "b18", sorted
};

std::vector<Example> load_examples() {
    std::ifstream in(std::string(ASTERISM_TEST_DATA) + "/starstar_scoring.txt");
    EXPECT_TRUE(in) << "cannot open starstar_scoring.txt";
    std::vector<Example> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string key;
        words >> key;
        if (key == "example") {
            out.emplace_back();
            words >> out.back().name;
            continue;
        }
        EXPECT_FALSE(out.empty()) << "data before the first example: " << line;
        if (out.empty()) break;
        Example& e = out.back();
        if (key == "size") {
            words >> e.size;
        } else if (key == "position") {
            std::getline(words >> std::ws, e.position);
        } else if (key == "black" || key == "white") {
            SideScore& s = e.side[key == "black" ? 0 : 1];
            words >> s.peries >> s.quarks >> s.quark_point >> s.stars >> s.score;
        } else if (key == "stars") {
            for (std::string star; words >> star;) e.stars.push_back(star);
            std::sort(e.stars.begin(), e.stars.end());
        } else {
            ADD_FAILURE() << "unknown line: " << line;
        }
        EXPECT_FALSE(words.fail() && key != "stars") << line;
    }
    return out;
}

// A star as the data file writes it, colour letter and owned peries: "b18".
std::string star_text(const StarGroup& g) {
    std::string text(1, g.colour == kBlack ? 'b' : 'w');
    text += std::to_string(g.owned);
    return text;
}

void expect_side(const SideScore& got, const SideScore& want, const char* who) {
    EXPECT_EQ(got.peries, want.peries) << who;
    EXPECT_EQ(got.quarks, want.quarks) << who;
    EXPECT_EQ(got.quark_point, want.quark_point) << who;
    EXPECT_EQ(got.stars, want.stars) << who;
    EXPECT_EQ(got.score, want.score) << who;
}

TEST(StarScoring, WorkedExamples) {
    const auto examples = load_examples();
    ASSERT_GE(examples.size(), 8u);
    for (const Example& e : examples) {
        SCOPED_TRACE(e.name);
        State s(Rules{e.size, false});
        ASSERT_NO_THROW(s.set_position(e.position));
        EXPECT_EQ(s.position(), e.position) << "examples are written canonically";

        const Score score = s.current_score();
        EXPECT_EQ(score.provisional, !s.full());
        expect_side(score.side[0], e.side[0], "black");
        expect_side(score.side[1], e.side[1], "white");

        // The JSON face carries the same figures.
        const nlohmann::json j = s.score();
        EXPECT_EQ(j["provisional"], !s.full());
        EXPECT_EQ(j["black"]["score"], e.side[0].score);
        EXPECT_EQ(j["white"]["peries"], e.side[1].peries);
        EXPECT_EQ(j["margin"], e.side[0].score - e.side[1].score);

        std::vector<std::string> stars;
        for (const StarGroup& g : s.stars()) stars.push_back(star_text(g));
        std::sort(stars.begin(), stars.end());
        EXPECT_EQ(stars, e.stars);

        if (!s.full()) {
            EXPECT_EQ(s.outcome(), Outcome::ongoing());
            continue;
        }
        // Full boards: every peri is owned, the total is 5R+1, the result
        // follows the score, and the per-star form (4.2) gives the same margin.
        EXPECT_EQ(score.side[0].peries + score.side[1].peries, 5 * e.size);
        EXPECT_EQ(score.side[0].score + score.side[1].score, 5 * e.size + 1);
        EXPECT_EQ(s.outcome(), Outcome::win(e.side[0].score > e.side[1].score ? kBlack : kWhite));
        int per_star = score.side[0].quark_point - score.side[1].quark_point;
        for (const StarGroup& g : s.stars())
            per_star += (g.colour == kBlack ? 1 : -1) * (g.owned - 4);
        EXPECT_EQ(per_star, score.margin());
    }
}

// The worked example of section 4.2 in detail: the dead stones, the group
// without pericells and the enclosed peries.
TEST(StarScoring, WorkedExampleGroups) {
    const auto examples = load_examples();
    const auto it = std::find_if(examples.begin(), examples.end(),
                                 [](const Example& e) { return e.name == "worked-example-4.2"; });
    ASSERT_NE(it, examples.end());
    State s(Rules{6, false});
    s.set_position(it->position);
    const Geometry& g = s.geometry();
    auto cell = [&](const char* name) { return g.parse(name, nullptr); };
    // The lone white pericell (A63 = pericell 21) is its own group and is
    // not a star; the black star around it owns its peri.
    const Cell dead_white = cell("A63");
    ASSERT_EQ(s.stone(dead_white), kWhite);
    EXPECT_NE(s.group(dead_white), s.group(cell("A62")));
    EXPECT_EQ(s.group(cell("A62")), s.group(cell("A64")));
    // The black stone on pericell 3 is enclosed by White's star.
    const Cell dead_black = cell("*63");
    ASSERT_EQ(s.stone(dead_black), kBlack);
    EXPECT_EQ(s.group(cell("*62")), s.group(cell("*64")));
    EXPECT_EQ(s.stone(cell("*62")), kWhite);
    // The white stone on ring 3 has no pericell and belongs to no star.
    const Cell inner = cell("T31");
    ASSERT_EQ(s.stone(inner), kWhite);
    for (const StarGroup& star : s.stars()) {
        EXPECT_NE(star.root, s.group(inner));
        EXPECT_NE(star.root, s.group(dead_white));
        EXPECT_NE(star.root, s.group(dead_black));
        if (star.colour == kBlack) {
            EXPECT_EQ(star.contained, 17);
            EXPECT_EQ(star.owned, 18);
            EXPECT_EQ(star.quarks, 3);
        }
    }
}

}  // namespace
}  // namespace asterism::starstar
