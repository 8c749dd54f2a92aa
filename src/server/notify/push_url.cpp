// Endpoint URLs and the addresses the push client may reach (push_url.h).
#include "server/notify/push_url.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <array>
#include <cstring>

namespace asterism::server::notify {

namespace {

constexpr std::size_t kMaxUrl = 4096;
constexpr std::size_t kMaxHost = 253;

std::nullopt_t refuse(std::string& why, std::string text) {
    why = std::move(text);
    return std::nullopt;
}

bool fail(std::string& why, const char* text) {
    why = text;
    return false;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

bool printable(std::string_view s) {
    for (const char c : s)
        if (c <= ' ' || c > '~') return false;
    return true;
}

// Letters, digits, '-' and '_' in dot-separated labels of 1 to 63 bytes.
// Numeric forms such as "127.1" pass: what the name resolves to is checked
// afterwards, so the parser is not what keeps private addresses out.
bool host_name(std::string_view h) {
    if (h.empty() || h.size() > kMaxHost) return false;
    std::size_t label = 0;
    for (const char c : h) {
        if (c == '.') {
            if (label == 0) return false;
            label = 0;
            continue;
        }
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (!ok || ++label > 63) return false;
    }
    return label > 0;
}

bool read_port(std::string_view text, std::uint16_t& port) {
    if (text.empty() || text.size() > 5) return false;
    unsigned value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + static_cast<unsigned>(c - '0');
    }
    if (value == 0 || value > 65535) return false;
    port = static_cast<std::uint16_t>(value);
    return true;
}

// Splits the authority into host and port: "[v6]", "[v6]:port", "name",
// "name:port". Returns false with `why` set.
bool read_authority(std::string_view a, PushUrl& u, std::string& why) {
    if (a.find('@') != std::string_view::npos) return fail(why, "the URL has user information");
    std::string_view host = a, port;
    bool has_port = false;
    if (!a.empty() && a.front() == '[') {
        const auto close = a.find(']');
        if (close == std::string_view::npos)
            return fail(why, "the URL's IPv6 address is not closed");
        host = a.substr(1, close - 1);
        const std::string_view after = a.substr(close + 1);
        if (!after.empty() && after.front() != ':')
            return fail(why, "the URL has something after its IPv6 address");
        has_port = !after.empty();
        if (has_port) port = after.substr(1);
        in6_addr parsed{};
        if (inet_pton(AF_INET6, std::string(host).c_str(), &parsed) != 1)
            return fail(why, "the URL's IPv6 address is malformed");
        u.ipv6_literal = true;
    } else {
        const auto colon = a.find(':');
        host = a.substr(0, colon);
        has_port = colon != std::string_view::npos;
        if (has_port) port = a.substr(colon + 1);
        if (!host_name(host)) return fail(why, "the URL's host is malformed");
    }
    u.host = lower(host);
    const std::uint16_t scheme_port = u.https ? 443 : 80;
    u.port = scheme_port;
    if (has_port && !read_port(port, u.port)) return fail(why, "the URL's port is malformed");
    u.default_port = u.port == scheme_port;
    return true;
}

struct Block {
    std::uint32_t net;
    int bits;
};

// IPv4 blocks no push service lives in (RFC 6890's special-purpose list,
// the ones that matter here).
constexpr std::array<Block, 10> kBlockedV4{{
    {0x00000000, 8},   // "this network", with the unspecified address
    {0x0A000000, 8},   // private
    {0x64400000, 10},  // shared address space (carrier-grade NAT)
    {0x7F000000, 8},   // loopback
    {0xA9FE0000, 16},  // link-local
    {0xAC100000, 12},  // private
    {0xC0000000, 24},  // IETF protocol assignments
    {0xC0A80000, 16},  // private
    {0xC6120000, 15},  // benchmarking
    {0xE0000000, 3},   // multicast, reserved and broadcast
}};

bool public_v4(std::uint32_t a) {
    for (const Block& b : kBlockedV4)
        if ((a >> (32 - b.bits)) == (b.net >> (32 - b.bits))) return false;
    return true;
}

std::uint32_t v4_at(const unsigned char* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           p[3];
}

// IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses reach
// the IPv4 address inside them.
bool embeds_v4(const unsigned char* b) {
    static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    static constexpr unsigned char kNat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
    return std::memcmp(b, kMapped, 12) == 0 || std::memcmp(b, kNat64, 12) == 0;
}

bool public_v6(const unsigned char* b) {
    if (embeds_v4(b)) return public_v4(v4_at(b + 12));
    static constexpr unsigned char kZero[12] = {};
    if (std::memcmp(b, kZero, 12) == 0) return false;      // ::, ::1, IPv4-compatible
    if ((b[0] & 0xFE) == 0xFC) return false;               // unique local fc00::/7
    if (b[0] == 0xFE && (b[1] & 0xC0) != 0) return false;  // link-local, site-local
    if (b[0] == 0xFF) return false;                        // multicast
    return true;
}

// An address as 16 bytes of IPv6, IPv4 as IPv4-mapped, so one comparison
// covers every form; false for another family.
bool as_v6(const sockaddr* a, std::array<unsigned char, 16>& out) {
    static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (a->sa_family == AF_INET) {
        std::memcpy(out.data(), kMapped, 12);
        std::memcpy(out.data() + 12, &reinterpret_cast<const sockaddr_in*>(a)->sin_addr, 4);
        return true;
    }
    if (a->sa_family != AF_INET6) return false;
    const unsigned char* b = reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr.s6_addr;
    std::memcpy(out.data(), b, 16);
    if (embeds_v4(b)) std::memcpy(out.data(), kMapped, 12);  // NAT64 reaches the IPv4 inside
    return true;
}

}  // namespace

bool is_own_address(const sockaddr* a) {
    std::array<unsigned char, 16> wanted{}, mine{};
    if (!as_v6(a, wanted)) return false;
    ifaddrs* list = nullptr;
    // Without the list, no address can be shown not to be the host's own.
    if (getifaddrs(&list) != 0) return true;
    bool own = false;
    for (const ifaddrs* i = list; i && !own; i = i->ifa_next)
        own = i->ifa_addr && as_v6(i->ifa_addr, mine) && mine == wanted;
    freeifaddrs(list);
    return own;
}

std::optional<PushUrl> parse_push_url(std::string_view url, std::string& why) {
    if (url.empty() || url.size() > kMaxUrl)
        return refuse(why, "the URL is empty or longer than 4096 bytes");
    if (!printable(url)) return refuse(why, "the URL has a space or a control character");
    const auto colon = url.find("://");
    if (colon == std::string_view::npos) return refuse(why, "the URL has no scheme");
    const std::string scheme = lower(url.substr(0, colon));
    PushUrl u;
    u.https = scheme == "https";
    if (!u.https && scheme != "http") return refuse(why, "the URL's scheme is not http or https");
    std::string_view rest = url.substr(colon + 3);
    rest = rest.substr(0, rest.find('#'));
    const auto path = rest.find_first_of("/?");
    if (!read_authority(rest.substr(0, path), u, why)) return std::nullopt;
    u.target = path == std::string_view::npos ? "/" : std::string(rest.substr(path));
    if (u.target.front() == '?') u.target.insert(0, "/");
    return u;
}

std::string host_header(const PushUrl& u) {
    std::string out = u.ipv6_literal ? "[" + u.host + "]" : u.host;
    if (!u.default_port) out += ":" + std::to_string(u.port);
    return out;
}

std::string origin(const PushUrl& u) {
    return (u.https ? "https://" : "http://") + host_header(u);
}

bool is_loopback(const sockaddr* a) {
    if (a->sa_family == AF_INET) {
        const auto* in = reinterpret_cast<const sockaddr_in*>(a);
        return (ntohl(in->sin_addr.s_addr) >> 24) == 127;
    }
    if (a->sa_family != AF_INET6) return false;
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(a);
    const unsigned char* b = in6->sin6_addr.s6_addr;
    if (IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr)) return true;
    return IN6_IS_ADDR_V4MAPPED(&in6->sin6_addr) && b[12] == 127;
}

bool is_public(const sockaddr* a) {
    if (a->sa_family == AF_INET)
        return public_v4(ntohl(reinterpret_cast<const sockaddr_in*>(a)->sin_addr.s_addr));
    if (a->sa_family == AF_INET6)
        return public_v6(reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr.s6_addr);
    return false;
}

}  // namespace asterism::server::notify
