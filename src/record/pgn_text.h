// The words of PGN text that its three parts share: the scanner of its
// syntax (pgn_scan.cpp), the reader that turns a scanned game into a record
// (pgn.cpp) and the writer of records as PGN (pgn_write.cpp). Here are the
// tags that map onto record tags, the characters of a symbol token, the
// forms of a result and a date, and the registered games that PGN covers.
// Private to src/record: pgn.h is the interface.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/registry.h"

namespace asterism::pgn {

// The tags that a record's tags become, or that PGN reading turns into
// record tags; every other tag passes through under its own name.
inline constexpr std::string_view kGameSpec = "GameSpec";
inline constexpr std::string_view kVariant = "Variant";
inline constexpr std::string_view kMappedPgnTags[] = {
    "Event",    "Site",  "Date",  "Round", "White", "Black",    "Result",     "Variant",
    "GameSpec", "SetUp", "Setup", "FEN",   "SPN",   "PlyCount", "WhiteLevel", "BlackLevel",
};
inline constexpr std::string_view kMappedRecordTags[] = {
    "Game", "Position", "First", "Second", "FirstLevel", "SecondLevel",
    "Date", "Result",   "Event", "Site",   "Round",      "Comment",
};
// A record tag for the comment that PGN puts before the first move.
inline constexpr std::string_view kComment = "Comment";

// The games that PGN covers are the registered games with a PGN notation
// (GameInfo::pgn, core/registry.h), in the registry's order.
std::vector<const GameInfo*> pgn_games();

// The covered games' ids, "a, b", or their Variant names, "A and B", for
// error messages.
std::string pgn_game_words(bool names);

// The covered game `id`, or null.
const GameInfo* variant_by_id(std::string_view id);

// `s` with every `from` replaced by `to`.
std::string replace_all(std::string s, std::string_view from, std::string_view to);

// Whether [begin, end) holds `key`.
bool contains(const std::string_view* begin, const std::string_view* end, std::string_view key);

// A character of a symbol token (PGN standard, section 7).
bool is_symbol_char(char c);

// A symbol token of the PGN standard (section 7), the form of a move.
bool is_pgn_symbol(std::string_view s);

// One line, no control characters: what a tag value or comment may hold.
std::string clean(std::string_view s);

// A termination marker, or "1/2", which some programs write for a draw.
bool is_result(std::string_view r);

// The termination marker of a result: "1/2" is "1/2-1/2".
std::string normal_result(std::string_view r);

// "YYYY.MM.DD" (each figure a digit or '?') with the given separator.
bool is_date(std::string_view d, char sep);

// A date with its separator `from` made `to`.
std::string swap_separator(std::string d, char from, char to);

}  // namespace asterism::pgn
