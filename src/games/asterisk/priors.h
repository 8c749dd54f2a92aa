// Asterisk's prior values of moves for MCTS (State::priors, State::hand_priors,
// State::move_features): the hand-made priors, the learned move features
// and their weights (learned_priors.inc, fitted by `asterism train`), and
// knowledge 2's learned local replies, which the playout policy of
// knowledge.h draws. Included at the end of knowledge.h so that search
// templates see them whole.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "games/asterisk/knowledge.h"

namespace asterism::asterisk {

namespace detail {

// What State::priors reads for every move, computed once per position by
// prior_tables() below.
struct PriorTables {
    Player mover, other;
    int goals;       // the mover's goal set (0 = D)
    ValueSet mine;   // the values of the mover's goal set
    bool inverted;   // Inverted mode
    PieceType hand;  // Inverted: the piece the mover places; else kNoPiece
    // What a piece would complete on each empty cell, the values a bridge
    // reply keeps there, and where the opponent could win with their next
    // placement.
    std::array<ValueSet, kMaxCells> hot{}, need{};
    std::array<bool, kMaxCells> threat{};
    bool threat_anywhere = false;
    // Inverted: whether the opponent could win at once with a handed piece
    // of type t somewhere, and how well t serves the hander.
    std::array<bool, kTypes + 1> gives_win{};
    std::array<int, kTypes + 1> hand_score{};
    int best_hand = -1;
    // Standard: the best type_score on each cell, -1 until a move asks.
    std::array<int, kMaxCells> best_type;
};

// Inverted: fills gives_win, hand_score and best_hand of `t`.
inline void hand_tables(const StateData& s, PriorTables& t) {
    for (PieceType p = 1; p <= kTypes; ++p) {
        for (int c = 0; c < s.geo_->cells && !t.gives_win[p]; ++c)
            t.gives_win[p] =
                s.board_[c] == kNoPiece &&
                s.winner(static_cast<ValueSet>(s.chains_ | (t.hot[c] & kTypeValues[p]))) == t.other;
        for (int a = 0; a < kAttributes; ++a)
            t.hand_score[p] += !s.settled(a) && attribute_bit(p, a) == t.goals;
        if (s.type_allowed(p)) t.best_hand = std::max(t.best_hand, t.hand_score[p]);
    }
}

// Fills `t` for the position `s`, whose last placement was on `last`.
inline void prior_tables(const StateData& s, Cell last, PriorTables& t) {
    t.mover = s.side_;
    t.other = opponent(s.side_);
    t.goals = int(s.goals_of(t.mover));
    t.mine = t.goals == 0 ? kValuesD : kValuesL;
    const ValueSet theirs = static_cast<ValueSet>(~t.mine & 63);
    for (int c = 0; c < s.geo_->cells; ++c) {
        if (s.board_[c] != kNoPiece) continue;
        t.hot[c] = static_cast<ValueSet>(s.critical(Cell(c)) & ~s.chains_);
        t.threat[c] = s.winner(static_cast<ValueSet>(s.chains_ | (t.hot[c] & theirs))) == t.other;
        t.threat_anywhere |= t.threat[c];
    }
    t.inverted = s.rules_.mode == Mode::Inverted;
    t.hand = t.inverted ? s.hand_ : kNoPiece;
    if (last != kNoCell) {
        Cell cells[kMaxBridges * kAttributes];
        ValueSet values[kMaxBridges * kAttributes];
        const int n = s.bridge_replies(last, t.mover, t.hand, cells, values);
        for (int i = 0; i < n; ++i)
            t.need[cells[i]] = static_cast<ValueSet>(t.need[cells[i]] | values[i]);
    }
    if (t.inverted) hand_tables(s, t);
    t.best_type.fill(-1);
}

// The prior of a placement on m.cell that neither wins nor loses at once,
// starting from `v` (see State::priors).
inline double placement_prior(const StateData& s, Move m, PriorTables& t, double v) {
    const Cell c = m.cell;
    const PieceType placed = t.inverted ? t.hand : m.type;
    if (!t.inverted) {
        if (t.best_type[c] < 0)
            for (PieceType p = 1; p <= kTypes; ++p)
                if (s.type_allowed(p))
                    t.best_type[c] =
                        std::max(t.best_type[c], s.type_score(p, t.mover, t.hot[c], t.need[c]));
        if (s.type_score(placed, t.mover, t.hot[c], t.need[c]) < t.best_type[c]) v -= 0.2;
    }
    if (t.need[c] & kTypeValues[placed]) v += 0.15;
    if (t.hot[c] & t.mine & kTypeValues[placed]) v += 0.1;
    // Taking the cell where the opponent threatens to win blocks that
    // threat (the piece cannot complete their chain here, or the placement
    // would lose at once).
    if (t.threat[c])
        v += 0.25;
    else if (t.threat_anywhere)
        v -= 0.2;
    return v;
}

// The prior of one move that is not the swap (see State::priors).
inline double move_prior(const StateData& s, Move m, PriorTables& t) {
    double v = 0.5;
    if (t.inverted && m.type != kNoPiece) {
        if (t.gives_win[m.type])
            v -= 0.4;
        else if (t.hand_score[m.type] < t.best_hand)
            v -= 0.15;
    }
    if (m.cell == kNoCell) return v;
    const PieceType placed = t.inverted ? t.hand : m.type;
    const Player w =
        s.winner(static_cast<ValueSet>(s.chains_ | (t.hot[m.cell] & kTypeValues[placed])));
    if (w == t.mover) return 1.0;
    if (w == t.other) return 0.0;
    return placement_prior(s, m, t, v);
}

}  // namespace detail

// Priors: 0.5 is "no opinion". A placement that wins at once is worth 1;
// one that lets the opponent win at once (Inverted: a placement completing
// their goals, or a handed piece they can win with) about 0. Otherwise a
// move gains for keeping a bridge, for taking a cell that completes or
// blocks a chain with the mover's value, for blocking a cell where the
// opponent threatens to win, and loses for a type that serves the mover
// worse than the best one on that cell (Standard) or a handed piece that
// serves the hander worse than the best (Inverted); with a threat on the
// board, moves elsewhere that do not win lose too.
inline void State::hand_priors(const Move* moves, int count, float* value) const {
    detail::PriorTables tables;
    detail::prior_tables(*this, last_cell(), tables);
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        if (m == kSwap) {
            value[i] = policy_swap() ? 0.7f : 0.3f;
            continue;
        }
        value[i] = static_cast<float>(std::clamp(detail::move_prior(*this, m, tables), 0.0, 1.0));
    }
}

