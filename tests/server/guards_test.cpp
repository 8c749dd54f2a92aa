// The password-hashing slots (server/accounts/guards.h) with real threads:
// one network holds at most one slot, and the others wait their turn in the
// order they came, for a bounded time, instead of being refused at once.
// Every wait here is bounded by a count, and nothing is timed.
#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/accounts/guards.h"
#include "server/api_message.h"

namespace asterism::server::accounts {
namespace {

// Polls `done` up to ~10 s; false if it never held.
template <typename F>
bool eventually(F done) {
    for (int i = 0; i < 10'000; ++i) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
}

int status_of_enter(HashingGate& gate, const std::string& network) {
    try {
        gate.enter(network);
        gate.leave(network);
        return 200;
    } catch (const HttpError& e) {
        return e.status;
    }
}

TEST(HashingGate, ANetworkHoldsOneSlotAndOthersWaitTheirTurn) {
    HashingGate gate({2, 2, 30.0});  // two slots, two may wait, up to 30 s
    gate.enter("192.0.2.1");
    // Its second password at once is refused: a slot stays for the others.
    try {
        gate.enter("192.0.2.1");
        ADD_FAILURE() << "one network took two slots";
    } catch (const HttpError& e) {
        EXPECT_EQ(e.status, 503);
        EXPECT_NE(e.message.find("your network"), std::string::npos) << e.message;
    }
    gate.enter("192.0.2.2");  // both slots taken now
    std::mutex order_mutex;
    std::vector<std::string> order;
    auto waiter = [&](const std::string& network) {
        return std::thread([&, network] {
            gate.enter(network);
            {
                std::lock_guard lock(order_mutex);
                order.push_back(network);
            }
            gate.leave(network);
        });
    };
    std::thread third = waiter("192.0.2.3");
    ASSERT_TRUE(eventually([&] { return gate.waiting() == 1; }));
    std::thread fourth = waiter("2001:db8::/64");
    ASSERT_TRUE(eventually([&] { return gate.waiting() == 2; }));
    // The queue is full: a fifth is told so at once.
    EXPECT_EQ(status_of_enter(gate, "192.0.2.5"), 503);
    // One slot frees: the first in line takes it, and the second takes it
    // after; the first network still holds its own all along.
    gate.leave("192.0.2.2");
    third.join();
    fourth.join();
    gate.leave("192.0.2.1");
    EXPECT_EQ(order, (std::vector<std::string>{"192.0.2.3", "2001:db8::/64"}));
    EXPECT_EQ(gate.running(), 0);
    EXPECT_EQ(gate.waiting(), 0u);
}

TEST(HashingGate, AWaitIsBounded) {
    HashingGate gate({1, 4, 0.05});
    gate.enter("192.0.2.1");
    EXPECT_EQ(status_of_enter(gate, "192.0.2.2"), 503);  // after at most 50 ms
    EXPECT_EQ(gate.waiting(), 0u);
    gate.leave("192.0.2.1");
    EXPECT_EQ(status_of_enter(gate, "192.0.2.2"), 200);
    HashingGate none({0, 4, 30.0});
    EXPECT_EQ(status_of_enter(none, "192.0.2.1"), 503);  // no slot will ever free
}

}  // namespace
}  // namespace asterism::server::accounts
