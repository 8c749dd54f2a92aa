// *Star's text (docs/starstar.md): moves as cell names or "swap", position
// strings, names and help for the players, and the character drawing.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "games/starstar/errors.h"
#include "games/starstar/starstar.h"

namespace asterism::starstar {
namespace {

char stone_char(Player p) {
    return p == kBlack ? 'X' : p == kWhite ? 'O' : '.';
}

}  // namespace

// ---------------------------------------------------------------------------
// Text: moves, positions, names.

std::string State::move_text(Move m) const {
    return m.is_swap() ? std::string("swap") : geo_->name(m.cell);
}

State::Move State::parse_move(std::string_view text) const {
    const std::string shown(text);
    if (text.size() == 4 && std::equal(text.begin(), text.end(), "swap",
                                       [](char a, char b) { return (a | 0x20) == b; })) {
        if (!rules_.swap) throw error("move.star.swapOff");
        if (!swap_legal()) throw error("move.star.swapWhen");
        return Move::swap();
    }
    nlohmann::json why;
    const Cell c = geo_->parse(text, &why);
    if (c == kNoCell) throw error("move.unreadable", {{"move", shown}, {"why", why}});
    if (stone_[c] != Player::None)
        throw error(stone_[c] == kBlack ? Code("move.star.black") : Code("move.star.white"),
                    {{"cell", geo_->name(c)}});
    return Move{c};
}

std::string State::position() const {
    std::string out;
    for (Ring x = 1; x <= geo_->rings(); ++x) {
        if (x > 1) out += '/';
        int run = 0;
        for (int i = 0; i < kArms * x; ++i) {
            const Player p = stone_[Geometry::id(x, i)];
            if (p == Player::None) {
                ++run;
                continue;
            }
            if (run > 0) out += std::to_string(run);
            run = 0;
            out += p == kBlack ? 'b' : 'w';
        }
        if (run > 0) out += std::to_string(run);
    }
    out += to_move_ == kBlack ? " b" : " w";
    return out;
}

void State::set_position(std::string_view text) {
    // Parse everything into locals first, so a bad string changes nothing.
    auto bad = [&](const nlohmann::json& why) { return error("pos.star", {{"why", why}}); };
    std::string_view body = text;
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.front())))
        body.remove_prefix(1);
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back())))
        body.remove_suffix(1);
    const std::size_t space = body.find(' ');
    if (space == std::string_view::npos || body.size() != space + 2 ||
        (body.back() != 'b' && body.back() != 'w'))
        throw bad(reason("pos.star.form"));
    const Player side = body.back() == 'b' ? kBlack : kWhite;
    body = body.substr(0, space);

    const int rings = geo_->rings();
    std::array<Player, kMaxCells> board;
    board.fill(Player::None);
    Ring x = 1;
    int i = 0;  // cells of ring x read so far
    auto finish_ring = [&] {
        if (i != kArms * x)
            throw bad(reason("pos.star.cells", {{"ring", x}, {"n", kArms * x}, {"got", i}}));
    };
    for (std::size_t pos = 0; pos < body.size(); ++pos) {
        const char ch = body[pos];
        if (ch == '/') {
            finish_ring();
            if (++x > rings) throw bad(reason("pos.star.rings", {{"rings", rings}}));
            i = 0;
        } else if (ch >= '1' && ch <= '9') {
            int run = 0;
            while (pos < body.size() && body[pos] >= '0' && body[pos] <= '9' && run <= kMaxCells)
                run = run * 10 + (body[pos++] - '0');
            --pos;
            i += run;
        } else if (ch == 'b' || ch == 'w') {
            if (i < kArms * x) board[Geometry::id(x, i)] = ch == 'b' ? kBlack : kWhite;
            ++i;
        } else {
            throw bad(reason("pos.star.unexpected", {{"ch", std::string(1, ch)}, {"ring", x}}));
        }
        if (i > kArms * x) throw bad(reason("pos.star.only", {{"ring", x}, {"n", kArms * x}}));
    }
    finish_ring();
    if (x != rings) throw bad(reason("pos.star.found", {{"x", x}, {"rings", rings}}));

    clear();
    for (Cell c = 0; c < geo_->cells(); ++c)
        if (board[c] != Player::None) place_stone(c, board[c]);
    merge_count_ = 0;  // the set-up is not undoable
    to_move_ = side;
    if (side == kWhite) hash_ ^= kZobrist.extra(0);
}

