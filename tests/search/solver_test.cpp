// The exact solver (search/solver.h) against a plain minimax written here
// through the type-erased face: on *Star boards a few cells from full, where
// both reach the end of every game, they must agree on who wins; and the
// solver's limits (a ply limit, a node budget) answer NoWin and Unknown,
// never a guess.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "core/state_game.h"
#include "games/starstar/starstar.h"
#include "learn/selfplay.h"
#include "record/record.h"
#include "search/solver.h"

namespace asterism {
namespace {

// Whether the player to move in `g` wins with best play, by trying every
// move to the end of the game (small trees only).
bool mover_wins(Game& g) {
    const Outcome o = g.outcome();
    if (o.over()) return false;  // a finished game is nobody's move to win
    const Player me = g.to_move();
    for (const std::string& m : g.legal_moves()) {
        g.play(m);
        const Outcome after = g.outcome();
        const bool win =
            after.over() ? after.kind == Outcome::Kind::Win && after.winner == me : !mover_wins(g);
        g.undo();
        if (win) return true;
    }
    return false;
}

// The positions of a small self-play *Star game with at most `empties`
// cells left, nearest the end first.
std::vector<std::string> late_positions(int games, int empties) {
    learn::SelfplaySettings s;
    s.game = "starstar:size=6";
    s.player = "mcts:playouts=30,knowledge=0";
    std::vector<std::string> out;
    for (const auto& g : learn::play_selfplay(s, games, 1, nullptr)) {
        LoadedGame loaded = replay_record(parse_record(g.record));
        for (int k = 0; k < empties && loaded.game->undo(); ++k)
            out.push_back(loaded.game->position());
    }
    return out;
}

const starstar::State& state_of(const Game& g) {
    return dynamic_cast<const StateGame<starstar::State>&>(g).state();
}

TEST(Solver, AgreesWithMinimaxToTheEndOfTheGame) {
    int wins = 0, positions = 0;
    for (const std::string& p : late_positions(4, 7)) {
        auto g = Registry::instance().create("starstar:size=6");
        g->set_position(p);
        const bool expected = mover_wins(*g);
        for (const bool table : {false, true}) {
            starstar::State s = state_of(*g);
            SolverLimits limits;
            limits.table = table;
            WinSolver<starstar::State> solver(s.to_move(), limits);
            const Proof proof = solver.wins_within(s, 16);
            // The limit passes the end of every game: a refusal is for good.
            EXPECT_EQ(proof, expected ? Proof::Win : Proof::Never) << p;
            EXPECT_EQ(s.position(), p) << "the solver restores the state";
        }
        wins += expected;
        ++positions;
    }
    EXPECT_GT(wins, 0);
    EXPECT_LT(wins, positions);
}

TEST(Solver, ShortestWinCountsPliesToTheEnd) {
    // On *Star every game ends on a full board, so a win takes exactly the
    // empty cells' plies.
    for (const std::string& p : late_positions(2, 6)) {
        auto g = Registry::instance().create("starstar:size=6");
        g->set_position(p);
        starstar::State s = state_of(*g);
        WinSolver<starstar::State> solver(s.to_move(), SolverLimits{});
        Proof proof;
        const int plies = solver.shortest_win(s, 16, proof);
        if (proof == Proof::Win)
            EXPECT_EQ(plies, static_cast<int>(g->legal_moves().size())) << p;
        else
            EXPECT_EQ(proof, Proof::Never) << p;
    }
}

TEST(Solver, LimitsAnswerNoWinOrUnknown) {
    const std::string p = late_positions(1, 8).back();
    auto g = Registry::instance().create("starstar:size=6");
    g->set_position(p);
    starstar::State s = state_of(*g);
    WinSolver<starstar::State> shallow(s.to_move(), SolverLimits{});
    // Eight cells are left: no game ends within two plies.
    EXPECT_EQ(shallow.wins_within(s, 2), Proof::NoWin);
    EXPECT_EQ(shallow.wins_within(s, 0), Proof::NoWin);
    SolverLimits tiny;
    tiny.max_nodes = 5;
    WinSolver<starstar::State> poor(s.to_move(), tiny);
    EXPECT_EQ(poor.wins_within(s, 8), Proof::Unknown);
    EXPECT_EQ(s.position(), p);
}

}  // namespace
}  // namespace asterism
