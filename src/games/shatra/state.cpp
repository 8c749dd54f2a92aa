// Making and unmaking moves, the end of the game and random playouts. The
// whole position is copied onto the undo stack before each move: it is a
// little over 100 bytes, and with bulk counting at the last ply of perft
// only one node in a hundred or so is ever applied.
#include <algorithm>
#include <bit>
#include <cstring>

#include "core/zobrist.h"
#include "games/shatra/shatra.h"

namespace asterism::shatra {

namespace {

// Zobrist slots per cell: the man's code (1..13), 14 for an en-passant
// skipped cell, 15 for an urgent mark. Extras: side to move, then each
// colour's temdek.
constexpr int kEpKey = 14;
constexpr int kUrgentKey = 15;
const ZobristTable<kCells, 16> kZobrist(0x5368617472614b65ULL);

constexpr std::string_view kStart =
    "sqs/srs/brb/k/sssssss/7/7/7/7/SSSSSSS/K/BRB/SRS/SQS w Tt - - - 0 1";
// The Original form's start (14.1).
constexpr std::string_view kOriginalStart =
    "sss/sss/sss/k/sssssss/sssssss/7/7/SSSSSSS/SSSSSSS/K/SSS/SSS/SSS w Tt - - - 0 1";

void put(Pos& p, int cell, std::uint8_t m) {
    p.board[static_cast<std::size_t>(cell)] = m;
    p.occ[colour_of(m)] |= bit(cell);
}

std::uint8_t lift(Pos& p, int cell) {
    const std::uint8_t m = p.board[static_cast<std::size_t>(cell)];
    p.board[static_cast<std::size_t>(cell)] = 0;
    p.occ[colour_of(m)] &= ~bit(cell);
    p.urgent &= ~bit(cell);
    return m;
}

// The one man jumped on the way from `a` to `b`; the en-passant victim when
// the jump passes only the (empty) skipped cell.
int victim_between(const Pos& p, int a, int b, int ep_victim) {
    const int d = kGeo.dir_to[a][b];
    for (int c = kGeo.step[a][d]; c != b; c = kGeo.step[c][d])
        if (p.board[static_cast<std::size_t>(c)]) return c;
    return ep_victim;
}

// Delayed promotion (section 6): the first shatra of `colour` waiting on its
// promotion rank (c, then d, then e file), if any and not in `skip`, becomes
// `kind`.
void promote_waiting(Pos& p, int colour, int kind, Bits skip) {
    for (const int c : kPromoOrder[colour]) {
        if ((skip & bit(c)) || p.board[static_cast<std::size_t>(c)] != man(kShatra, colour))
            continue;
        p.board[static_cast<std::size_t>(c)] = man(kind, colour);
        --p.count[colour][kShatra];
        ++p.count[colour][kind];
        return;
    }
}

// After a double step, records the en-passant chance only if an enemy
// shatra can take it (5.7), so that equal positions get equal keys.
void record_double_step(Pos& p, const Move& m, int us) {
    const int them = us ^ 1;
    const int skip = kGeo.step[m.from][forward(us)];
    for (int d = 0; d < kDirs; ++d) {
        const int a = kGeo.step[skip][d], b = kGeo.step[skip][(d + 4) & 7];
        if (a != kNoCell && b != kNoCell &&
            p.board[static_cast<std::size_t>(a)] == man(kShatra, them) &&
            !p.board[static_cast<std::size_t>(b)]) {
            p.ep_skip = static_cast<std::uint8_t>(skip);
            p.ep_victim = m.to;
            return;
        }
    }
}

// Plays a capture chain whose man has been lifted from m.from: finds the
// victims, removes them, lands the man and promotes the enemy's waiting
// shatras into the types taken (6). `us` is the side moving and `ep_victim`
// the en-passant victim of the position before the move.
void apply_chain(Pos& p, const Rules& rules, const Move& m, int us, std::uint8_t mover,
                 bool from_reserve, int ep_victim) {
    const int them = us ^ 1;
    int victims[Move::kMaxJumps];
    Bits jumped = 0;
    int prev = m.from;
    for (int i = 0; i < m.jumps; ++i) {
        const int v = victim_between(p, prev, m.path[i], ep_victim);
        victims[i] = v;
        jumped |= bit(v);
        prev = m.path[i];
        // Shatrabase promotes a waiting shatra inside the jump (13).
        const int vk = kind_of(p.board[static_cast<std::size_t>(v)]);
        if (rules.promote_at_jump && vk >= kBatyr && vk <= kYalkyn)
            promote_waiting(p, them, vk, jumped);
    }
    int taken[Move::kMaxJumps];
    for (int i = 0; i < m.jumps; ++i) {
        const std::uint8_t v = lift(p, victims[i]);
        taken[i] = kind_of(v);
        --p.count[them][taken[i]];
    }
    put(p, m.to, mover);
    if (taken[m.jumps - 1] == kBiy) {
        p.status = Pos::kWon;
        p.winner = static_cast<std::uint8_t>(us);
    }
    // A reserve man whose capture ends in its own home area must be
    // dropped on the next free turn (4.4).
    if (from_reserve && (kHome[us] & bit(m.to))) p.urgent |= bit(m.to);
    if (!rules.promote_at_jump)
        for (int i = 0; i < m.jumps; ++i)
            if (taken[i] >= kBatyr && taken[i] <= kYalkyn) promote_waiting(p, them, taken[i], 0);
}

}  // namespace

std::uint64_t compute_hash(const Pos& p) {
    std::uint64_t h = p.side == kBlack ? kZobrist.extra(0) : 0;
    for (int c = 0; c < 2; ++c)
        if (p.temdek_on(c)) h ^= kZobrist.extra(1 + c);
    for (Bits b = p.occ[0] | p.occ[1]; b; b &= b - 1) {
        const int c = std::countr_zero(b);
        h ^= kZobrist(static_cast<std::size_t>(c), p.board[static_cast<std::size_t>(c)]);
    }
    for (Bits b = p.urgent; b; b &= b - 1)
        h ^= kZobrist(static_cast<std::size_t>(std::countr_zero(b)), kUrgentKey);
    if (p.ep_skip != kNoCell) h ^= kZobrist(p.ep_skip, kEpKey);
    return h;
}

namespace {

// The key of `p` from that of `before`, the position one move earlier: the
// cells, marks and flags that the move changed are folded in, giving what
// compute_hash gives (the property tests compare the two along long games)
// without walking every man.
std::uint64_t next_hash(const Pos& before, const Pos& p) {
    std::uint64_t h = before.hash ^ kZobrist.extra(0);  // the side to move always changes
    for (int c = 0; c < 2; ++c)
        if (before.temdek_on(c) != p.temdek_on(c)) h ^= kZobrist.extra(1 + c);
    // The cells whose byte changed, eight at a time; the last word overlaps
    // the one before it, which a mask of cells makes harmless.
    static_assert(kCells > 8 && kCells <= 64);
    Bits changed = 0;
    for (int at = 0; at < kCells; at += 8) {
        const int start = std::min(at, kCells - 8);
        std::uint64_t a = 0, b = 0;
        std::memcpy(&a, before.board.data() + start, 8);
        std::memcpy(&b, p.board.data() + start, 8);
        for (std::uint64_t x = a ^ b; x;) {
            const int byte = std::countr_zero(x) / 8;
            changed |= bit(start + byte);
            x &= ~(0xffULL << (8 * byte));
        }
    }
    for (Bits b = changed; b; b &= b - 1) {
        const auto c = static_cast<std::size_t>(std::countr_zero(b));
        if (before.board[c]) h ^= kZobrist(c, before.board[c]);
        if (p.board[c]) h ^= kZobrist(c, p.board[c]);
    }
    for (Bits b = before.urgent ^ p.urgent; b; b &= b - 1)
        h ^= kZobrist(static_cast<std::size_t>(std::countr_zero(b)), kUrgentKey);
    if (before.ep_skip != kNoCell) h ^= kZobrist(before.ep_skip, kEpKey);
    if (p.ep_skip != kNoCell) h ^= kZobrist(p.ep_skip, kEpKey);
    return h;
}

}  // namespace

void derive(Pos& p) {
    p.occ[0] = p.occ[1] = 0;
    for (auto& row : p.count)
        for (auto& n : row) n = 0;
    for (int c = 0; c < kCells; ++c)
        if (const std::uint8_t m = p.board[static_cast<std::size_t>(c)]) {
            p.occ[colour_of(m)] |= bit(c);
            ++p.count[colour_of(m)][kind_of(m)];
        }
    p.hash = compute_hash(p);
}

State::State(const Rules& rules) : rules_(rules) {
    set_position(rules.original ? kOriginalStart : kStart);
}

bool home_closed(const Pos& p, int colour) {
    for (Bits b = p.occ[colour] & kFortress[colour]; b; b &= b - 1)
        if (kind_of(p.board[static_cast<std::size_t>(std::countr_zero(b))]) == kShatra) return true;
    return false;
}

void State::reset(const Pos& p) {
    pos_ = p;
    derive(pos_);
    pos_.reversible = 0;
    pos_.status = Pos::kOngoing;
    pos_.winner = 0;
    for (int c = 0; c < 2; ++c)
        if (pos_.count[c][kBiy] == 0) {
            // A position after the biy was taken: the game is over.
            pos_.status = Pos::kWon;
            pos_.winner = static_cast<std::uint8_t>(c ^ 1);
        }
    stack_.clear();
    stack_.reserve(256);
    judge();
}

void State::apply(Move m) {
    stack_.push_back(pos_);
    Pos& p = pos_;
    const int us = p.side, them = us ^ 1;
    const int ep_victim = p.ep_victim;
    const bool from_reserve = p.temdek_on(us) && (kHome[us] & bit(m.from));
    std::uint8_t mover = lift(p, m.from);
    const int kind = kind_of(mover);
    p.ep_skip = p.ep_victim = kNoCell;
    if (m.promo) {
        mover = man(m.promo, us);
        --p.count[us][kShatra];
        ++p.count[us][m.promo];
    }
    bool material = m.promo != 0;
    if (m.jumps == 0) {
        put(p, m.to, mover);
        if (m.flags & Move::kDoubleStep) record_double_step(p, m, us);
    } else {
        material = true;
        apply_chain(p, rules_, m, us, mover, from_reserve, ep_victim);
    }
    const bool progress = material || kind == kShatra || (m.flags & Move::kDrop);
    p.side = static_cast<std::uint8_t>(them);
    if (us == kBlack) ++p.move_number;
    finish_turn(progress, material);
}

// The end of a turn: temdek removal (4.3), the clocks, the Zobrist key and
// the draw rules (7).
void State::finish_turn(bool progress, bool material) {
    Pos& p = pos_;
    // The Original form's home area stays closed while an own shatra stands
    // in the own fortress (14.2.1); it is kept in the temdek bits.
    for (int c = 0; c < 2; ++c)
        if (p.temdek_on(c) && (rules_.original ? !home_closed(p, c) : !(p.occ[c] & kHome[c]))) {
            p.temdek &= static_cast<std::uint8_t>(~(1 << c));
            material = true;
        }
    p.clock = progress ? 0 : static_cast<std::uint16_t>(p.clock + 1);
    p.reversible = material ? 0 : static_cast<std::uint16_t>(p.reversible + 1);
    p.hash = next_hash(stack_.back(), p);
    judge();
}

// The draw rules of section 7, judged on the position just reached.
void State::judge() {
    Pos& p = pos_;
    if (p.status != Pos::kOngoing || !rules_.draws) return;
    bool bare = std::popcount(p.occ[0]) == 1 && std::popcount(p.occ[1]) == 1;
    // The Original form gives two lone biys three half-moves to take one
    // another, the one that left them alone counting as the first (14.9.4);
    // `reversible` counts the half-moves since it.
    if (bare && rules_.original) bare = p.reversible >= 2;
    int repeats = 0;
    const int n = static_cast<int>(stack_.size());
    for (int back = 2; back <= p.reversible && back <= n; back += 2)
        if (stack_[static_cast<std::size_t>(n - back)].hash == p.hash) ++repeats;
    if (bare || p.clock >= 100 || repeats >= 2) p.status = Pos::kDrawn;
}

void State::undo() {
    pos_ = stack_.back();
    stack_.pop_back();
}

Outcome State::outcome() const {
    if (pos_.status == Pos::kWon)
        return Outcome::win(pos_.winner == kWhite ? Player::First : Player::Second);
    if (pos_.status == Pos::kDrawn) return Outcome::draw();
    // A side left without a legal move loses (section 7).
    std::array<Move, kMaxMoves> moves;
    if (generate(moves.data()) == 0) return Outcome::win(opponent(to_move()));
    return Outcome::ongoing();
}

Outcome State::random_playout(Rng& rng, std::uint64_t* moves) const {
    // Without the draw rules (Shatrabase) a game may never end; a playout
    // stops after this many plies and counts as a draw.
    constexpr int kPlayoutLimit = 3000;
    State s = *this;
    std::array<Move, kMaxMoves> list;
    for (int plies = 0; plies < kPlayoutLimit; ++plies) {
        const int n = s.generate(list.data());
        if (n == 0) return s.outcome();
        s.apply(list[rng.below(static_cast<std::uint32_t>(n))]);
        ++*moves;
    }
    return s.outcome().over() ? s.outcome() : Outcome::draw();
}

}  // namespace asterism::shatra
