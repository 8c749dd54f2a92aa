// The background sender (webpush.h): one worker, a bounded queue.
#include <chrono>

#include "server/notify/webpush.h"

namespace asterism::server::notify {

Notifier::Notifier(VapidKey key, std::string subject, Gone on_gone, PostOptions post,
                   std::size_t capacity)
    : key_(std::move(key)),
      subject_(std::move(subject)),
      on_gone_(std::move(on_gone)),
      post_(post),
      capacity_(capacity),
      thread_([this] { run(); }) {}

Notifier::~Notifier() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped_ += queue_.size();
        queue_.clear();
    }
    wake_.notify_all();
    thread_.join();
}

bool Notifier::enqueue(Subscription s, std::string payload) {
    {
        const std::lock_guard lock(mutex_);
        if (!stopping_ && queue_.size() < capacity_) {
            queue_.push_back({std::move(s), std::move(payload)});
            wake_.notify_one();
            return true;
        }
    }
    ++dropped_;
    return false;
}

std::string Notifier::last_error() const {
    const std::lock_guard lock(mutex_);
    return last_error_;
}

void Notifier::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        deliver(job);
    }
}

void Notifier::deliver(const Job& job) {
    const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
    const PushResult r = send(job.subscription, job.payload, key_, subject_, now, post_);
    if (r.status >= 200 && r.status < 300) {
        ++sent_;
        return;
    }
    ++failed_;
    {
        const std::lock_guard lock(mutex_);
        last_error_ = r.status ? "the push service answered " + std::to_string(r.status) : r.error;
    }
    if ((r.status != 404 && r.status != 410) || !on_gone_) return;
    // The callback is the server's; an exception from it must not end the
    // worker (it would end the process), and there is no one to tell here.
    try {
        on_gone_(job.subscription.endpoint);
    } catch (...) {
    }
}

}  // namespace asterism::server::notify
