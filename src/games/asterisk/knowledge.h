// Asterisk playouts: the uniform one (rules-level, for bench and flat Monte
// Carlo) and the knowledge policy that MCTS uses with MctsConfig::knowledge.
// Included at the end of asterisk.h so that search templates see them whole.
//
// The policy knows three things about a connection game of shared pieces:
//   - where: a player answers an intrusion into one of their two-bridges or
//     edge bridges by taking the other carrier, as in Hex and Y programs,
//     but bridge by bridge in each attribute, since one piece can intrude in
//     one attribute and strengthen the same bridge in another;
//   - which piece: every type serves its placer in one or two attributes
//     (there are no pure types), so the policy picks a type with the mover's
//     value where it matters: never in a settled attribute (one with a
//     chain already), first where the cell would complete or block a chain,
//     and where a bridge needs it; equal choices follow the supply;
//   - Inverted: a handed piece is not placed where it would give the
//     opponent the game if another cell will do, and it answers a bridge
//     intrusion only when it carries the value the bridge needs. The type
//     handed over stays uniform in the playout: handing the piece most
//     useful to the hander (the obvious policy) made MCTS weaker at equal
//     playouts (40 games on size 11, 1000 playouts a move, each side against
//     knowledge-free MCTS: -35 Elo with it, +301 without it), so the
//     choice of the handed piece is left to the priors, which use it.
// Settled attributes and critical cells are read from the union-finds the
// rules keep anyway, so the policy costs a few finds per move.
//
// Solitaire has its own knowledge here: which cells a piece can take without
// completing a chain, the "tightest cell" placement, and rollouts that draw
// the future from the supply counts instead of the hidden queue. The priors
// of moves for MCTS, hand-made and learned, are priors.h's.
#pragma once

#include <array>
#include <cstdint>

#include "games/asterisk/asterisk.h"

