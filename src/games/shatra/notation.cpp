// Moves in and out: cell names and the traditional numbers (1.3), moves
// (8.1 and Shatrabase's long notation, 13.1), the text board and the
// notation help. Position strings and SPN are position.cpp's.
#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstring>

#include "games/shatra/errors.h"
#include "games/shatra/shatra.h"
#include "games/shatra/text.h"

namespace asterism::shatra {

namespace {

std::string promo_suffix(int kind, Notation nt) {
    const std::string letter(1, kLetters[kind]);
    return nt == Notation::Shatrabase ? letter : "=" + letter;
}

// ---- reading moves -----------------------------------------------------------

// A move as written, before it is matched with a legal move: its cells, the
// promotion it names, and the piece letter in front of it (0 if none).
struct WrittenMove {
    Move move{};
    int prefix = 0;
};

// Reads the text of a move (8.1, Shatrabase's forms, numbers) without
// looking at the position; spaces are ignored.
class MoveReader {
  public:
    explicit MoveReader(std::string_view text) : text_(text) {
        for (const char ch : text)
            if (!std::isspace(static_cast<unsigned char>(ch))) t_ += ch;
    }

    WrittenMove read() {
        WrittenMove w;
        w.prefix = read_prefix();
        if (t_.empty()) throw unreadable(reason("move.shatra.empty"));
        Move& want = w.move;
        want.from = static_cast<std::uint8_t>(read_cell());
        char sep = 0;
        int hops = 0;
        while (i_ < t_.size()) {
            if (t_[i_] == 'x' && i_ + 1 == t_.size()) break;  // Shatrabase's "biy taken" mark
            if (t_[i_] != '-' && t_[i_] != ':')
                throw unreadable(reason("move.shatra.separator", {{"rest", t_.substr(i_)}}));
            if (sep && t_[i_] != sep) throw unreadable(reason("move.shatra.mixes"));
            sep = t_[i_++];
            if (hops == Move::kMaxJumps || (sep == '-' && hops == 1))
                throw unreadable(reason("move.shatra.long"));
            want.path[hops++] = static_cast<std::uint8_t>(read_cell());
            if (const int kind = read_promo()) {
                if (want.promo) throw unreadable(reason("move.shatra.promotesTwice"));
                want.promo = static_cast<std::uint8_t>(kind);
                want.promo_at = static_cast<std::uint8_t>(hops);
            }
        }
        if (!hops) throw unreadable(reason("move.shatra.noTarget"));
        want.jumps = static_cast<std::uint8_t>(sep == ':' ? hops : 0);
        want.to = want.path[hops - 1];
        return w;
    }

  private:
    GameError unreadable(const nlohmann::json& why) const {
        return error("move.shatra.unreadable", {{"move", std::string(text_)}, {"why", why}});
    }

    // A piece letter in front of the first cell (Rd2-e6), or 0.
    int read_prefix() {
        if (t_.size() > 1 && std::strchr("KQRB", t_[0]) &&
            (std::islower(static_cast<unsigned char>(t_[1])) ||
             std::isdigit(static_cast<unsigned char>(t_[1])))) {
            ++i_;
            return kind_from_letter(t_[0]);
        }
        return 0;
    }

    int read_cell() {
        const std::size_t start = i_;
        if (i_ < t_.size() && t_[i_] >= 'a' && t_[i_] <= 'g') ++i_;
        while (i_ < t_.size() && i_ - start < 3 && std::isdigit(static_cast<unsigned char>(t_[i_])))
            ++i_;
        const std::string_view token = std::string_view(t_).substr(start, i_ - start);
        const int c = parse_cell(token);
        if (c < 0)
            throw unreadable(token.empty()
                                 ? reason("move.shatra.noCell")
                                 : reason("move.notCell", {{"cell", std::string(token)}}));
        return c;
    }

    // A promotion suffix: =Q, (Q) or a bare capital (Shatrabase's c12:c14R).
    int read_promo() {
        if (i_ >= t_.size()) return 0;
        std::size_t j = i_;
        const bool paren = t_[j] == '(';
        if (t_[j] == '=' || paren) ++j;
        if (j >= t_.size()) throw unreadable(reason("move.shatra.noPromotion"));
        const int kind = j > i_ ? kind_from_letter(t_[j])
                                : (std::strchr("QRB", t_[j]) ? kind_from_letter(t_[j]) : 0);
        if (!kind) {
            if (j > i_) throw unreadable(reason("move.shatra.promotion"));
            return 0;
        }
        if (kind == kBiy || kind == kShatra) throw unreadable(reason("move.shatra.promotion"));
        i_ = j + 1;
        if (paren) {
            if (i_ >= t_.size() || t_[i_] != ')') throw unreadable(reason("move.shatra.paren"));
            ++i_;
        }
        return kind;
    }

