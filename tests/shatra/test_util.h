// Helpers shared by the Shatra tests: building position strings from a list
// of men, listing legal moves as sorted text, and applying moves by text.
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "games/shatra/shatra.h"

namespace asterism::shatra::testing {

// A position string (8.2) from men written as a letter and a cell, upper
// case for White ("Kd4 Qd7 kd11 sd9"), followed by the remaining fields.
inline std::string setup(std::string_view men, std::string_view fields = "w - - - - 0 1") {
    char board[kCells] = {};
    std::istringstream in{std::string(men)};
    for (std::string token; in >> token;) {
        const int cell = parse_cell(token.substr(1));
        if (cell < 0) throw GameError("test setup: bad cell in " + token);
        board[cell] = token[0];
    }
    std::string s;
    for (int r = kRanks; r >= 1; --r) {
        int run = 0;
        for (int c = kRankStart[r]; c < kRankStart[r + 1]; ++c) {
            if (!board[c]) {
                ++run;
                continue;
            }
            if (run) s += std::to_string(run);
            run = 0;
            s += board[c];
        }
        if (run) s += std::to_string(run);
        if (r > 1) s += '/';
    }
    return s + " " + std::string(fields);
}

inline State make_state(Preset preset, std::string_view position) {
    State s(Rules::of(preset));
    s.set_position(position);
    return s;
}

inline State make_state(const Rules& rules, std::string_view position) {
    State s(rules);
    s.set_position(position);
    return s;
}

inline std::vector<std::string> legal(const State& s) {
    std::vector<Move> moves(State::kMaxMoves);
    moves.resize(static_cast<std::size_t>(s.generate(moves.data())));
    std::vector<std::string> out;
    for (const Move& m : moves) out.push_back(s.move_text(m));
    std::sort(out.begin(), out.end());
    return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

inline void play(State& s, std::string_view moves) {
    std::istringstream in{std::string(moves)};
    for (std::string m; in >> m;) s.apply(s.parse_move(m));
}

// Plays games whose moves are random among those after which the opponent
// cannot take the biy at once (any move when there is none). Uniformly random
// games end after about 25 plies, nearly always by a hung biy; these last
// a few hundred and reach promotions, urgent men and en passant.
// `at_ply(s)` runs before each move and at the end; returning false stops.
template <class AtPly>
void long_games(const Rules& rules, int games, std::uint64_t seed, AtPly at_ply) {
    Rng rng(seed);
    std::vector<Move> moves(State::kMaxMoves), replies(State::kMaxMoves);
    auto safe = [&](State& s, const Move& m) {
        s.apply(m);
        bool ok = true;
        const int n = s.pos().status == Pos::kOngoing ? s.generate(replies.data()) : 0;
        for (int i = 0; i < n && ok; ++i) {
            if (!replies[static_cast<std::size_t>(i)].jumps) continue;
            s.apply(replies[static_cast<std::size_t>(i)]);
            ok = s.pos().status != Pos::kWon;
            s.undo();
        }
        s.undo();
        return ok;
    };
    for (int g = 0; g < games; ++g) {
        State s(rules);
        for (int ply = 0; ply < 5000; ++ply) {
            if (!at_ply(s)) return;
            const int n = s.generate(moves.data());
            if (n == 0) break;
            std::vector<Move> ok;
            for (int i = 0; i < n; ++i)
                if (safe(s, moves[static_cast<std::size_t>(i)]))
                    ok.push_back(moves[static_cast<std::size_t>(i)]);
            const auto& pool = ok.empty() ? moves : ok;
            const auto size =
                ok.empty() ? static_cast<std::uint32_t>(n) : static_cast<std::uint32_t>(ok.size());
            s.apply(pool[rng.below(size)]);
        }
    }
}

}  // namespace asterism::shatra::testing