namespace asterism::asterisk {
namespace detail {

inline Player StateData::winner(ValueSet values) const {
    if ((kTwoGoalsD >> values) & 1) return holder(GoalSet::D);
    if ((kTwoGoalsL >> values) & 1) return holder(GoalSet::L);
    return Player::None;
}

inline ValueSet StateData::critical(Cell c) const {
    ValueSet out = 0;
    const auto& nb = geo_->neighbours[c];
    for (int a = 0; a < kAttributes; ++a) {
        Sides m[2] = {geo_->sides[c], geo_->sides[c]};
        for (const Cell n : nb) {
            const PieceType t = board_[n];
            if (t == kNoPiece) continue;
            m[attribute_bit(t, a)] |= uf_[a].mask(uf_[a].find(n));
        }
        for (int b = 0; b < 2; ++b)
            if (m[b] == kAllSides) out = static_cast<ValueSet>(out | 1u << value_index(a, b));
    }
    return out;
}

inline int StateData::type_score(PieceType t, Player mover, ValueSet hot, ValueSet need) const {
    const int g = int(goals_of(mover));
    int score = 0;
    for (int a = 0; a < kAttributes; ++a) {
        if (settled(a) || attribute_bit(t, a) != g) continue;
        score += 2;
        if ((hot >> (2 * a)) & 3) score += 8;
        if ((need >> value_index(a, g)) & 1) score += 16;
    }
    return score;
}

inline PieceType StateData::policy_type(Cell c, Player mover, ValueSet need, Rng& rng) const {
    const ValueSet hot = critical(c);
    int best = -1;
    std::uint32_t total = 0;
    PieceType pick = kNoPiece;
    for (PieceType t = 1; t <= kTypes; ++t) {
        if (!type_allowed(t)) continue;
        const int score = type_score(t, mover, hot, need);
        if (score < best) continue;
        if (score > best) {
            best = score;
            total = 0;
        }
        // Weighted reservoir sampling over the best types by supply count.
        total += supply_[t];
        if (rng.below(total) < supply_[t]) pick = t;
    }
    return pick;
}

inline int StateData::bridge_replies(Cell last, Player mover, PieceType piece, Cell* cells,
                                     ValueSet* values) const {
    const PieceType intruder = board_[last];
    if (intruder == kNoPiece) return 0;
    const int g = int(goals_of(mover));
    int n = 0;
    const auto& bridges = geo_->bridges[last];
    for (int i = 0; i < geo_->bridge_count[last]; ++i) {
        const Bridge& br = bridges[i];
        if (board_[br.other] != kNoPiece) continue;
        const PieceType ta = board_[br.a], tb = board_[br.b];
        if (ta == kNoPiece || tb == kNoPiece) continue;
        for (int a = 0; a < kAttributes; ++a) {
            if (settled(a) || attribute_bit(ta, a) != g || attribute_bit(tb, a) != g ||
                attribute_bit(intruder, a) == g)
                continue;
            if (piece != kNoPiece && attribute_bit(piece, a) != g) continue;
            cells[n] = br.other;
            values[n++] = static_cast<ValueSet>(1u << value_index(a, g));
        }
    }
    return n;
}

inline Cell StateData::bridge_reply(Cell last, Player mover, PieceType piece, ValueSet* need,
                                    Rng& rng) const {
    // At most six bridges through a cell, each threatened in up to three
    // attributes.
    Cell cells[kMaxBridges * kAttributes];
    ValueSet values[kMaxBridges * kAttributes];
    const int n = bridge_replies(last, mover, piece, cells, values);
    if (n == 0) return kNoCell;
    const Cell reply = cells[n == 1 ? 0 : rng.below(static_cast<std::uint32_t>(n))];
    ValueSet keep = 0;
    for (int i = 0; i < n; ++i)
        if (cells[i] == reply) keep = static_cast<ValueSet>(keep | values[i]);
    *need = keep;
    return reply;
}

inline bool StateData::policy_swap() const {
    const int mine = int(goals_of(side_));
    int served_mine = 0, served_other = 0;
    for (int c = 0; c < geo_->cells; ++c) {
        const PieceType t = board_[c];
        if (t == kNoPiece) continue;
        for (int a = 0; a < kAttributes; ++a)
            (attribute_bit(t, a) == mine ? served_mine : served_other) += 1;
    }
    return served_other > served_mine;
}

inline FinalOwners StateData::final_owners(Player* owner) const {
    const bool solitaire = rules_.mode == Mode::Solitaire;
    for (int c = 0; c < geo_->cells; ++c) {
        const PieceType t = board_[c];
        std::array<int, 2> held{};
        for (int a = 0; a < kAttributes && t != kNoPiece && !solitaire; ++a)
            if (uf_[a].mask(uf_[a].find(Cell(c))) == kAllSides)
                ++held[index(holder(GoalSet(attribute_bit(t, a))))];
        owner[c] = held[0] > held[1]   ? Player::First
                   : held[1] > held[0] ? Player::Second
                                       : Player::None;
    }
    FinalOwners f;
    f.owner = owner;
    return f;
}

inline PieceType StateData::draw_from_supply(Rng& rng) const {
    int total = 0;
    for (PieceType t = 1; t <= kTypes; ++t) total += supply_[t];
    int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
    for (PieceType t = 1; t <= kTypes; ++t) {
        if (r < supply_[t]) return t;
        r -= supply_[t];
    }
    return kNoPiece;
}

inline Cell StateData::solitaire_cell(PieceType t, int policy, Rng& rng) const {
    Cell pick = kNoCell, fallback = kNoCell;
    int best = 1 << 30;
    std::uint32_t ties = 0, empties = 0;
    for (int c = 0; c < geo_->cells; ++c) {
        if (board_[c] != kNoPiece) continue;
        if (rng.below(++empties) == 0) fallback = Cell(c);
        const ValueSet bad = critical(Cell(c));
        if (bad & kTypeValues[t]) continue;
        int key = 0;
        if (policy == 1)
            for (PieceType u = 1; u <= kTypes; ++u)
                if (!(bad & kTypeValues[u])) key += supply_[u];
        if (key > best) continue;
        if (key < best) {
            best = key;
            ties = 0;
        }
        if (rng.below(++ties) == 0) pick = Cell(c);
    }
    return pick != kNoCell ? pick : fallback;
}

// One uniform random game on `s`: a Standard move is uniform over the legal
// (type, cell) pairs and the swap; an Inverted turn picks the cell uniformly
// and then the type to hand over uniformly, and takes the pie swap with
// probability 1 / (1 + types x cells); Solitaire places the drawn piece on a
// uniform cell. After the opening the list of types in the supply is kept up
// to date instead of being rebuilt every ply. Calls on_move(move, mover)
// after each move.
template <class OnMove>
Outcome uniform_playout(StateData& s, Rng& rng, OnMove&& on_move) {
    auto no_record = [](int, const StateData::UnionFind::Change&) {};
    std::array<Cell, kMaxCells> empty;
    std::uint32_t ne = 0;
    for (int c = 0; c < s.geo_->cells; ++c)
        if (s.board_[c] == kNoPiece) empty[ne++] = Cell(c);
    auto random_cell = [&] {
        const std::uint32_t i = rng.below(ne);
        const Cell c = empty[i];
        empty[i] = empty[--ne];
        return c;
    };
    PieceType types[kTypes];
    auto count = static_cast<std::uint32_t>(s.allowed_types(types));
    // Picks a type to place or hand over and drops it from the list once
    // the supply has none left after this one.
    auto random_type = [&] {
        const std::uint32_t i = rng.below(count);
        const PieceType t = types[i];
        if (s.supply_[t] == 1) types[i] = types[--count];
        return t;
    };
    const Mode mode = s.rules_.mode;
    // The plies on which the opening rule or a swap can apply.
    const int special = mode == Mode::Standard ? 3 : mode == Mode::Inverted ? 1 : -1;
    while (!s.decided(s.chains_)) {
        const Player mover = s.side_;
        Move m = kSwap;
        if (s.pieces() <= special) {
            count = static_cast<std::uint32_t>(s.allowed_types(types));
            if (s.swap_available() && rng.below(count * ne + 1) == 0) {
                s.play(m, no_record);
                on_move(m, mover);
                continue;
            }
        }
        if (mode == Mode::Inverted) {
            if (s.hand_ == kNoPiece) {
                m = {kNoCell, random_type()};
                s.play(m, no_record);
            } else {
                m = {random_cell(), kNoPiece};
                s.play(m, no_record);
                if (!s.decided(s.chains_) && s.empties_ > 0) {
                    m.type = random_type();
                    s.give(m.type);
                }
            }
        } else {
            const PieceType t = mode == Mode::Solitaire ? s.current() : random_type();
            m = {random_cell(), t};
            s.play(m, no_record);
        }
        on_move(m, mover);
    }
    return s.outcome();
}

// The empty cells with their positions, so that a chosen reply leaves the
// pool in O(1) as well as a random cell.
struct EmptyPool {
    std::array<Cell, kMaxCells> cells, slot;
    int n = 0;