    std::string_view text_;
    std::string t_;  // the text without spaces
    std::size_t i_ = 0;
};

// What the legal moves say about a written move: the one it names (with
// its promotion, or the only one on its path when it names none), how many
// share its path, and whether any capture is legal.
struct Match {
    const Move* found = nullptr;
    int candidates = 0;
    bool capture_exists = false;
};

Match match_legal(const std::vector<Move>& legal, const Move& want) {
    Match match;
    const Move* first = nullptr;
    for (const Move& l : legal) {
        match.capture_exists |= l.jumps > 0;
        if (l.from != want.from || l.to != want.to || l.jumps != want.jumps) continue;
        if (!std::equal(l.path, l.path + l.jumps, want.path)) continue;
        ++match.candidates;
        if (!first) first = &l;
        if (l.promo == want.promo) match.found = &l;
    }
    if (!match.found && match.candidates == 1 && !want.promo) match.found = first;
    return match;
}

}  // namespace

// ---- cells -----------------------------------------------------------------

std::string cell_name(int cell) {
    return std::string(1, static_cast<char>('a' + kGeo.file[static_cast<std::size_t>(cell)])) +
           std::to_string(kGeo.rank[static_cast<std::size_t>(cell)]);
}

int parse_cell(std::string_view t) {
    long long n = 0;
    if (!t.empty() && std::isdigit(static_cast<unsigned char>(t[0])))
        return read_number(t, 1, kCells, n) ? kGeo.from_traditional[static_cast<std::size_t>(n)]
                                            : -1;
    if (t.size() < 2 || t[0] < 'a' || t[0] > 'g' || t[1] == '0' ||
        !read_number(t.substr(1), 1, kRanks, n))
        return -1;
    const int c = kGeo.at[static_cast<std::size_t>(n)][static_cast<std::size_t>(t[0] - 'a')];
    return c == kNoCell ? -1 : c;
}

// ---- moves -----------------------------------------------------------------

std::string State::move_text(Move m, Notation nt) const {
    auto name = [nt](int c) {
        return nt == Notation::Numeric
                   ? std::to_string(kGeo.traditional[static_cast<std::size_t>(c)])
                   : cell_name(c);
    };
    std::string s;
    const int kind = kind_of(pos_.board[m.from]);
    if (nt == Notation::Shatrabase && kind != kShatra) s += kLetters[kind];
    s += name(m.from);
    if (m.jumps == 0) {
        s += '-';
        s += name(m.to);
        if (m.promo) s += promo_suffix(m.promo, nt);
    }
    for (int i = 0; i < m.jumps; ++i) {
        s += ':';
        s += name(m.path[i]);
        if (m.promo && m.promo_at == i + 1) s += promo_suffix(m.promo, nt);
    }
    return s;
}

Move State::parse_move(std::string_view text) const {
    const WrittenMove written = MoveReader(text).read();
    const Move& want = written.move;
    auto illegal = [&](const nlohmann::json& why) {
        return error("move.illegal.why", {{"move", std::string(text)}, {"why", why}});
    };
    const std::uint8_t m = pos_.board[want.from];
    if (!m || colour_of(m) != pos_.side)
        throw illegal(reason("move.shatra.noMan", {{"sideGen", kColourNames[pos_.side]},
                                                   {"cell", cell_name(want.from)}}));
    if (written.prefix && written.prefix != kind_of(m))
        throw illegal(reason("move.shatra.kind",
                             {{"cell", cell_name(want.from)}, {"kind", kKindNames[kind_of(m)]}}));
    std::vector<Move> legal(kMaxMoves);
    legal.resize(static_cast<std::size_t>(generate(legal.data())));
    const Match match = match_legal(legal, want);
    if (match.found) return *match.found;
    if (outcome().over()) throw illegal(reason("over"));
    if (match.candidates > 1 && !want.promo) throw illegal(reason("move.shatra.which"));
    if (match.candidates) throw illegal(reason("move.shatra.unavailable"));
    if (match.capture_exists && want.jumps == 0) throw illegal(reason("move.shatra.capture"));
    throw error("move.illegal", {{"move", std::string(text)}});
}

// ---- presentation ----------------------------------------------------------

std::string State::render() const {
    const Pos& p = pos_;
    auto reserves = [&](int c) { return p.temdek_on(c) ? std::popcount(p.occ[c] & kHome[c]) : 0; };
    auto note = [&](int c) {
        if (rules_.original) {
            const int next = next_entry(c);
            return std::string(kColourNames[c]) + ": home " + (p.temdek_on(c) ? "closed" : "open") +
                   (next == kNoCell ? std::string() : ", " + cell_name(next) + " enters next");
        }
        return std::string(kColourNames[c]) + ": temdek " + (p.temdek_on(c) ? "on" : "off") + ", " +
               std::to_string(reserves(c)) + " in reserve";
    };
    std::string s = "        a  b  c  d  e  f  g\n";
    for (int r = kRanks; r >= 1; --r) {
        std::string line = (r < 10 ? "    " : "   ") + std::to_string(r) + "  ";
        for (int f = 0; f < kFiles; ++f) {
            const int c = kGeo.at[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
            if (c == kNoCell) {
                line += "###";
                continue;
            }
            // Fortress cells in [ ], gates in < >, the field bare; '!' marks
            // an urgent man.
            const std::uint8_t m = p.board[static_cast<std::size_t>(c)];
            const bool fort = ((kFortress[0] | kFortress[1]) & bit(c)) != 0;
            const bool gate = (kGates & bit(c)) != 0;
            line += (p.urgent & bit(c)) ? '!' : fort ? '[' : gate ? '<' : ' ';
            line += m ? man_letter(m) : '.';
            line += fort ? ']' : gate ? '>' : ' ';
        }
        if (r == 11) line += "   " + note(kBlack);
        if (r == 4) line += "   " + note(kWhite);
        if (r == 8 && p.ep_skip != kNoCell) line += "   en passant: " + cell_name(p.ep_skip);
        s += line + "\n";
        if (r == 8) s += "       =====================   ditch\n";
    }
    s += "        a  b  c  d  e  f  g\n";
    const Outcome o = outcome();
    if (o.kind == Outcome::Kind::Win)
        s += std::string(kColourNames[o.winner == Player::First ? 0 : 1]) + " wins\n";
    else if (o.kind == Outcome::Kind::Draw)
        s += "Drawn\n";
    else
        s += std::string(kColourNames[p.side]) + " to move (move " + std::to_string(p.move_number) +
             ")\n";
    return s;
}

int State::next_entry(int colour) const {
    if (!rules_.original) return kNoCell;
    for (const int c : kEntryOrder[colour])
        if (pos_.board[static_cast<std::size_t>(c)] == man(kShatra, colour)) return c;
    return kNoCell;
}

std::string State::move_help() const {
    if (rules_.original)
        return "Cells are a1..g14 (files a-g, ranks 1-14; fortresses c1-e3 and c12-e14, gates d4 "
               "and d11), or the traditional numbers 1-62. A move is from-to: d6-d7. The fortress "
               "shatras enter one at a time in a fixed order (White c3 d3 e3 c2 d2 e2 c1 d1 e1, "
               "Black e12 d12 c12 e13 d13 c13 e14 d14 c14), each onto any empty cell of the own "
               "half: c3-e7. The biy on its gate may be put there too: d4-a7. A capture chain is "
               "one move, each jump ':' and its landing cell: b5:d7:f5. A shatra reaching the far "
               "rank becomes a batyr (=Q, also mid-chain: c12:c14=Q:e14). Capturing is "
               "compulsory except for the biy, which may also stop a chain early: write the "
               "chain up to where it stops.";
    return "Cells are a1..g14 (files a-g, ranks 1-14; fortresses c1-e3 and c12-e14, gates d4 and "
           "d11), or the traditional numbers 1-62. A move or drop is from-to: c5-c7, d2-e6 (drops "
           "the tura from d2). A capture chain is one move, each jump ':' and its landing cell: "
           "c3:e5:g7. A shatra reaching its far rank adds =Q, =R or =B (also mid-chain: "
           "c12:e14=Q:e12). A piece letter may be put in front (Rd2-e6), and Shatrabase's forms "
           "(c12:c14R, 'Bg6:d9 :b7', 57-38) are read too. Capturing is compulsory except for the "
           "biy, which may also stop a chain early: write the chain up to where it stops.";
}

// Shatrabase numbers the cells 1-62 either traditionally (from Black's end,
// as asterism reads numbers) or by its internal numbering, 63 minus that,
// and its reader tells the two apart by the first move of a game: a from
// cell above 31 is traditional. A game that is not asterism's own is read
// the same way, so that Shatrabase's files import in either numbering.
void shatrabase_numbering(std::vector<std::string>& moves) {
    if (moves.empty()) return;
    std::string_view first = moves.front();
    if (first.starts_with('K') || first.starts_with('Q') || first.starts_with('R') ||
        first.starts_with('B'))
        first.remove_prefix(1);
    int from = 0;
    const auto [end, ec] = std::from_chars(first.data(), first.data() + first.size(), from);
    if (ec != std::errc() || end == first.data() || from > 31) return;
    for (std::string& move : moves) {
        std::string out;
        for (std::size_t i = 0; i < move.size();) {
            if (!std::isdigit(static_cast<unsigned char>(move[i]))) {
                out += move[i++];
                continue;
            }
            int n = 0;
            while (i < move.size() && std::isdigit(static_cast<unsigned char>(move[i])))
                n = n * 10 + (move[i++] - '0');
            out += std::to_string(n >= 1 && n <= 62 ? 63 - n : n);
        }
        move = std::move(out);
    }
}

}  // namespace asterism::shatra
