// Networks served in turn (fair_pool.h).
#include "server/net/fair_pool.h"

#include <algorithm>

namespace asterism::server {

FairPool::FairPool(Limits limits) : limits_(limits) {
    limits_.running_per_network = std::max(1, limits_.running_per_network);
    const int n = limits_.threads > 0
                      ? limits_.threads
                      : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    limits_.long_running = std::clamp(limits_.long_running, 1, std::max(1, n - 1));
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { work(); });
}

FairPool::~FairPool() {
    stop();
}

void FairPool::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    ready_.notify_all();
    std::lock_guard lock(join_mutex_);
    for (auto& t : threads_)
        if (t.joinable()) t.join();
}

std::optional<FairPool::Refusal> FairPool::submit(const std::string& network,
                                                  std::function<void()> job, Admit admit,
                                                  Length length) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return Refusal{"server.stopping"};
        Network& mine = networks_[network];
        const std::size_t held = mine.jobs.size() + static_cast<std::size_t>(mine.running);
        if (admit != Admit::Owed) {
            std::optional<Refusal> no;
            if (held >= limits_.queued_per_network && admit == Admit::Bounded)
                no = Refusal{"limit.searches.yours", {{"n", held}}};
            else if (queued_ >= limits_.max_queued)
                no = Refusal{"limit.searches.all", {{"n", queued_}}};

            if (no) {
                if (held == 0) networks_.erase(network);
                return no;
            }
        }
        if (mine.jobs.empty()) turn_.push_back(network);
        mine.jobs.push_back({std::move(job), length == Length::Long, admit == Admit::Own});
        ++queued_;
    }
    ready_.notify_one();
    return std::nullopt;
}

FairPool::Job FairPool::next(std::string& network) {
    for (auto it = turn_.begin(); it != turn_.end(); ++it) {
        Network& n = networks_.at(*it);
        if (n.running >= limits_.running_per_network && !n.jobs.front().own) continue;
        if (n.jobs.front().long_job && long_running_ >= limits_.long_running) continue;
        network = *it;
        Job job = std::move(n.jobs.front());
        n.jobs.pop_front();
        ++n.running;
        --queued_;
        ++running_;
        long_running_ += job.long_job;
        // Served: to the back of the turn, or out of it when nothing waits.
        turn_.erase(it);
        if (!n.jobs.empty()) turn_.push_back(network);
        return job;
    }
    return {};
}

void FairPool::done(const std::string& network, bool long_job) {
    std::lock_guard lock(mutex_);
    const auto it = networks_.find(network);
    --running_;
    long_running_ -= long_job;
    if (--it->second.running == 0 && it->second.jobs.empty()) networks_.erase(it);
}

void FairPool::work() {
    for (;;) {
        Job job;
        std::string network;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [&] {
                job = next(network);
                return job.run || (stopping_ && queued_ == 0);
            });
            if (!job.run) return;
        }
        try {
            job.run();
        } catch (...) {
            // A job answers its own errors; one that escapes must not take
            // the thread (and every later job) with it.
        }
        done(network, job.long_job);
        // A network at its share may now have a job to start.
        ready_.notify_all();
    }
}

std::size_t FairPool::queued() const {
    std::lock_guard lock(mutex_);
    return queued_;
}

std::size_t FairPool::running() const {
    std::lock_guard lock(mutex_);
    return running_;
}

std::size_t FairPool::networks() const {
    std::lock_guard lock(mutex_);
    return networks_.size();
}

}  // namespace asterism::server
