// Asterisk as text: moves (TYPE@CELL, CELL>TYPE, swap), position strings,
// the text board with its status lines, player names and the notation
// help. The notation and the choices behind it are in the file comment of
// asterisk.h and docs/asterisk.md.
#include <algorithm>
#include <cctype>
#include <utility>

#include "games/asterisk/asterisk.h"
#include "games/asterisk/errors.h"

namespace asterism::asterisk {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

const char* side_name(Player p) {
    return p == Player::First ? "First" : "Second";
}
const char* goal_values(GoalSet g) {
    return g == GoalSet::D ? "dark, hex, asterisk" : "light, circle, empty";
}

// Why "swap" is refused when it is not available, by mode.
nlohmann::json swap_refusal(const Rules& rules) {
    switch (rules.mode) {
        case Mode::Standard:
            return reason("move.ast.swap.standard");
        case Mode::Inverted:
            return reason(rules.pie ? Code("move.ast.swap.pie") : Code("move.ast.swap.noPie"));
        case Mode::Solitaire:
            break;
    }
    return reason("move.ast.swap.solitaire");
}

PieceType parse_type_or_throw(std::string_view text) {
    const PieceType t = parse_type(text);
    if (t != kNoPiece) return t;
    if (text == "dha" || text == "lce") throw error("move.ast.pure", {{"type", std::string(text)}});
    throw error("move.ast.type", {{"type", std::string(text)}});
}

Cell parse_cell_or_throw(const Geometry& g, std::string_view text) {
    const Cell c = g.parse(text);
    if (c != kNoCell) return c;
    const char last = static_cast<char>('a' + g.n - 1);
    throw error("move.ast.cell",
                {{"cell", std::string(text)}, {"n", g.n}, {"last", last + std::to_string(g.n)}});
}

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (std::isspace(static_cast<unsigned char>(text[pos]))) {
            ++pos;
            continue;
        }
        std::size_t end = pos;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
        out.push_back(text.substr(pos, end - pos));
        pos = end;
    }
    return out;
}

PieceType parse_digit(char ch) {
    return ch >= '1' && ch <= '6' ? static_cast<PieceType>(ch - '0') : kNoPiece;
}

// Refuses a position string with the wrong number of fields for the mode.
void check_field_count(Mode mode, std::size_t count) {
    const std::size_t want = mode == Mode::Solitaire ? 2 : mode == Mode::Inverted ? 4 : 3;
    const Code layout = mode == Mode::Solitaire  ? Code("pos.ast.fields.solitaire")
                        : mode == Mode::Inverted ? Code("pos.ast.fields.inverted")
                                                 : Code("pos.ast.fields.standard");
    if (count != want) throw error(layout, {{"n", want}, {"count", count}});
}

}  // namespace

// ---- moves as text ------------------------------------------------------------------

std::string State::move_text(Move m) const {
    if (m == kSwap) return "swap";
    const std::string type(type_name(m.type));
    if (rules_.mode != Mode::Inverted) return type + "@" + geo_->name(m.cell);
    if (m.cell == kNoCell) return ">" + type;
    return geo_->name(m.cell) + (m.type == kNoPiece ? "" : ">" + type);
}

void State::check_placement(Cell c, PieceType t, std::string_view text) const {
    if (board_[c] != kNoPiece)
        throw error("move.ast.occupied",
                    {{"cell", std::string(text)}, {"type", std::string(type_name(board_[c]))}});
    if (supply_[t] == 0) throw error("move.ast.supply", {{"type", std::string(type_name(t))}});
    if (!type_allowed(t)) throw error("move.ast.opening", {{"type", std::string(type_name(t))}});
}

State::Move State::parse_move(std::string_view raw) const {
    if (outcome().over()) throw error("over.rules.noMoves", {{"why", reason("over")}});
    const std::string text = lower(raw);
    if (text == "swap") {
        if (swap_available()) return kSwap;
        throw GameError(swap_refusal(rules_));
    }
    if (rules_.mode != Mode::Inverted) return parse_placement(text);
    return parse_inverted(text);
}

