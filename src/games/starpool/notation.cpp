// State's text: move text and parsing, position strings (spec 6) and the
// text drawing of the board.
#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include "games/starpool/errors.h"
#include "games/starpool/starpool.h"

namespace asterism::starpool {
namespace {

char letter(Piece p) {
    const char c = kMen[kind_of(p)].letter;
    return side_of(p) == 0 ? c : static_cast<char>(std::tolower(c));
}

// What is wrong with a position string; thrown by the readers below and
// reported by set_position() together with the whole string.
struct BadPosition {
    nlohmann::json why;  // a reason (errors.h)
};

using Board = std::array<Piece, kGridPoints>;

std::vector<std::string> words(std::string_view text) {
    std::vector<std::string> out;
    std::istringstream in{std::string(text)};
    for (std::string f; in >> f;) out.push_back(f);
    return out;
}

void place(Board& board, Cell c, char ch) {
    const int k = kind_of_letter(ch);
    if (k == kNoKind) throw BadPosition{reason("pos.starpool.man", {{"ch", std::string(1, ch)}})};
    board[c] = make_piece(std::isupper(static_cast<unsigned char>(ch)) ? 0 : 1, k);
}

// The nine ranks, rank 9 first, with '*' for the Star Pool.
void read_ranks(const std::string& field, Board& board) {
    int y = 9, x = 1;
    for (char ch : field) {
        if (ch == '/') {
            if (x != 10) throw BadPosition{reason("pos.starpool.fewer", {{"n", y}})};
            if (--y < 1) throw BadPosition{reason("pos.starpool.ranks")};
            x = 1;
        } else if (x > 9) {
            throw BadPosition{reason("pos.starpool.more", {{"n", y}})};
        } else if (ch == '*') {
            if (y != 5 || x != 5) throw BadPosition{reason("pos.starpool.pool")};
            ++x;
        } else if (ch >= '1' && ch <= '9') {
            const int run = ch - '0';
            if (x + run > 10) throw BadPosition{reason("pos.starpool.more", {{"n", y}})};
            if (y == 5 && x <= 5 && x + run > 5) throw BadPosition{reason("pos.starpool.run")};
            x += run;
        } else {
            if (y == 5 && x == 5) throw BadPosition{reason("pos.starpool.e5")};
            place(board, static_cast<Cell>(y * kGridSide + x), ch);
            ++x;
        }
    }
    if (y != 1 || x != 10) throw BadPosition{reason("pos.starpool.shape")};
}

void read_citadels(const std::string& cit, Board& board) {
    if (cit.size() != 6 || cit.front() != '[' || cit.back() != ']')
        throw BadPosition{reason("pos.starpool.citadels")};
    for (int i = 0; i < 4; ++i)
        if (cit[1 + i] != '-') place(board, kCitadels[i], cit[1 + i]);
}

// Bit s set: side s's King has not moved.
std::uint8_t read_king_flags(const std::string& field) {
    std::uint8_t unmoved = 0;
    if (field == "K" || field == "Kk") unmoved |= 1;
    if (field == "k" || field == "Kk") unmoved |= 2;
    if (unmoved == 0 && field != "-") throw BadPosition{reason("pos.starpool.kings")};
    return unmoved;
}

// fields[i] as a number from `low` to 9999, or `fallback` if it is absent.
int read_number(const std::vector<std::string>& fields, std::size_t i, int fallback, int low,
                Code what) {
    if (fields.size() <= i) return fallback;
    int v = 0;
    const std::string& f = fields[i];
    const auto [ptr, ec] = std::from_chars(f.data(), f.data() + f.size(), v);
    if (ec != std::errc() || ptr != f.data() + f.size() || v < low || v > 9999)
        throw BadPosition{reason(what, {{"low", low}})};
    return v;
}

}  // namespace

// ---- moves -------------------------------------------------------------------

std::string State::move_text(Move m) const {
    const char* sep = m.flags & kSwap ? "<>" : m.flags & kCapture ? "x" : "-";
    return cell_name(m.from) + sep + cell_name(m.to);
}

Move State::parse_move(std::string_view text) const {
    const std::string shown(text);
    auto unparsable = [&](const nlohmann::json& why) {
        return error("move.starpool.unreadable", {{"move", shown}, {"why", why}});
    };
    std::string_view rest = text;
    int named = kNoKind;
    if (!rest.empty() && std::isupper(static_cast<unsigned char>(rest[0]))) {
        named = kind_of_letter(rest[0]);
        if (named == kNoKind)
            throw unparsable(reason("move.starpool.letter", {{"letter", std::string(1, rest[0])}}));
        rest.remove_prefix(1);
    }
    if (rest.size() < 5) throw unparsable(reason("move.starpool.short"));
    const Cell from = parse_cell(rest.substr(0, 2));
    if (from == kNoCell)
        throw unparsable(reason("move.notCell", {{"cell", std::string(rest.substr(0, 2))}}));
    rest.remove_prefix(2);
    const bool swap = rest.substr(0, 2) == "<>";
    if (!swap && rest[0] != '-' && rest[0] != 'x')
        throw unparsable(reason("move.starpool.separator"));
    rest.remove_prefix(swap ? 2 : 1);
    const Cell to = parse_cell(rest);
    if (to == kNoCell) throw unparsable(reason("move.notCell", {{"cell", std::string(rest)}}));

    auto illegal = [&](const nlohmann::json& why) {
        return error("move.illegal.why", {{"move", shown}, {"why", why}});
    };
    const Piece p = board_[from];
    if (p == kNoPiece) throw illegal(reason("move.starpool.noMan", {{"cell", cell_name(from)}}));
    if (side_of(p) != side_)
        throw illegal(reason("move.starpool.side", {{"cell", cell_name(from)},
                                                    {"sideGen", player_name(opponent(to_move()))},
                                                    {"side2Gen", player_name(to_move())}}));
    if (named != kNoKind && named != kind_of(p))
        throw illegal(reason("move.starpool.kind", {{"cell", cell_name(from)},
                                                    {"kind", std::string(kMen[kind_of(p)].name)},
                                                    {"kind2", std::string(kMen[named].name)}}));
    Move moves[kMaxMoves];
    const int n = generate(moves);
    if (n == 0) throw illegal(reason("over"));
    for (int i = 0; i < n; ++i) {
        if (moves[i].from != from || moves[i].to != to) continue;
        if (swap != ((moves[i].flags & kSwap) != 0))
            throw illegal(
                reason(swap ? Code("move.starpool.notSwap") : Code("move.starpool.swap")));
        return moves[i];
    }
    throw illegal(reason(in_check() ? Code("move.starpool.check") : Code("move.starpool.cannot"),
                         {{"kind", std::string(kMen[kind_of(p)].name)}}));
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
    nlohmann::json why;
    try {
        why = load(read_setup(text));
    } catch (const BadPosition& bad) {
        why = bad.why;
    }
    if (!why.is_null())
        throw error("pos.starpool", {{"position", std::string(text)}, {"why", why}});
}

State::Setup State::read_setup(std::string_view text) {
    const std::vector<std::string> fields = words(text);
    if (fields.size() < 4 || fields.size() > 6) throw BadPosition{reason("pos.starpool.fields")};
    Setup setup;
    setup.board.fill(kNoPiece);
    read_ranks(fields[0], setup.board);
    read_citadels(fields[1], setup.board);
    if (fields[2] != "w" && fields[2] != "b") throw BadPosition{reason("pos.starpool.side")};
    setup.side = fields[2] == "b" ? 1 : 0;
    setup.unmoved = read_king_flags(fields[3]);
    setup.clock = read_number(fields, 4, 0, 0, "pos.starpool.clock");
    setup.fullmove = read_number(fields, 5, 1, 1, "pos.starpool.moveNumber");
    return setup;
}

// ---- drawing -----------------------------------------------------------------

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

}  // namespace asterism::starpool
