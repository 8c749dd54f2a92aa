// The letters, names and numbers of Shatra's text that its readers and
// writers share: moves and the text board (notation.cpp), position strings
// and SPN (position.cpp) and the drawing (view.cpp). Private to the game's
// folder.
#pragma once

#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "games/shatra/board.h"

namespace asterism::shatra {

// The letter of each kind (1.2), upper case; index 0 is no man.
inline constexpr char kLetters[] = " KQRBS";
inline constexpr const char* kKindNames[] = {"", "biy", "batyr", "tura", "yalkyn", "shatra"};
inline constexpr const char* kColourNames[] = {"White", "Black"};

// A man's letter: upper case for White, lower case for Black.
inline char man_letter(std::uint8_t m) {
    const char c = kLetters[kind_of(m)];
    return colour_of(m) == kWhite ? c : static_cast<char>(std::tolower(c));
}

// The kind a letter names, in either case; 0 for none.
inline int kind_from_letter(char c) {
    const char* p = std::strchr(kLetters + 1, std::toupper(static_cast<unsigned char>(c)));
    return c && p ? static_cast<int>(p - kLetters) : 0;
}

// Whether `s` is a whole decimal number in [lo, hi], put in `out`.
inline bool read_number(std::string_view s, long long lo, long long hi, long long& out) {
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && ptr == s.data() + s.size() && out >= lo && out <= hi;
}

}  // namespace asterism::shatra
