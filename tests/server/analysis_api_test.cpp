// The API's analysis that shows why (docs/server.md): the ownership map and
// proven results of POST .../analyze, and reviews (POST and GET .../review).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "common/blunder_game.h"
#include "server/api.h"
#include "server/api_calls.h"
#include "server/api_rig.h"

namespace asterism::server {
namespace {

using nlohmann::json;

// A session of the blunder game, played up to `plies` moves.
std::string blunder_session(Api& api, const testing::BlunderGame& bg, std::size_t plies) {
    const std::string s = path(make(api, {{"game", bg.spec}, {"players", {"human", "human"}}}));
    for (std::size_t k = 0; k < plies; ++k)
        EXPECT_EQ(post(api, s + "/move", {{"move", bg.moves[k]}}).status, 200);
    return s;
}

TEST(AnalysisApi, OwnershipMapOfStar) {
    ApiRig rig({}, 3);
    Api& api = rig.api;
    const std::string s = path(make(api, {{"game", "starstar:size=6"}}));
    ApiResponse r = post(api, s + "/analyze", {{"playouts", 600}, {"ownership", true}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    const json& own = r.body["ownership"];
    ASSERT_EQ(own["first"].size(), 105u);
    ASSERT_EQ(own["second"].size(), 105u);
    EXPECT_GT(own["samples"].get<int>(), 0);
    for (std::size_t c = 0; c < 105; ++c) {
        const double f = own["first"][c], w = own["second"][c];
        EXPECT_GE(f, 0.0);
        EXPECT_GE(w, 0.0);
        EXPECT_LE(f + w, 1.0 + 1e-3) << "cell " << c;
    }
    EXPECT_NEAR(own["score"][0].get<double>() + own["score"][1].get<double>(), 31.0, 1e-6);
    EXPECT_NEAR(own["peries"][0].get<double>() + own["peries"][1].get<double>(), 30.0, 1e-6);

    r = post(api, s + "/analyze", {{"playouts", 300}});
    ASSERT_EQ(r.status, 200);
    EXPECT_FALSE(r.body.contains("ownership"));
    expect_error(post(api, s + "/analyze", {{"ownership", "yes"}}), 400, "'ownership'");
}

TEST(AnalysisApi, ProvenWinInOne) {
    const testing::BlunderGame bg = testing::find_blunder_game();
    ASSERT_FALSE(bg.moves.empty());
    ApiRig rig({}, 3);
    Api& api = rig.api;
    const std::string s = blunder_session(api, bg, static_cast<std::size_t>(bg.blunder_ply));
    const ApiResponse r = post(api, s + "/analyze", {{"playouts", 2000}, {"level", 6}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["proven"], "win in 1");
    EXPECT_EQ(r.body["candidates"][0]["proven"], "win");
    EXPECT_EQ(r.body["candidates"][0]["proven_plies"], 1);
    EXPECT_DOUBLE_EQ(r.body["candidates"][0]["winrate"].get<double>(), 1.0);
}

// `ply` analyses a position the player browsed back to, of a finished game
// too: the blunder game's win in one is found at the blunder's ply after
// the game has ended.
TEST(AnalysisApi, AnalysesAnEarlierPly) {
    const testing::BlunderGame bg = testing::find_blunder_game();
    ASSERT_FALSE(bg.moves.empty());
    ApiRig rig({}, 3);
    Api& api = rig.api;
    const std::string s = blunder_session(api, bg, bg.moves.size());
    ApiResponse r =
        post(api, s + "/analyze", {{"playouts", 2000}, {"level", 6}, {"ply", bg.blunder_ply}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["ply"], bg.blunder_ply);
    EXPECT_EQ(r.body["proven"], "win in 1");
    r = post(api, s + "/analyze", {{"playouts", 200}, {"ply", 0}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["ply"], 0);
    expect_error(post(api, s + "/analyze", {{"playouts", 200}}), 400, "no more moves");
    // null is a field not sent (docs/server.md): the game as it is now.
    expect_error(post(api, s + "/analyze", {{"playouts", 200}, {"ply", nullptr}}), 400,
                 "no more moves");
    expect_error(post(api, s + "/analyze", {{"ply", bg.moves.size()}}), 400, "no more moves");
    expect_error(post(api, s + "/analyze", {{"ply", bg.moves.size() + 1}}), 400, "'ply'");
    expect_error(post(api, s + "/analyze", {{"ply", "2"}}), 400, "'ply'");
}

// Polls a review until it is no longer running (the loop's bound only
// keeps a broken server from hanging the suite).
json wait_for_review(Api& api, const std::string& s) {
    for (int k = 0; k < 6000; ++k) {
        const ApiResponse r = call(api, "GET", s + "/review");
        EXPECT_EQ(r.status, 200) << r.body.dump();
        if (r.body["status"] != "running" && r.body["status"] != "queued") return r.body;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ADD_FAILURE() << "the review never finished";
    return {};
}

TEST(AnalysisApi, ReviewMarksTheBlunder) {
    const testing::BlunderGame bg = testing::find_blunder_game();
    ASSERT_FALSE(bg.moves.empty());
    ApiRig rig({}, 3);
    Api& api = rig.api;
    const std::string s = blunder_session(api, bg, bg.moves.size());
    expect_error(call(api, "GET", s + "/review"), 404, "no review");
    const ApiResponse started = post(api, s + "/review", {{"level", 5}});
    ASSERT_EQ(started.status, 202) << started.body.dump();
    EXPECT_EQ(started.body["total"], bg.moves.size() + 1);
    const json done = wait_for_review(api, s);
    ASSERT_EQ(done["status"], "done") << done.dump();
    ASSERT_EQ(done["moves"].size(), bg.moves.size());
    EXPECT_EQ(done["winrate_first"].size(), bg.moves.size() + 1);
    EXPECT_EQ(done["thresholds"]["blunder"], 0.15);
    const json& m = done["moves"][static_cast<std::size_t>(bg.blunder_ply)];
    EXPECT_EQ(m["mark"], "blunder");
    EXPECT_EQ(m["move"], bg.moves[static_cast<std::size_t>(bg.blunder_ply)]);
    EXPECT_NE(m["best"], m["move"]);
    EXPECT_EQ(m["proven"], "win in 1");
    // The same in numbers, for a page that writes it in its own language.
    EXPECT_EQ(m["proven_result"], "win");
    EXPECT_EQ(m["proven_plies"], 1);
    // A move with nothing proven has none of the three.
    EXPECT_FALSE(done["moves"][0].contains("proven_result"));
    // Reviewed again after a hint (which takes the session's next search
    // seed), the game reviews the same: a review's seed is fixed.
    ASSERT_EQ(post(api, s + "/analyze", {{"playouts", 300}, {"ply", 0}}).status, 200);
    ASSERT_EQ(post(api, s + "/review", {{"level", 5}}).status, 202);
    const json again = wait_for_review(api, s);
    ASSERT_EQ(again["status"], "done") << again.dump();
    EXPECT_EQ(again["winrate_first"], done["winrate_first"]);
    EXPECT_EQ(again["moves"], done["moves"]);
}

// A review asked for without a level runs at the form's review level
// (docs/review.md), which the game's state names, not at the computer's
// playing level (3 here).
TEST(AnalysisApi, ReviewLevelIsTheForms) {
    ApiRig rig({}, 3);
    Api& api = rig.api;
    for (const auto& [spec, level] : {std::pair{"starstar:size=6", 5}, {"starstar:size=8", 7}}) {
        const std::string s = path(make(api, {{"game", spec}, {"players", {"human", "human"}}}));
        ASSERT_EQ(post(api, s + "/move", {{"move", "*10"}}).status, 200);
        EXPECT_EQ(call(api, "GET", s).body["review_level"], level) << spec;
        const ApiResponse started = post(api, s + "/review", json::object());
        ASSERT_EQ(started.status, 202) << started.body.dump();
        EXPECT_EQ(started.body["level"], level) << spec;
        EXPECT_EQ(wait_for_review(api, s)["status"], "done") << spec;
    }
}

TEST(AnalysisApi, ReviewRequestsAreBounded) {
    GameLimits games;
    games.thinking.max_reviews = 1;
    ApiRig rig({}, 3, games);
    Api& api = rig.api;
    const std::string empty = path(make(api, {{"game", "starstar:size=6"}}));
    expect_error(post(api, empty + "/review", json::object()), 400, "no moves");
    // A long review at the highest level holds the server's one review.
    const std::string busy =
        path(make(api, {{"game", "starstar:size=10"}, {"players", {"human", "human"}}}));
    Rng rng(1);
    for (int k = 0; k < 80; ++k) {
        const json legal = call(api, "GET", busy + "/legal").body["moves"];
        const std::string m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        ASSERT_EQ(post(api, busy + "/move", {{"move", m}}).status, 200);
    }
    expect_error(post(api, busy + "/review", {{"level", 9}}), 400, "'level'");
    ASSERT_EQ(post(api, busy + "/review", {{"level", 7}}).status, 202);
    // 81 positions at 4,050 playouts each take seconds, so it still runs.
    expect_error(post(api, busy + "/review", json::object()), 409, "still running");
    const std::string other = path(make(api, {{"game", "starstar:size=6"}}));
    ASSERT_EQ(post(api, other + "/move", {{"move", "*10"}}).status, 200);
    expect_error(post(api, other + "/review", json::object()), 429, "busy");
    // Ending the session stops its review and frees the server's slot as
    // soon as the review's thread notices (bounded wait).
    ASSERT_EQ(call(api, "DELETE", busy).status, 200);
    int status = 0;
    for (int i = 0; i < 1000 && status != 202; ++i) {
        if (i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        status = post(api, other + "/review", {{"level", 3}}).status;
    }
    EXPECT_EQ(status, 202);
    EXPECT_EQ(wait_for_review(api, other)["status"], "done");
}

}  // namespace
}  // namespace asterism::server
