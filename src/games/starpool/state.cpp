// State's rules: board bookkeeping, attacks and pins, move generation,
// apply and undo, and the end of the game.
#include "games/starpool/starpool.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "core/zobrist.h"
#include "games/starpool/errors.h"

namespace asterism::starpool {
namespace {

// Keys per (cell, man); extra(0) marks Black to move, extra(1 + s) side s's
// unmoved King (spec 5: repetition compares the King-moved flags too).
constexpr ZobristTable<kGridPoints, 2 * kKinds> kZobrist(0x5ea7'9001'57a2'b001ULL);

std::uint64_t key(Cell c, Piece p) {
    return kZobrist(c, static_cast<std::size_t>(side_of(p) * kKinds + kind_of(p)));
}
std::uint64_t unmoved_key(std::uint8_t flags) {
    return (flags & 1 ? kZobrist.extra(1) : 0) ^ (flags & 2 ? kZobrist.extra(2) : 0);
}

// Whether some promotion of the men table names kind k (the move tables'
// `promotes` then says whether it can happen at all).
constexpr bool can_promote(int k) {
    for (const PromotionDef& p : kPromotions)
        if (p.man == kMen[k].letter) return true;
    return false;
}

// The nearest member of a ray's cells (see ascending() in board.h).
Cell nearest(Bits b, bool ascending_order) {
    return ascending_order ? b.lowest() : b.highest();
}

}  // namespace

State::State(const Rules& rules) {
    set_position(rules.start);
}

// ---- setting a position ------------------------------------------------------

nlohmann::json State::load(const Setup& setup) {
    State next = *this;
    next.history_.clear();
    next.board_.fill(kNoPiece);
    next.men_ = {};
    next.side_men_ = {};
    int kings[2] = {0, 0};
    next.hash_ = 0;
    for (Cell c = 0; c < kGridPoints; ++c) {
        if (setup.board[c] == kNoPiece) continue;
        next.put(c, setup.board[c]);
        next.hash_ ^= key(c, setup.board[c]);
        if (kind_of(setup.board[c]) == kKing) ++kings[side_of(setup.board[c])];
    }
    for (int s = 0; s < 2; ++s) {
        if (kings[s] != 1)
            return reason("pos.starpool.king", {{"sideGen", player_name(static_cast<Player>(s))}});
        if (next.side_men_[s].count() > kMaxMenPerSide)
            return reason("pos.starpool.men", {{"sideGen", player_name(static_cast<Player>(s))},
                                               {"n", kMaxMenPerSide}});
    }
    next.side_ = setup.side;
    next.unmoved_ = setup.unmoved;
    next.clock_ = setup.clock;
    next.fullmove_ = setup.fullmove;
    next.hash_ ^= unmoved_key(setup.unmoved) ^ (next.side_ ? kZobrist.extra(0) : 0);
    next.check_ = next.king_attacked();
    const int waiting = next.side_ ^ 1;
    if (next.attacked(next.king_[waiting], next.side_, next.side_men_[0] | next.side_men_[1],
                      Bits{}))
        return reason("pos.starpool.check");
    *this = next;
    return nullptr;
}

// ---- board bookkeeping -------------------------------------------------------

void State::put(Cell c, Piece p) {
    const int s = side_of(p), k = kind_of(p);
    board_[c] = p;
    men_[s][k] ^= Bits::of(c);
    side_men_[s] ^= Bits::of(c);
    if (k == kKing) king_[s] = c;
}

void State::remove(Cell c) {
    const Piece p = board_[c];
    men_[side_of(p)][kind_of(p)] ^= Bits::of(c);
    side_men_[side_of(p)] ^= Bits::of(c);
    board_[c] = kNoPiece;
}

// ---- attacks and pins --------------------------------------------------------

// Whether a man of side `by` attacks `target` with `occupied` as the
// occupancy and the men on `removed` taken off (a capture being tried).
// Attacks are looked up from the attacker's side of the tables (spec 9.3).
bool State::attacked(Cell target, int by, Bits occupied, Bits removed) const {
    const Geometry& g = geometry();
    const auto& men = men_[by];
    Bits hits{};
    const auto& attackers = g.attackers[by][target];
    for (int k = 0; k < kKinds; ++k) hits |= attackers[k] & men[k];
    if (unmoved_ >> by & 1) hits |= g.first_attackers[by][target] & men[kKing];
    if ((hits & ~removed).any()) return true;
    // A slider attacks along a line if it is the nearest man on it.
    const Bits sliders = sliders_of(by) & ~removed;
    for (int i = 0; i < g.line_count[target]; ++i) {
        const Geometry::Line& line = g.lines[target][i];
        if (!(line.cells & sliders).any()) continue;
        const Cell b = nearest(line.cells & occupied, line.low);
        if (sliders.has(b) && slides(b, line.dir)) return true;
    }
    return false;
}

// Which kinds slide is fixed by the men table, so the compiler folds this
// loop into a few ORs (it runs for every attack test).
Bits State::sliders_of(int side) const {
    Bits out{};
    for (int k = 0; k < kKinds; ++k)
        if (kMen[k].slide) out |= men_[side][k];
    return out;
}

bool State::slides(Cell c, int dir) const {
    const Piece p = board_[c];
    return geometry().slide_dirs[kind_of(p)][side_of(p)] >> dir & 1;
}

// Men of `side` that stand alone between their King and an enemy slider
// that would attack the King if they left (including the citadel option).
Bits State::pinned(int side, Bits occupied) const {
    const Geometry& g = geometry();
    const Cell king = king_[side];
    const Bits sliders = sliders_of(side ^ 1);
    Bits out{};
    for (int i = 0; i < g.line_count[king]; ++i) {
        const Geometry::Line& line = g.lines[king][i];
        if (!(line.cells & sliders).any()) continue;
        Bits blockers = line.cells & occupied;
        const Cell first = nearest(blockers, line.low);
        if (!side_men_[side].has(first)) continue;
        blockers ^= Bits::of(first);
        if (!blockers.any()) continue;
        const Cell second = nearest(blockers, line.low);
        if (sliders.has(second) && slides(second, line.dir)) out |= Bits::of(first);
    }
    return out;
}

bool State::king_attacked() const {
    return attacked(king_[side_], side_ ^ 1, side_men_[0] | side_men_[1], Bits{});
}

// ---- move generation ---------------------------------------------------------

// The move generator's view of one position: what every man's moves are
// tested against, gathered once per legal_moves() call, and the list it
// fills. Its members are defined in the class so that they inline into
// legal_moves(), the innermost loop of perft and alpha-beta.
struct State::Generator {
    const State& s;
    const Geometry& g;
    int us, them;
    Cell king;
    Bits own, enemy, occupied;
    bool check;
    Bits pins;
    Move* out;
    int n = 0;

