// The check of Game::view (docs/view.md) that the face suite runs along
// random games of every registered game: the moves in the view are exactly
// the legal moves, every cell a move's path or a man names is a drawn cell,
// and the last move is described.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.h"

namespace asterism::testing {

inline void check_view(const Game& g, const std::string& where) {
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

}  // namespace asterism::testing
