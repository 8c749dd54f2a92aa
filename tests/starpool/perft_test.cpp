// Perft oracles for Star Pool Chess from tests/data/starpool_perft.txt
// (DESIGN.md habit 4), the start-position counts of spec section 7, and a
// move-for-move comparison of the engine with the independent reference
// generator on every data position and everything two plies after it.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/state_game.h"
#include "games/starpool/starpool.h"
#include "starpool/reference.h"

namespace asterism::starpool {
namespace {

struct PerftCase {
    std::string position;  // "start" for the start position
    int depth = 0;
    std::uint64_t count = 0;
    std::string comment;
    int line = 0;
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<PerftCase> load_cases() {
    std::ifstream in(ASTERISM_TEST_DATA "/starpool_perft.txt");
    EXPECT_TRUE(in.good()) << "cannot open starpool_perft.txt";
    std::vector<PerftCase> out;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (trim(line).empty() || trim(line)[0] == '#') continue;
        std::vector<std::string> fields;
        std::istringstream parts(line);
        for (std::string f; std::getline(parts, f, ';');) fields.push_back(trim(f));
        if (fields.size() < 3) {
            ADD_FAILURE() << "line " << number << ": expected position ; depth ; count";
            continue;
        }
        out.push_back({fields[0], std::stoi(fields[1]), std::stoull(fields[2]),
                       fields.size() > 3 ? fields[3] : "", number});
    }
    return out;
}

State state_of(const std::string& position) {
    State s;
    if (position != "start") s.set_position(position);
    return s;
}

TEST(StarPoolPerft, StartMatchesSpecSection7) {
    State s;
    EXPECT_EQ(perft(s, 1), 30u);
    EXPECT_EQ(perft(s, 2), 898u);
    EXPECT_EQ(perft(s, 3), 28197u);
}

TEST(StarPoolPerft, DataFileCounts) {
    const auto cases = load_cases();
    std::set<std::string> positions;
    for (const PerftCase& c : cases) {
        State s = state_of(c.position);
        EXPECT_EQ(perft(s, c.depth), c.count) << "line " << c.line << ": " << c.position
                                              << " depth " << c.depth << " (" << c.comment << ")";
        positions.insert(c.position);
    }
    // The issue asks for at least 25 positions besides the start.
    EXPECT_GE(positions.size(), 26u);
}

// Compares the engine with the reference at a position and at every
// position up to `depth - 1` plies later; with depth 3 every depth-3 count in
// the data file is a sum of move lists that both generators agree on.
void expect_agreement(State& s, int depth, const std::string& where) {
    const auto engine = testing::engine_moves(s);
    ASSERT_EQ(engine, testing::Reference(s).legal()) << where << ": " << s.position();
    if (depth <= 1) return;
    State::Move moves[State::kMaxMoves];
    const int n = s.generate(moves);
    for (int i = 0; i < n; ++i) {
        const std::string text = s.move_text(moves[i]);
        s.apply(moves[i]);
        expect_agreement(s, depth - 1, where + " " + text);
        s.undo();
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(StarPoolPerft, ReferenceAgreesOnDataPositions) {
    std::set<std::string> done;
    for (const PerftCase& c : load_cases()) {
        if (!done.insert(c.position).second) continue;
        State s = state_of(c.position);
        expect_agreement(s, 3, "line " + std::to_string(c.line));
        if (HasFatalFailure()) return;
    }
}

}  // namespace
}  // namespace asterism::starpool