namespace detail {

// The learned feature layout: the first id of each family.
inline constexpr int kHandFeature = 0;                  // 11: the hand prior in tenths
inline constexpr int kEdgeFeature = kHandFeature + 11;  // 8: the sides the cell touches
// 98 per unsettled attribute: (own x 7 + enemy neighbours agreeing) x 2 +
// whether the piece has the mover's value there.
inline constexpr int kAttributeFeature = kEdgeFeature + 8;
inline constexpr int kLastFeature = kAttributeFeature + 98;  // 2: next to the last placement
inline constexpr int kSwapFeature = kLastFeature + 2;        // 1

// The features of one placement; `hand` is its hand prior.
inline int placement_features(const StateData& s, Move m, Cell last, float hand,
                              std::uint16_t* out) {
    const Player mover = s.side_;
    const int g = int(s.goals_of(mover));
    const Cell c = m.cell;
    int n = 0;
    out[n++] = static_cast<std::uint16_t>(kHandFeature + std::lround(hand * 10));
    out[n++] = static_cast<std::uint16_t>(kEdgeFeature + s.geo_->sides[c]);
    bool next_to_last = false;
    for (const Cell nb : s.geo_->neighbours[c]) next_to_last |= nb == last && last != kNoCell;
    for (int a = 0; a < kAttributes; ++a) {
        if (s.settled(a)) continue;
        int own = 0, enemy = 0;
        for (const Cell nb : s.geo_->neighbours[c]) {
            const PieceType t = s.board_[nb];
            if (t == kNoPiece) continue;
            (attribute_bit(t, a) == g ? own : enemy) += 1;
        }
        const int serves = attribute_bit(m.type, a) == g ? 1 : 0;
        out[n++] = static_cast<std::uint16_t>(kAttributeFeature + (own * 7 + enemy) * 2 + serves);
    }
    out[n++] = static_cast<std::uint16_t>(kLastFeature + (next_to_last ? 1 : 0));
    return n;
}

// The features of every move (State::move_features), given their hand priors.
inline void move_features(const StateData& s, Cell last, const Move* moves, int count,
                          const float* hand, std::uint16_t* out, std::uint8_t* counts) {
    for (int i = 0; i < count; ++i) {
        std::uint16_t* f = out + static_cast<std::ptrdiff_t>(i) * State::kMoveFeatures;
        if (moves[i] == kSwap || moves[i].cell == kNoCell) {
            f[0] = kSwapFeature;
            counts[i] = 1;
            continue;
        }
        counts[i] = static_cast<std::uint8_t>(placement_features(s, moves[i], last, hand[i], f));
    }
}

}  // namespace detail

inline void State::move_features(const Move* moves, int count, std::uint16_t* out,
                                 std::uint8_t* counts) const {
    std::array<float, kMaxMoves> hand;
    hand_priors(moves, count, hand.data());
    detail::move_features(*this, last_cell(), moves, count, hand.data(), out, counts);
}

