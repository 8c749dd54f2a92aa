// The evaluation's routines (whole slides from ray sets, one attack map per
// side, men counted on sets of cells) held to simple references over the
// positions of seeded random games: every term computed man by man as the
// evaluation did before, with each slide walked cell by cell, and the check
// test's State::attacks() asked cell by cell. Equal terms give equal values
// under both sets of weights.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "common/property.h"
#include "core/rng.h"
#include "games/starpool/starpool.h"
#include "starpool/test_util.h"

namespace asterism::starpool {
namespace {

using asterism::testing::scaled;

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

// The evaluation's constants (knowledge.cpp), copied so that the reference
// below stands on its own.
constexpr int kPressure[kKinds] = {0, 16, 16, 10, 10, 14, 10, 4, 6, 6};
constexpr int kFewMen[3] = {300, 150, 60};

// The mobility of one man as the evaluation counted it before: table steps
// and leaps, then each slide walked until a friend (not counted) or an
// enemy (counted) stands in the way.
int walked_mobility(int k, int side, Cell c, Bits own, Bits enemy) {
    const Geometry& g = geometry();
    const Geometry::Steps& steps = g.steps[k][side][c];
    int moves =
        ((steps.any & ~own) | (steps.quiet & ~(own | enemy)) | (steps.capture & enemy)).count();
    for (int d = 0; d < 8; ++d) {
        if (!(g.slide_dirs[k][side] >> d & 1)) continue;
        for (int i = 0; i < g.ray_length[c][d]; ++i) {
            const Cell to = g.ray[c][d][i];
            if (own.has(to)) break;
            ++moves;
            if (enemy.has(to)) break;
        }
    }
    return moves;
}

// One man's promotion progress and pressure, from his coordinates.
void placement_terms(int k, int side, Cell c, Cell enemy_king, int sign, int* t) {
    const int y = c / kGridSide, rank = side == 0 ? y : kGridSide - 1 - y;
    if (k == kPawn && rank >= 4 && rank < kPawnRank)
        t[State::kTermPawnRank] += sign * (rank - 3) * (rank - 3);
    if (k == kSergeant && rank >= 7 && rank < kBackRank)
        t[State::kTermSergeantRank] += sign * (rank - 6);
    if (k == kLieutenant && rank >= 6 && rank < kBackRank)
        t[State::kTermLieutenantRank] += sign * (rank - 5);
    const int dx = std::abs(c % kGridSide - enemy_king % kGridSide);
    const int dy = std::abs(c / kGridSide - enemy_king / kGridSide);
    if (std::max(dx, dy) <= 2) t[State::kTermPressure] += sign * kPressure[k];
}

// One side's terms as the evaluation computed them before, man by man; the
// cells round the King are each asked of the check test.
void reference_side(const State& s, const Sides& sides, int side, int sign, int* t) {
    const Bits own = sides.men[side], enemy = sides.men[side ^ 1];
    for (Bits men = own; men.any();) {
        const Cell c = men.pop();
        const int k = kind_of(s.at(c));
        if (k == kKing) continue;
        t[State::kTermGeneral + k - kGeneral] += sign;
        t[State::kTermMobility] += sign * walked_mobility(k, side, c, own, enemy);
        placement_terms(k, side, c, sides.king[side ^ 1], sign, t);
    }
    const Bits ring = geometry().steps[kKing][side][sides.king[side]].any;
    t[State::kTermKingFriends] += sign * std::min((ring & own).count(), 4);
    for (Bits free = ring & ~own; free.any();)
        t[State::kTermKingAttacked] += sign * s.attacks(free.pop(), static_cast<Player>(side ^ 1));
    const int men = own.count() - 1;
    if (men < 3) t[State::kTermFewMen] += sign * kFewMen[men];
}

// Checks one position; returns whether its attacked-ring term is not zero
// (so that the caller can tell the test met Kings under attack).
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
    int got[State::kEvalTerms], want[State::kEvalTerms] = {};
    s.eval_terms(got);
    const int us = index(s.to_move());
    reference_side(s, sides, us, 1, want);
    reference_side(s, sides, us ^ 1, -1, want);
    want[State::kTermTempo] = 1;
    for (int i = 0; i < State::kEvalTerms; ++i)
        EXPECT_EQ(got[i], want[i]) << "term " << i << " in " << s.position();
    return want[State::kTermKingAttacked] != 0;
}

TEST(StarPoolEval, AttacksAndMobilityAgreeWithTheWalksOverRandomGames) {
    Rng rng(2026);
    State::Move moves[State::kMaxMoves];
    int positions = 0, with_ring_attacks = 0;
    for (const char* start : testing::kVariedStarts) {
        for (int game = 0; game < scaled(8); ++game) {
            State s = testing::start_state(start);
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
