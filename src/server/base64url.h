// base64url (RFC 4648 section 5), written without padding: the binary
// fields of WebAuthn's ceremonies and of Web Push subscriptions and tokens.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace asterism::server {

std::string base64url(std::string_view bytes);
// The bytes `text` encodes (padding tolerated); nothing for any other
// character, or for more than `max_bytes` bytes.
std::optional<std::string> parse_base64url(
    std::string_view text, std::size_t max_bytes = std::numeric_limits<std::size_t>::max());

}  // namespace asterism::server