    // Adds a move unless `careful` and it leaves the King attacked.
    void push(Cell from, Cell to, std::uint8_t promotion, bool careful) {
        const Bits to_bit = Bits::of(to);
        if (careful && s.attacked(king, them, (occupied ^ Bits::of(from)) | to_bit, to_bit)) return;
        out[n++] = Move{from, to, promotion, enemy.has(to) ? kCapture : std::uint8_t{0}};
    }

    // The kind a man of kind k becomes on arriving at `to`, or kNoKind.
    std::uint8_t promotion(int k, Cell to, bool via_pool) const {
        return g.promotes[k] ? (via_pool ? g.promote_pool : g.promote_plain)[k][us][to]
                             : std::uint8_t{kNoKind};
    }

    template <int K>
    void steps_and_leaps(Cell from, bool careful) {
        const Geometry::Steps& steps = g.steps[K][us][from];
        Bits targets = (steps.any & ~own) | (steps.quiet & ~occupied) | (steps.capture & enemy);
        while (targets.any()) {
            const Cell to = targets.pop();
            if constexpr (can_promote(K))
                push(from, to, promotion(K, to, steps.option.has(to)), careful);
            else
                push(from, to, kNoKind, careful);
        }
    }

    // Nearest cell first, as a walk along the ray would find them: the
    // search's move order, and so its tree, depends on it.
    void slides(int k, Cell from, bool careful) {
        for (DirSet ds = g.slide_dirs[k][us]; ds; ds &= static_cast<DirSet>(ds - 1)) {
            const int d = std::countr_zero(ds);
            const Bits reach = slide_reach(g, from, d, occupied);
            for (Bits targets = reach & ~own; targets.any();) {
                const Cell to = ascending(d) ? targets.pop() : targets.pop_highest();
                push(from, to, promotion(k, to, false), careful);
            }
            // Blocked beyond the pool: the citadel option jumps over the
            // blocker to the ray's end (spec 9.2), unless the ray got there
            // anyway or a friend stands there.
            const Bits end = option_reach(g, from, d, occupied);
            if (end.any() && !(end & (reach | own)).any()) {
                const Cell to = end.lowest();
                push(from, to, promotion(k, to, true), careful);
            }
        }
    }

