// Helpers shared by the Asterisk tests: the size table of the rules (read
// from tests/data/asterisk_sizes.txt), rules presets and hand-built positions.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/asterisk/asterisk.h"

namespace asterism::asterisk::testing {

struct SizeRow {
    int n = 0, cells = 0, per_type = 0;
    std::vector<int> rings;
    int a_prefilled = 0, a_empty = 0, b_empty = 0;
};

inline std::vector<SizeRow> load_sizes() {
    std::ifstream in(std::string(ASTERISM_TEST_DATA) + "/asterisk_sizes.txt");
    std::vector<SizeRow> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        SizeRow row;
        std::string rings;
        fields >> row.n >> row.cells >> row.per_type >> rings >> row.a_prefilled >> row.a_empty >>
            row.b_empty;
        std::istringstream ring_list(rings);
        for (std::string k; std::getline(ring_list, k, ',');) row.rings.push_back(std::stoi(k));
        rows.push_back(row);
    }
    return rows;
}

inline Rules make_rules(int n, Mode mode = Mode::Standard) {
    Rules r;
    r.size = n;
    r.mode = mode;
    return r;
}

// The board field of a position string with the named cells holding the
// named types, e.g. {{"a1", "dhe"}, {"b2", "lca"}}.
inline std::string board_field(int n,
                               const std::vector<std::pair<std::string, std::string>>& pieces) {
    const Geometry& g = geometry(n);
    std::string cells(static_cast<std::size_t>(g.cells), '.');
    for (const auto& [cell, type] : pieces) {
        const Cell c = g.parse(cell);
        const PieceType t = parse_type(type);
        EXPECT_NE(c, kNoCell) << cell;
        EXPECT_NE(t, kNoPiece) << type;
        if (c != kNoCell && t != kNoPiece) cells[c] = static_cast<char>('0' + t);
    }
    std::string out;
    for (int r = 0; r < n; ++r) {
        if (r) out += '/';
        out += cells.substr(static_cast<std::size_t>(Geometry::id(r, 0)),
                            static_cast<std::size_t>(r + 1));
    }
    return out;
}

// The name of the cell in column `column` and row `row` ("a" and 3 give
// "a3"), built without operator+ on a temporary, which GCC 12 misreads.
inline std::string cell(char column, int row) {
    std::string out(1, column);
    out += std::to_string(row);
    return out;
}

inline State::Move play(State& s, std::string_view text) {
    const State::Move m = s.parse_move(text);
    s.apply(m);
    return m;
}

inline int goal_count(const State& s, GoalSet g) {
    const ValueSet mine = g == GoalSet::D ? kValuesD : kValuesL;
    int n = 0;
    for (int v = 0; v < 6; ++v) n += (s.chains() & mine) >> v & 1;
    return n;
}

}  // namespace asterism::asterisk::testing
