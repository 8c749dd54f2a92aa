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
#include <bit>
#include <cstdlib>

#include "games/shatra/shatra.h"

namespace asterism::shatra {
namespace {

// Material by kind: none, biy (taking it ends the game, so it has no
// material value), batyr, tura, yalkyn, shatra.
constexpr int kValue[6] = {0, 0, 850, 450, 300, 100};
// Value of taking the biy in a capture hint: more than any chain of men.
constexpr int kBiyHint = 20000;

// Directions in which each kind captures by the long leap (as movegen.cpp).
constexpr unsigned kLeapDirs[6] = {0, 0, 0xff, 0x55, 0xaa, 0};

// Rank counted from `colour`'s own end: 1 is its back rank, 14 the enemy's.
int relative_rank(int cell, int colour) {
    const int r = kGeo.rank[cell];
    return colour == kWhite ? r : kRanks + 1 - r;
}

int chebyshev(int a, int b) {
    return std::max(std::abs(kGeo.file[a] - kGeo.file[b]), std::abs(kGeo.rank[a] - kGeo.rank[b]));
}

// Whether a man of `enemy` could jump the man on `cell` at once: a short
// leaper beside it or a long leaper along a line, with the cell beyond
// empty. The temdek's landing limits are ignored: a cheap test that errs
// on the side of caution.
bool attackable(const Pos& p, int cell, int enemy) {
    const Bits occ = p.occ[0] | p.occ[1];
    for (int d = 0; d < kDirs; ++d) {
        const int land = kGeo.step[cell][d];
        if (land == kNoCell || (occ & bit(land))) continue;
        const int back = (d + 4) & 7;
        int a = kGeo.step[cell][back];
        bool adjacent = true;
        while (a != kNoCell && !(occ & bit(a))) {
            a = kGeo.step[a][back];
            adjacent = false;
        }
        if (a == kNoCell || !(p.occ[enemy] & bit(a))) continue;
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

// Everything but the threats, for one colour.
int side_value(const Pos& p, int us) {
    const int them = us ^ 1;
    int v = 0;
    int biy = kNoCell;
    for (Bits b = p.occ[us]; b; b &= b - 1) {
        const int c = std::countr_zero(b);
        const int k = kind_of(p.board[static_cast<std::size_t>(c)]);
        v += kValue[k];
        const bool reserve = p.temdek_on(us) && (kHome[us] & bit(c));
        if (k == kBiy) {
            biy = c;
        } else if (k == kShatra) {
            // Advancement: slow in the own half, faster beyond the ditch,
            // where a shatra moves freely and nears promotion.
            const int rr = relative_rank(c, us);
            if (rr >= 5 && rr <= 7)
                v += (rr - 5) * 5;
            else if (rr >= 8 && rr < kRanks)
                v += 15 + (rr - 8) * 14;
            else if (rr == kRanks)
                v += 70;  // waiting to promote when a piece is lost
        } else if (!reserve) {
            v += 3 * freedom(p, c, kLeapDirs[k]);
        }
    }
    if (biy != kNoCell) {
        // A biy behind its gate is hard to reach; on the field it wants
        // friends round it and enemies away.
        if (!(kHome[us] & bit(biy))) v -= 20;
        for (Bits b = kSteps.king[biy] & p.occ[us]; b; b &= b - 1) v += 6;
        for (Bits b = p.occ[them]; b; b &= b - 1)
            if (chebyshev(std::countr_zero(b), biy) <= 2) v -= 12;
    }
    return v;
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

int State::evaluate() const {
    const Pos& p = pos_;
    const int us = p.side, them = us ^ 1;
    int v = side_value(p, us) - side_value(p, them) + 15;  // the move is worth something
    // Threats against the side to move: it can save one man, so the most
    // valuable one in danger counts half; a biy in danger counts more,
    // because a compulsory capture elsewhere may leave no time to save it.
    int worst = 0;
    for (Bits b = p.occ[us]; b; b &= b - 1) {
        const int c = std::countr_zero(b);
        if (!attackable(p, c, them)) continue;
        const int k = kind_of(p.board[static_cast<std::size_t>(c)]);
        worst = std::max(worst, k == kBiy ? 400 : kValue[k]);
    }
    return v - worst / 2;
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
