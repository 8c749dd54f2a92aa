// The one admission of the server's thinking (net/fair_pool.h; issue 41,
// items 3 and 5): networks take turns, each holds at most its share of the
// threads and of the queue, long jobs never hold every thread, and work the
// server owes is never refused.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/net/fair_pool.h"

namespace asterism::server {
namespace {

// A gate jobs wait at until the test opens it; every wait is bounded.
class Gate {
  public:
    void open() { open_.store(true); }
    void wait() const {
        for (int i = 0; i < 10000 && !open_.load(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }

  private:
    std::atomic<bool> open_{false};
};

// Waits (bounded) until `done` holds; false if it never did.
template <class F>
bool eventually(F done) {
    for (int i = 0; i < 10000; ++i) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return done();
}

// The order jobs ran in, by name.
struct Log {
    std::mutex mutex;
    std::vector<std::string> order;
    void add(const std::string& name) {
        std::lock_guard lock(mutex);
        order.push_back(name);
    }
    std::size_t size() {
        std::lock_guard lock(mutex);
        return order.size();
    }
};

TEST(FairPool, NetworksTakeTurnsNotArrivalOrder) {
    Gate gate;
    Log log;
    FairPool pool({.threads = 1, .queued_per_network = 10, .max_queued = 100});
    std::atomic<bool> first_started{false};
    ASSERT_FALSE(pool.submit("attacker", [&] {
        first_started.store(true);
        gate.wait();
        log.add("a0");
    }));
    ASSERT_TRUE(eventually([&] { return first_started.load(); }));
    // The attacker queues five more before the victim asks once.
    for (int i = 1; i <= 5; ++i)
        ASSERT_FALSE(pool.submit("attacker", [&log, i] { log.add("a" + std::to_string(i)); }));
    ASSERT_FALSE(pool.submit("victim", [&] { log.add("v"); }));
    gate.open();
    ASSERT_TRUE(eventually([&] { return log.size() == 7; }));
    // The victim's job is the first started after the attacker's running
    // one, not the sixth.
    EXPECT_EQ(log.order[0], "a0");
    EXPECT_EQ(log.order[1], "a1");
    EXPECT_EQ(log.order[2], "v");
}

TEST(FairPool, OneNetworkHoldsOneThreadTheOthersGetTheRest) {
    Gate gate;
    std::atomic<int> attacker_running{0};
    std::atomic<bool> victim_ran{false};
    FairPool pool({.threads = 2, .running_per_network = 1, .queued_per_network = 10});
    for (int i = 0; i < 4; ++i)
        ASSERT_FALSE(pool.submit("2001:db8:1:2::/64", [&] {
            ++attacker_running;
            gate.wait();
        }));
    ASSERT_FALSE(pool.submit("192.0.2.7", [&] { victim_ran.store(true); }));
    // The victim runs while the attacker's first job still holds its thread.
    EXPECT_TRUE(eventually([&] { return victim_ran.load(); }));
    EXPECT_EQ(attacker_running.load(), 1);
    gate.open();
}

TEST(FairPool, SharesAreBoundedWith429And503) {
    Gate gate;
    FairPool pool({.threads = 1, .queued_per_network = 2, .max_queued = 3});
    auto blocked = [&] { gate.wait(); };
    EXPECT_FALSE(pool.submit("a", blocked));
    ASSERT_TRUE(eventually([&] { return pool.running() == 1; }));
    EXPECT_FALSE(pool.submit("a", blocked));
    const auto mine = pool.submit("a", blocked);
    ASSERT_TRUE(mine);
    EXPECT_EQ(mine->status, 429);
    EXPECT_NE(mine->reason.find("already have 2"), std::string::npos);
    EXPECT_FALSE(pool.submit("b", blocked));
    EXPECT_FALSE(pool.submit("c", blocked));
    // One running and three waiting, at most three waiting: the next
    // network's job is refused for the server's sake.
    EXPECT_EQ(pool.queued(), 3u);
    const auto full = pool.submit("d", blocked);
    ASSERT_TRUE(full);
    EXPECT_EQ(full->status, 503);
    // Work the server owes (an online opponent's move) is never refused.
    EXPECT_FALSE(pool.submit("a", blocked, FairPool::Admit::Owed));
    gate.open();
}

TEST(FairPool, LongJobsNeverHoldEveryThread) {
    Gate gate;
    std::atomic<int> long_running{0};
    std::atomic<bool> short_ran{false};
    FairPool pool({.threads = 2, .queued_per_network = 4, .long_running = 1});
    for (const char* network : {"a", "b", "c"})
        ASSERT_FALSE(pool.submit(
            network,
            [&] {
                ++long_running;
                gate.wait();
            },
            FairPool::Admit::Bounded, FairPool::Length::Long));
    ASSERT_FALSE(pool.submit("d", [&] { short_ran.store(true); }));
    EXPECT_TRUE(eventually([&] { return short_ran.load(); }));
    EXPECT_EQ(long_running.load(), 1);
    gate.open();
    EXPECT_TRUE(eventually([&] { return long_running.load() == 3; }));
}

// The operator's own requests are spared the network's share (a page on the
// same machine asks for an analysis and a computer's move at once), but not
// the server's bound on waiting jobs.
TEST(FairPool, TheOperatorsOwnRequestsAreNotHeldToANetworksShare) {
    Gate gate;
    std::atomic<bool> second_ran{false};
    FairPool pool(
        {.threads = 2, .running_per_network = 1, .queued_per_network = 1, .max_queued = 1});
    ASSERT_FALSE(pool.submit(
        "127.0.0.1", [&] { gate.wait(); }, FairPool::Admit::Own));
    ASSERT_TRUE(eventually([&] { return pool.running() == 1; }));
    ASSERT_FALSE(pool.submit(
        "127.0.0.1", [&] { second_ran.store(true); }, FairPool::Admit::Own));
    EXPECT_TRUE(eventually([&] { return second_ran.load(); }));
    ASSERT_FALSE(pool.submit(
        "127.0.0.1", [&] { gate.wait(); }, FairPool::Admit::Own));
    ASSERT_TRUE(eventually([&] { return pool.running() == 2 && pool.queued() == 0; }));
    ASSERT_FALSE(pool.submit(
        "127.0.0.1", [&] { gate.wait(); }, FairPool::Admit::Own));
    const auto full = pool.submit(
        "127.0.0.1", [&] { gate.wait(); }, FairPool::Admit::Own);
    ASSERT_TRUE(full);
    EXPECT_EQ(full->status, 503);
    gate.open();
}

TEST(FairPool, StoppingRunsWhatWaitsAndRefusesMore) {
    std::atomic<int> ran{0};
    FairPool pool({.threads = 1, .queued_per_network = 10});
    for (int i = 0; i < 5; ++i) ASSERT_FALSE(pool.submit("a", [&] { ++ran; }));
    pool.stop();
    EXPECT_EQ(ran.load(), 5);
    const auto late = pool.submit("a", [&] { ++ran; });
    ASSERT_TRUE(late);
    EXPECT_EQ(late->status, 503);
    pool.stop();  // again: harmless
}

}  // namespace
}  // namespace asterism::server