std::string State::player_name(Player p) const {
    return p == kBlack ? "Black" : p == kWhite ? "White" : "nobody";
}

std::string State::move_help() const {
    const int r = geo_->rings();
    return "Play a cell by its name Nxy: the arm letter * S T A R (clockwise; s t a r also "
           "work), the ring x counted from the centre, 1 to " +
           std::to_string(r) + (r == 10 ? " (ring 10 is written 0)" : "") +
           ", and the offset y, 0 to x-1, clockwise from the arm. Examples: *10 is the "
           "innermost cell on the * arm, S32 is ring 3, two cells past the S arm, and " +
           std::string("*") + std::to_string(r % 10) +
           "0 is a corner. There is no pass; the game ends when the board is full." +
           (rules_.swap ? " White may answer Black's first stone with 'swap', which turns that "
                          "stone white; Black then moves."
                        : "");
}

// ---------------------------------------------------------------------------
// Drawing.

std::string State::render() const {
    return draw(false);
}
std::string State::render_labels() const {
    return draw(true);
}

std::string State::draw(bool labels) const {
    // Character cells are about twice as tall as wide, hence the larger x
    // scale; these scales keep every cell of every size on its own spot with
    // at least one blank between neighbours in a row (checked by the tests),
    // and three blanks' room for names in the labelled drawing.
    const Geometry& g = *geo_;
    const double sx = labels ? 4.2 : 2.2, sy = 1.25;
    const int width = labels ? 3 : 1;
    struct Mark {
        long row, col;
        std::string text;
    };
    std::vector<Mark> marks;
    for (Cell c = 0; c < g.cells(); ++c) {
        const Point p = g.point(c);
        std::string text(1, stone_char(stone_[c]));
        if (labels) text = stone_[c] == Player::None ? g.name(c) : " " + text + " ";
        marks.push_back({std::lround(-p.y * sy), std::lround(p.x * sx) - width / 2, text});
    }
    // Arm letters just outside their corners.
    const double out = (g.rings() + 1.0) / g.rings();
    for (Arm s = 0; s < kArms; ++s) {
        const Point p = g.point(g.corner(s));
        marks.push_back({std::lround(-p.y * out * sy), std::lround(p.x * out * sx),
                         std::string(1, kArmLetters[s])});
    }
    long top = marks[0].row, bottom = top, left = marks[0].col, right = left;
    for (const Mark& m : marks) {
        top = std::min(top, m.row);
        bottom = std::max(bottom, m.row);
        left = std::min(left, m.col);
        right = std::max(right, m.col + static_cast<long>(m.text.size()));
    }
    std::vector<std::string> grid(static_cast<std::size_t>(bottom - top + 1),
                                  std::string(static_cast<std::size_t>(right - left), ' '));
    for (const Mark& m : marks)
        grid[static_cast<std::size_t>(m.row - top)].replace(static_cast<std::size_t>(m.col - left),
                                                            m.text.size(), m.text);
    std::string out_text;
    for (auto& line : grid) {
        line.erase(line.find_last_not_of(' ') + 1);
        out_text += line + '\n';
    }
    return out_text + status_text();
}

std::string State::status_text() const {
    std::string out_text;
    const Score s = current_score();
    auto side = [&](Player p) {
        const SideScore& v = s.side[index(p)];
        return player_name(p) + " " + std::to_string(v.score) + " (peries " +
               std::to_string(v.peries) + ", quarks " + std::to_string(v.quarks) + ", stars " +
               std::to_string(v.stars) + ")";
    };
    if (full()) {
        const Player w = s.leader();
        out_text +=
            "Game over: " + (w == Player::None ? std::string("draw") : player_name(w) + " wins") +
            ".\nFinal score: " + side(kBlack) + ", " + side(kWhite) + ".\n";
    } else {
        out_text += player_name(to_move_) + " (" + stone_char(to_move_) + ") to move, " +
                    std::to_string(empty_count_) + " empty cells" +
                    (swap_legal() ? ", swap allowed" : "") + ".\nEstimate: " + side(kBlack) + ", " +
                    side(kWhite) + ".\n";
    }
    return out_text;
}

}  // namespace asterism::starstar
