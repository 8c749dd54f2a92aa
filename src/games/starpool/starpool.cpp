#include "games/starpool/starpool.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include "core/registry.h"
#include "core/state_game.h"
#include "core/zobrist.h"
#include "games/starpool/tables.h"

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

char letter(Piece p) {
    const char c = kMen[kind_of(p)].letter;
    return side_of(p) == 0 ? c : static_cast<char>(std::tolower(c));
}

// The kind a man letter names (either case), or kNoKind.
int kind_of_letter(char c) {
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int k = 0; k < kKinds; ++k)
        if (kMen[k].letter == upper) return k;
    return kNoKind;
}

// The nearest member of a ray's cells (see ascending() in tables.h).
Cell nearest(Bits b, bool ascending_order) {
    return ascending_order ? b.lowest() : b.highest();
}

}  // namespace

std::string cell_name(Cell c) {
    if (c >= kGridPoints || !tables().is_cell[c]) return "?";
    for (int i = 0; i < 4; ++i)
        if (kCitadels[i] == c) return "w" + std::to_string(i + 1);
    return {static_cast<char>('a' + c % kGridSide - 1), static_cast<char>('0' + c / kGridSide)};
}

Cell parse_cell(std::string_view name) {
    if (name.size() != 2) return kNoCell;
    if (name[0] == 'w' && name[1] >= '1' && name[1] <= '4') return kCitadels[name[1] - '1'];
    if (name[0] < 'a' || name[0] > 'i' || name[1] < '1' || name[1] > '9') return kNoCell;
    const Cell c = static_cast<Cell>((name[1] - '0') * kGridSide + (name[0] - 'a' + 1));
    return c == kPool ? kNoCell : c;
}

Rules Rules::preset(std::string_view name) {
    std::string known;
    for (const SetupDef& s : kSetups) {
        if (s.name == name) return Rules{std::string(s.name), std::string(s.position)};
        known += (known.empty() ? "" : ", ") + std::string(s.name);
    }
    throw GameError("unknown Star Pool setup '" + std::string(name) + "' (known: " + known + ")");
}

State::State(const Rules& rules) {
    set_position(rules.start);
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
    const Tables& t = tables();
    const auto& men = men_[by];
    Bits hits{};
    for (int k = 0; k < kKinds; ++k) hits |= t.attackers[k][by][target] & men[k];
    if (unmoved_ >> by & 1) hits |= t.first_attackers[by][target] & men[kKing];
    if ((hits & ~removed).any()) return true;
    // A slider attacks along a line if it is the nearest man on it.
    const Bits sliders = sliders_of(by) & ~removed;
    for (int i = 0; i < t.line_count[target]; ++i) {
        const Tables::Line& line = t.lines[target][i];
        if (!(line.cells & sliders).any()) continue;
        const Cell b = nearest(line.cells & occupied, line.low);
        if (sliders.has(b) && slides(b, line.dir)) return true;
    }
    return false;
}

Bits State::sliders_of(int side) const {
    const Tables& t = tables();
    Bits out{};
    for (int k = 0; k < kKinds; ++k)
        if (t.slide_dirs[k][side]) out |= men_[side][k];
    return out;
}

bool State::slides(Cell c, int dir) const {
    const Piece p = board_[c];
    return tables().slide_dirs[kind_of(p)][side_of(p)] >> dir & 1;
}

