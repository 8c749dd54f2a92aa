// The one check of free text that a client stores and other people see
// (docs/server.md, "Text"): tournament names, guest names, chat messages and
// report reasons, passkey labels, account names. A text is kept in NFC, on
// one line, without control characters, bidirectional controls, invisible
// or filler characters (U+200B, U+3164, U+115F, U+2800...), private-use or
// unassigned code points, and with at most a few combining marks on one
// base character; it must show something. ICU gives the normalization and
// the characters' properties.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "server/errors.h"

namespace asterism::server {

struct TextRule {
    std::size_t max_characters = 200;  // code points, after NFC
    bool may_be_empty = false;         // "" (or only spaces) is allowed, and kept as ""
    std::size_t max_marks = 4;         // combining marks on one base character
};

// What is wrong with `text` under `rule`, as the end of a sentence that
// begins with the field's name ("holds U+202E, a bidirectional control"),
// or "" when nothing is; then `normalized` (if given) holds the text in NFC
// with white space trimmed from both ends.
std::string text_problem(std::string_view text, const TextRule& rule,
                         std::string* normalized = nullptr);

// The same as a refusal of the catalogue (errors.h) naming `field`.
Refusal text_refusal(std::string_view field, std::string_view text, const TextRule& rule,
                     std::string* normalized = nullptr);

// `text` as text_problem() normalizes it; an HttpError 400 naming `field`
// ("'name' holds U+202E, a bidirectional control") when it may not be kept.
std::string checked_text(std::string_view field, std::string_view text, const TextRule& rule);

}  // namespace asterism::server
