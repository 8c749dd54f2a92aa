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

// What is wrong with one code point at `i` of `text` (NFC), without its
// field, or nothing;
// `marks` counts the combining marks on the current base character.
Refusal character_problem(const icu::UnicodeString& text, int32_t i, std::size_t& marks,
                          const TextRule& rule) {
    const UChar32 c = text.char32At(i);
    const int8_t type = u_charType(c);
    const int32_t next = text.moveIndex32(i, 1);
    const bool after_visible = i > 0 && !blank(text.char32At(text.moveIndex32(i, -1)));
    const bool before_visible = next < text.length() && !blank(text.char32At(next));
    if (type == U_CONTROL_CHAR) return {"text.control", {{"code", code(c)}}};
    if (type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR)
        return {"text.lineBreak", {{"code", code(c)}}};
    if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) return {"text.bidi", {{"code", code(c)}}};
    if (filler(c)) return {"text.filler", {{"code", code(c)}}};
    if (u_hasBinaryProperty(c, UCHAR_VARIATION_SELECTOR)) {
        if (after_visible) return {};  // an emoji's or a letter's chosen form
        return {"text.selector", {{"code", code(c)}}};
    }
    if (c == 0x200C || c == 0x200D) {  // joiners: emoji sequences, Persian, Indic scripts
        if (after_visible && before_visible) return {};
        return {"text.joiner", {{"code", code(c)}}};
    }
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) || type == U_FORMAT_CHAR)
        return {"text.invisible", {{"code", code(c)}}};
    if (type == U_PRIVATE_USE_CHAR || type == U_UNASSIGNED || type == U_SURROGATE)
        return {"text.unassigned", {{"code", code(c)}}};
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK) {
        if (i == 0) return {"text.markFirst", {{"code", code(c)}}};
        if (++marks > rule.max_marks) return {"text.marks", {{"n", rule.max_marks}}};
        return {};
    }
    marks = 0;
    return {};
}

}  // namespace

Refusal text_refusal(std::string_view field, std::string_view text, const TextRule& rule,
                     std::string* normalized) {
    const auto named = [&](Refusal r) {
        r.params["field"] = std::string(field);
        return r;
    };
    if (!valid_utf8(text)) return named({"text.utf8"});
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    const icu::UnicodeString nfc_text =
        U_SUCCESS(status) ? nfc->normalize(icu::UnicodeString::fromUTF8(icu::StringPiece(
                                               text.data(), static_cast<int32_t>(text.size()))),
                                           status)
                          : icu::UnicodeString();
    if (U_FAILURE(status)) return named({"text.normalize"});
    // Every character is checked, a line break at either end too; then the
    // white space at the ends goes.
    std::size_t marks = 0;
    for (int32_t i = 0; i < nfc_text.length(); i = nfc_text.moveIndex32(i, 1))
        if (Refusal why = character_problem(nfc_text, i, marks, rule)) return named(std::move(why));
    int32_t first = 0, last = nfc_text.length();
    while (first < last && blank(nfc_text.char32At(first))) first = nfc_text.moveIndex32(first, 1);
    while (last > first && blank(nfc_text.char32At(nfc_text.moveIndex32(last, -1))))
        last = nfc_text.moveIndex32(last, -1);
    const icu::UnicodeString kept = nfc_text.tempSubStringBetween(first, last);
    const auto characters = static_cast<std::size_t>(kept.countChar32());
    if (characters == 0 && !rule.may_be_empty) return named({"text.empty"});
    if (characters > rule.max_characters) return named({"text.long", {{"n", rule.max_characters}}});
    if (normalized) {
        normalized->clear();
        kept.toUTF8String(*normalized);
    }
    return {};
}

std::string text_problem(std::string_view text, const TextRule& rule, std::string* normalized) {
    // Every text.* line begins with "'{field}' ": the line of an empty
    // field without those three characters is the sentence's end.
    const std::string line = text_refusal("", text, rule, normalized).line();
    return line.empty() ? line : line.substr(3);
}

std::string checked_text(std::string_view field, std::string_view text, const TextRule& rule) {
    std::string out;
    if (const Refusal why = text_refusal(field, text, rule, &out)) fail(why);
    return out;
}

}  // namespace asterism::server
