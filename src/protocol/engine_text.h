// The words of the engine protocol's commands (protocol/engine.cpp): COLOR
// arguments by the game's own player names, numbers and times, lists of
// moves, and the lines in which `analyze` reports.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "search/agent.h"

namespace asterism::engine_text {

// `s` in lower case.
std::string lower(std::string_view s);

// The words joined by `sep`.
std::string join(const std::vector<std::string>& words, std::string_view sep);

// A player's COLOR word: the game's name for it in lower case, or "none".
std::string color_name(const Game& game, Player p);

// COLOR arguments: the game's own player names, their initials when these
// differ, 1 and 2, first and second, all without regard to case.
Player parse_color(const Game& game, std::string_view text);

// The whole of `text` as a number; GameError "bad WHAT 'text'" otherwise.
template <class T>
T parse_number(const std::string& text, const char* what) {
    T value{};
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        throw GameError("bad " + std::string(what) + " '" + text + "'");
    return value;
}

// A time in seconds: finite and not negative.
double parse_seconds(const std::string& text);

// A count: a whole number, not negative.
int parse_count(const std::string& text, const char* what);

// One analysis update in the line layout of Leela Zero's lz-analyze, which
// GTP front ends already read: "info move M visits N winrate W pv M ..." for
// each candidate, best first, on one line; W is from 0 to 1 as in KataGo's
// kata-analyze (Leela Zero writes 0 to 10000). A proven candidate has
// "proven +N" (a win in N plies) or "proven -N" (a loss in N) before its pv;
// the ownership map, when asked for, ends the line.
std::string info_line(const Analysis& a, Player mover);

}  // namespace asterism::engine_text
