// base64url (base64url.h).
#include "server/base64url.h"

#include <cstdint>

namespace asterism::server {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

}  // namespace

std::string base64url(std::string_view bytes) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (const char c : bytes) {
        acc = (acc << 8) | static_cast<unsigned char>(c);
        for (bits += 8; bits >= 6; bits -= 6) out.push_back(kAlphabet[(acc >> (bits - 6)) & 63]);
    }
    if (bits > 0) out.push_back(kAlphabet[(acc << (6 - bits)) & 63]);
    return out;
}

std::optional<std::string> parse_base64url(std::string_view text, std::size_t max_bytes) {
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);
    // Checked before decoding, so that a huge field costs nothing.
    if (text.size() / 4 * 3 > max_bytes + 3 && max_bytes < text.size()) return std::nullopt;
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (const char c : text) {
        const auto v = kAlphabet.find(c);
        if (v == std::string_view::npos) return std::nullopt;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((acc >> bits) & 0xFF));
        }
    }
    if (out.size() > max_bytes) return std::nullopt;
    return out;
}

}  // namespace asterism::server
