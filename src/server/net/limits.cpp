// The worker pool and search admission (limits.h).
#include "server/net/limits.h"

#include "server/net/message.h"

#include <algorithm>

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

std::string SearchAdmission::enter(const std::string& client) {
    std::lock_guard lock(mutex_);
    int& mine = per_client_count_[client];
    if (mine >= per_client_) {
        if (mine == 0) per_client_count_.erase(client);
        return "you already have " + std::to_string(per_client_) +
               " computer moves or analyses under way; wait for one to finish";
    }
    if (count_ >= total_) {
        if (mine == 0) per_client_count_.erase(client);
        return "the server is busy with " + std::to_string(count_) +
               " computer moves and analyses; try again in a few seconds";
    }
    ++mine;
    ++count_;
    return {};
}

void SearchAdmission::leave(const std::string& client) {
    std::lock_guard lock(mutex_);
    const auto it = per_client_count_.find(client);
    if (it == per_client_count_.end()) return;
    if (--it->second <= 0) per_client_count_.erase(it);
    --count_;
}

int SearchAdmission::running() const {
    std::lock_guard lock(mutex_);
    return count_;
}

RateLimiter::RateLimiter(double per_second, double burst, std::size_t max_clients)
    : per_second_(per_second), burst_(std::max(1.0, burst)), max_clients_(max_clients) {}

double RateLimiter::refilled(const Bucket& b, double now) const {
    return std::min(burst_, b.tokens + (now - b.at) * per_second_);
}

bool RateLimiter::allow(const std::string& client, double now) {
    std::lock_guard lock(mutex_);
    auto it = buckets_.find(client);
    if (it == buckets_.end()) {
        if (buckets_.size() >= max_clients_) {
            std::erase_if(buckets_,
                          [&](const auto& kv) { return refilled(kv.second, now) >= burst_; });
            if (buckets_.size() >= max_clients_) buckets_.clear();
        }
        it = buckets_.emplace(client, Bucket{burst_, now}).first;
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

std::string client_address(const std::string& peer, const HttpRequest& request,
                           const std::string& trusted_proxy) {
    if (trusted_proxy.empty() || peer != trusted_proxy) return peer;
    const std::string* forwarded = request.header("x-forwarded-for");
    if (!forwarded) return peer;
    // The proxy appends the address it saw last; earlier items are the
    // client's own claims and are not trusted.
    std::string last = forwarded->substr(std::min(forwarded->rfind(',') + 1, forwarded->size()));
    const auto first = last.find_first_not_of(' ');
    const auto end = last.find_last_not_of(' ');
    if (first == std::string::npos) return peer;
    last = last.substr(first, end - first + 1);
    const bool plain = last.size() <= 45 &&
                       last.find_first_not_of("0123456789abcdefABCDEF.:") == std::string::npos;
    return plain ? last : peer;
}

}  // namespace asterism::server
