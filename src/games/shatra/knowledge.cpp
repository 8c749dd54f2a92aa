// Game knowledge for the searches: the static evaluation, the ordering hint
// of noisy moves and the playout policy. Nothing here is a rule; the values
// are our estimates, to be tuned by matches (DESIGN.md habit 7).
//
// The evaluation counts, for each side, material, the freedom of the long
// leapers and the biy, how far its shatras have advanced towards promotion,
// and the neighbourhood of its biy. Capturing is compulsory, so a man that
// the side to move could take now is taken in the quiescence search; what
// the evaluation must see instead is the danger to the side to move itself:
// its men (and above all its biy) that the opponent could jump next turn.
#include <algorithm>
#include <array>
#include <bit>

#include "core/linear.h"
#include "games/shatra/shatra.h"

namespace asterism::shatra {
namespace {

// Material by kind: none, biy (taking it ends the game, so it has no
// material value), batyr, tura, yalkyn, shatra.
constexpr int kValue[6] = {0, 0, 850, 450, 300, 100};
// The weights of the evaluation's terms (State::EvalTerm): by hand, as
// before they were fitted, and fitted to self-play results by `asterism
// train` (docs/learning.md).
constexpr std::array<int, State::kEvalTerms> kHandWeights = {850, 450, 300, 100, 5,   15, 14,
                                                             70,  3,   -20, 6,   -12, 15, -1};
constexpr std::array<int, State::kEvalTerms> kFittedWeights = {
#include "games/shatra/eval_weights.inc"
};
// The Original form (biy and 23 shatras) has other material and another
// march of the shatras, so its weights are fitted to its own games.
constexpr std::array<int, State::kEvalTerms> kFittedOriginalWeights = {
#include "games/shatra/eval_weights_original.inc"
};

// Value of taking the biy in a capture hint: more than any chain of men.
constexpr int kBiyHint = 20000;

// Directions in which each kind captures by the long leap (as movegen.cpp).
constexpr unsigned kLeapDirs[6] = {0, 0, 0xff, 0x55, 0xaa, 0};

// Rank counted from `colour`'s own end: 1 is its back rank, 14 the enemy's.
int relative_rank(int cell, int colour) {
    const int r = kGeo.rank[cell];
    return colour == kWhite ? r : kRanks + 1 - r;
}

// The cells within two king steps of each cell: the biy's neighbourhood.
constexpr std::array<Bits, kCells> kNearTwo = [] {
    std::array<Bits, kCells> near{};
    for (int a = 0; a < kCells; ++a)
        for (int b = 0; b < kCells; ++b) {
            const int df = kGeo.file[a] - kGeo.file[b], dr = kGeo.rank[a] - kGeo.rank[b];
            if (df >= -2 && df <= 2 && dr >= -2 && dr <= 2) near[a] |= bit(b);
        }
    return near;
}();

// Whether a man of `enemy` could jump the man on `cell` at once: a short
// leaper beside it or a long leaper along a line, with the cell beyond
// empty. The temdek's landing limits are ignored: a cheap test that errs
// on the side of caution. `leapers` says whether `enemy` has a long leaper
// at all; without one only the cells beside `cell` need a look.
bool attackable(const Pos& p, int cell, int enemy, bool leapers) {
    const Bits occ = p.occ[0] | p.occ[1];
    for (Bits lands = kSteps.king[cell] & ~occ; lands; lands &= lands - 1) {
        const int d = kGeo.dir_to[cell][std::countr_zero(lands)];
        const int back = (d + 4) & 7;
        int a = kGeo.step[cell][back];
        if (a == kNoCell) continue;
        const bool adjacent = (occ & bit(a)) != 0;
        if (!adjacent) {
            if (!leapers) continue;
            do a = kGeo.step[a][back];
            while (a != kNoCell && !(occ & bit(a)));
            if (a == kNoCell) continue;
        }
        if (!(p.occ[enemy] & bit(a))) continue;
        const int k = kind_of(p.board[static_cast<std::size_t>(a)]);
        if (adjacent && (k == kBiy || k == kShatra)) return true;
        if (kLeapDirs[k] >> d & 1) return true;
    }
    return false;
}

// Empty cells a long leaper on `cell` could slide to.
int freedom(const Pos& p, int cell, unsigned dirs) {
    const Bits occ = p.occ[0] | p.occ[1];
    int n = 0;
    for (int d = 0; d < kDirs; ++d) {
        if (!(dirs >> d & 1)) continue;
        for (int c = kGeo.step[cell][d]; c != kNoCell && !(occ & bit(c)); c = kGeo.step[c][d]) ++n;
    }
    return n;
}

// Everything but the threats, for one colour, as the terms of the linear
// evaluation (State::eval_terms), added to `t`.
void side_terms(const Pos& p, int us, int sign, int* t) {
    const int them = us ^ 1;
    int biy = kNoCell;
    for (Bits b = p.occ[us]; b; b &= b - 1) {
        const int c = std::countr_zero(b);
        const int k = kind_of(p.board[static_cast<std::size_t>(c)]);
        const bool reserve = p.temdek_on(us) && (kHome[us] & bit(c));
        if (k == kBiy) {
            biy = c;
            continue;
        }
        t[State::kTermBatyr + k - kBatyr] += sign;
        if (k == kShatra) {
            // Advancement: slow in the own half, faster beyond the ditch,
            // where a shatra moves freely and nears promotion.
            const int rr = relative_rank(c, us);
            if (rr >= 5 && rr <= 7) {
                t[State::kTermAdvanceNear] += sign * (rr - 5);
            } else if (rr >= 8 && rr < kRanks) {
                t[State::kTermBeyondDitch] += sign;
                t[State::kTermAdvanceFar] += sign * (rr - 8);
            } else if (rr == kRanks) {
                t[State::kTermWaiting] += sign;  // waiting to promote when a piece is lost
            }
        } else if (!reserve) {
            t[State::kTermFreedom] += sign * freedom(p, c, kLeapDirs[k]);
        }
    }
    if (biy != kNoCell) {
        // A biy behind its gate is hard to reach; on the field it wants
        // friends round it and enemies away.
        if (!(kHome[us] & bit(biy))) t[State::kTermBiyOut] += sign;
        t[State::kTermBiyFriends] += sign * std::popcount(kSteps.king[biy] & p.occ[us]);
        t[State::kTermBiyEnemies] += sign * std::popcount(kNearTwo[biy] & p.occ[them]);
    }
}

// The victims of a chain, walking its path as apply() does.
int chain_gain(const Pos& p, const Move& m) {
    int gain = 0;
    int prev = m.from;
    for (int i = 0; i < m.jumps; ++i) {
        const int to = m.path[i];
        const int d = kGeo.dir_to[prev][to];
        int victim = p.ep_victim;
        for (int c = kGeo.step[prev][d]; c != to; c = kGeo.step[c][d])
            if (p.board[static_cast<std::size_t>(c)]) {
                victim = c;
                break;
            }
        if (victim != kNoCell) {
            const int k = kind_of(p.board[static_cast<std::size_t>(victim)]);
            gain += k == kBiy ? kBiyHint : kValue[k];
        }
        prev = to;
    }
    return gain;
}

}  // namespace

void State::eval_terms(int* t) const {
    const Pos& p = pos_;
    const int us = p.side, them = us ^ 1;
    std::fill(t, t + kEvalTerms, 0);
    side_terms(p, us, 1, t);
    side_terms(p, them, -1, t);
    t[kTermTempo] = 1;  // the move is worth something
    // Threats against the side to move: it can save one man, so the most
    // valuable one in danger counts (half, by hand); a biy in danger counts
    // more, because a compulsory capture elsewhere may leave no time to
    // save it.
    int worst = 0;
    const bool leapers = p.count[them][kBatyr] + p.count[them][kTura] + p.count[them][kYalkyn] > 0;
    for (Bits b = p.occ[us]; b; b &= b - 1) {
        const int c = std::countr_zero(b);
        if (!attackable(p, c, them, leapers)) continue;
        const int k = kind_of(p.board[static_cast<std::size_t>(c)]);
        worst = std::max(worst, k == kBiy ? 400 : kValue[k]);
    }
    t[kTermThreat] = worst / 2;
}

const std::array<int, State::kEvalTerms>& State::eval_weights(int knowledge) {
    return knowledge ? kFittedWeights : kHandWeights;
}

const std::array<int, State::kEvalTerms>& State::weights() const {
    if (!knowledge_) return kHandWeights;
    return rules_.original ? kFittedOriginalWeights : kFittedWeights;
}

int State::evaluate() const {
    int t[kEvalTerms];
    eval_terms(t);
    return linear_value(weights(), t);
}

int State::move_hint(Move m) const {
    const int mover = kind_of(pos_.board[m.from]);
    int gain = chain_gain(pos_, m);
    if (m.promo) gain += kValue[m.promo] - kValue[kShatra];
    // Most valuable victims first, then the least valuable capturer.
    return 1000 + 8 * gain - kValue[mover] / 100;
}

Move State::playout_choice(Rng& rng, const Move* moves, int n) const {
    // generate() lists captures first, and when there is one every other
    // move is a biy's alternative to capturing.
    if (moves[0].jumps == 0) return moves[rng.below(static_cast<std::uint32_t>(n))];
    // Captures are on the board: take the biy whenever possible, otherwise
    // usually the richest chain (ties broken at random).
    int best = -1, best_hint = -1, ties = 0;
    for (int i = 0; i < n; ++i) {
        if (moves[i].jumps == 0) continue;
        const int h = move_hint(moves[i]);
        if (h > best_hint) {
            best = i, best_hint = h, ties = 1;
        } else if (h == best_hint && rng.below(static_cast<std::uint32_t>(++ties)) == 0) {
            best = i;
        }
    }
    if (best_hint >= kBiyHint || rng.below(4) != 0) return moves[best];
    return moves[rng.below(static_cast<std::uint32_t>(n))];
}

Outcome State::adjudicate() const {
    return Outcome::by_evaluation(evaluate(), to_move(), 400);
}

}  // namespace asterism::shatra