    void double_step(int k, Cell from, bool careful) {
        const Cell mid = g.double_mid[us][from], to = g.double_to[us][from];
        if (mid != kNoCell && !occupied.has(mid) && !occupied.has(to))
            push(from, to, promotion(k, to, false), careful);
    }

    void swaps(Cell from) {
        for (Bits partners = g.swap_partners[from] & own; partners.any();) {
            const Cell to = partners.pop();
            const int partner = kind_of(s.board_[to]);
            if (kMen[partner].swaps) continue;
            const bool safe = partner == kKing ? !s.attacked(from, them, occupied, Bits{}) : !check;
            if (safe) out[n++] = Move{from, to, kNoKind, kSwap};
        }
    }

    // Every man of kind K but the King. The kind is a template argument so
    // that what the men table says of it (whether it slides, steps two,
    // swaps or promotes) is known when compiling, not tested per man.
    template <int K>
    void kind_moves() {
        constexpr ManDef man = kMen[K];
        for (Bits men = s.men_[us][K]; men.any();) {
            const Cell from = men.pop();
            const bool careful = check || pins.has(from);
            steps_and_leaps<K>(from, careful);
            if constexpr (man.slide != 0) slides(K, from, careful);
            if constexpr (man.double_step) double_step(K, from, careful);
            if constexpr (man.swaps) swaps(from);
        }
    }

    // The kinds from the General on, in the order of the Kind enum.
    template <int... I>
    void all_kinds(std::integer_sequence<int, I...>) {
        (kind_moves<kGeneral + I>(), ...);
    }

