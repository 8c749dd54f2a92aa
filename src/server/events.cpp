// The hub of live updates (events.h).
#include "server/events.h"

#include <utility>

namespace asterism::server {

void EventHub::Delivery::deliver(const Event& event) {
    std::lock_guard lock(mutex);
    // An older event than one already sent would show the client a game
    // going backwards: each event carries the whole state, so the newer one
    // already says everything.
    if (any && event.seq < newest) return;
    any = true;
    newest = event.seq;
    sink->deliver(event);
}

void EventHub::publish(const std::string& channel, Event event) {
    std::vector<std::shared_ptr<Delivery>> targets;
    {
        std::lock_guard lock(mutex_);
        const auto it = latest_.find(channel);
        if (it != latest_.end() && event.seq < it->second.seq) return;
        latest_[channel] = event;
        const auto subs = channels_.find(channel);
        if (subs != channels_.end())
            for (const auto& [handle, delivery] : subs->second) targets.push_back(delivery);
    }
    for (const auto& d : targets) d->deliver(event);
}

void EventHub::notice(const std::string& channel, const std::string& type,
                      const std::string& data) {
    std::vector<std::shared_ptr<Delivery>> targets;
    Event event{0, type, data};
    {
        std::lock_guard lock(mutex_);
        if (const auto it = latest_.find(channel); it != latest_.end()) event.seq = it->second.seq;
        const auto subs = channels_.find(channel);
        if (subs != channels_.end())
            for (const auto& [handle, delivery] : subs->second) targets.push_back(delivery);
    }
    for (const auto& d : targets) d->deliver(event);
}

bool EventHub::latest(const std::string& channel, Event& out) const {
    std::lock_guard lock(mutex_);
    const auto it = latest_.find(channel);
    if (it == latest_.end()) return false;
    out = it->second;
    return true;
}

bool EventHub::count_presence(const std::string& channel, const std::string& tag, int step) {
    if (tag.empty()) return false;
    const auto key = std::make_pair(channel, tag);
    std::size_t& n = present_[key];
    const bool was = n > 0;
    n = step > 0 ? n + 1 : n - 1;
    const bool is = n > 0;
    if (!is) present_.erase(key);
    return was != is;
}

void EventHub::notify_presence(const std::string& channel) {
    std::function<void(const std::string&)> callback;
    {
        std::lock_guard lock(mutex_);
        callback = presence_;
    }
    if (callback) callback(channel);
}

std::uint64_t EventHub::subscribe(const std::string& channel, const std::string& tag,
                                  const std::string& client, std::shared_ptr<EventSink> sink,
                                  std::uint64_t last_seen) {
    auto delivery = std::make_shared<Delivery>();
    delivery->sink = std::move(sink);
    std::uint64_t handle = 0;
    bool changed = false;
    Event catch_up;
    bool has_catch_up = false;
    std::vector<std::shared_ptr<Delivery>> replaced;  // the tag's older streams
    Event taken{0, "taken", "{}"};
    {
        std::lock_guard lock(mutex_);
        if (subscribers_.size() >= limits_.max_streams) return 0;
        const auto mine = per_client_.find(client);
        const std::size_t open = mine == per_client_.end() ? 0 : mine->second;
        if (open >= limits_.max_streams_per_client) return 0;
        per_client_[client] = open + 1;
        handle = next_handle_++;
        if (!tag.empty() && channels_.count(channel))
            for (const auto& [h, d] : channels_[channel])
                if (subscribers_.at(h).tag == tag) replaced.push_back(d);
        subscribers_[handle] = Subscriber{channel, tag, client, delivery};
        channels_[channel][handle] = delivery;
        changed = count_presence(channel, tag, +1);
        const auto it = latest_.find(channel);
        if (it != latest_.end() && it->second.seq > last_seen) {
            catch_up = it->second;
            has_catch_up = true;
        }
        if (it != latest_.end()) taken.seq = it->second.seq;
    }
    for (const auto& d : replaced) d->deliver(taken);
    if (has_catch_up) delivery->deliver(catch_up);
    if (changed) notify_presence(channel);
    return handle;
}

void EventHub::unsubscribe(std::uint64_t handle) {
    std::string channel;
    bool changed = false;
    {
        std::lock_guard lock(mutex_);
        const auto it = subscribers_.find(handle);
        if (it == subscribers_.end()) return;
        const Subscriber& s = it->second;
        channel = s.channel;
        const auto subs = channels_.find(s.channel);
        subs->second.erase(handle);
        if (subs->second.empty()) channels_.erase(subs);
        if (--per_client_[s.client] == 0) per_client_.erase(s.client);
        changed = count_presence(s.channel, s.tag, -1);
        subscribers_.erase(it);
    }
    if (changed) notify_presence(channel);
}

bool EventHub::connected(const std::string& channel, const std::string& tag) const {
    std::lock_guard lock(mutex_);
    return present_.count({channel, tag}) > 0;
}

std::size_t EventHub::streams() const {
    std::lock_guard lock(mutex_);
    return subscribers_.size();
}

std::size_t EventHub::streams_of(const std::string& client) const {
    std::lock_guard lock(mutex_);
    const auto it = per_client_.find(client);
    return it == per_client_.end() ? 0 : it->second;
}

void EventHub::on_presence(std::function<void(const std::string& channel)> callback) {
    std::lock_guard lock(mutex_);
    presence_ = std::move(callback);
}

void EventHub::drop(const std::string& channel) {
    std::lock_guard lock(mutex_);
    latest_.erase(channel);
}

}  // namespace asterism::server
