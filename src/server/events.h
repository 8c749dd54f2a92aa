// Live updates for online games (docs/online.md): Server-Sent Events.
//
// Each online game is a channel named by its id. The API publishes the
// game's public state after every change (`state`), or a move's change
// alone after a move (`move`, docs/server.md), numbered by the game's event
// sequence; the HTTP server keeps each subscribed connection open and writes
// every published event to it. A client that reconnects with Last-Event-ID
// older than the channel's latest event gets the latest at once; the API
// makes that a whole state when a stream opens, so a client that finds a
// gap in the seqs after it fetches the game (docs/online.md).
//
// Presence: a subscriber may carry a tag (the seat it holds, "first" or
// "second", once the API has checked its secret); connected() says whether a
// tag has a live subscriber, and the presence callback runs when that
// changes, so the API can tell the other player.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "server/net/stream.h"

namespace asterism::server {

struct EventLimits {
    std::size_t max_streams = 2000;           // open event streams in all
    std::size_t max_streams_per_client = 32;  // per address
};

class EventHub {
  public:
    explicit EventHub(EventLimits limits = {}) : limits_(limits) {}

    // Stores `event` as the channel's latest and delivers it to every
    // subscriber of the channel. Events of a channel arrive in seq order;
    // an event older than the latest is ignored (one of the same seq, such
    // as a republished state after a presence change, is delivered). Each
    // subscriber is also guarded on its own, so a catch-up delivery racing
    // a publish never reaches a sink after a newer event.
    void publish(const std::string& channel, Event event);

    // Delivers an event to the channel's subscribers without keeping it as
    // the latest (a chat notice): it carries the latest event's seq.
    void notice(const std::string& channel, const std::string& type, const std::string& data);

    // The channel's latest event, if any was published.
    bool latest(const std::string& channel, Event& out) const;

    // Subscribes `sink` to `channel` with presence tag `tag` ("" for a
    // spectator) from address `client`. Returns a handle, 0 when a limit is
    // reached (the caller answers 429 or 503). If the channel's latest event
    // is newer than `last_seen`, it is delivered at once. The streams that
    // held the same tag before are sent `event: taken` (a seat opened in
    // another browser: the older page is told at once, docs/online.md).
    std::uint64_t subscribe(const std::string& channel, const std::string& tag,
                            const std::string& client, std::shared_ptr<EventSink> sink,
                            std::uint64_t last_seen);
    void unsubscribe(std::uint64_t handle);

    bool connected(const std::string& channel, const std::string& tag) const;
    std::size_t streams() const;
    // The streams open from one address.
    std::size_t streams_of(const std::string& client) const;
    const EventLimits& limits() const { return limits_; }

    // Called (without the hub's lock) when a tag's presence on a channel
    // changes: the API republishes that game's state.
    void on_presence(std::function<void(const std::string& channel)> callback);

    // Forgets a channel's latest event (a finished game no longer watched).
    void drop(const std::string& channel);

  private:
    // A sink with the newest seq it was given, under its own lock: events
    // reach it in order even when two threads deliver at once.
    struct Delivery {
        std::mutex mutex;
        std::uint64_t newest = 0;
        bool any = false;
        std::shared_ptr<EventSink> sink;
        void deliver(const Event& event);
    };
    struct Subscriber {
        std::string channel, tag, client;
        std::shared_ptr<Delivery> delivery;
    };
    // Counts a (channel, tag) pair up or down; true when its presence
    // changed (0 to 1 or 1 to 0). Called with the lock held.
    bool count_presence(const std::string& channel, const std::string& tag, int step);
    void notify_presence(const std::string& channel);

    EventLimits limits_;
    mutable std::mutex mutex_;
    std::uint64_t next_handle_ = 1;
    std::map<std::uint64_t, Subscriber> subscribers_;
    std::map<std::string, Event> latest_;
    std::function<void(const std::string&)> presence_;
    // Indexes of subscribers_: a channel's handles, streams per address and
    // subscribers per (channel, tag) with a non-empty tag.
    std::map<std::string, std::map<std::uint64_t, std::shared_ptr<Delivery>>> channels_;
    std::map<std::string, std::size_t> per_client_;
    std::map<std::pair<std::string, std::string>, std::size_t> present_;
};

}  // namespace asterism::server