// Standard: "TYPE@CELL"; Solitaire: the same with the drawn type, or "CELL".
State::Move State::parse_placement(const std::string& text) const {
    const auto at = text.find('@');
    if (at == std::string::npos && rules_.mode == Mode::Standard)
        throw error(swap_available() ? Code("move.ast.form.swap") : Code("move.ast.form"),
                    {{"move", text}});
    const std::string_view cell_text =
        at == std::string::npos ? std::string_view(text) : std::string_view(text).substr(at + 1);
    const PieceType t = at == std::string::npos
                            ? current()
                            : parse_type_or_throw(std::string_view(text).substr(0, at));
    const Cell c = parse_cell_or_throw(*geo_, cell_text);
    if (rules_.mode == Mode::Solitaire && t != current())
        throw error("move.ast.drawn", {{"type", std::string(type_name(current()))},
                                       {"type2", std::string(type_name(t))}});
    check_placement(c, t, cell_text);
    return {c, t};
}

// Inverted: ">TYPE" first, then "CELL>TYPE", and "CELL" to end the game.
State::Move State::parse_inverted(const std::string& text) const {
    const auto gt = text.find('>');
    const std::string_view cell_text = std::string_view(text).substr(0, gt);
    const std::string_view type_text =
        gt == std::string::npos ? std::string_view() : std::string_view(text).substr(gt + 1);
    if (hand_ == kNoPiece) {
        if (gt == std::string::npos || !cell_text.empty())
            throw error("move.ast.first", {{"move", text}});
        return {kNoCell, parse_handed_type(type_text)};
    }
    const std::string handed(type_name(hand_));
    if (cell_text.empty()) throw error("move.ast.handed", {{"type", handed}});
    const Cell c = parse_cell_or_throw(*geo_, cell_text);
    if (board_[c] != kNoPiece)
        throw error("move.ast.occupied", {{"cell", std::string(cell_text)},
                                          {"type", std::string(type_name(board_[c]))}});
    const bool ends = ends_game(c, hand_);
    if (gt == std::string::npos) {
        if (!ends)
            throw error("move.ast.mustHand", {{"type", handed}, {"cell", std::string(cell_text)}});
        return {c, kNoPiece};
    }
    if (ends) throw error("move.ast.ends", {{"type", handed}, {"cell", std::string(cell_text)}});
    return {c, parse_handed_type(type_text)};
}

PieceType State::parse_handed_type(std::string_view text) const {
    const PieceType t = parse_type_or_throw(text);
    if (!type_allowed(t)) throw error("move.ast.supply", {{"type", std::string(type_name(t))}});
    return t;
}

// ---- position strings ------------------------------------------------------------------

std::string State::position() const {
    const Geometry& g = *geo_;
    std::string out;
    for (int r = 0; r < g.n; ++r) {
        if (r) out += '/';
        for (int c = 0; c <= r; ++c) {
            const PieceType t = board_[Geometry::id(r, c)];
            out += t == kNoPiece ? '.' : static_cast<char>('0' + t);
        }
    }
    if (rules_.mode == Mode::Solitaire) {
        out += ' ';
        for (int i = queue_next_; i < queue_len_; ++i) out += static_cast<char>('0' + queue_[i]);
        if (queue_next_ == queue_len_) out += '-';
        return out;
    }
    out += side_ == Player::First ? " 1 " : " 2 ";
    out += goal_char(first_goals_);
    if (rules_.mode == Mode::Inverted) {
        out += ' ';
        out += hand_ == kNoPiece ? '-' : static_cast<char>('0' + hand_);
    }
    return out;
}

void State::set_position(std::string_view text) {
    const auto fields = split_fields(text);
    check_field_count(rules_.mode, fields.size());
    State s = *this;
    s.read_rows(fields[0]);
    s.read_turn(fields);
    s.rebuild();
    s.check_turn_order();
    *this = std::move(s);
}

// The board field: the rows from the apex joined by '/', one character per
// cell, '.' or a type digit.
void State::read_rows(std::string_view rows) {
    const Geometry& g = *geo_;
    std::size_t pos = 0;
    for (int r = 0; r < g.n; ++r) {
        const std::size_t end = std::min(rows.find('/', pos), rows.size());
        const std::string_view row = rows.substr(pos, end - pos);
        if (row.size() != static_cast<std::size_t>(r + 1))
            throw error("pos.ast.rowCells", {{"r", r + 1}, {"n", row.size()}, {"m", r + 1}});
        for (int c = 0; c <= r; ++c) {
            const char ch = row[c];
            const PieceType t = parse_digit(ch);
            if (ch != '.' && t == kNoPiece)
                throw error("pos.ast.char", {{"ch", std::string(1, ch)}, {"r", r + 1}});
            board_[Geometry::id(r, c)] = t;
        }
        if (end == rows.size() && r + 1 < g.n)
            throw error("pos.ast.rows", {{"n", r + 1}, {"m", g.n}});
        pos = end + 1;
    }
    if (pos < rows.size() + 1) throw error("pos.ast.moreRows", {{"n", g.n}});
}

