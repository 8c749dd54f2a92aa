// Shatra's position strings (8.2) and SPN (13.1): reading one, with the
// checks of what the board alone cannot show, and writing both.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>

#include "games/shatra/errors.h"
#include "games/shatra/shatra.h"
#include "games/shatra/text.h"

namespace asterism::shatra {

namespace {

// "too many White batyrs", by kind.
const Code kTooMany[] = {"pos.shatra.many.biy",    "pos.shatra.many.biy",
                         "pos.shatra.many.batyr",  "pos.shatra.many.tura",
                         "pos.shatra.many.yalkyn", "pos.shatra.many.shatra"};

// SPN lists cells by Shatrabase's internal number k = 63 - traditional and
// puts '/' after these internal numbers (13.1).
constexpr int kSpnBreaks[] = {9, 10, 17, 24, 31, 38, 45, 52, 53};
int spn_cell(int internal) {
    return kGeo.from_traditional[static_cast<std::size_t>(63 - internal)];
}
int spn_number(int cell) {
    return 63 - kGeo.traditional[static_cast<std::size_t>(cell)];
}

GameError bad_position(std::string_view text, const nlohmann::json& why) {
    return error("pos.shatra", {{"position", std::string(text)}, {"why", why}});
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string_view::npos ? at : at - start));
        if (at == std::string_view::npos) return out;
        start = at + 1;
    }
}

// Fills one group of cells (a rank, or an SPN group) from its text: letters
// for men, digits for runs of empty cells, '!' before an urgent man (SPN).
void read_group(std::string_view text, std::string_view group, const int* cells, int size, Pos& p,
                bool spn) {
    int i = 0;
    bool urgent = false;
    for (const char ch : group) {
        if (std::isdigit(static_cast<unsigned char>(ch)) && ch != '0' && !urgent) {
            i += ch - '0';
        } else if (spn && ch == '!' && !urgent) {
            urgent = true;
            continue;
        } else if (spn && std::strchr("yuip", ch)) {
            throw bad_position(text, reason("pos.shatra.chainMarks"));
        } else if (const int kind = kind_from_letter(ch); kind && i < size) {
            const int c = cells[i++];
            p.board[static_cast<std::size_t>(c)] =
                man(kind, std::isupper(static_cast<unsigned char>(ch)) ? kWhite : kBlack);
            if (urgent) p.urgent |= bit(c);
        } else {
            throw bad_position(text,
                               reason("pos.shatra.unexpected",
                                      {{"ch", std::string(1, ch)}, {"group", std::string(group)}}));
        }
        urgent = false;
        if (i > size) break;
    }
    if (i != size || urgent)
        throw bad_position(
            text, reason("pos.shatra.cells", {{"group", std::string(group)}, {"n", size}}));
}

int read_cell_field(std::string_view text, std::string_view field, bool spn) {
    long long n = 0;
    if (spn) {
        if (!read_number(field, 1, kCells, n))
            throw bad_position(text, reason("pos.shatra.number", {{"field", std::string(field)}}));
        return spn_cell(static_cast<int>(n));
    }
    const int c = parse_cell(field);
    if (c < 0) throw bad_position(text, reason("move.notCell", {{"cell", std::string(field)}}));
    return c;
}

// The Original form's checks (14.1, 14.2, 14.4): its men, where a shatra
// can stand, and the closure state, which follows from the board and must
// be written as it is.
void validate_original(std::string_view text, const Pos& p, const Rules& rules) {
    for (int c = 0; c < 2; ++c) {
        const std::string who = kColourNames[c];
        if (p.count[c][kBiy] > 1)
            throw bad_position(text, reason("pos.shatra.many.biy", {{"sideGen", who}}));
        if (p.count[c][kTura] || p.count[c][kYalkyn])
            throw bad_position(text, reason("pos.shatra.original"));
        if (p.count[c][kShatra] + p.count[c][kBatyr] > 23)
            throw bad_position(text, reason("pos.shatra.more23", {{"sideGen", who}}));
        for (Bits b = p.occ[c]; b; b &= b - 1) {
            const int cell = std::countr_zero(b);
            if (kind_of(p.board[static_cast<std::size_t>(cell)]) == kShatra &&
                ((kPromo[c] | bit(kGate[c])) & bit(cell)))
                throw bad_position(text, reason("pos.shatra.stand",
                                                {{"sideGen", who}, {"cell", cell_name(cell)}}));
        }
        if (p.temdek_on(c) != home_closed(p, c))
            throw bad_position(text, reason(home_closed(p, c) ? Code("pos.shatra.closed")
                                                              : Code("pos.shatra.open"),
                                            {{"sideGen", who}, {"t", c == kWhite ? "T" : "t"}}));
    }
    if (!p.count[0][kBiy] && !p.count[1][kBiy])
        throw bad_position(text, reason("pos.shatra.noBiy"));
    for (Bits b = p.urgent; b; b &= b - 1) {
        // Only a shatra that captured from its fortress into its home area
        // under fortress_landing can be urgent (D4).
        const int cell = std::countr_zero(b);
        const std::uint8_t m = p.board[static_cast<std::size_t>(cell)];
        if (!rules.fortress_landing || !m || kind_of(m) != kShatra ||
            !(kHome[colour_of(m)] & bit(cell)))
            throw bad_position(text,
                               reason("pos.shatra.urgentCapture", {{"cell", cell_name(cell)}}));
    }
    if (p.ep_skip != kNoCell) throw bad_position(text, reason("pos.shatra.noEp"));
}

