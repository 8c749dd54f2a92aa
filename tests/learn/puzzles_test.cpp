// Puzzles (learn/puzzles.h, docs/learn.md): the shipped files in
// data/puzzles hold at least 100 puzzles a game, each line reads, and a
// sample of every file is re-proven from scratch: the solution replayed
// move by move through the face ends in the attacker's win, and
// verify_puzzle re-proves with a fresh solver that the first move is the
// only win, that every refutation holds and that the defence is the
// longest. Made puzzles verify, survive JSON, and a tampered one does not.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "learn/puzzles.h"

namespace asterism::learn {
namespace {

using nlohmann::json;

std::vector<Puzzle> shipped(const std::string& game) {
    std::ifstream in(std::string(ASTERISM_PUZZLE_DATA) + "/" + game + ".jsonl");
    std::vector<Puzzle> out;
    std::string line;
    while (std::getline(in, line)) out.push_back(puzzle_from_json(json::parse(line)));
    return out;
}

// The attacker's moves of a solution are at even indices: the replay
// through the face, independent of the solver.
void expect_line_wins(const Puzzle& p) {
    auto g = Registry::instance().create(p.game);
    g->set_position(p.position);
    ASSERT_EQ(index(g->to_move()), p.to_move) << p.position;
    for (const std::string& m : p.solution) {
        ASSERT_FALSE(g->terminal()) << p.position << " ends before " << m;
        g->play(m);  // throws for an illegal move
    }
    const Outcome o = g->outcome();
    EXPECT_EQ(o.kind, Outcome::Kind::Win) << p.position;
    EXPECT_EQ(index(o.winner), p.to_move) << p.position;
    ASSERT_FALSE(p.also.empty());
    EXPECT_TRUE(p.also.front().empty()) << "the first move is unique: " << p.position;
}

class ShippedPuzzles : public ::testing::TestWithParam<const char*> {};

TEST_P(ShippedPuzzles, EnoughAndEveryOneReplaysToAWin) {
    const std::string game = GetParam();
    const auto puzzles = shipped(game);
    EXPECT_GE(puzzles.size(), 100u) << game;
    for (const Puzzle& p : puzzles) {
        EXPECT_EQ(spec_id(p.game), game);
        EXPECT_GE(p.horizon, static_cast<int>(p.solution.size()));
        expect_line_wins(p);
    }
}

TEST_P(ShippedPuzzles, ASampleIsReprovenFromScratch) {
    const auto puzzles = shipped(GetParam());
    ASSERT_FALSE(puzzles.empty());
    // Every PUZZLE_STEP-th puzzle (4 unless the environment says; 1 checks
    // them all), and the last: a spread of the file.
    const char* step = std::getenv("PUZZLE_STEP");
    const std::size_t every = step && std::atoi(step) > 0 ? std::size_t(std::atoi(step)) : 4;
    for (std::size_t i = 0; i < puzzles.size(); i += every)
        EXPECT_EQ(verify_puzzle(puzzles[i], 20'000'000), "") << puzzles[i].position;
    EXPECT_EQ(verify_puzzle(puzzles.back(), 20'000'000), "") << puzzles.back().position;
}

INSTANTIATE_TEST_SUITE_P(Games, ShippedPuzzles,
                         ::testing::Values("starstar", "asterisk", "shatra", "starpool"));

TEST(Puzzles, MadeOnesVerifyAndSurviveJson) {
    // Black hunts the white biy: a quiet move, then a chain capture.
    PuzzleSettings s;
    s.spec = "shatra";
    Rejection why = Rejection::Budget;
    const auto p = make_puzzle(s, "3/3/S2/1/6s/1k5/s6/7/7/qKQ4/1/3/3/3 b - - - - 0 81", &why);
    ASSERT_TRUE(p) << rejection_name(why);
    EXPECT_EQ(why, Rejection::None);
    EXPECT_EQ(p->win_in, 3);
    EXPECT_FALSE(p->themes.empty());
    EXPECT_EQ(verify_puzzle(*p, 20'000'000), "");
    const Puzzle back = puzzle_from_json(puzzle_json(*p));
    EXPECT_EQ(puzzle_json(back), puzzle_json(*p));
    EXPECT_EQ(back.themes, p->themes);
}

TEST(Puzzles, TamperedOnesFail) {
    const Puzzle p = shipped("starpool").front();
    ASSERT_FALSE(p.refutations.front().empty());
    // A wrong first move in place of the solution's.
    Puzzle wrong = p;
    wrong.solution.front() = p.refutations.front().begin()->first;
    EXPECT_NE(verify_puzzle(wrong, 20'000'000), "");
    // A refutation that answers with a move that does not hold.
    Puzzle bad = p;
    for (auto& [move, answer] : bad.refutations.front())
        if (!answer.empty()) {
            answer.clear();
            break;
        }
    EXPECT_NE(verify_puzzle(bad, 20'000'000), "");
    // Another side to move.
    Puzzle other = p;
    other.to_move = 1 - p.to_move;
    EXPECT_NE(verify_puzzle(other, 20'000'000), "");
}

TEST(Puzzles, NoPuzzleWhereThereIsNoWin) {
    PuzzleSettings s;
    s.spec = "starpool";
    Rejection why = Rejection::None;
    EXPECT_FALSE(make_puzzle(s, "", &why));  // the start position
    EXPECT_EQ(why, Rejection::NoWin);
    s.horizon = 1;
    EXPECT_THROW(make_puzzle(s, ""), GameError);  // a horizon shorter than the solutions
}

TEST(Puzzles, BadLinesAreOneLineErrors) {
    EXPECT_THROW(puzzle_from_json(json::parse("{}")), GameError);
    EXPECT_THROW(puzzle_from_json(json::parse(R"({"game": 3})")), GameError);
    EXPECT_THROW(puzzle_from_json(json::parse("[1]")), GameError);
}

}  // namespace
}  // namespace asterism::learn