// The fields after the board: Solitaire's draw queue, or the side to move,
// P1's goal set and (Inverted) the handed piece.
void State::read_turn(const std::vector<std::string_view>& fields) {
    hand_ = kNoPiece;
    queue_next_ = queue_len_ = 0;
    if (rules_.mode == Mode::Solitaire) {
        const std::string_view queue = fields[1];
        if (queue != "-")
            for (char ch : queue) {
                const PieceType t = parse_digit(ch);
                if (t == kNoPiece) throw error("pos.ast.queue", {{"ch", std::string(1, ch)}});
                queue_[queue_len_++] = t;
            }
        side_ = Player::First;
        first_goals_ = GoalSet::D;
        return;
    }
    if (fields[1] != "1" && fields[1] != "2")
        throw error("pos.ast.side", {{"x", std::string(fields[1])}});
    if (fields[2] != "D" && fields[2] != "L")
        throw error("pos.ast.goals", {{"x", std::string(fields[2])}});
    side_ = fields[1] == "1" ? Player::First : Player::Second;
    first_goals_ = fields[2] == "D" ? GoalSet::D : GoalSet::L;
    if (rules_.mode == Mode::Inverted && fields[3] != "-") {
        hand_ = fields[3].size() == 1 ? parse_digit(fields[3][0]) : kNoPiece;
        if (hand_ == kNoPiece) throw error("pos.ast.hand", {{"x", std::string(fields[3])}});
    }
}

// What the turn order allows (rules 3.2 and 5.1), checked once the derived
// fields are rebuilt.
void State::check_turn_order() const {
    const int p = pieces();
    const bool over = outcome().over();
    if (rules_.mode == Mode::Solitaire && queue_len_ != empties_)
        throw error("pos.ast.draw", {{"n", queue_len_}, {"m", empties_}});
    if (rules_.mode == Mode::Standard && p < 3) {
        if (side_ != Player::First) throw error("pos.ast.opening");
        for (int t = 1; t <= kTypes; ++t)
            if (supply_[t] + 1 < geo_->cells / kTypes) throw error("pos.ast.differ");
    }
    if (rules_.mode == Mode::Inverted) {
        if (over && hand_ != kNoPiece) throw error("pos.ast.finished");
        if (!over && hand_ == kNoPiece && (p > 0 || side_ != Player::First))
            throw error("pos.ast.noHand");
        if (!over && hand_ != kNoPiece && p == 0 && side_ != Player::Second)
            throw error("pos.ast.second");
        if (!rules_.pie && p > 0 && side_ != (p % 2 ? Player::First : Player::Second))
            throw error("pos.ast.wrongSide", {{"n", p}});
    }
}

// ---- presentation -----------------------------------------------------------------------