// Checks what the board alone cannot: counts, temdeks, urgent marks and the
// en-passant cell, which is dropped when no enemy shatra could use it.
void validate(std::string_view text, Pos& p, const Rules& rules) {
    derive(p);
    if (rules.original) return validate_original(text, p, rules);
    for (int c = 0; c < 2; ++c) {
        for (int k = kBiy; k <= kShatra; ++k)
            if (p.count[c][k] > kInitialCount[k])
                throw bad_position(text, reason(kTooMany[k], {{"sideGen", kColourNames[c]}}));
        if (p.temdek_on(c) && !(p.occ[c] & kHome[c]))
            throw bad_position(text, reason("pos.shatra.temdek", {{"sideGen", kColourNames[c]}}));
    }
    if (!p.count[0][kBiy] && !p.count[1][kBiy])
        throw bad_position(text, reason("pos.shatra.noBiy"));
    for (Bits b = p.urgent; b; b &= b - 1) {
        const int c = std::countr_zero(b);
        const std::uint8_t m = p.board[static_cast<std::size_t>(c)];
        if (!m || !(kHome[colour_of(m)] & bit(c)) || !p.temdek_on(colour_of(m)))
            throw bad_position(text, reason("pos.shatra.urgentReserve", {{"cell", cell_name(c)}}));
    }
    if (p.ep_skip == kNoCell) return;
    const int mover = p.side ^ 1;
    const int skip = p.ep_skip;
    const int victim = kGeo.step[skip][forward(mover)];
    const int origin = kGeo.step[skip][forward(p.side)];
    if (kGeo.rank[skip] != (mover == kWhite ? 6 : 9) || p.board[static_cast<std::size_t>(skip)] ||
        p.board[static_cast<std::size_t>(origin)] ||
        p.board[static_cast<std::size_t>(victim)] != man(kShatra, mover))
        throw bad_position(text, reason("pos.shatra.ep", {{"cell", cell_name(skip)}}));
    p.ep_victim = static_cast<std::uint8_t>(victim);
    bool usable = false;
    for (int d = 0; d < kDirs; ++d) {
        const int a = kGeo.step[skip][d], b = kGeo.step[skip][(d + 4) & 7];
        usable |= a != kNoCell && b != kNoCell &&
                  p.board[static_cast<std::size_t>(a)] == man(kShatra, p.side) &&
                  !p.board[static_cast<std::size_t>(b)];
    }
    if (!usable) p.ep_skip = p.ep_victim = kNoCell;
}

// Fills the board from the first field of a position; true if it is
// written as SPN. Our strings list the 14 ranks; SPN lists 10 groups (13.1).
bool read_board(std::string_view text, std::string_view board, Pos& p) {
    const auto groups = split(board, '/');
    const bool spn = groups.size() == 10;
    if (spn) {
        int k = 1;
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const int last = g < std::size(kSpnBreaks) ? kSpnBreaks[g] : kCells;
            int cells[kCells];
            const int size = last - k + 1;
            for (int j = 0; j < size; ++j) cells[j] = spn_cell(k + j);
            read_group(text, groups[g], cells, size, p, true);
            k = last + 1;
        }
    } else if (groups.size() == kRanks) {
        for (int r = kRanks; r >= 1; --r) {
            int cells[kFiles];
            const int size = kRankStart[r + 1] - kRankStart[r];
            for (int j = 0; j < size; ++j) cells[j] = kRankStart[r] + j;
            read_group(text, groups[static_cast<std::size_t>(kRanks - r)], cells, size, p, false);
        }
    } else {
        throw bad_position(text, reason("pos.shatra.ranks"));
    }
    return spn;
}

