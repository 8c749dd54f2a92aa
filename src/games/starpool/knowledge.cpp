// The out-of-line search knowledge of knowledge.h.
//
// The evaluation counts, for each side, material, mobility (destinations on
// the current board, without the legality test), promotion progress, the
// King's shelter and the enemy pressure around it, and a penalty for being
// close to a bare King (which loses at once).
#include <algorithm>
#include <array>
#include <bit>

#include "core/cpu.h"
#include "core/linear.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

// By Kind: King, General, Captain, Great Elephant, Knight, Rook, Wizard,
// Pawn, Sergeant, Lieutenant. A General is a Rook with Ferz steps, a Captain
// a bishop-like slider with Wazir steps (and the pool's citadel option).
constexpr int kValue[kKinds] = {0, 850, 750, 330, 320, 550, 340, 100, 190, 170};
// How much each kind adds to the pressure on an enemy King it stands near.
constexpr int kPressure[kKinds] = {0, 16, 16, 10, 10, 14, 10, 4, 6, 6};
// Penalty for having only this many men besides the King (baring loses).
constexpr int kFewMen[3] = {300, 150, 60};

// The weights of the evaluation's terms (State::EvalTerm): by hand, as
// before they were fitted, and fitted to self-play results by `asterism
// train` (docs/learning.md).
constexpr std::array<int, State::kEvalTerms> kHandWeights = {
    850, 750, 330, 320, 550, 340, 100, 190, 170, 4, 6, 15, 12, 1, 8, -10, -1, 10};
constexpr std::array<int, State::kEvalTerms> kFittedWeights = {
#include "games/starpool/eval_weights.inc"
};

// The evaluation counts men on sets of cells rather than asking each man
// where he stands: the grid's rows, and the points within two King steps
// (on the grid, citadels included) of each point.
struct Zones {
    std::array<Bits, kGridSide> row{};
    std::array<Bits, kGridPoints> near{};
};

constexpr Zones make_zones() {
    Zones z;
    for (int a = 0; a < kGridPoints; ++a) {
        z.row[a / kGridSide] |= Bits::of(static_cast<Cell>(a));
        for (int b = 0; b < kGridPoints; ++b) {
            const int dx = a % kGridSide - b % kGridSide, dy = a / kGridSide - b / kGridSide;
            if (dx >= -2 && dx <= 2 && dy >= -2 && dy <= 2)
                z.near[a] |= Bits::of(static_cast<Cell>(b));
        }
    }
    return z;
}
constexpr Zones kZones = make_zones();

// The cells of a rank counted from a side's own edge of the grid.
constexpr Bits rank_cells(int rank, int side) {
    return kZones.row[side == 0 ? rank : kGridSide - 1 - rank];
}

// What one man does for the evaluation: the cells he attacks (his steps,
// leaps and slides whatever stands on their cells, and the pool's citadel
// option, as State::attacked() sees them) and his mobility (his
// destinations without the legality test: slides up to the first man, who
// counts if he is an enemy). Both come from the same table and ray lookups.
struct ManReach {
    Bits attacks;
    int moves = 0;
};

[[gnu::always_inline]] inline ManReach man_reach(const Geometry& g, int k, int s, Cell c, Bits own,
                                                 Bits enemy) {
    const Bits occupied = own | enemy;
    ManReach r;
    const Geometry::Steps& steps = g.steps[k][s][c];
    r.attacks = steps.any | steps.capture;
    r.moves = ((steps.any & ~own) | (steps.quiet & ~occupied) | (steps.capture & enemy)).count();
    for (DirSet ds = g.slide_dirs[k][s]; ds; ds &= static_cast<DirSet>(ds - 1)) {
        const int d = std::countr_zero(ds);
        const Bits reach = slide_reach(g, c, d, occupied);
        r.moves += (reach & ~own).count();
        r.attacks |= reach | option_reach(g, c, d, occupied);
    }
    return r;
}

}  // namespace

// The King's steps, and his first-move leap while he has not moved (which
// State::attacked() counts even in check).
[[gnu::always_inline]] inline Bits State::king_attacks(int s) const {
    const Geometry& g = geometry();
    const Cell king = king_[s];
    Bits out = g.steps[kKing][s][king].any | g.steps[kKing][s][king].capture;
    if (unmoved_ >> s & 1) out |= g.first[s][king];
    return out;
}

