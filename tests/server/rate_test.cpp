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
    for (int i = 0; i < 10; ++i) EXPECT_EQ(get("127.0.0.1").status, 200);
    limits.rate_loopback = true;
    ApiRig strict_rig(limits, 1);
    Api& strict = strict_rig.api;
    int ok = 0;
    for (int i = 0; i < 10; ++i)
        ok += strict
                  .handle(ApiRequest{"GET",
                                     "/api/catalog",
                                     {},
                                     "",
                                     "127.0.0.1",
                                     {},
                                     {},
                                     nullptr,
                                     "application/json"})
                  .status == 200;
    EXPECT_EQ(ok, 3);
}

// Behind a trusted proxy a request counts as from the address the proxy
// forwards (its last X-Forwarded-For item); anyone else's header is ignored.
TEST(RateLimiter, OnlyTheTrustedProxyForwardsAddresses) {
    HttpRequest r;
    r.headers = {{"x-forwarded-for", "10.9.9.9, 203.0.113.4"}};
    EXPECT_EQ(client_address("127.0.0.1", r, "127.0.0.1"), "203.0.113.4");
    EXPECT_EQ(client_address("198.51.100.1", r, "127.0.0.1"), "198.51.100.1");
    EXPECT_EQ(client_address("127.0.0.1", r, ""), "127.0.0.1");
    r.headers = {{"x-forwarded-for", " 2001:db8::7 "}};
    EXPECT_EQ(client_address("127.0.0.1", r, "127.0.0.1"), "2001:db8::7");
    r.headers = {{"x-forwarded-for", "<script>"}};
    EXPECT_EQ(client_address("127.0.0.1", r, "127.0.0.1"), "127.0.0.1");
    r.headers = {};
    EXPECT_EQ(client_address("127.0.0.1", r, "127.0.0.1"), "127.0.0.1");
}

}  // namespace
}  // namespace asterism::server
