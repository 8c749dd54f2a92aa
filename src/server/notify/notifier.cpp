// The background sender (webpush.h): a small pool of workers, one bounded
// queue, a share of the workers per push service and one message in
// flight per account.
#include <algorithm>
#include <chrono>

#include "server/notify/push_url.h"
#include "server/notify/webpush.h"

namespace asterism::server::notify {

Notifier::Notifier(VapidKey key, std::string subject, Gone on_gone, PostOptions post,
                   std::size_t capacity, std::size_t workers)
    : key_(std::move(key)),
      subject_(std::move(subject)),
      on_gone_(std::move(on_gone)),
      post_(post),
      capacity_(capacity),
      workers_(std::max<std::size_t>(workers, 1)) {
    for (std::size_t i = 0; i < workers_; ++i) threads_.emplace_back([this] { run(); });
}

Notifier::~Notifier() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped_ += queue_.size();
        queue_.clear();
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

bool Notifier::enqueue(Subscription s, std::string payload, std::string sender) {
    // The endpoint's origin, the push service one slow answer would hold;
    // a URL that does not parse fails on its own when sent.
    std::string why;
    const auto url = parse_push_url(s.endpoint, why);
    std::string place = url ? origin(*url) : s.endpoint;
    {
        const std::lock_guard lock(mutex_);
        if (!stopping_ && queue_.size() < capacity_) {
            queue_.push_back({std::move(s), std::move(payload), "o " + std::move(place),
                              sender.empty() ? std::string() : "s " + sender});
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

std::deque<Notifier::Job>::iterator Notifier::next_job() {
    // Half the workers at most for one push service: the big ones (every
    // Chrome's is one origin) still go several at a time.
    const int per_origin = std::max(1, static_cast<int>(workers_) / 2);
    return std::find_if(queue_.begin(), queue_.end(), [&](const Job& j) {
        const auto o = in_flight_.find(j.origin);
        return (o == in_flight_.end() || o->second < per_origin) &&
               (j.sender.empty() || !in_flight_.count(j.sender));
    });
}

void Notifier::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || next_job() != queue_.end(); });
            if (stopping_) return;
            const auto it = next_job();
            job = std::move(*it);
            queue_.erase(it);
            ++in_flight_[job.origin];
            if (!job.sender.empty()) ++in_flight_[job.sender];
        }
        deliver(job);
        {
            const std::lock_guard lock(mutex_);
            for (const std::string* key : {&job.origin, &job.sender})
                if (!key->empty() && --in_flight_[*key] <= 0) in_flight_.erase(*key);
        }
        // A job that waited for this origin or sender may go now.
        wake_.notify_all();
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
