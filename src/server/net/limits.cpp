// The worker pool, who a request is from, and the rate limiter (limits.h).
#include "server/net/limits.h"

#include "server/net/message.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <iterator>

namespace asterism::server {

WorkerPool::WorkerPool(int threads, std::size_t max_queued) : max_queued_(max_queued) {
    for (int i = 0; i < std::max(threads, 1); ++i) threads_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    ready_.notify_all();
    for (auto& t : threads_) t.join();
}

bool WorkerPool::submit(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= max_queued_) return false;
        queue_.push_back(std::move(job));
    }
    ready_.notify_one();
    return true;
}

void WorkerPool::work() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            job = std::move(queue_.front());
            queue_.pop_front();
            ++busy_;
        }
        job();
        std::lock_guard lock(mutex_);
        --busy_;
    }
}

std::size_t WorkerPool::queued() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

std::size_t WorkerPool::busy() const {
    std::lock_guard lock(mutex_);
    return busy_;
}

RateLimiter::RateLimiter(double per_second, double burst, std::size_t max_clients)
    : per_second_(per_second), burst_(std::max(1.0, burst)), max_clients_(max_clients) {}

double RateLimiter::refilled(const Bucket& b, double now) const {
    return std::min(burst_, b.tokens + (now - b.at) * per_second_);
}

void RateLimiter::make_room(double now) {
    std::erase_if(buckets_, [&](const auto& kv) {
        if (refilled(kv.second, now) < burst_) return false;
        uses_.erase(kv.second.use);
        return true;
    });
    if (buckets_.size() < max_clients_) return;
    buckets_.erase(uses_.front());
    uses_.pop_front();
}

bool RateLimiter::allow(const std::string& client, double now) {
    std::lock_guard lock(mutex_);
    auto it = buckets_.find(client);
    if (it == buckets_.end()) {
        if (buckets_.size() >= max_clients_) make_room(now);
        uses_.push_back(client);
        it = buckets_.emplace(client, Bucket{burst_, now, std::prev(uses_.end())}).first;
    } else {
        uses_.splice(uses_.end(), uses_, it->second.use);
    }
    Bucket& b = it->second;
    b.tokens = refilled(b, now);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
}

std::size_t RateLimiter::clients() const {
    std::lock_guard lock(mutex_);
    return buckets_.size();
}

bool loopback_address(const std::string& address) {
    return address.starts_with("127.") || address == "::1" || address.starts_with("::ffff:127.");
}

std::string network_of(const std::string& address, int ipv6_prefix) {
    in_addr v4{};
    if (inet_pton(AF_INET, address.c_str(), &v4) == 1) {
        char text[INET_ADDRSTRLEN];
        return inet_ntop(AF_INET, &v4, text, sizeof text);
    }
    in6_addr v6{};
    if (inet_pton(AF_INET6, address.c_str(), &v6) != 1) return address;
    char text[INET6_ADDRSTRLEN];
    if (IN6_IS_ADDR_V4MAPPED(&v6)) return inet_ntop(AF_INET, &v6.s6_addr[12], text, sizeof text);
    const int bits = std::clamp(ipv6_prefix, 0, 128);
    for (int i = 0; i < 16; ++i) {
        const int keep = std::clamp(bits - 8 * i, 0, 8);
        v6.s6_addr[i] &= static_cast<unsigned char>(0xFF00 >> keep);
    }
    return std::string(inet_ntop(AF_INET6, &v6, text, sizeof text)) + "/" + std::to_string(bits);
}

namespace {

// The last item of X-Forwarded-For, the address the proxy itself saw (the
// earlier items are the client's own claims and are not trusted); empty
// when it is not an IP address.
std::string last_forwarded(const std::string& header) {
    std::string last = header.substr(std::min(header.rfind(',') + 1, header.size()));
    const auto first = last.find_first_not_of(' ');
    if (first == std::string::npos) return {};
    last = last.substr(first, last.find_last_not_of(' ') - first + 1);
    in6_addr any{};
    if (inet_pton(AF_INET, last.c_str(), &any) != 1 && inet_pton(AF_INET6, last.c_str(), &any) != 1)
        return {};
    return last;
}

}  // namespace

ClientOrigin client_origin(const std::string& peer, const HttpRequest& request,
                           const std::string& trusted_proxy, int ipv6_prefix) {
    const std::string* forwarded = request.header("x-forwarded-for");
    // A request that names a forwarded address came through a proxy,
    // trusted or not: it is nobody's on this machine.
    if (forwarded && !trusted_proxy.empty() && peer == trusted_proxy) {
        const std::string last = last_forwarded(*forwarded);
        return {network_of(last.empty() ? peer : last, ipv6_prefix), false};
    }
    return {network_of(peer, ipv6_prefix), !forwarded && loopback_address(peer)};
}

}  // namespace asterism::server
