// The worker pool and search admission (limits.h).
#include "server/limits.h"

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
        }
        job();
    }
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

}  // namespace asterism::server