std::string State::status() const {
    std::string out;
    std::string supply = "Supply:";
    for (int t = 1; t <= kTypes; ++t)
        supply += std::string(t > 1 ? ", " : " ") + std::string(type_name(PieceType(t))) + " " +
                  std::to_string(supply_[t]);
    const Outcome o = outcome();
    if (rules_.mode == Mode::Solitaire) {
        std::string chains;
        for (int v = 0; v < 2 * kAttributes; ++v)
            if (chains_ >> v & 1)
                chains += (chains.empty() ? "" : ", ") + std::string(value_name(v));
        if (o.kind == Outcome::Kind::Win)
            out += "Won: the last piece completed the first chain (" + chains + ").\n";
        else if (o.kind == Outcome::Kind::Loss)
            out += "Lost: a chain (" + chains + ") was completed with " +
                   std::to_string(queue_left()) + " pieces still to place.\n";
        else
            out += "Drawn piece: " + std::string(type_name(current())) + "; " +
                   std::to_string(queue_left()) + " pieces to place.\n";
        return out + supply + "\n";
    }
    const Player mover = side_, other = opponent(side_);
    if (o.over())
        out += std::string(side_name(o.winner)) + " wins with two goals of " +
               goal_values(goals(o.winner)) + ".\n";
    else
        out += std::string(side_name(mover)) + " to move.";
    out += std::string(o.over() ? "" : " ") + side_name(mover) + " has goal set " +
           goal_char(goals(mover)) + " (" + goal_values(goals(mover)) + "), " + side_name(other) +
           " has " + goal_char(goals(other)) + " (" + goal_values(goals(other)) + ").\n";
    out += "Goals held:";
    for (int a = 0; a < kAttributes; ++a) {
        std::string who = "-";
        for (int bit = 0; bit < 2; ++bit)
            if (chains_ >> value_index(a, bit) & 1)
                who = std::string(side_name(holder(GoalSet(bit)))) + " (" +
                      std::string(value_name(value_index(a, bit))) + ")";
        out += std::string(a ? ", " : " ") + std::string(attribute_name(a)) + " " + who;
    }
    out += ".\n";
    if (!o.over()) {
        if (in_opening()) {
            out += "Opening: First places " + std::to_string(3 - pieces()) +
                   " more piece(s), each of a type not yet on the board.\n";
        } else if (swap_available()) {
            out += rules_.mode == Mode::Standard
                       ? "Second may place a piece or swap goal sets (swap).\n"
                       : "First may place the handed piece or swap goal sets (swap).\n";
        }
        if (rules_.mode == Mode::Inverted)
            out += hand_ == kNoPiece ? "First hands Second the first piece (>TYPE).\n"
                                     : "Handed piece: " + std::string(type_name(hand_)) + " (" +
                                           side_name(mover) + " places it).\n";
    }
    return out + supply + "\n";
}

std::string State::render() const {
    const Geometry& g = *geo_;
    std::string out;
    // Each cell is three characters plus a space, and each row starts half a
    // cell further left than the one above, so the hex rows interlock.
    for (int r = 0; r < g.n; ++r) {
        const std::string label = std::to_string(r + 1);
        out += std::string(3 - label.size(), ' ') + label + std::string(2 * (g.n - 1 - r) + 1, ' ');
        for (int c = 0; c <= r; ++c) {
            const PieceType t = board_[Geometry::id(r, c)];
            out += t == kNoPiece ? std::string_view(" . ") : type_name(t);
            out += ' ';
        }
        while (out.back() == ' ') out.pop_back();
        out += '\n';
    }
    out += "    ";
    for (int c = 0; c < g.n; ++c) {
        out += ' ';
        out += static_cast<char>('a' + c);
        out += "  ";
    }
    while (out.back() == ' ') out.pop_back();
    return out + "\n" + status();
}

std::string State::player_name(Player p) const {
    if (rules_.mode == Mode::Solitaire) return "Player";
    return p == Player::None ? "none" : side_name(p);
}

std::string State::move_help() const {
    const std::string types =
        " Types are three letters: colour d(ark)|l(ight), shape h(ex)|c(ircle), marking "
        "a(sterisk)|e(mpty): dhe, dca, dce, lha, lhe, lca. Cells are a column letter and a "
        "row number counted from the apex: a1 is the apex, a" +
        std::to_string(geo_->n) + " and " + static_cast<char>('a' + geo_->n - 1) +
        std::to_string(geo_->n) + " the bottom corners.";
    switch (rules_.mode) {
        case Mode::Standard:
            return "A move is TYPE@CELL, e.g. dhe@c5: place a piece of that type from the supply. "
                   "The first player's three opening placements must have three different types; "
                   "then the second player may answer swap to exchange goal sets." +
                   types;
        case Mode::Inverted:
            return "The first turn is >TYPE: hand that piece to the opponent. Afterwards a turn is "
                   "CELL>TYPE, e.g. c5>lha: place the piece you were handed on CELL, then hand "
                   "TYPE to your opponent; a placement that ends the game is written CELL alone." +
                   std::string(rules_.pie ? " After the second player's first placement the first "
                                            "player may answer swap to exchange goal sets."
                                          : "") +
                   types;
        case Mode::Solitaire:
            break;
    }
    return "A move is TYPE@CELL with TYPE the drawn piece (CELL alone also works), e.g. dhe@c5. "
           "Lose if a chain of any value touching all three sides appears before the last "
           "piece; win if the last piece completes the first one." +
           types;
}

}  // namespace asterism::asterisk