namespace detail {

// The learned weights, by feature id.
inline constexpr float kLearned[] = {
#include "games/asterisk/learned_priors.inc"
};
static_assert(sizeof kLearned / sizeof kLearned[0] == State::kPriorFeatures);

// The learned score of every move, as placement_features() and the weights
// give it, but with the type-free part of each cell (its sides, the
// neighbours agreeing with each side in each attribute, the last
// placement) read once per cell instead of once per move.
inline void learned_scores(const StateData& s, Cell last, const Move* moves, int count,
                           const float* hand, float* score) {
    const int g = int(s.goals_of(s.side_));
    std::array<float, kMaxCells> base;
    std::array<std::array<std::uint8_t, kAttributes>, kMaxCells> agree;
    std::array<bool, kMaxCells> seen{};
    for (int i = 0; i < count; ++i) {
        const Move m = moves[i];
        if (m == kSwap || m.cell == kNoCell) {
            score[i] = kLearned[kSwapFeature];
            continue;
        }
        const Cell c = m.cell;
        if (!seen[c]) {
            seen[c] = true;
            bool next_to_last = false;
            for (int a = 0; a < kAttributes; ++a) {
                int own = 0, enemy = 0;
                for (const Cell nb : s.geo_->neighbours[c]) {
                    next_to_last |= nb == last && last != kNoCell;
                    const PieceType t = s.board_[nb];
                    if (t != kNoPiece) (attribute_bit(t, a) == g ? own : enemy) += 1;
                }
                agree[c][a] = static_cast<std::uint8_t>((own * 7 + enemy) * 2);
            }
            base[c] = kLearned[kEdgeFeature + s.geo_->sides[c]] +
                      kLearned[kLastFeature + (next_to_last ? 1 : 0)];
        }
        float x = base[c] + kLearned[kHandFeature + std::lround(hand[i] * 10)];
        for (int a = 0; a < kAttributes; ++a)
            if (!s.settled(a))
                x += kLearned[kAttributeFeature + agree[c][a] + (attribute_bit(m.type, a) == g)];
        score[i] = x;
    }
}

// The learned local replies of knowledge 2, in the manner of MoHex's
// playout patterns and of *Star's (games/starstar/knowledge.cpp): each
// empty cell next to the last placement weighs the gamma (exp of the
// learned score) of its type-free features, the sides it touches and, in
// each unsettled attribute, the neighbours agreeing with each player,
// taken for a piece that serves the mover there (as the policy's choice of
// type mostly does); every other empty cell weighs the gamma of a cell that
// touches nothing. A cell is drawn from that distribution; kNoCell means
// one of the others, which the policy then draws uniformly.
inline Cell learned_local_reply(const StateData& s, int empties, Cell last, Player mover,
                                Rng& rng) {
    const int g = int(s.goals_of(mover));
    auto gamma = [&](Cell c, bool near) {
        float x = kLearned[kEdgeFeature + (near ? s.geo_->sides[c] : 0)] +
                  kLearned[kLastFeature + (near ? 1 : 0)];
        for (int a = 0; a < kAttributes; ++a) {
            if (s.settled(a)) continue;
            int own = 0, enemy = 0;
            if (near)
                for (const Cell nb : s.geo_->neighbours[c]) {
                    const PieceType t = s.board_[nb];
                    if (t != kNoPiece) (attribute_bit(t, a) == g ? own : enemy) += 1;
                }
            x += kLearned[kAttributeFeature + (own * 7 + enemy) * 2 + 1];
        }
        return std::exp(x);
    };
    std::array<Cell, 6> cells;
    std::array<float, 6> weight;
    int count = 0;
    float local = 0;
    for (const Cell nb : s.geo_->neighbours[last]) {
        if (nb == kOffBoard || s.board_[nb] != kNoPiece) continue;
        cells[static_cast<std::size_t>(count)] = nb;
        local += weight[static_cast<std::size_t>(count++)] = gamma(nb, true);
    }
    if (count == 0) return kNoCell;
    const double elsewhere = static_cast<double>(empties - count) * gamma(last, false);
    double u = rng.uniform() * (local + elsewhere);
    for (int k = 0; k < count; ++k) {
        u -= weight[static_cast<std::size_t>(k)];
        if (u < 0) return cells[static_cast<std::size_t>(k)];
    }
    return count == empties ? cells[static_cast<std::size_t>(count - 1)] : kNoCell;
}

}  // namespace detail

// Standard with knowledge 1: the learned softmax over the moves (weights in
// learned_priors.inc), as a prior r / (1 + r) with r the move's probability
// times the number of moves, so that a move as likely as the average one
// gets 0.5. A move that wins at once keeps its hand prior of 1, one that
// loses at once its 0.
inline void State::priors(const Move* moves, int count, float* value) const {
    if (knowledge_ == 0 || rules_.mode != Mode::Standard) return hand_priors(moves, count, value);
    hand_priors(moves, count, value);
    std::array<float, kMaxMoves> score;
    detail::learned_scores(*this, last_cell(), moves, count, value, score.data());
    const float top = *std::max_element(score.begin(), score.begin() + count);
    double total = 0;
    for (int i = 0; i < count; ++i) total += std::exp(score[i] - top);
    for (int i = 0; i < count; ++i) {
        if (value[i] >= 1.0f || value[i] <= 0.0f) continue;
        const double r = std::exp(score[i] - top) / total * count;
        value[i] = static_cast<float>(r / (1 + r));
    }
}

}  // namespace asterism::asterisk
