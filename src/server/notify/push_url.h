// The push client's view of an endpoint URL and of the addresses it may
// reach (webpush.h). Inside the notify module; tests include it to check
// the parser and the address rules directly.
#pragma once

#include <sys/socket.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace asterism::server::notify {

// An absolute http(s) URL taken apart. `host` is lower case and without
// brackets; `target` is the path and query sent on the request line.
struct PushUrl {
    bool https = false;
    std::string host;
    bool ipv6_literal = false;
    std::uint16_t port = 0;
    bool default_port = true;  // no port in the URL, or the scheme's own
    std::string target;
};

// The URL taken apart, or nullopt with `why` set to one line. Only http and
// https, no user information, a host name or an IP literal, an optional
// port, printable ASCII throughout; the fragment is dropped.
std::optional<PushUrl> parse_push_url(std::string_view url, std::string& why);

// scheme://host[:port], as an origin is written (VAPID's audience) and, from
// "host" on, the Host header.
std::string origin(const PushUrl& u);
std::string host_header(const PushUrl& u);

// Loopback: 127.0.0.0/8, ::1 and IPv4-mapped loopback.
bool is_loopback(const sockaddr* a);
// An address a push service may have: not loopback, private (10/8,
// 172.16/12, 192.168/16, 100.64/10, fc00::/7), link-local, unspecified,
// multicast, broadcast or reserved, IPv4-mapped or not.
bool is_public(const sockaddr* a);
// An address of one of this host's own interfaces (getifaddrs, asked each
// time: addresses change), or an IPv4-mapped or NAT64 form of one: an
// endpoint there would have the server post to itself, on an address that
// may well be public.
bool is_own_address(const sockaddr* a);

}  // namespace asterism::server::notify