// One side's terms of the linear evaluation (State::eval_terms), added to
// `t` with `sign`, but for the King's ring, which needs the other side's
// attacks; returns the cells this side attacks. Always inlined into
// cloned_eval_terms(), whose clones (core/cpu.h) give it the hardware popcount: a
// call out of the clone would count in software.
[[gnu::always_inline]] inline Bits State::side_terms(int s, int sign, int* t) const {
    const Geometry& g = geometry();
    const Bits own = side_men_[s], enemy = side_men_[s ^ 1];
    const Bits near_enemy_king = kZones.near[king_[s ^ 1]];
    Bits attacks = king_attacks(s);
    for (int k = kGeneral; k < kKinds; ++k) {
        const Bits kind = men_[s][k];
        t[kTermGeneral + k - kGeneral] += sign * kind.count();
        t[kTermPressure] += sign * kPressure[k] * (kind & near_enemy_king).count();
        for (Bits men = kind; men.any();) {
            const ManReach r = man_reach(g, k, s, men.pop(), own, enemy);
            attacks |= r.attacks;
            t[kTermMobility] += sign * r.moves;
        }
    }
    // Promotion progress, growing as the zone comes near.
    for (int rank = 4; rank < kPawnRank; ++rank)
        t[kTermPawnRank] +=
            sign * (rank - 3) * (rank - 3) * (men_[s][kPawn] & rank_cells(rank, s)).count();
    for (int rank = 7; rank < kBackRank; ++rank)
        t[kTermSergeantRank] +=
            sign * (rank - 6) * (men_[s][kSergeant] & rank_cells(rank, s)).count();
    for (int rank = 6; rank < kBackRank; ++rank)
        t[kTermLieutenantRank] +=
            sign * (rank - 5) * (men_[s][kLieutenant] & rank_cells(rank, s)).count();
    const int men = own.count() - 1;
    if (men < 3) t[kTermFewMen] += sign * kFewMen[men];
    return attacks;
}

Bits State::attacks_of(Player by) const {
    const Geometry& g = geometry();
    const int s = index(by);
    Bits out = king_attacks(s);
    for (int k = kGeneral; k < kKinds; ++k)
        for (Bits men = men_[s][k]; men.any();)
            out |= man_reach(g, k, s, men.pop(), side_men_[s], side_men_[s ^ 1]).attacks;
    return out;
}

// The King's terms: friends round it, and the cells round it (not held by
// a friend) that the enemy attacks.
[[gnu::always_inline]] inline void State::king_terms(int s, int sign, Bits enemy_attacks,
                                                     int* t) const {
    const Bits ring = geometry().steps[kKing][s][king_[s]].any;
    const Bits own = side_men_[s];
    t[kTermKingFriends] += sign * std::min((ring & own).count(), 4);
    t[kTermKingAttacked] += sign * (ring & ~own & enemy_attacks).count();
}

// Counts bits for every man: the hardware popcount pays here (core/cpu.h).
ASTERISM_CPU_CLONES void State::cloned_eval_terms(int* t) const {
    std::fill(t, t + kEvalTerms, 0);
    const Bits mine = side_terms(side_, 1, t);
    const Bits theirs = side_terms(side_ ^ 1, -1, t);
    king_terms(side_, 1, theirs, t);
    king_terms(side_ ^ 1, -1, mine, t);
    t[kTermTempo] = 1;  // the move is worth something
}

// After the cloned definition: clang makes a function multiversioned only
// before its first call.
void State::eval_terms(int* t) const {
    cloned_eval_terms(t);
}

const std::array<int, State::kEvalTerms>& State::eval_weights(int knowledge) {
    return knowledge ? kFittedWeights : kHandWeights;
}

int State::evaluate() const {
    int t[kEvalTerms];
    cloned_eval_terms(t);
    return linear_value(eval_weights(knowledge_), t);
}

int State::move_hint(Move m) const {
    const int mover = kind_of(board_[m.from]);
    int gain = 0;
    if ((m.flags & kCapture) && board_[m.to] != kNoPiece) gain += kValue[kind_of(board_[m.to])];
    if (m.promotion != kNoKind) gain += kValue[m.promotion] - kValue[mover];
    // Most valuable victim first, then the least valuable capturer.
    return 1000 + 8 * gain - kValue[mover] / 100;
}

Move State::playout_choice(Rng& rng, const Move* moves, int n) const {
    int best = -1, best_hint = -1, ties = 0;
    for (int i = 0; i < n; ++i) {
        if (!is_noisy(moves[i])) continue;
        const int h = move_hint(moves[i]);
        if (h > best_hint) {
            best = i, best_hint = h, ties = 1;
        } else if (h == best_hint && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
            best = i;
        }
    }
    if (best >= 0 && rng.below(4) != 0) return moves[best];
    return moves[rng.below(static_cast<std::uint32_t>(n))];
}

Outcome State::adjudicate() const {
    return Outcome::by_evaluation(evaluate(), to_move(), 400);
}

}  // namespace asterism::starpool
