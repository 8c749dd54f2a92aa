// Password digests and rules (passwords.h).
#include "server/accounts/passwords.h"

#include <argon2.h>
#include <crack.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "core/os_random.h"
#include "core/text.h"

namespace asterism::server::accounts {

std::string hash_password(std::string_view password, const HashSettings& s) {
    std::array<unsigned char, 16> salt{};
    os_random_bytes(salt.data(), salt.size());
    constexpr std::size_t kHashBytes = 32;
    std::vector<char> encoded(
        argon2_encodedlen(s.passes, s.memory_kib, s.lanes, salt.size(), kHashBytes, Argon2_id));
    const int rc =
        argon2id_hash_encoded(s.passes, s.memory_kib, s.lanes, password.data(), password.size(),
                              salt.data(), salt.size(), kHashBytes, encoded.data(), encoded.size());
    if (rc != ARGON2_OK)
        throw std::runtime_error(std::string("argon2id: ") + argon2_error_message(rc));
    return encoded.data();
}

bool password_matches(const std::string& encoded, std::string_view password) {
    return argon2id_verify(encoded.c_str(), password.data(), password.size()) == ARGON2_OK;
}

namespace {

// This site's own words, which NIST asks a site to refuse beside the
// commonly used passwords ("context-specific words"); cracklib's dictionary
// holds the common ones.
constexpr std::string_view kSiteWords[] = {
    "asterism", "asterism1", "shatra", "shatra123", "starpool", "asterisk", "starstar",
};

// Why cracklib (Debian's libcrack2, with cracklib-runtime's dictionary)
// refuses `candidate`, or "". Its FascistCheck keeps state between calls,
// so one call runs at a time.
std::string cracklib_problem(const std::string& candidate) {
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    const char* dictionary = GetDefaultCracklibDict();
    if (access((std::string(dictionary) + ".pwd").c_str(), R_OK) != 0)
        throw std::runtime_error(std::string("cracklib's dictionary ") + dictionary +
                                 " cannot be read (install cracklib-runtime)");
    const char* why = FascistCheck(candidate.c_str(), dictionary);
    return why ? why : "";
}

// A password with the usual disguises taken off: digits and signs at its
// end ("passw0rd!" -> "passw0rd") and the digits and signs that stand for
// letters ("passw0rd" -> "password"). cracklib judges each form.
std::vector<std::string> undisguised(const std::string& lower) {
    std::string bare = lower;
    while (!bare.empty() && !std::isalpha(static_cast<unsigned char>(bare.back()))) bare.pop_back();
    std::string letters = bare;
    for (char& c : letters) {
        constexpr std::string_view kFrom = "0134578@$!|+", kTo = "oieastbasilt";
        if (const auto at = kFrom.find(c); at != std::string_view::npos) c = kTo[at];
    }
    return {lower, bare, letters};
}

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A run of keys or digits in order ("12345678", "87654321", "abcdefgh").
bool in_sequence(std::string_view s) {
    if (s.size() < 2) return true;
    const int step = s[1] - s[0];
    if (step != 1 && step != -1) return false;
    for (std::size_t i = 2; i < s.size(); ++i)
        if (s[i] - s[i - 1] != step) return false;
    return true;
}

std::size_t characters(std::string_view s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

Refusal password_refusal(std::string_view name, std::string_view password) {
    if (!valid_utf8(password)) return {"pw.utf8"};
    if (characters(password) < kMinPassword) return {"pw.short", {{"n", kMinPassword}}};
    if (password.size() > kMaxPassword) return {"pw.long", {{"n", kMaxPassword}}};
    const std::string lower = lower_ascii(password);
    if (std::all_of(lower.begin(), lower.end(), [&](char c) { return c == lower[0]; }))
        return {"pw.repeated"};
    if (in_sequence(lower)) return {"pw.run"};
    const std::string own = lower_ascii(name);
    if (own.size() >= 3 && lower.find(own) != std::string::npos) return {"pw.name"};
    for (std::string_view word : kSiteWords)
        if (lower == word) return {"pw.site"};
    for (const std::string& form : undisguised(lower)) {
        // cracklib calls anything under 6 characters short: not its say here.
        if (form.size() < 6) continue;
        // cracklib's own English reason, a parameter (it has no codes).
        if (const std::string why = cracklib_problem(form); !why.empty())
            return {"pw.common", {{"why", why}}};
    }
    return {};
}

std::string password_problem(std::string_view name, std::string_view password) {
    return password_refusal(name, password).line();
}

}  // namespace asterism::server::accounts
