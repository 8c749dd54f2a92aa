// Asterisk's hot paths: move generation, a placement with its union-find
// updates and chain test, and State::apply/undo. Inline, and included at the
// end of asterisk.h, so that templated search code sees them whole.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "games/asterisk/asterisk.h"

namespace asterism::asterisk {

namespace detail {

// Bit v is set when the value set v (6 bits) holds two of goal set D's
// values (kTwoGoalsD) or of L's (kTwoGoalsL). A table, because portable
// builds have no popcount instruction and this is asked after every move.
inline constexpr std::uint64_t kTwoGoalsD = [] {
    std::uint64_t out = 0;
    for (unsigned v = 0; v < 64; ++v)
        if (std::popcount(v & kValuesD) >= 2) out |= std::uint64_t{1} << v;
    return out;
}();
inline constexpr std::uint64_t kTwoGoalsL = [] {
    std::uint64_t out = 0;
    for (unsigned v = 0; v < 64; ++v)
        if (std::popcount(v & kValuesL) >= 2) out |= std::uint64_t{1} << v;
    return out;
}();

inline bool StateData::decided(ValueSet values) const {
    if (rules_.mode == Mode::Solitaire) return values != 0;
    return ((kTwoGoalsD | kTwoGoalsL) >> values) & 1;
}

inline Outcome StateData::outcome() const {
    if (!decided(chains_)) return Outcome::ongoing();
    if (rules_.mode == Mode::Solitaire)
        return empties_ == 0 ? Outcome::win(Player::First) : Outcome::loss();
    return Outcome::win(holder((kTwoGoalsD >> chains_) & 1 ? GoalSet::D : GoalSet::L));
}

inline bool StateData::swap_available() const {
    if (decided(chains_)) return false;
    switch (rules_.mode) {
        case Mode::Standard:
            return pieces() == 3 && side_ == Player::Second;
        case Mode::Inverted:
            return rules_.pie && pieces() == 1 && side_ == Player::First;
        case Mode::Solitaire:
            break;
    }
    return false;
}

inline bool StateData::type_allowed(PieceType t) const {
    if (!is_piece(t) || supply_[t] == 0) return false;
    // An opening type is unused exactly when none of it has left the supply.
    return !in_opening() || supply_[t] == geo_->cells / kTypes;
}

inline int StateData::allowed_types(PieceType* out) const {
    int n = 0;
    for (PieceType t = 1; t <= kTypes; ++t)
        if (type_allowed(t)) out[n++] = t;
    return n;
}

// The three values of each type as a value set (kNoPiece has none).
inline constexpr auto kTypeValues = [] {
    std::array<ValueSet, 8> out{};
    for (int t = 1; t <= kTypes; ++t)
        for (int a = 0; a < kAttributes; ++a)
            out[t] = static_cast<ValueSet>(out[t] |
                                           1u << value_index(a, attribute_bit(PieceType(t), a)));
    return out;
}();

// kAgree[t][x] has bit 6a set when x is a piece that agrees with type t in
// attribute a (x = kNoPiece agrees with nothing).
inline constexpr auto kAgree = [] {
    std::array<std::array<std::uint32_t, 8>, 8> out{};
    for (int t = 0; t < 8; ++t)
        for (int x = 1; x <= kTypes; ++x)
            for (int a = 0; a < kAttributes; ++a)
                if (attribute_bit(PieceType(t), a) == attribute_bit(PieceType(x), a))
                    out[t][x] |= 1u << (6 * a);
    return out;
}();

// For a set of neighbours in ring order, one neighbour from each run of
// consecutive members: neighbours next to each other in the ring touch, so
// same-valued ones are already in one group and one union per run suffices.
inline constexpr auto kRunStarts = [] {
    std::array<std::uint8_t, 64> out{};
    for (unsigned m = 1; m < 64; ++m) {
        const unsigned before = ((m << 1) | (m >> 5)) & 63;  // bit i = member i - 1
        out[m] = static_cast<std::uint8_t>(m == 63 ? 1 : m & ~before);
    }
    return out;
}();

inline std::uint32_t StateData::agreeing(Cell c, PieceType t) const {
    const auto& nb = geo_->neighbours[c];
    const auto& agree = kAgree[t];
    return agree[board_[nb[0]]] | agree[board_[nb[1]]] << 1 | agree[board_[nb[2]]] << 2 |
           agree[board_[nb[3]]] << 3 | agree[board_[nb[4]]] << 4 | agree[board_[nb[5]]] << 5;
}

inline ValueSet StateData::completes(Cell c, PieceType t) const {
    ValueSet out = 0;
    const std::uint32_t agree = agreeing(c, t);
    for (int a = 0; a < kAttributes; ++a) {
        Sides m = geo_->sides[c];
        for (unsigned runs = kRunStarts[(agree >> (6 * a)) & 63]; runs; runs &= runs - 1) {
            const Cell nb = geo_->neighbours[c][std::countr_zero(runs)];
            m = static_cast<Sides>(m | uf_[a].mask(uf_[a].find(nb)));
        }
        if (m == kAllSides)
            out = static_cast<ValueSet>(out | (1u << value_index(a, attribute_bit(t, a))));
    }
    return static_cast<ValueSet>(out & ~chains_);
}

inline int StateData::generate(Move* out) const {
    if (decided(chains_)) return 0;
    int n = 0;
    PieceType types[kTypes];
    const int count = allowed_types(types);
    const int cells = geo_->cells;
    if (rules_.mode == Mode::Inverted && hand_ == kNoPiece) {
        // The first turn only hands a piece over.
        for (int i = 0; i < count; ++i) out[n++] = {kNoCell, types[i]};
        return n;
    }
    for (int c = 0; c < cells; ++c) {
        if (board_[c] != kNoPiece) continue;
        if (rules_.mode == Mode::Solitaire)
            out[n++] = {Cell(c), current()};
        else if (rules_.mode == Mode::Inverted && ends_game(Cell(c), hand_))
            out[n++] = {Cell(c), kNoPiece};
        else
            for (int i = 0; i < count; ++i) out[n++] = {Cell(c), types[i]};
    }
    if (swap_available()) out[n++] = kSwap;
    return n;
}

template <class OnUnion>
inline void StateData::place(Cell c, PieceType t, OnUnion& on_union) {
    const std::uint32_t agree = agreeing(c, t);
    board_[c] = t;
    --empties_;
    hash_ ^= kZobrist(c, t);
    for (int a = 0; a < kAttributes; ++a) {
        UnionFind& u = uf_[a];
        u.set_mask(c, geo_->sides[c]);
        // The root of c's group: c itself until a union, then the parent of
        // the last union (a union that finds one group already changes nothing).
        int root = c;
        for (unsigned runs = kRunStarts[(agree >> (6 * a)) & 63]; runs; runs &= runs - 1) {
            const auto change = u.unite(c, geo_->neighbours[c][std::countr_zero(runs)]);
            if (change.child < 0) continue;
            on_union(a, change);
            root = change.parent;
        }
        if (u.mask(root) == kAllSides)
            chains_ = static_cast<ValueSet>(chains_ | (1u << value_index(a, attribute_bit(t, a))));
    }
}

template <class OnUnion>
inline void StateData::play(Move m, OnUnion&& on_union) {
    const Mode mode = rules_.mode;
    if (m.cell == kNoCell) {
        if (m.type != kNoPiece) {  // Inverted's first turn
            give(m.type);
        } else {  // the swap of goal sets
            first_goals_ = GoalSet(1 - int(first_goals_));
            hash_ ^= kZobrist.extra(1);
        }
    } else if (mode == Mode::Inverted) {
        const PieceType placed = hand_;
        hash_ ^= kZobrist(kHandSlot, placed);
        hand_ = kNoPiece;
        place(m.cell, placed, on_union);
        if (m.type != kNoPiece) give(m.type);
    } else {
        --supply_[m.type];
        place(m.cell, m.type, on_union);
        if (mode == Mode::Solitaire) {
            hash_ ^= kZobrist(kQueueSlot + queue_len_ - 1 - queue_next_, m.type);
            ++queue_next_;
        }
    }
    // Solitaire has one player; P1's three opening placements are one turn.
    if (mode == Mode::Solitaire || in_opening()) return;
    side_ = opponent(side_);
    hash_ ^= kZobrist.extra(0);
}

}  // namespace detail

inline void State::apply(Move m) {
    undo_[depth_++] = {hash_, m,           static_cast<std::uint16_t>(nchanges_), hand_, chains_,
                       side_, first_goals_};
    play(m, [this](int attribute, const UnionFind::Change& change) {
        changes_[nchanges_] = change;
        change_attribute_[nchanges_++] = static_cast<std::uint8_t>(attribute);
    });
}

inline void State::undo() {
    const Undo& u = undo_[--depth_];
    const Move m = u.move;
    const Mode mode = rules_.mode;
    // In Inverted every move but the swap took its `type` from the supply.
    if (mode == Mode::Inverted && m.type != kNoPiece) ++supply_[m.type];
    if (m.cell != kNoCell) {
        if (mode != Mode::Inverted) ++supply_[board_[m.cell]];
        if (mode == Mode::Solitaire) --queue_next_;
        board_[m.cell] = kNoPiece;
        ++empties_;
        while (nchanges_ > u.changes) {
            --nchanges_;
            uf_[change_attribute_[nchanges_]].undo(changes_[nchanges_]);
        }
    }
    hash_ = u.hash;
    hand_ = u.hand;
    chains_ = u.chains;
    side_ = u.side;
    first_goals_ = u.goals;
}

}  // namespace asterism::asterisk
