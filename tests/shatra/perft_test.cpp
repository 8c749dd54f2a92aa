// Perft tables from tests/data/shatra_perft_<preset>.txt (format at the top
// of each file), and a cross-check of the engine's move generator against
// the plain reference generator (reference.h) at every node of the first
// plies of each table position and along random games.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "../common/data_files.h"
#include "../common/property.h"
#include "core/state_game.h"
#include "shatra/reference.h"
#include "shatra/test_util.h"

namespace asterism::shatra {
namespace {

struct Case {
    int line = 0;
    std::string position;            // "start" or a position string
    std::vector<std::string> moves;  // played from the position first
    int depth = 0;
    std::uint64_t count = 0;
};

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<Case> read_cases(const std::string& path) {
    std::vector<Case> out;
    const auto lines = asterism::testing::split_lines(asterism::testing::read_file(path));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string line = trim(lines[i]);
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> parts;
        std::istringstream in(line);
        for (std::string part; std::getline(in, part, ';');) parts.push_back(trim(part));
        if (parts.size() < 3) {
            ADD_FAILURE() << path << ":" << i + 1
                          << ": expected position ; depth ; count ; comment";
            continue;
        }
        Case c;
        c.line = static_cast<int>(i + 1);
        const auto bar = parts[0].find('|');
        c.position = trim(parts[0].substr(0, bar));
        if (bar != std::string::npos) {
            std::istringstream moves(parts[0].substr(bar + 1));
            for (std::string m; moves >> m;) c.moves.push_back(m);
        }
        c.depth = std::stoi(parts[1]);
        c.count = std::stoull(parts[2]);
        out.push_back(c);
    }
    return out;
}

State state_of(Preset preset, const Case& c) {
    State s(Rules::of(preset));
    if (c.position != "start") s.set_position(c.position);
    testing::play(s, [&] {
        std::string all;
        for (const auto& m : c.moves) all += m + " ";
        return all;
    }());
    return s;
}

// Compares the engine with the reference at `s` and, to `depth` more plies,
// below it; returns the nodes visited.
std::uint64_t cross_check(State& s, int depth, const std::string& where) {
    const auto fast = testing::legal(s);
    if (s.pos().status == Pos::kDrawn) {
        EXPECT_TRUE(fast.empty()) << where;
    } else {
        EXPECT_EQ(fast, reference::legal_moves(s)) << where << " at " << s.position();
    }
    if (depth == 0 || ::testing::Test::HasFailure()) return 1;
    std::uint64_t nodes = 1;
    std::vector<Move> moves(State::kMaxMoves);
    moves.resize(static_cast<std::size_t>(s.generate(moves.data())));
    for (const Move& m : moves) {
        const std::string text = s.move_text(m);
        s.apply(m);
        nodes += cross_check(s, depth - 1, where + " " + text);
        s.undo();
    }
    return nodes;
}

// Perft node budgets: the deepest counts (the start position at depth 4
// takes seconds) run only with ASTERISM_PERFT_FULL=1.
std::uint64_t perft_budget() {
    if (std::getenv("ASTERISM_PERFT_FULL")) return ~std::uint64_t{0};
    return static_cast<std::uint64_t>(asterism::testing::scaled(20'000'000));
}

class ShatraPerft : public ::testing::TestWithParam<Preset> {};

TEST_P(ShatraPerft, DataFile) {
    const std::string path = asterism::testing::data_path(std::string("shatra_perft_") +
                                                          preset_name(GetParam()) + ".txt");
    const auto cases = read_cases(path);
    ASSERT_GE(cases.size(), 26u) << path;
    int run = 0;
    std::set<std::string> checked;
    for (const Case& c : cases) {
        const std::string where = path + ":" + std::to_string(c.line);
        State s = state_of(GetParam(), c);
        if (c.count <= perft_budget()) {
            ++run;
            State copy = s;
            EXPECT_EQ(perft(copy, c.depth), c.count) << where;
        }
        // The reference check: two plies below small trees, one otherwise.
        const std::string key = s.position() + std::to_string(c.moves.size());
        if (!checked.insert(key).second) continue;
        State copy = s;
        cross_check(s, perft(copy, 2) <= 6000 ? 2 : 1, where);
    }
    EXPECT_GT(run, 0);
}

INSTANTIATE_TEST_SUITE_P(ShatraPresets, ShatraPerft,
                         ::testing::Values(Preset::Seed, Preset::Altai, Preset::Shatrabase),
                         [](const auto& param_info) {
                             return std::string(preset_name(param_info.param));
                         });

// The Original form (section 14): the reference numbers of 14.13 from the
// start position (Shatrabase's), and the reference generator's moves at
// every node of each case's first two plies.
TEST(ShatraPerftOriginal, DataFile) {
    const std::string path = asterism::testing::data_path("shatra_perft_original.txt");
    const auto cases = read_cases(path);
    ASSERT_GE(cases.size(), 5u) << path;
    int run = 0;
    std::set<std::string> checked;
    for (const Case& c : cases) {
        const std::string where = path + ":" + std::to_string(c.line);
        State s = state_of(Preset::Original, c);
        if (c.count <= perft_budget()) {
            ++run;
            State copy = s;
            EXPECT_EQ(perft(copy, c.depth), c.count) << where;
        }
        if (checked.insert(s.position()).second) cross_check(s, 2, where);
    }
    EXPECT_GE(run, 4);
}

TEST(ShatraReference, AgreesWithTheEngineAlongLongGames) {
    // Every ply of long games (testing::long_games) in each preset, and in
    // altai with the seed's maximum rule added (no preset has that mix).
    std::vector<Rules> rules = {Rules::of(Preset::Seed), Rules::of(Preset::Altai),
                                Rules::of(Preset::Shatrabase)};
    rules.push_back(Rules::of(Preset::Altai));
    rules.back().max_capture = true;
    rules[2].draws = true;
    // The Original form, and the same with its five departures from
    // Shatrabase that are fields (14.12) switched to Shatrabase's values.
    rules.push_back(Rules::of(Preset::Original));
    rules.push_back(Rules::of(Preset::Original));
    rules.back().enemy_drops = EnemyDrops::All;
    rules.back().biy_gate_return = true;
    rules.back().landing = Landing::Nearest;
    rules.back().gate_privilege = true;
    rules.back().fortress_landing = true;
    std::uint64_t seed = 7;
    for (const Rules& r : rules)
        testing::long_games(r, asterism::testing::scaled(6), seed++, [](const State& s) {
            State copy = s;
            cross_check(copy, 0, "long game ply " + std::to_string(s.ply()));
            return !::testing::Test::HasFailure();
        });
}

}  // namespace
}  // namespace asterism::shatra
