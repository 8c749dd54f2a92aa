// Password digests and rules (passwords.h).
#include "server/accounts/passwords.h"

#include <argon2.h>

#include <algorithm>
#include <array>
#include <cctype>
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

// Passwords people choose most often, and this site's own words: the list
// NIST asks a site to refuse ("commonly-used, expected, or compromised").
// A short list written here; the other rules below catch their patterns.
constexpr std::string_view kCommon[] = {
    "password",   "password1", "password123", "passw0rd",    "p@ssw0rd",   "qwerty",
    "qwertyuiop", "qwerty123", "qwerty12",    "azerty",      "asdfghjkl",  "asdfgh",
    "zxcvbnm",    "1q2w3e4r",  "1q2w3e4r5t",  "1qaz2wsx",    "qazwsx",     "iloveyou",
    "letmein",    "welcome",   "welcome1",    "monkey",      "dragon",     "football",
    "baseball",   "sunshine",  "princess",    "master",      "shadow",     "superman",
    "trustno1",   "starwars",  "whatever",    "computer",    "internet",   "michael",
    "jennifer",   "jordan23",  "freedom",     "secret",      "admin",      "administrator",
    "changeme",   "default",   "login",       "abc123",      "abcd1234",   "abcdefgh",
    "aa123456",   "a1b2c3d4",  "123qwe",      "123abc",      "zaq12wsx",   "killer",
    "hello123",   "cheese",    "pokemon",     "liverpool",   "chelsea",    "arsenal",
    "samsung",    "google",    "mustang",     "harley",      "ranger",     "batman",
    "charlie",    "summer",    "winter",      "flower",      "hunter",     "buster",
    "soccer",     "hockey",    "access",      "matrix",      "biteme",     "loveme",
    "parol",      "parol123",  "пароль",      "йцукен",      "йцукенгшщз", "любовь",
    "asterism",   "asterism1", "shatra",      "shatra123",   "starpool",   "asterisk",
    "chess",      "chess123",  "checkmate",   "grandmaster",
};

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

std::string password_problem(std::string_view name, std::string_view password) {
    if (!valid_utf8(password)) return "a password must be UTF-8 text";
    if (characters(password) < kMinPassword)
        return "a password needs at least " + std::to_string(kMinPassword) + " characters";
    if (password.size() > kMaxPassword)
        return "a password may have at most " + std::to_string(kMaxPassword) + " bytes";
    const std::string lower = lower_ascii(password);
    if (std::all_of(lower.begin(), lower.end(), [&](char c) { return c == lower[0]; }))
        return "a password of one character repeated is too easy to guess";
    if (in_sequence(lower)) return "a run of keys in order is too easy to guess";
    for (std::string_view common : kCommon)
        if (lower == common) return "that password is one of the most common; choose another";
    const std::string own = lower_ascii(name);
    if (own.size() >= 3 && lower.find(own) != std::string::npos)
        return "a password may not contain the account's name";
    return {};
}

}  // namespace asterism::server::accounts