// Reads the fields after the side to move: ours are temdeks, en passant,
// chain, urgent, clock, move number; SPN's are temdeks, chain, en passant,
// clock, move.
void read_fields(std::string_view text, const std::vector<std::string_view>& fields, bool spn,
                 Pos& p) {
    const std::size_t expected = spn ? 7 : 8;
    if (fields.size() > expected) throw bad_position(text, reason("pos.shatra.fields"));
    auto field = [&](std::size_t i) {
        return i < fields.size() ? fields[i] : std::string_view("-");
    };
    const std::string_view temdek = field(2);
    if (temdek != "-")
        for (const char ch : temdek) {
            if (ch != 'T' && ch != 't') throw bad_position(text, reason("pos.shatra.temdeks"));
            p.temdek |= static_cast<std::uint8_t>(ch == 'T' ? 1 : 2);
        }
    const std::string_view ep = field(spn ? 4 : 3), chain = field(spn ? 3 : 4);
    if (chain != "-") throw bad_position(text, reason("pos.shatra.chain"));
    if (ep != "-") p.ep_skip = static_cast<std::uint8_t>(read_cell_field(text, ep, spn));
    if (!spn && field(5) != "-")
        for (std::string_view u : split(field(5), ','))
            p.urgent |= bit(read_cell_field(text, u, false));
    long long n = 0;
    const std::string_view clock = field(spn ? 5 : 6);
    if (clock != "-") {
        if (!read_number(clock, 0, 65535, n)) throw bad_position(text, reason("pos.shatra.clock"));
        p.clock = static_cast<std::uint16_t>(n);
    }
    if (fields.size() > (spn ? 6u : 7u)) {
        if (!read_number(field(spn ? 6 : 7), 1, 1 << 30, n))
            throw bad_position(text, reason("pos.shatra.moveNumber"));
        p.move_number = static_cast<std::int32_t>(n);
    }
}

}  // namespace

std::string State::position_string() const {
    const Pos& p = pos_;
    std::string s;
    for (int r = kRanks; r >= 1; --r) {
        int run = 0;
        for (int c = kRankStart[r]; c < kRankStart[r + 1]; ++c) {
            const std::uint8_t m = p.board[static_cast<std::size_t>(c)];
            if (!m) {
                ++run;
                continue;
            }
            if (run) s += std::to_string(run);
            run = 0;
            s += man_letter(m);
        }
        if (run) s += std::to_string(run);
        if (r > 1) s += '/';
    }
    s += p.side == kWhite ? " w " : " b ";
    if (p.temdek_on(kWhite)) s += 'T';
    if (p.temdek_on(kBlack)) s += 't';
    if (!p.temdek) s += '-';
    s += ' ';
    s += p.ep_skip == kNoCell ? std::string("-") : cell_name(p.ep_skip);
    s += " - ";
    std::string urgent;
    for (Bits b = p.urgent; b; b &= b - 1) {
        if (!urgent.empty()) urgent += ',';
        urgent += cell_name(std::countr_zero(b));
    }
    s += urgent.empty() ? std::string("-") : urgent;
    s += ' ';
    s += std::to_string(p.clock);
    s += ' ';
    s += std::to_string(p.move_number);
    return s;
}

std::string State::spn() const {
    const Pos& p = pos_;
    std::string s;
    int run = 0;
    const int* brk = kSpnBreaks;
    for (int k = 1; k <= kCells; ++k) {
        const int c = spn_cell(k);
        if (const std::uint8_t m = p.board[static_cast<std::size_t>(c)]) {
            if (run) s += std::to_string(run);
            run = 0;
            if (p.urgent & bit(c)) s += '!';
            s += man_letter(m);
        } else {
            ++run;
        }
        if (brk != std::end(kSpnBreaks) && k == *brk) {
            if (run) s += std::to_string(run);
            run = 0;
            s += '/';
            ++brk;
        }
    }
    if (run) s += std::to_string(run);
    s += p.side == kWhite ? " w " : " b ";
    if (p.temdek_on(kWhite)) s += 'T';
    if (p.temdek_on(kBlack)) s += 't';
    if (!p.temdek) s += '-';
    s += " - " + (p.ep_skip == kNoCell ? std::string("-") : std::to_string(spn_number(p.ep_skip)));
    s += ' ' + (p.clock ? std::to_string(p.clock) : std::string("-")) + ' ' +
         std::to_string(p.move_number);
    return s;
}

std::string State::position() const {
    return rules_.notation == Notation::Shatrabase ? spn() : position_string();
}

void State::set_position(std::string_view text) {
    std::vector<std::string_view> fields;
    for (std::string_view f : split(text, ' '))
        if (!f.empty()) fields.push_back(f);
    if (fields.size() < 2) throw bad_position(text, reason("pos.shatra.short"));
    Pos p{};
    p.ep_skip = p.ep_victim = kNoCell;
    p.move_number = 1;
    const bool spn = read_board(text, fields[0], p);
    if (fields[1] != "w" && fields[1] != "b") throw bad_position(text, reason("pos.shatra.side"));
    p.side = fields[1] == "w" ? kWhite : kBlack;
    read_fields(text, fields, spn, p);
    validate(text, p, rules_);
    reset(p);
}

}  // namespace asterism::shatra
