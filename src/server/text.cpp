// The check of stored free text (text.h).
#include "server/text.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstdio>

#include "core/text.h"
#include "server/api_message.h"

namespace asterism::server {

namespace {

std::string code(UChar32 c) {
    char out[16];
    std::snprintf(out, sizeof out, "U+%04X", static_cast<unsigned>(c));
    return out;
}

// Letters that are drawn as nothing but are not marked ignorable, or that
// are and are used to pass for an empty name: the Hangul fillers and the
// blank Braille pattern.
bool filler(UChar32 c) {
    return c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0 || c == 0x2800;
}

bool blank(UChar32 c) {
    return u_isUWhiteSpace(c) != 0;
}

// What is wrong with one code point at `i` of `text` (NFC), "" if nothing;
// `marks` counts the combining marks on the current base character.
std::string character_problem(const icu::UnicodeString& text, int32_t i, std::size_t& marks,
                              const TextRule& rule) {
    const UChar32 c = text.char32At(i);
    const int8_t type = u_charType(c);
    const int32_t next = text.moveIndex32(i, 1);
    const bool after_visible = i > 0 && !blank(text.char32At(text.moveIndex32(i, -1)));
    const bool before_visible = next < text.length() && !blank(text.char32At(next));
    if (type == U_CONTROL_CHAR)
        return "holds " + code(c) + ", a control character (one line of text)";
    if (type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR)
        return "holds " + code(c) + ", a line break (one line of text)";
    if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL))
        return "holds " + code(c) + ", a bidirectional control, which reorders text";
    if (filler(c)) return "holds " + code(c) + ", a filler character that shows nothing";
    if (u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR)) {
        if (after_visible) return {};  // an emoji's or a letter's chosen form
        return "holds " + code(c) + ", a variation selector with no character before it";
    }
    if (c == 0x200C || c == 0x200D) {  // joiners: emoji sequences, Persian, Indic scripts
        if (after_visible && before_visible) return {};
        return "holds " + code(c) + ", a joiner with nothing to join";
    }
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) || type == U_FORMAT_CHAR)
        return "holds " + code(c) + ", an invisible character";
    if (type == U_PRIVATE_USE_CHAR || type == U_UNASSIGNED || type == U_SURROGATE)
        return "holds " + code(c) + ", a code point with no agreed meaning";
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK) {
        if (i == 0) return "begins with " + code(c) + ", a combining mark on nothing";
        if (++marks > rule.max_marks)
            return "has more than " + std::to_string(rule.max_marks) +
                   " combining marks on one character";
        return {};
    }
    marks = 0;
    return {};
}

}  // namespace

std::string text_problem(std::string_view text, const TextRule& rule, std::string* normalized) {
    if (!valid_utf8(text)) return "must be UTF-8 text";
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    const icu::UnicodeString nfc_text =
        U_SUCCESS(status) ? nfc->normalize(icu::UnicodeString::fromUTF8(icu::StringPiece(
                                               text.data(), static_cast<int32_t>(text.size()))),
                                           status)
                          : icu::UnicodeString();
    if (U_FAILURE(status)) return "could not be normalized";
    // Every character is checked, a line break at either end too; then the
    // white space at the ends goes.
    std::size_t marks = 0;
    for (int32_t i = 0; i < nfc_text.length(); i = nfc_text.moveIndex32(i, 1))
        if (std::string why = character_problem(nfc_text, i, marks, rule); !why.empty()) return why;
    int32_t first = 0, last = nfc_text.length();
    while (first < last && blank(nfc_text.char32At(first))) first = nfc_text.moveIndex32(first, 1);
    while (last > first && blank(nfc_text.char32At(nfc_text.moveIndex32(last, -1))))
        last = nfc_text.moveIndex32(last, -1);
    const icu::UnicodeString kept = nfc_text.tempSubStringBetween(first, last);
    const auto characters = static_cast<std::size_t>(kept.countChar32());
    if (characters == 0 && !rule.may_be_empty) return "is empty";
    if (characters > rule.max_characters)
        return "is longer than " + std::to_string(rule.max_characters) + " characters";
    if (normalized) {
        normalized->clear();
        kept.toUTF8String(*normalized);
    }
    return {};
}

std::string checked_text(std::string_view field, std::string_view text, const TextRule& rule) {
    std::string out;
    if (const std::string why = text_problem(text, rule, &out); !why.empty())
        fail(400, "'" + std::string(field) + "' " + why);
    return out;
}

}  // namespace asterism::server