    explicit EmptyPool(const StateData& s) {
        for (int c = 0; c < s.geo_->cells; ++c)
            if (s.board_[c] == kNoPiece) {
                slot[c] = static_cast<Cell>(n);
                cells[n++] = Cell(c);
            }
    }
    Cell random(Rng& rng) const { return cells[rng.below(static_cast<std::uint32_t>(n))]; }
    void take(Cell c) {
        const int k = slot[c];
        cells[k] = cells[--n];
        slot[cells[k]] = static_cast<Cell>(k);
    }
};

// The policy's cell for `mover`: the answer to an intrusion by the
// placement on `last` if there is one (*need receives the values to keep
// there), else a random empty cell. `piece` is the piece the mover must
// place (Inverted) or kNoPiece.
inline Cell policy_cell(const StateData& s, const EmptyPool& pool, Cell last, Player mover,
                        PieceType piece, ValueSet* need, Rng& rng) {
    Cell c = last != kNoCell ? s.bridge_reply(last, mover, piece, need, rng) : kNoCell;
    if (c != kNoCell) return c;
    c = pool.random(rng);
    // A handed piece may complete the opponent's second goal; look at a
    // couple of other cells before accepting that.
    const bool inverted = s.rules_.mode == Mode::Inverted;
    for (int tries = 0; inverted && tries < 2 && pool.n > 1; ++tries) {
        const ValueSet after = static_cast<ValueSet>(s.chains_ | s.completes(c, piece));
        if (s.winner(after) != opponent(mover)) break;
        c = pool.random(rng);
    }
    return c;
}

// Knowledge 2's learned local reply of `mover` to the placement on `last`
// (defined below, with the learned weights): a cell next to it, or kNoCell
// to let the policy draw a cell at random.
inline Cell learned_local_reply(const StateData& s, int empties, Cell last, Player mover, Rng& rng);

// One game on `s` by the knowledge policy (file comment); `last` is the cell
// of the placement before it, kNoCell if none. Two-player modes only. With
// `learned` (knowledge 2, Standard mode) a cell that is not a bridge reply
// may be a learned local reply.
template <class OnMove>
Outcome policy_playout(StateData& s, Rng& rng, Cell last, OnMove&& on_move, bool learned = false) {
    auto no_record = [](int, const StateData::UnionFind::Change&) {};
    EmptyPool pool(s);
    const bool inverted = s.rules_.mode == Mode::Inverted;
    while (!s.decided(s.chains_)) {
        const Player mover = s.side_;
        if (s.swap_available() && s.policy_swap()) {
            s.play(kSwap, no_record);
            on_move(kSwap, mover);
            continue;
        }
        // Inverted hands over a uniformly chosen type: a policy handing the
        // piece most useful to the hander made the search weaker (see the
        // file comment), so the handed type is left to the priors.
        auto hand_type = [&] {
            PieceType types[kTypes];
            const int n = s.allowed_types(types);
            return types[rng.below(static_cast<std::uint32_t>(n))];
        };
        if (inverted && s.hand_ == kNoPiece) {
            const Move m{kNoCell, hand_type()};
            s.play(m, no_record);
            on_move(m, mover);
            continue;
        }
        const PieceType piece = inverted ? s.hand_ : kNoPiece;
        ValueSet need = 0;
        Cell c =
            learned && last != kNoCell && s.bridge_reply(last, mover, piece, &need, rng) == kNoCell
                ? learned_local_reply(s, pool.n, last, mover, rng)
                : kNoCell;
        if (c == kNoCell) c = policy_cell(s, pool, last, mover, piece, &need, rng);
        pool.take(c);
        Move m{c, kNoPiece};
        if (inverted) {
            s.play(m, no_record);
            if (!s.decided(s.chains_) && s.empties_ > 0) {
                m.type = hand_type();
                s.give(m.type);
            }
        } else {
            m.type = s.policy_type(c, mover, need, rng);
            s.play(m, no_record);
        }
        on_move(m, mover);
        last = c;
    }
    return s.outcome();
}

}  // namespace detail

inline Outcome State::solitaire_rollout(Rng& draws, Rng& choices, int policy) const {
    detail::StateData s = *this;
    auto no_record = [](int, const UnionFind::Change&) {};
    while (!s.decided(s.chains_) && s.empties_ > 0) {
        const PieceType t = s.draw_from_supply(draws);
        s.play({s.solitaire_cell(t, policy, choices), t}, no_record);
    }
    return s.outcome();
}

template <class Sink>
Outcome State::playout(Rng& rng, bool knowledge, Sink&& sink) {
    auto report = [&](Move m, Player mover) { sink(amaf_key(m), mover); };
    detail::StateData& s = *this;
    const Outcome result =
        !knowledge || rules_.mode == Mode::Solitaire
            ? detail::uniform_playout(s, rng, report)
            : detail::policy_playout(s, rng, last_cell(), report,
                                     knowledge_ >= 2 && rules_.mode == Mode::Standard);
    // The playout has left the finished game in *this.
    if constexpr (requires { sink.wants_owners(); }) {
        if (sink.wants_owners()) {
            std::array<Player, kMaxCells> owner;
            sink.owners(s.final_owners(owner.data()));
        }
    }
    return result;
}

template <class OnMove>
Outcome State::policy_playout(Rng& rng, OnMove&& on_move) const {
    detail::StateData s = *this;
    if (rules_.mode == Mode::Solitaire) return detail::uniform_playout(s, rng, on_move);
    return detail::policy_playout(s, rng, last_cell(), on_move,
                                  knowledge_ >= 2 && rules_.mode == Mode::Standard);
}

}  // namespace asterism::asterisk

// The priors, and the learned local replies that policy_playout draws.
#include "games/asterisk/priors.h"  // IWYU pragma: export
