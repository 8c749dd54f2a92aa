// Accounts' names (accounts.h): what a name may hold, its key for looking it
// up, its confusables skeletons, and the names no one may take.
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

#include "core/text.h"
#include "server/accounts/accounts.h"

namespace asterism::server::accounts {

namespace {

constexpr std::size_t kMinName = 2, kMaxName = 30;

// The code points of valid UTF-8 text.
std::vector<char32_t> code_points(std::string_view s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const int n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        char32_t c = n == 1 ? b : b & (0x7F >> n);
        for (int k = 1; k < n && i + static_cast<std::size_t>(k) < s.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
        out.push_back(c);
        i += static_cast<std::size_t>(n);
    }
    return out;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out.push_back(static_cast<char>(c));
    } else {  // the names' letters are all below U+0800
        out.push_back(static_cast<char>(0xC0 | (c >> 6)));
        out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
}

bool latin(char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool cyrillic(char32_t c) {
    return c >= 0x400 && c <= 0x4FF;
}

char32_t folded(char32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0x410 && c <= 0x42F) return c + 32;  // А..Я
    if (c >= 0x400 && c <= 0x40F) return c + 80;  // Ѐ..Џ, Ё among them
    return c;
}

std::string bad(Refusal* why, ErrorCode code, nlohmann::json params = nlohmann::json::object()) {
    if (why) *why = {code, std::move(params)};
    return {};
}

}  // namespace

std::string name_key(std::string_view name, Refusal* why) {
    if (!valid_utf8(name)) return bad(why, "name.utf8");
    const std::vector<char32_t> cs = code_points(name);
    if (cs.size() < kMinName || cs.size() > kMaxName)
        return bad(why, "name.length", {{"min", kMinName}, {"max", kMaxName}});
    bool has_latin = false, has_cyrillic = false;
    std::string key;
    for (const char32_t c : cs) {
        const bool digit = c >= '0' && c <= '9';
        const bool mark = c == '_' || c == '-' || c == '.';
        if (!latin(c) && !cyrillic(c) && !digit && !mark) return bad(why, "name.letters");
        has_latin |= latin(c);
        has_cyrillic |= cyrillic(c);
        append_utf8(key, folded(c));
    }
    if (has_latin && has_cyrillic) return bad(why, "name.mixed");
    if (cs.front() == '_' || cs.front() == '-' || cs.front() == '.') return bad(why, "name.begin");

    return key;
}

namespace {

// ICU's spoof checker, opened once; getting a skeleton does not change it,
// so every thread may use it at once.
const USpoofChecker* spoof_checker() {
    static const USpoofChecker* checker = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker* made = uspoof_open(&status);
        if (U_FAILURE(status))
            throw std::runtime_error(std::string("ICU spoof checker: ") + u_errorName(status));
        return made;
    }();
    return checker;
}

std::string skeleton(const icu::UnicodeString& text) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString out;
    uspoof_getSkeletonUnicodeString(spoof_checker(), 0, text, out, &status);
    if (U_FAILURE(status))
        throw std::runtime_error(std::string("ICU skeleton: ") + u_errorName(status));
    std::string utf8;
    out.toUTF8String(utf8);
    return utf8;
}

// Names no account may take, whatever their case, digits and separators:
// they would pass for the site or its staff, or for what a seat shows when
// nobody holds it (docs/accounts.md, "Names").
constexpr std::string_view kReserved[] = {
    "admin",         "administrator", "moderator", "mod",      "root",     "system", "asterism",
    "deletedplayer", "support",       "staff",     "official", "operator", "sysop",  "webmaster",
    "postmaster",    "hostmaster",    "abuse",     "security", "help",     "server", "guest",
    "anonymous",     "computer",      "nobody",    "null",     "everyone", "owner",  "team",
};

}  // namespace

std::vector<std::string> name_skeletons(std::string_view name) {
    const icu::UnicodeString typed = icu::UnicodeString::fromUTF8(
        icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
    // As typed, in lower case and in upper case: "Ill" looks like "lll" as
    // typed only, "кот" like "kot" in upper case only.
    std::vector<std::string> out{skeleton(typed), skeleton(icu::UnicodeString(typed).foldCase()),
                                 skeleton(icu::UnicodeString(typed).toUpper())};
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool reserved_name(std::string_view name) {
    static const std::set<std::string> reserved = [] {
        std::set<std::string> all;
        for (const std::string_view word : kReserved)
            for (std::string& s : name_skeletons(word)) all.insert(std::move(s));
        return all;
    }();
    // Separators go, and digits at either end ("admin_2"); digits inside
    // stay, for the skeleton to read as letters ("r00t").
    std::string letters;
    for (const char c : name)
        if (c != '_' && c != '-' && c != '.') letters.push_back(c);
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (!letters.empty() && digit(letters.back())) letters.pop_back();
    while (!letters.empty() && digit(letters.front())) letters.erase(0, 1);
    if (letters.empty()) return false;
    const std::vector<std::string> mine = name_skeletons(letters);
    return std::any_of(mine.begin(), mine.end(),
                       [](const std::string& s) { return reserved.contains(s); });
}

}  // namespace asterism::server::accounts
