// Passwords of accounts (docs/accounts.md): argon2id digests from Debian's
// libargon2, and the rules a new password must meet (NIST SP 800-63B,
// section 5.1.1.2: at least 8 characters, long ones allowed, no composition
// rules, but not a commonly used or obvious one: cracklib judges that).
#pragma once

#include <string>
#include <string_view>

#include "server/errors.h"

namespace asterism::server::accounts {

// The argon2id parameters: OWASP's first recommended set (19 MiB, two
// passes, one lane); a digest takes ~40 ms and 19 MiB on one core, and
// AccountLimits::hashing bounds how many run at once.
struct HashSettings {
    unsigned passes = 2;
    unsigned memory_kib = 19 * 1024;
    unsigned lanes = 1;
};

// The encoded digest ("$argon2id$v=19$m=...,t=...,p=...$salt$hash") of
// `password` with a fresh 16-byte salt from the OS.
std::string hash_password(std::string_view password, const HashSettings& settings = {});
// Whether `password` matches `encoded` (any parameters the encoding names).
bool password_matches(const std::string& encoded, std::string_view password);

inline constexpr std::size_t kMinPassword = 8;    // characters
inline constexpr std::size_t kMaxPassword = 256;  // bytes

// Why `password` may not be the password of account `name` (errors.h);
// nothing when it may.
Refusal password_refusal(std::string_view name, std::string_view password);
// The same as its English line; empty when it may.
std::string password_problem(std::string_view name, std::string_view password);

}  // namespace asterism::server::accounts