// Men of `side` that stand alone between their King and an enemy slider
// that would attack the King if they left (including the citadel option).
Bits State::pinned(int side, Bits occupied) const {
    const Tables& t = tables();
    const Cell king = king_[side];
    const Bits sliders = sliders_of(side ^ 1);
    Bits out{};
    for (int i = 0; i < t.line_count[king]; ++i) {
        const Tables::Line& line = t.lines[king][i];
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

bool State::in_check() const {
    return attacked(king_[side_], side_ ^ 1, side_men_[0] | side_men_[1], Bits{});
}

// ---- move generation ---------------------------------------------------------

// Pseudo-legal moves are generated from the tables; a move is tested for
// leaving the King attacked only when it might: always for the King, and
// for other men when they are pinned or the King is in check. A swap keeps
// every cell occupied, so it can only matter when it moves the King.
int State::legal_moves(Move* out) const {
    const Tables& t = tables();
    const int us = side_, them = us ^ 1;
    const Cell king = king_[us];
    const Bits own = side_men_[us], enemy = side_men_[them], occupied = own | enemy;
    const bool check = attacked(king, them, occupied, Bits{});
    const Bits pins = pinned(us, occupied);
    int n = 0;
    auto push = [&](Cell from, Cell to, std::uint8_t promotion, bool careful) {
        const Bits to_bit = Bits::of(to);
        if (careful && attacked(king, them, (occupied ^ Bits::of(from)) | to_bit, to_bit)) return;
        out[n++] = Move{from, to, promotion, enemy.has(to) ? kCapture : std::uint8_t{0}};
    };

    for (int k = kGeneral; k < kKinds; ++k) {
        const ManDef& man = kMen[k];
        const bool promotes = t.promotes[k];
        auto promotion = [&](Cell to, bool via_pool) {
            return promotes ? (via_pool ? t.promote_pool : t.promote_plain)[k][us][to]
                            : std::uint8_t{kNoKind};
        };
        for (Bits men = men_[us][k]; men.any();) {
            const Cell from = men.pop();
            const bool careful = check || pins.has(from);
            Bits targets = (t.any[k][us][from] & ~own) | (t.quiet[k][us][from] & ~occupied) |
                           (t.capture[k][us][from] & enemy);
            while (targets.any()) {
                const Cell to = targets.pop();
                push(from, to, promotion(to, t.option[k][us][from].has(to)), careful);
            }
            for (int d = 0; d < 8; ++d) {
                if (!(t.slide_dirs[k][us] >> d & 1)) continue;
                const auto& ray = t.ray[from][d];
                const int length = t.ray_length[from][d], pool_at = t.pool_index[from][d];
                for (int i = 0; i < length; ++i) {
                    const Cell to = ray[i];
                    if (!occupied.has(to)) {
                        push(from, to, promotion(to, false), careful);
                        continue;
                    }
                    if (enemy.has(to)) push(from, to, promotion(to, false), careful);
                    // Blocked beyond the pool: the citadel option jumps over
                    // the blocker to the ray's end (spec 9.2), unless the
                    // ray got there anyway.
                    const Cell end = ray[length - 1];
                    if (pool_at <= i && i + 1 < length && !own.has(end))
                        push(from, end, promotion(end, true), careful);
                    break;
                }
            }
            if (man.double_step) {
                const Cell mid = t.double_mid[us][from], to = t.double_to[us][from];
                if (mid != kNoCell && !occupied.has(mid) && !occupied.has(to))
                    push(from, to, promotion(to, false), careful);
            }
            if (man.swaps) {
                for (Bits partners = t.swap_partners[from] & own; partners.any();) {
                    const Cell to = partners.pop();
                    const int partner = kind_of(board_[to]);
                    if (kMen[partner].swaps) continue;
                    const bool safe =
                        partner == kKing ? !attacked(from, them, occupied, Bits{}) : !check;
                    if (safe) out[n++] = Move{from, to, kNoKind, kSwap};
                }
            }
        }
    }

    Bits targets = t.any[kKing][us][king] & ~own;
    if ((unmoved_ >> us & 1) && !check) targets |= t.first[us][king] & ~own;
    const Bits without_king = occupied ^ Bits::of(king);
    while (targets.any()) {
        const Cell to = targets.pop();
        if (!attacked(to, them, without_king | Bits::of(to), Bits::of(to)))
            out[n++] = Move{king, to, kNoKind, enemy.has(to) ? kCapture : std::uint8_t{0}};
    }
    return n;
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
    u = Undo{hash_, m, static_cast<std::uint16_t>(clock_), mover, target, unmoved_};
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

// ---- notation ----------------------------------------------------------------

std::string State::move_text(Move m) const {
    const char* sep = m.flags & kSwap ? "<>" : m.flags & kCapture ? "x" : "-";
    return cell_name(m.from) + sep + cell_name(m.to);
}

State::Move State::parse_move(std::string_view text) const {
    const std::string shown(text);
    auto unparsable = [&](const std::string& why) {
        return GameError("cannot read move '" + shown + "': " + why +
                         " (write from and to cells: b1-c3, d4xw3, or w1<>a1 for a swap)");
    };
    std::string_view rest = text;
    int named = kNoKind;
    if (!rest.empty() && std::isupper(static_cast<unsigned char>(rest[0]))) {
        named = kind_of_letter(rest[0]);
        if (named == kNoKind) throw unparsable(std::string("no man has the letter ") + rest[0]);
        rest.remove_prefix(1);
    }
    if (rest.size() < 5) throw unparsable("too short");
    const Cell from = parse_cell(rest.substr(0, 2));
    if (from == kNoCell) throw unparsable("'" + std::string(rest.substr(0, 2)) + "' is not a cell");
    rest.remove_prefix(2);
    const bool swap = rest.substr(0, 2) == "<>";
    if (!swap && rest[0] != '-' && rest[0] != 'x')
        throw unparsable("expected '-', 'x' or '<>' after the first cell");
    rest.remove_prefix(swap ? 2 : 1);
    const Cell to = parse_cell(rest);
    if (to == kNoCell) throw unparsable("'" + std::string(rest) + "' is not a cell");

    auto illegal = [&](const std::string& why) {
        return GameError("illegal move '" + shown + "': " + why);
    };
    const Piece p = board_[from];
    if (p == kNoPiece) throw illegal("no man on " + cell_name(from));
    if (side_of(p) != side_)
        throw illegal(cell_name(from) + " holds a " + player_name(opponent(to_move())) +
                      " man and " + player_name(to_move()) + " is to move");
    if (named != kNoKind && named != kind_of(p))
        throw illegal("the man on " + cell_name(from) + " is a " +
                      std::string(kMen[kind_of(p)].name) + ", not a " +
                      std::string(kMen[named].name));
    Move moves[kMaxMoves];
    const int n = generate(moves);
    if (n == 0) throw illegal("the game is over");
    for (int i = 0; i < n; ++i) {
        if (moves[i].from != from || moves[i].to != to) continue;
        if (swap != ((moves[i].flags & kSwap) != 0))
            throw illegal(swap ? "that is not a swap" : "a swap is written with '<>'");
        return moves[i];
    }
    throw illegal(std::string("the ") + std::string(kMen[kind_of(p)].name) + " cannot go there" +
                  (in_check() ? " (the King is in check)" : ""));
}

std::string State::move_help() const {
    return "Moves name the from and to cells: files a-i, ranks 1-9 (e5 is the Star Pool, not a "
           "cell) or the citadels w1 (beyond a1), w2 (beyond i1), w3 (beyond i9), w4 (beyond "
           "a9). Write '-' for a quiet move and 'x' for a capture (either is accepted), e.g. "
           "b1-c3, e1-c2 (the King's first-move leap), d4xw3 (a Pawn taking into a citadel "
           "through the pool). A Wizard's swap is written Wizard first: w1<>a1. An upper-case "
           "man letter in front is optional (Nb1-c3). Promotions happen by themselves.";
}

// ---- positions ---------------------------------------------------------------

std::string State::position() const {
    std::string out;
    for (int y = 9; y >= 1; --y) {
        int empty = 0;
        auto flush = [&] {
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
        };
        for (int x = 1; x <= 9; ++x) {
            const Cell c = static_cast<Cell>(y * kGridSide + x);
            if (c == kPool) {
                flush();
                out += '*';
            } else if (board_[c] == kNoPiece) {
                ++empty;
            } else {
                flush();
                out += letter(board_[c]);
            }
        }
        flush();
        if (y > 1) out += '/';
    }
    out += " [";
    for (Cell c : kCitadels) out += board_[c] == kNoPiece ? '-' : letter(board_[c]);
    out += side_ ? "] b " : "] w ";
    const std::string flags = std::string(unmoved_ & 1 ? "K" : "") + (unmoved_ & 2 ? "k" : "");
    out += (flags.empty() ? "-" : flags) + " " + std::to_string(clock_) + " " +
           std::to_string(fullmove_);
    return out;
}

void State::set_position(std::string_view text) {
    auto bad = [&](const std::string& why) {
        return GameError("bad Star Pool position '" + std::string(text) + "': " + why);
    };
    std::vector<std::string> fields;
    {
        std::istringstream in{std::string(text)};
        for (std::string f; in >> f;) fields.push_back(f);
    }
    if (fields.size() < 4 || fields.size() > 6)
        throw bad(
            "expected ranks, [citadels], side to move, King flags, and optionally the "
            "half-move clock and move number");

    std::array<Piece, kGridPoints> board;
    board.fill(kNoPiece);
    auto place = [&](Cell c, char ch) {
        const int k = kind_of_letter(ch);
        if (k == kNoKind) throw bad(std::string("unknown man '") + ch + "'");
        board[c] = make_piece(std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1, k);
    };
    int y = 9, x = 1;
    for (char ch : fields[0]) {
        const std::string where = "rank " + std::to_string(y);
        if (ch == '/') {
            if (x != 10) throw bad(where + " does not have nine entries");
            if (--y < 1) throw bad("more than nine ranks");
            x = 1;
        } else if (x > 9) {
            throw bad(where + " has more than nine entries");
        } else if (ch == '*') {
            if (y != 5 || x != 5)
                throw bad("'*' (the Star Pool) must be the fifth entry of rank 5");
            ++x;
        } else if (ch >= '1' && ch <= '9') {
            const int run = ch - '0';
            if (x + run > 10) throw bad(where + " has more than nine entries");
            if (y == 5 && x <= 5 && x + run > 5) throw bad("an empty run covers e5");
            x += run;
        } else {
            if (y == 5 && x == 5) throw bad("e5 is the Star Pool; write '*' there");
            place(static_cast<Cell>(y * kGridSide + x), ch);
            ++x;
        }
    }
    if (y != 1 || x != 10) throw bad("expected nine ranks of nine entries");
    const std::string& cit = fields[1];
    if (cit.size() != 6 || cit.front() != '[' || cit.back() != ']')
        throw bad("citadels must be four entries in brackets, such as [WWww] or [----]");
    for (int i = 0; i < 4; ++i)
        if (cit[1 + i] != '-') place(kCitadels[i], cit[1 + i]);
    if (fields[2] != "w" && fields[2] != "b") throw bad("side to move must be 'w' or 'b'");
    std::uint8_t unmoved = 0;
    if (fields[3] == "K" || fields[3] == "Kk") unmoved |= 1;
    if (fields[3] == "k" || fields[3] == "Kk") unmoved |= 2;
    if (unmoved == 0 && fields[3] != "-") throw bad("King flags must be K, k, Kk or -");
    auto number = [&](std::size_t i, int fallback, int low, const char* what) {
        if (fields.size() <= i) return fallback;
        int v = 0;
        const std::string& f = fields[i];
        const auto [ptr, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
        if (ec != std::errc() || ptr != f.data() + f.size() || v < low || v > 9999)
            throw bad(std::string(what) + " must be a number from " + std::to_string(low) +
                      " to 9999");
        return v;
    };
    const int clock = number(4, 0, 0, "the half-move clock");
    const int fullmove = number(5, 1, 1, "the move number");

    State next = *this;
    next.history_.clear();
    next.board_.fill(kNoPiece);
    next.men_ = {};
    next.side_men_ = {};
    int kings[2] = {0, 0};
    next.hash_ = 0;
    for (Cell c = 0; c < kGridPoints; ++c) {
        if (board[c] == kNoPiece) continue;
        next.put(c, board[c]);
        next.hash_ ^= key(c, board[c]);
        if (kind_of(board[c]) == kKing) ++kings[side_of(board[c])];
    }
    for (int s = 0; s < 2; ++s) {
        if (kings[s] != 1)
            throw bad(player_name(static_cast<Player>(s)) + " must have exactly one King");
        if (next.side_men_[s].count() > kMaxMenPerSide)
            throw bad(player_name(static_cast<Player>(s)) + " has more than " +
                      std::to_string(kMaxMenPerSide) + " men");
    }
    next.side_ = fields[2] == "b" ? 1 : 0;
    next.unmoved_ = unmoved;
    next.clock_ = clock;
    next.fullmove_ = fullmove;
    next.hash_ ^= unmoved_key(unmoved) ^ (next.side_ ? kZobrist.extra(0) : 0);
    const int waiting = next.side_ ^ 1;
    if (next.attacked(next.king_[waiting], next.side_, next.side_men_[0] | next.side_men_[1],
                      Bits{}))
        throw bad("the side not to move is in check");
    *this = next;
}

// ---- presentation ------------------------------------------------------------

nlohmann::json State::score() const {
    nlohmann::json material, men;
    for (int s = 0; s < 2; ++s) {
        int value = 0;
        for (int k = 0; k < kKinds; ++k) value += kMen[k].value * men_[s][k].count();
        const std::string name = player_name(static_cast<Player>(s));
        material[name] = value;
        men[name] = side_men_[s].count();
    }
    const std::string reason = end_reason();
    return {{"material", material},
            {"men", men},
            {"check", in_check()},
            {"halfmove_clock", clock_},
            {"end", reason.empty() ? nlohmann::json() : nlohmann::json(reason)}};
}

// The board with the citadels diagonally beyond the corners and the pool as
// '*'; White (upper case) at the bottom.
std::string State::render() const {
    auto show = [&](Cell c) { return board_[c] == kNoPiece ? '.' : letter(board_[c]); };
    auto column = [](int x) { return static_cast<std::size_t>(3 * x + 4); };
    auto citadel_row = [&](int left, int right, const char* left_name, const char* right_name) {
        std::string line(column(10) + 5, ' ');
        line.replace(0, 2, left_name);
        line.replace(column(0) - 1, 3, std::string("[") + show(kCitadels[left]) + "]");
        line.replace(column(10) - 1, 3, std::string("[") + show(kCitadels[right]) + "]");
        line.replace(column(10) + 3, 2, right_name);
        return line + "\n";
    };
    std::string files(column(9) + 1, ' ');
    for (int x = 1; x <= 9; ++x) files[column(x)] = static_cast<char>('a' + x - 1);
    files += "\n";
    std::string out = citadel_row(3, 2, "w4", "w3") + files;
    for (int y = 9; y >= 1; --y) {
        std::string line(column(10) + 1, ' ');
        line[column(0)] = line[column(10)] = static_cast<char>('0' + y);
        for (int x = 1; x <= 9; ++x) {
            const Cell c = static_cast<Cell>(y * kGridSide + x);
            line[column(x)] = c == kPool ? '*' : show(c);
        }
        out += line + "\n";
    }
    out += files + citadel_row(0, 1, "w1", "w2");
    out += player_name(to_move()) + " to move" + (in_check() ? ", in check" : "") + "\n";
    return out;
}

int State::max_targets_per_man() {
    const Tables& t = tables();
    int most = 0;
    for (int k = 0; k < kKinds; ++k) {
        for (int s = 0; s < 2; ++s) {
            for (Cell f = 0; f < kGridPoints; ++f) {
                if (!t.is_cell[f]) continue;
                int n = (t.any[k][s][f] | t.quiet[k][s][f] | t.capture[k][s][f] |
                         (k == kKing ? t.first[s][f] : Bits{}))
                            .count();
                for (int d = 0; d < 8; ++d)
                    if (t.slide_dirs[k][s] >> d & 1) n += t.ray_length[f][d];
                if (kMen[k].double_step && t.double_to[s][f] != kNoCell) ++n;
                if (kMen[k].swaps) n += t.swap_partners[f].count();
                most = std::max(most, n);
            }
        }
    }
    return most;
}

// ---- registration ------------------------------------------------------------

namespace {

std::vector<std::string> setup_names() {
    std::vector<std::string> out;
    for (const SetupDef& s : kSetups) out.emplace_back(s.name);
    return out;
}

const GameRegistration kRegistration(GameInfo{
    "starpool",
    "Star Pool Chess",
    "Makruk-like chess on a 9x9 board around the Star Pool, with four corner citadels",
    {{"setup", OptionSpec::Type::Enum, std::string(kSetups[0].name), setup_names(),
      "start position preset (starpool.md section 3)"}},
    [](const Options& o) {
        return std::make_unique<StateGame<State>>(
            canonical_spec(*Registry::instance().find("starpool"), o),
            State(Rules::preset(o.get("setup"))));
    },
    {"starpool"},
    // The start, and a middle game from a seeded random game with eight
    // captures for White, men in three citadels and a black Elephant on g1.
    {{"starpool", "", 5},
     {"starpool", "1N1lkl3/r7r/1p1ppp1pp/p3e4/P3*1p1w/2P4W1/EP1PPP1PP/5R3/W2LKLeN1 [R-nw] w - 2 19",
      5}},
});

}  // namespace
}  // namespace asterism::starpool
