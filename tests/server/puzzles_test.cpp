// The puzzle service (server/puzzles/service.h): sets and stable ids,
// puzzles' and solvers' Glicko-2 ratings, one rated attempt per account and
// puzzle, the next puzzle near the solver's rating and of the asked theme,
// a streak's next puzzle, and the daily puzzle under an injected clock.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "server/accounts_rig.h"
#include "server/puzzles/catalogue.h"
#include "server/puzzles/service.h"

namespace asterism::server::puzzles {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kPassword = "a long enough password";
constexpr std::int64_t kDay = 86'400'000;

// A puzzle line of *Star's 6-board: `n` tells positions apart, `win_in` and
// `tempting` (wrong first moves refuted by an answer) set its seed.
json line(int n, int win_in, int tempting, const std::vector<std::string>& themes = {}) {
    json wrong = json::object();
    for (int i = 0; i < tempting; ++i) wrong["S" + std::to_string(10 + i)] = "S60";
    json j = {{"game", "starstar:size=6,swap=false"}, {"position", "pos-" + std::to_string(n)},
              {"solution", json::array({"S62"})},     {"win_in", win_in},
              {"refutations", json::array({wrong})},  {"to_move", 0}};
    if (!themes.empty()) j["themes"] = themes;
    return j;
}

// A puzzles folder of this test's own, holding the sets given as file
// stem -> lines.
struct Folder {
    explicit Folder(const std::map<std::string, std::vector<json>>& sets) {
        fs::create_directories(path);
        for (const auto& [stem, lines] : sets) {
            std::ofstream out(path / (stem + ".jsonl"));
            for (const json& j : lines) out << j.dump() << "\n";
        }
    }
    ~Folder() { fs::remove_all(path); }
    fs::path path = fs::temp_directory_path() /
                    ("asterism-puzzles-" + std::to_string(::getpid()) + "-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
};

// Accounts and a puzzle service reading `folder`, on one store and clock.
struct Rig : AccountsRig {
    explicit Rig(const Folder& folder)
        : service(&rig.store, {.dir = folder.path.string(), .clock = [this] { return now; }}) {
        rig.api.attach_puzzles(&service);
    }
    ~Rig() { rig.api.attach_puzzles(&puzzles); }
    json ok(const std::string& method, const std::string& path, const json& body = {},
            const std::string& cookie = {}) {
        const ApiResponse r = call(method, path, body, cookie);
        EXPECT_EQ(r.status, 200) << method << " " << path << ": " << r.body.dump();
        return r.body;
    }
    PuzzleService service;
};

// Three puzzles of rising seeds in set "starstar", one in "starstar-8".
Folder three_and_one() {
    return Folder({{"starstar",
                    {line(1, 1, 0, {"quiet"}), line(2, 3, 7, {"quiet", "swing"}), line(3, 6, 60)}},
                   {"starstar-8", {line(4, 2, 1, {"swing"})}},
                   {"starpool", {}}});
}

TEST(PuzzleService, SeedsGrowWithTheSolutionAndTheTemptingWrongMoves) {
    EXPECT_DOUBLE_EQ(seed_rating(1, 0).rating, 1100);
    EXPECT_DOUBLE_EQ(seed_rating(3, 7).rating, 1100 + 400 + 240);
    EXPECT_DOUBLE_EQ(seed_rating(9, 0).rating, 2100);  // six moves and more alike
    EXPECT_DOUBLE_EQ(seed_rating(1, 0).deviation, 300);
    EXPECT_EQ(tempting_moves(line(1, 1, 5)), 5);
    json ends = line(1, 1, 2);
    ends["refutations"][0]["T20"] = "";  // ends the game at once: not tempting
    EXPECT_EQ(tempting_moves(ends), 2);
}

// An id is the position's, not the line's place: the same position in a
// regenerated file, elsewhere and beside new ones, keeps its id.
TEST(PuzzleService, IdsAreThePositionsAndSurviveRegeneration) {
    std::string before;
    {
        Folder f({{"starstar", {line(1, 1, 0), line(2, 2, 0)}}});
        Rig rig(f);
        const json list = rig.ok("GET", "/api/puzzles/starstar");
        ASSERT_EQ(list["puzzles"].size(), 2u);
        before = list["puzzles"][1]["id"];
        EXPECT_EQ(before, puzzle_id("starstar:size=6,swap=false", "pos-2"));
        EXPECT_EQ(before.size(), 12u);
    }
    Folder f({{"starstar", {line(7, 1, 0), line(2, 2, 0), line(1, 1, 0)}}});
    Rig rig(f);
    const json list = rig.ok("GET", "/api/puzzles/starstar");
    EXPECT_EQ(list["puzzles"][1]["id"], before);
    const json one = rig.ok("GET", "/api/puzzles/starstar/" + before);
    EXPECT_EQ(one["puzzle"]["position"], "pos-2");
    EXPECT_EQ(one["puzzle"]["set"], "starstar");
}

TEST(PuzzleService, ServeSeveralSetsPerGameWithTheirThemes) {
    const Folder f = three_and_one();
    Rig rig(f);
    const json all = rig.ok("GET", "/api/puzzles");
    ASSERT_EQ(all["games"].size(), 1u);  // starpool's set is empty
    EXPECT_EQ(all["games"][0]["sets"],
              json::parse(R"([{"set":"starstar","total":3},{"set":"starstar-8","total":1}])"));
    const json eight = rig.ok("GET", "/api/puzzles/starstar?set=starstar-8");
    ASSERT_EQ(eight["puzzles"].size(), 1u);
    EXPECT_EQ(eight["puzzles"][0]["themes"], json::array({"swing"}));
    EXPECT_EQ(eight["puzzles"][0]["rating"], 1100 + 200 + 80);
    EXPECT_EQ(rig.ok("GET", "/api/puzzles/starstar")["themes"]["quiet"], 2);
    const ApiResponse bad = rig.call("GET", "/api/puzzles/starstar?set=starstar-99");
    EXPECT_EQ(bad.status, 404);
    EXPECT_EQ(error_of(bad),
              "no puzzle set starstar-99 for starstar: the sets are starstar, starstar-8");
    EXPECT_EQ(rig.call("GET", "/api/puzzles/starstar/0123456789ab").status, 404);
}

// The shipped files (data/puzzles) make one set per game, each puzzle with
// an id of its own.
TEST(PuzzleService, TheShippedSetsHaveDistinctIds) {
    Folder empty({});
    Rig rig(empty);
    PuzzleService shipped(nullptr, {.dir = ASTERISM_PUZZLE_DATA, .clock = {}});
    rig.rig.api.attach_puzzles(&shipped);
    for (const char* game : {"starstar", "asterisk", "shatra", "starpool"}) {
        const json list = rig.ok("GET", std::string("/api/puzzles/") + game);
        std::set<std::string> ids;
        for (const json& p : list["puzzles"]) ids.insert(p["id"].get<std::string>());
        EXPECT_EQ(ids.size(), list["puzzles"].size()) << game;
        EXPECT_FALSE(ids.empty()) << game << ": every game has puzzles";
    }
    rig.rig.api.attach_puzzles(&rig.service);
}

// A guest's rating is computed by the server's Glicko-2, nothing stored:
// a 1500/200 solver solving a puzzle rated 1400/30 is one period of
// Glickman's worked example with its first game only (1563.56, 175.40,
// computed apart from this code by the paper's steps).
TEST(PuzzleService, AGuestsAttemptIsGlickmansArithmetic) {
    const Folder f = three_and_one();
    const std::string id = puzzle_id("starstar:size=6,swap=false", "pos-1");
    Rig rig(f);
    rig.signed_up("cat", kPassword);
    const std::int64_t cat = rig.rig.store.account_by_key(accounts::name_key("cat"))->id;
    rig.rig.store.rate_puzzle({cat, "starstar", "puzzle", 1500, 350, 0.06, 0, 0},
                              {id, "starstar", 1400, 30, 0.06, 0, 0}, false, 10);
    PuzzleService again(&rig.rig.store, {.dir = f.path.string(), .clock = {}});
    rig.rig.api.attach_puzzles(&again);
    const json r =
        rig.ok("POST", "/api/puzzles/starstar/guest",
               {{"id", id},
                {"solved", true},
                {"rating", {{"rating", 1500}, {"deviation", 200}, {"volatility", 0.06}}}});
    EXPECT_NEAR(r["rating"]["rating"].get<double>(), 1563.6, 0.051);
    EXPECT_NEAR(r["rating"]["deviation"].get<double>(), 175.4, 0.051);
    EXPECT_NEAR(r["rating"]["volatility"].get<double>(), 0.059999, 0.000001);
    EXPECT_EQ(r["puzzle"]["rating"], 1400);  // a guest moves no puzzle
    const json missed =
        rig.ok("POST", "/api/puzzles/starstar/guest", {{"id", id}, {"solved", false}});
    EXPECT_LT(missed["rating"]["rating"].get<double>(), 1500);  // a new guest, 1500/350
    const ApiResponse bad =
        rig.call("POST", "/api/puzzles/starstar/guest", {{"id", id}, {"rating", 1500}});
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(error_of(bad), "'rating' must be an object of rating, deviation and volatility");
    rig.rig.api.attach_puzzles(&rig.service);
}

// An account's solve is its win over the puzzle: its rating rises, the
// puzzle's falls, both stored (the solver's as class "puzzle", with its
// history, on the profile); a second attempt at the same puzzle is not
// rated; and the puzzle's rating survives a restart.
TEST(PuzzleService, AnAccountsAttemptMovesBothRatingsOnce) {
    const Folder f = three_and_one();
    const std::string id = puzzle_id("starstar:size=6,swap=false", "pos-2");
    Rig rig(f);
    const std::string ann = rig.signed_up("ann", kPassword);
    const ApiResponse guest =
        rig.call("POST", "/api/puzzles/starstar/attempts", {{"id", id}, {"solved", true}});
    EXPECT_EQ(guest.status, 401);
    const double seed = seed_rating(3, 7).rating;
    const json won =
        rig.ok("POST", "/api/puzzles/starstar/attempts", {{"id", id}, {"solved", true}}, ann);
    EXPECT_TRUE(won["rated"]);
    const ratings::Rating expected = ratings::update({}, {{seed_rating(3, 7), 1}});
    EXPECT_NEAR(won["rating"]["rating"].get<double>(), expected.rating, 0.051);
    EXPECT_LT(won["puzzle"]["rating"].get<double>(), seed);
    const json list = rig.ok("GET", "/api/puzzles/starstar");
    EXPECT_EQ(list["puzzles"][1]["rating"], won["puzzle"]["rating"]);

    const json again =
        rig.ok("POST", "/api/puzzles/starstar/attempts", {{"id", id}, {"solved", false}}, ann);
    EXPECT_FALSE(again["rated"]);
    EXPECT_EQ(again["why"], "repeated");
    EXPECT_EQ(again["rating"]["rating"], won["rating"]["rating"]);
    EXPECT_EQ(again["puzzle"]["rating"], won["puzzle"]["rating"]);

    const json profile = rig.ok("GET", "/api/players/ann");
    ASSERT_EQ(profile["ratings"].size(), 1u);
    EXPECT_EQ(profile["ratings"][0]["class"], "puzzle");
    EXPECT_EQ(profile["ratings"][0]["game"], "starstar");
    const json history =
        rig.ok("GET", "/api/players/ann/rating-history?game=starstar&class=puzzle");
    ASSERT_EQ(history["points"].size(), 1u);
    EXPECT_EQ(history["points"][0]["game_id"], "puzzle:" + id);

    PuzzleService restarted(&rig.rig.store, {.dir = f.path.string(), .clock = {}});
    // The catalogue outlives the shelf it lends (asan caught a temporary here).
    Catalogue catalogue(f.path.string());
    const Shelf& shelf = catalogue.shelf("starstar");
    EXPECT_NEAR(restarted.rating_of(shelf.puzzles[1]).rating, won["puzzle"]["rating"].get<double>(),
                0.051);
}

// Rated attempts are bounded per account (docs/server.md, "Limits").
TEST(PuzzleService, RatedAttemptsStopAtTheBound) {
    const Folder f = three_and_one();
    Rig rig(f);
    PuzzleService small(
        &rig.rig.store,
        {.dir = f.path.string(), .clock = [&rig] { return rig.now; }, .max_attempts = 1});
    rig.rig.api.attach_puzzles(&small);
    const std::string bob = rig.signed_up("bob", kPassword);
    const auto attempt = [&](int n) {
        return rig.ok("POST", "/api/puzzles/starstar/attempts",
                      {{"id", puzzle_id("starstar:size=6,swap=false", "pos-" + std::to_string(n))},
                       {"solved", true}},
                      bob);
    };
    EXPECT_TRUE(attempt(1)["rated"]);
    const json full = attempt(2);
    EXPECT_FALSE(full["rated"]);
    EXPECT_EQ(full["why"], "full");
    rig.rig.api.attach_puzzles(&rig.service);
}

// The next puzzle is the one nearest the solver's rating, of the theme
// asked; an account's own rating counts and its attempted puzzles are left
// out; a streak's next is the lowest rated above the last.
TEST(PuzzleService, TheNextPuzzleIsNearTheRatingAndOfTheTheme) {
    const Folder f = three_and_one();
    Rig rig(f);
    const auto next = [&](const std::string& query, const std::string& cookie = {}) {
        return rig.ok("GET", "/api/puzzles/starstar/next?" + query, {}, cookie)["puzzle"];
    };
    EXPECT_EQ(next("rating=1000")["position"], "pos-1");  // 1100
    EXPECT_EQ(next("rating=1390")["position"], "pos-4");  // 1380
    EXPECT_EQ(next("rating=1800")["position"], "pos-2");  // 1740
    EXPECT_EQ(next("rating=2400")["position"], "pos-3");  // 2100 + 80 log2(61)
    EXPECT_EQ(next("rating=2400&set=starstar-8")["position"], "pos-4");
    EXPECT_EQ(next("rating=2400&theme=quiet")["position"], "pos-2");
    EXPECT_EQ(next("rating=1000&theme=swing")["position"], "pos-4");
    const std::string first = puzzle_id("starstar:size=6,swap=false", "pos-1");
    EXPECT_EQ(next("rating=1000&theme=quiet&skip=" + first)["position"], "pos-2");
    const ApiResponse none = rig.call("GET", "/api/puzzles/starstar/next?theme=fortress");
    EXPECT_EQ(none.status, 404);
    EXPECT_EQ(error_of(none), "no puzzle of starstar has the theme fortress");
    EXPECT_EQ(rig.call("GET", "/api/puzzles/starstar/next?skip=nothex").status, 400);

    EXPECT_EQ(next("above=1100")["position"], "pos-4");
    EXPECT_EQ(next("above=1380")["position"], "pos-2");
    EXPECT_EQ(rig.call("GET", "/api/puzzles/starstar/next?above=2800").status, 404);

    // Ann, at 1500 and new, is given the 1380 puzzle; once she has tried
    // it, the next nearest (Glicko-2 moves a new rating far).
    const std::string ann = rig.signed_up("ann", kPassword);
    const json mine = rig.ok("GET", "/api/puzzles/starstar/next", {}, ann);
    EXPECT_EQ(mine["rating"]["rating"], 1500);
    EXPECT_EQ(mine["puzzle"]["position"], "pos-4");
    rig.ok("POST", "/api/puzzles/starstar/attempts",
           {{"id", mine["puzzle"]["id"]}, {"solved", true}}, ann);
    const json then = rig.ok("GET", "/api/puzzles/starstar/next?rating=1000", {}, ann);
    EXPECT_GT(then["rating"]["rating"].get<double>(), 1500);  // hers, not the query's
    EXPECT_NE(then["puzzle"]["position"], "pos-4");
}

// The daily puzzle is the same all day (UTC) and another the next day,
// and no puzzle comes back before every other one of two or more moves has.
TEST(PuzzleService, TheDailyPuzzleIsTheSameAllDayAndChangesWithTheDay) {
    std::vector<json> lines;
    for (int n = 0; n < 7; ++n) lines.push_back(line(n, n == 0 ? 1 : 2, n));
    const Folder f({{"starstar", lines}});
    Rig rig(f);
    rig.now = 20'000 * kDay + 1000;  // 2024-10-04, just after midnight
    const json morning = rig.ok("GET", "/api/puzzles/starstar/daily");
    EXPECT_EQ(morning["date"], "2024-10-04");
    rig.now += kDay - 2000;  // just before the next midnight
    EXPECT_EQ(rig.ok("GET", "/api/puzzles/starstar/daily")["puzzle"]["id"],
              morning["puzzle"]["id"]);
    std::set<std::string> seen{morning["puzzle"]["id"].get<std::string>()};
    for (int d = 1; d < 6; ++d) {
        rig.now = (20'000 + d) * kDay;
        const json day = rig.ok("GET", "/api/puzzles/starstar/daily");
        EXPECT_NE(day["puzzle"]["win_in"], 1);
        EXPECT_TRUE(seen.insert(day["puzzle"]["id"].get<std::string>()).second) << d;
    }
}

// Deleting an account forgets its attempts with its ratings
// (docs/accounts.md: everything kept about it goes).
TEST(PuzzleService, ADeletedAccountsAttemptsGoWithIt) {
    const Folder f = three_and_one();
    Rig rig(f);
    const std::string dan = rig.signed_up("dan", kPassword);
    const std::int64_t id = rig.rig.store.account_by_key(accounts::name_key("dan"))->id;
    rig.ok("POST", "/api/puzzles/starstar/attempts",
           {{"id", puzzle_id("starstar:size=6,swap=false", "pos-1")}, {"solved", true}}, dan);
    ASSERT_EQ(rig.rig.store.puzzles_attempted(id, "starstar").size(), 1u);
    rig.ok("POST", "/api/account/delete", {{"confirm", "dan"}}, dan);
    EXPECT_TRUE(rig.rig.store.puzzles_attempted(id, "starstar").empty());
    EXPECT_TRUE(rig.rig.store.ratings(id).empty());
}

}  // namespace
}  // namespace asterism::server::puzzles