    void king_moves() {
        Bits targets = g.steps[kKing][us][king].any & ~own;
        if ((s.unmoved_ >> us & 1) && !check) targets |= g.first[us][king] & ~own;
        const Bits without_king = occupied ^ Bits::of(king);
        while (targets.any()) {
            const Cell to = targets.pop();
            if (!s.attacked(to, them, without_king | Bits::of(to), Bits::of(to)))
                out[n++] = Move{king, to, kNoKind, enemy.has(to) ? kCapture : std::uint8_t{0}};
        }
    }
};

// Pseudo-legal moves are generated from the tables; a move is tested for
// leaving the King attacked only when it might: always for the King, and
// for other men when they are pinned or the King is in check. A swap keeps
// every cell occupied, so it can only matter when it moves the King.
int State::legal_moves(Move* out) const {
    const int us = side_, them = us ^ 1;
    const Cell king = king_[us];
    const Bits own = side_men_[us], enemy = side_men_[them], occupied = own | enemy;
    const bool check = check_;
    Generator gen{*this, geometry(),           us, them, king, own, enemy, occupied,
                  check, pinned(us, occupied), out};
    gen.all_kinds(std::make_integer_sequence<int, kKinds - kGeneral>{});
    gen.king_moves();
    return gen.n;
}

bool State::repetition() const {
    int count = 1;
    const int n = history_.size();
    for (int i = n - 2; i >= 0 && i >= n - clock_; i -= 2)
        if (history_[i].hash == hash_ && ++count >= 3) return true;
    return false;
}

bool State::drawn_by_rule() const {
    return clock_ >= 100 || history_.full() || repetition();
}

int State::generate(Move* out) const {
    if (bare(0) || bare(1) || drawn_by_rule()) return 0;
    return legal_moves(out);
}

// ---- apply and undo ----------------------------------------------------------

void State::apply(Move m) {
    Undo& u = history_.push();
    const Piece mover = board_[m.from], target = board_[m.to];
    u = Undo{hash_, m, static_cast<std::uint16_t>(clock_), mover, target, unmoved_, check_};
    std::uint64_t h = hash_ ^ kZobrist.extra(0) ^ unmoved_key(unmoved_);
    if (m.flags & kSwap) {
        // Spec 2.1: a swapped King counts as moved; a swapped man does not
        // promote; the clock runs on (9.7).
        remove(m.from);
        remove(m.to);
        put(m.from, target);
        put(m.to, mover);
        h ^= key(m.from, mover) ^ key(m.to, target) ^ key(m.from, target) ^ key(m.to, mover);
        if (kind_of(target) == kKing) unmoved_ &= static_cast<std::uint8_t>(~(1u << side_));
        ++clock_;
    } else {
        const Piece arrived = m.promotion == kNoKind ? mover : make_piece(side_, m.promotion);
        if (target != kNoPiece) {
            remove(m.to);
            h ^= key(m.to, target);
        }
        remove(m.from);
        put(m.to, arrived);
        h ^= key(m.from, mover) ^ key(m.to, arrived);
        if (kind_of(mover) == kKing) unmoved_ &= static_cast<std::uint8_t>(~(1u << side_));
        const bool progress =
            target != kNoPiece || kind_of(mover) == kPawn || m.promotion != kNoKind;
        clock_ = progress ? 0 : clock_ + 1;
    }
    hash_ = h ^ unmoved_key(unmoved_);
    if (side_ == 1) ++fullmove_;
    side_ ^= 1;
    check_ = king_attacked();
}

void State::undo() {
    const Undo& u = history_.pop();
    side_ ^= 1;
    if (side_ == 1) --fullmove_;
    const Move m = u.move;
    remove(m.to);
    if (m.flags & kSwap) {
        remove(m.from);
        put(m.to, u.captured);
    } else if (u.captured != kNoPiece) {
        put(m.to, u.captured);
    }
    put(m.from, u.moved);
    hash_ = u.hash;
    clock_ = u.clock;
    unmoved_ = u.unmoved;
    check_ = u.check;
}

// ---- outcome -----------------------------------------------------------------

// Spec 9.10: bare King first, then no legal move (checkmate or stalemate,
// both lost by the side to move), then the 100 plies, then repetition.
std::string State::end_reason() const {
    if (bare(side_) || bare(side_ ^ 1)) return "bare king";
    Move moves[kMaxMoves];
    if (legal_moves(moves) == 0) return in_check() ? "checkmate" : "stalemate";
    if (clock_ >= 100) return "100 plies";
    if (repetition()) return "repetition";
    if (history_.full()) return "move limit";
    return "";
}

Outcome State::outcome() const {
    const Player me = to_move(), other = opponent(me);
    if (bare(side_)) return Outcome::win(other);
    if (bare(side_ ^ 1)) return Outcome::win(me);
    Move moves[kMaxMoves];
    if (legal_moves(moves) == 0) return Outcome::win(other);
    return drawn_by_rule() ? Outcome::draw() : Outcome::ongoing();
}

Outcome State::random_playout(Rng& rng, std::uint64_t* moves) const {
    State s = *this;
    Move buffer[kMaxMoves];
    std::uint64_t played = 0;
    for (int n; (n = s.generate(buffer)) > 0; ++played)
        s.apply(buffer[rng.below(static_cast<std::uint32_t>(n))]);
    if (moves) *moves += played;
    return s.outcome();
}

int State::max_targets_per_man() {
    const Geometry& g = geometry();
    int most = 0;
    for (int k = 0; k < kKinds; ++k) {
        for (int s = 0; s < 2; ++s) {
            for (Cell f = 0; f < kGridPoints; ++f) {
                if (!g.is_cell[f]) continue;
                int n = (g.steps[k][s][f].any | g.steps[k][s][f].quiet | g.steps[k][s][f].capture |
                         (k == kKing ? g.first[s][f] : Bits{}))
                            .count();
                for (int d = 0; d < 8; ++d)
                    if (g.slide_dirs[k][s] >> d & 1) n += g.ray_length[f][d];
                if (kMen[k].double_step && g.double_to[s][f] != kNoCell) ++n;
                if (kMen[k].swaps) n += g.swap_partners[f].count();
                most = std::max(most, n);
            }
        }
    }
    return most;
}

}  // namespace asterism::starpool
