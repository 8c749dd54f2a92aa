// Digests of secrets (seat secrets, session tokens): what the store keeps
// instead of the secret, compared in time that does not depend on where
// two digests differ.
#pragma once

#include <string>
#include <string_view>

namespace asterism::server {

// SHA-256 of `secret`, in lower-case hex.
std::string digest(std::string_view secret);
// Equal (and not empty) digests, in constant time.
bool same_digest(const std::string& a, const std::string& b);

}  // namespace asterism::server
