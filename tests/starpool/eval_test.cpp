// The evaluation's attack and mobility routines (whole slides from ray sets,
// one attack map per side) held to simple references over the positions of
// seeded random games: the walk along each ray, cell by cell, that the
// evaluation used before, and the check test's State::attacks() asked cell
// by cell. Equal terms give equal values under both sets of weights.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "common/property.h"
#include "core/rng.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

using asterism::testing::scaled;

// Starts with men in citadels and on the pool's diagonals, so that the
// citadel option and the links come up often, and the usual start.
const char* const kStarts[] = {
    "start",
    "4k3P/9/9/3p5/4*4/3P1P3/9/9/n3K4 [P-r-] w - 0 1",
    "k8/9/2p3p2/9/4*3K/9/2C6/9/9 [-C--] w - 0 1",
    "r1e1k1e1r/1n1l1l1n1/ppSpp1ppp/9/2P1*1G2/3s5/PP1P1PPPP/2l6/R1E1KLENR [WwWw] b Kk 0 12",
    "1N1lkl3/r7r/1p1ppp1pp/p3e4/P3*1p1w/2P4W1/EP1PPP1PP/5R3/W2LKLeN1 [R-nw] w - 2 19",
};

struct Sides {
    Bits men[2];
    Cell king[2] = {kNoCell, kNoCell};
};

Sides sides_of(const State& s) {
    Sides out;
    for (Cell c = 0; c < kGridPoints; ++c) {
        const Piece p = s.at(c);
        if (p == kNoPiece) continue;
        out.men[side_of(p)] |= Bits::of(c);
        if (kind_of(p) == kKing) out.king[side_of(p)] = c;
    }
    return out;
}

// The mobility of one side as the evaluation counted it before: table
// steps and leaps, then each slide walked until a friend (not counted) or
// an enemy (counted) stands in the way. The King has none.
int walked_mobility(const State& s, const Sides& sides, int side) {
    const Geometry& g = geometry();
    const Bits own = sides.men[side], enemy = sides.men[side ^ 1], occupied = own | enemy;
    int moves = 0;
    for (Bits men = own; men.any();) {
        const Cell c = men.pop();
        const int k = kind_of(s.at(c));
        if (k == kKing) continue;
        moves += ((g.steps[k][side][c].any & ~own) | (g.steps[k][side][c].quiet & ~occupied) |
                  (g.steps[k][side][c].capture & enemy))
                     .count();
        for (int d = 0; d < 8; ++d) {
            if (!(g.slide_dirs[k][side] >> d & 1)) continue;
            for (int i = 0; i < g.ray_length[c][d]; ++i) {
                const Cell to = g.ray[c][d][i];
                if (own.has(to)) break;
                ++moves;
                if (enemy.has(to)) break;
            }
        }
    }
    return moves;
}

// The cells round a side's King not held by a friend that the enemy
// attacks, each asked of the check test.
int attacked_ring_cells(const State& s, const Sides& sides, int side) {
    int n = 0;
    for (Bits ring = geometry().steps[kKing][side][sides.king[side]].any & ~sides.men[side];
         ring.any();)
        n += s.attacks(ring.pop(), static_cast<Player>(side ^ 1));
    return n;
}

int ring_friends(const Sides& sides, int side) {
    return std::min((geometry().steps[kKing][side][sides.king[side]].any & sides.men[side]).count(),
                    4);
}

// Checks one position; returns whether some cell round a King was attacked
// (so that the caller can tell the test met such positions).
bool check_position(const State& s) {
    const Sides sides = sides_of(s);
    for (const Player by : {Player::First, Player::Second}) {
        const Bits map = s.attacks_of(by);
        for (Cell c = 0; c < kGridPoints; ++c) {
            if (!geometry().is_cell[c]) continue;
            EXPECT_EQ(map.has(c), s.attacks(c, by))
                << "cell " << cell_name(c) << " by " << index(by) << " in " << s.position();
        }
    }
    int t[State::kEvalTerms];
    s.eval_terms(t);
    const int us = index(s.to_move()), them = us ^ 1;
    EXPECT_EQ(t[State::kTermMobility],
              walked_mobility(s, sides, us) - walked_mobility(s, sides, them))
        << s.position();
    EXPECT_EQ(t[State::kTermKingFriends], ring_friends(sides, us) - ring_friends(sides, them))
        << s.position();
    const int mine = attacked_ring_cells(s, sides, us),
              theirs = attacked_ring_cells(s, sides, them);
    EXPECT_EQ(t[State::kTermKingAttacked], mine - theirs) << s.position();
    return mine + theirs > 0;
}

TEST(StarPoolEval, AttacksAndMobilityAgreeWithTheWalksOverRandomGames) {
    Rng rng(2026);
    State::Move moves[State::kMaxMoves];
    int positions = 0, with_ring_attacks = 0;
    for (const char* start : kStarts) {
        for (int game = 0; game < scaled(8); ++game) {
            State s;
            if (std::string(start) != "start") s.set_position(start);
            for (int ply = 0; ply < 300; ++ply) {
                ++positions;
                with_ring_attacks += check_position(s);
                if (HasFailure()) return;
                const int n = s.generate(moves);
                if (n == 0) break;
                s.apply(moves[rng.below(static_cast<std::uint32_t>(n))]);
            }
        }
    }
    // The checks above must have met Kings under attack, not only quiet
    // positions.
    EXPECT_GT(positions, 1000);
    EXPECT_GT(with_ring_attacks, positions / 20);
}

}  // namespace
}  // namespace asterism::starpool
