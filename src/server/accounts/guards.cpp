// The wrong-guess limits and the hashing slots of accounts (guards.h).
#include "server/accounts/guards.h"

#include <algorithm>
#include <chrono>

#include "server/api_message.h"

namespace asterism::server::accounts {

double FailureGuard::level(const Bucket& b, double now, double per_second, double burst) {
    return std::min(burst, b.tokens + std::max(0.0, now - b.at) * per_second);
}

void FailureGuard::forget_stale(Name& n, double now) const {
    const double horizon = now - limits_.remember_minutes * 60;
    std::erase_if(n.networks, [&](const auto& entry) { return entry.second.at < horizon; });
}

// Room for one more name: first those whose failures are older than the
// memory, then the one that failed longest ago.
void FailureGuard::make_room(double now) {
    const double horizon = now - limits_.remember_minutes * 60;
    std::erase_if(names_, [&](const auto& entry) { return entry.second.last_failed < horizon; });
    if (names_.size() < limits_.max_names || names_.empty()) return;
    const auto oldest = std::min_element(
        names_.begin(), names_.end(),
        [](const auto& a, const auto& b) { return a.second.last_failed < b.second.last_failed; });
    names_.erase(oldest);
}

FailureGuard::Held FailureGuard::refused(const std::string& name, const std::string& network,
                                         double now) {
    std::lock_guard lock(mutex_);
    const auto it = names_.find(name);
    if (it == names_.end()) return Held::no;
    Name& n = it->second;
    forget_stale(n, now);
    const auto pair = n.networks.find(network);
    // A network that has not failed on this name is never held back.
    if (pair == n.networks.end()) return Held::no;
    if (level(pair->second, now, limits_.pair_per_minute / 60, limits_.pair_burst) < 1)
        return Held::network;
    if (level(n.bucket, now, limits_.name_per_hour / 3600, limits_.name_burst) < 1)
        return Held::account;
    return Held::no;
}

void FailureGuard::failed(const std::string& name, const std::string& network, double now) {
    std::lock_guard lock(mutex_);
    if (!names_.contains(name) && names_.size() >= limits_.max_names) make_room(now);
    auto [it, made] = names_.try_emplace(name);
    Name& n = it->second;
    if (made) n.bucket = {limits_.name_burst, now};
    forget_stale(n, now);
    n.bucket.tokens =
        std::max(0.0, level(n.bucket, now, limits_.name_per_hour / 3600, limits_.name_burst) - 1);
    n.bucket.at = now;
    n.last_failed = now;
    if (!n.networks.contains(network) && n.networks.size() >= limits_.networks_per_name) {
        const auto oldest = std::min_element(
            n.networks.begin(), n.networks.end(),
            [](const auto& a, const auto& b) { return a.second.at < b.second.at; });
        n.networks.erase(oldest);
    }
    auto [pair, fresh] = n.networks.try_emplace(network);
    if (fresh) pair->second = {limits_.pair_burst, now};
    Bucket& b = pair->second;
    b.tokens = std::max(0.0, level(b, now, limits_.pair_per_minute / 60, limits_.pair_burst) - 1);
    b.at = now;
}

void FailureGuard::succeeded(const std::string& name, const std::string& network) {
    std::lock_guard lock(mutex_);
    if (const auto it = names_.find(name); it != names_.end()) it->second.networks.erase(network);
}

std::size_t FailureGuard::names() const {
    std::lock_guard lock(mutex_);
    return names_.size();
}

void HashingGate::enter(const std::string& network) {
    std::unique_lock lock(mutex_);
    if (limits_.slots <= 0) fail("limit.passwords");
    // One network, one slot: its second request at once is refused, so
    // that it never holds a slot and a place in the queue together.
    if (inside_.contains(network)) fail("acc.hashing.network");
    if (running_ < limits_.slots && queue_.empty()) {
        ++running_;
        inside_[network] = 1;
        return;
    }
    if (queue_.size() >= limits_.max_waiting) fail("limit.passwords");
    const std::uint64_t ticket = next_ticket_++;
    queue_.push_back(ticket);
    inside_[network] = 1;
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(limits_.max_wait_seconds));
    const bool turn = freed_.wait_until(
        lock, deadline, [&] { return running_ < limits_.slots && queue_.front() == ticket; });
    queue_.erase(std::find(queue_.begin(), queue_.end(), ticket));
    if (!turn) {
        inside_.erase(network);
        freed_.notify_all();  // the next in line may be first now
        fail("limit.passwords");
    }
    ++running_;
    freed_.notify_all();
}

void HashingGate::leave(const std::string& network) {
    {
        std::lock_guard lock(mutex_);
        --running_;
        inside_.erase(network);
    }
    freed_.notify_all();
}

std::size_t HashingGate::waiting() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

int HashingGate::running() const {
    std::lock_guard lock(mutex_);
    return running_;
}

HashingSlot::HashingSlot(HashingGate& gate, std::string network)
    : gate_(gate), network_(std::move(network)) {
    gate_.enter(network_);
}

}  // namespace asterism::server::accounts
