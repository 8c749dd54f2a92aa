// The per-address request rate (limits.h RateLimiter, ApiLimits): a burst,
// then the sustained rate; other addresses unaffected; the table of
// addresses bounded; the API's 429 with its one-line message, loopback
// exempt unless asked.
#include <gtest/gtest.h>

#include "server/api.h"
#include "server/api_rig.h"
#include "server/net/limits.h"
#include "server/net/message.h"

namespace asterism::server {
namespace {

TEST(RateLimiter, ABurstThenTheSustainedRate) {
    RateLimiter r(10, 5);
    int allowed = 0;
    for (int i = 0; i < 20; ++i) allowed += r.allow("10.0.0.1", 100.0);
    EXPECT_EQ(allowed, 5);
    EXPECT_TRUE(r.allow("10.0.0.2", 100.0));    // another address has its own bucket
    EXPECT_FALSE(r.allow("10.0.0.1", 100.05));  // half a token back
    // Two and a half tokens after 0.25 s at 10 a second: two requests.
    EXPECT_TRUE(r.allow("10.0.0.1", 100.25));
    EXPECT_TRUE(r.allow("10.0.0.1", 100.25));
    EXPECT_FALSE(r.allow("10.0.0.1", 100.25));
    allowed = 0;
    for (int i = 0; i < 20; ++i) allowed += r.allow("10.0.0.1", 200.0);
    EXPECT_EQ(allowed, 5);  // refilled to the burst, not beyond
}

TEST(RateLimiter, TheTableOfAddressesIsBounded) {
    RateLimiter r(1, 2, 100);
    for (int i = 0; i < 10000; ++i) r.allow("10.1." + std::to_string(i), 1.0 + i * 1e-6);
    EXPECT_LE(r.clients(), 100u);
}

TEST(RateLimiter, TheApiAnswers429PerAddressAndSparesLoopback) {
    ApiLimits limits;
    limits.rate_per_second = 1;
    limits.rate_burst = 3;
    ApiRig rig(limits, 1);
    Api& api = rig.api;
    auto get = [&](const char* client) {
        return api.handle(
            ApiRequest{"GET", "/api/catalog", {}, "", client, {}, {}, nullptr, "application/json"});
    };
    for (int i = 0; i < 3; ++i) EXPECT_EQ(get("192.0.2.7").status, 200);
    const ApiResponse refused = get("192.0.2.7");
    EXPECT_EQ(refused.status, 429);
    EXPECT_NE(refused.body["error"].get<std::string>().find("too many requests"),
              std::string::npos);
    EXPECT_EQ(get("192.0.2.8").status, 200);
    // The operator's own requests are spared; a forwarded 127.0.0.1 is not.
    for (int i = 0; i < 10; ++i) {
        ApiRequest own{"GET",   "/api/catalog",    {}, "", "127.0.0.1", {}, {},
                       nullptr, "application/json"};
        own.local = true;
        EXPECT_EQ(api.handle(own).status, 200);
    }
    for (int i = 0; i < 3; ++i) EXPECT_EQ(get("127.0.0.1").status, 200);
    EXPECT_EQ(get("127.0.0.1").status, 429);
    limits.rate_loopback = true;
    ApiRig strict_rig(limits, 1);
    Api& strict = strict_rig.api;
    int ok = 0;
    for (int i = 0; i < 10; ++i) {
        ApiRequest own{"GET",   "/api/catalog",    {}, "", "127.0.0.1", {}, {},
                       nullptr, "application/json"};
        own.local = true;
        ok += strict.handle(own).status == 200;
    }
    EXPECT_EQ(ok, 3);
}

// Behind a trusted proxy a request counts as from the address the proxy
// forwards (its last X-Forwarded-For item); anyone else's header is ignored.
TEST(ClientOrigin, OnlyTheTrustedProxyForwardsAddresses) {
    const auto network = [](const std::string& peer, const HttpRequest& r,
                            const std::string& proxy) {
        return client_origin(peer, r, proxy, 64).network;
    };
    HttpRequest r;
    r.headers = {{"x-forwarded-for", "10.9.9.9, 203.0.113.4"}};
    EXPECT_EQ(network("127.0.0.1", r, "127.0.0.1"), "203.0.113.4");
    EXPECT_EQ(network("198.51.100.1", r, "127.0.0.1"), "198.51.100.1");
    EXPECT_EQ(network("127.0.0.1", r, ""), "127.0.0.1");
    r.headers = {{"x-forwarded-for", " 2001:db8::7 "}};
    EXPECT_EQ(network("127.0.0.1", r, "127.0.0.1"), "2001:db8::/64");
    r.headers = {{"x-forwarded-for", "<script>"}};
    EXPECT_EQ(network("127.0.0.1", r, "127.0.0.1"), "127.0.0.1");
    r.headers = {{"x-forwarded-for", "999.1.1.1"}};
    EXPECT_EQ(network("127.0.0.1", r, "127.0.0.1"), "127.0.0.1");
    r.headers = {};
    EXPECT_EQ(network("127.0.0.1", r, "127.0.0.1"), "127.0.0.1");
}

// Issue 41, item 1: behind the packaged nginx every request came from
// 127.0.0.1 and was spared every cap. Only a request made on this machine
// and not forwarded is the operator's own; being the proxy's address
// grants nothing, whether or not the proxy is trusted.
TEST(ClientOrigin, AForwardedRequestIsNeverTheOperators) {
    HttpRequest direct;
    EXPECT_TRUE(client_origin("127.0.0.1", direct, "127.0.0.1", 64).local);
    EXPECT_TRUE(client_origin("::1", direct, "", 64).local);
    EXPECT_TRUE(client_origin("127.0.0.1", direct, "", 64).local);
    EXPECT_FALSE(client_origin("192.0.2.1", direct, "", 64).local);
    HttpRequest forwarded;
    forwarded.headers = {{"x-forwarded-for", "198.51.100.20"}};
    EXPECT_FALSE(client_origin("127.0.0.1", forwarded, "127.0.0.1", 64).local);
    EXPECT_FALSE(client_origin("127.0.0.1", forwarded, "", 64).local);
    forwarded.headers = {{"x-forwarded-for", "127.0.0.1"}};
    const ClientOrigin spoofed = client_origin("127.0.0.1", forwarded, "127.0.0.1", 64);
    EXPECT_FALSE(spoofed.local);
    EXPECT_EQ(spoofed.network, "127.0.0.1");
}

// Issue 41, item 2: a home connection has a whole IPv6 /64, so every
// per-client limit counts the /64 (the prefix length is the operator's).
TEST(ClientOrigin, IPv6AddressesCountByTheirNetwork) {
    EXPECT_EQ(network_of("2001:db8:1:2:aaaa::1", 64), "2001:db8:1:2::/64");
    EXPECT_EQ(network_of("2001:db8:1:2:bbbb:cccc:dddd:eeee", 64), "2001:db8:1:2::/64");
    EXPECT_NE(network_of("2001:db8:1:3::1", 64), network_of("2001:db8:1:2::1", 64));
    EXPECT_EQ(network_of("2001:db8:1:2ff::1", 56), "2001:db8:1:200::/56");
    EXPECT_EQ(network_of("2001:DB8::1", 128), "2001:db8::1/128");
    EXPECT_EQ(network_of("::ffff:192.0.2.9", 64), "192.0.2.9");
    EXPECT_EQ(network_of("192.0.2.9", 64), "192.0.2.9");
    EXPECT_EQ(network_of("not an address", 64), "not an address");
}

// Issue 41, item 7: a full table of buckets was wiped whole, which handed a
// guesser a fresh burst; now only the bucket used longest ago goes.
TEST(RateLimiter, AFullTableForgetsTheOldestNotEveryone) {
    RateLimiter r(0.001, 2, 3);
    EXPECT_TRUE(r.allow("guessed", 1.0));
    EXPECT_TRUE(r.allow("guessed", 1.0));
    EXPECT_FALSE(r.allow("guessed", 1.0));
    for (int i = 0; i < 50; ++i) {
        // Others fill the table; the guessed name keeps being tried.
        r.allow("other" + std::to_string(i), 2.0 + i);
        EXPECT_FALSE(r.allow("guessed", 2.0 + i)) << i;
    }
    EXPECT_LE(r.clients(), 3u);
}

}  // namespace
}  // namespace asterism::server
