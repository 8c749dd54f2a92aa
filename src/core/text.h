// Text that comes from outside (a move, a game spec, a URL path, a protocol
// line) and goes back out inside a message. A client can send any bytes,
// so a message must never grow with what it quotes, never be cut short by a
// NUL byte (what() is a C string) and never carry bytes that break the
// JSON or the terminal it is written to.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace asterism {

// Longest message a GameError keeps; longer ones end in "...".
inline constexpr std::size_t kMaxMessage = 1000;
// Longest piece of client text a message quotes by default.
inline constexpr std::size_t kMaxQuoted = 64;

// `text` with control bytes, DEL and bytes that are not well-formed UTF-8
// written as \xNN, cut to at most `max_bytes` bytes of output (the cut ends
// in "..."). Valid UTF-8 letters are kept. A backslash is left as it is, so
// that text made printable once (a quoted move inside a GameError) is not
// escaped again.
std::string printable(std::string_view text, std::size_t max_bytes = kMaxMessage);

// `text` as printable() makes it, cut at kMaxQuoted, between single quotes:
// the form every message uses for what the client sent.
std::string quote(std::string_view text, std::size_t max_bytes = kMaxQuoted);

// True when `text` is well-formed UTF-8 (no overlong forms, no surrogates,
// nothing above U+10FFFF).
bool valid_utf8(std::string_view text);

// For a name people see (a player's display name): "" when every letter of
// `text` (valid UTF-8) is one a person can see, else the first that is not,
// as "U+202E": control characters (C0, DEL, C1 such as U+0085), line and
// paragraph separators, and the invisible format characters that reorder or
// hide text (bidirectional overrides and isolates, zero-width letters, the
// byte-order mark, interlinear annotations, tags).
std::string invisible_character(std::string_view text);

// Reads one line (without its '\n' and a '\r' before it) of at most
// `max_bytes` bytes. A longer line is read to its end and dropped (`line`
// is left empty), so that memory stays bounded whatever the input; the
// result says so.
enum class LineRead { Ok, TooLong, End };
LineRead read_line(std::istream& in, std::string& line, std::size_t max_bytes);

}  // namespace asterism
