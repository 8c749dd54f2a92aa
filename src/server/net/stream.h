// What an event stream (Server-Sent Events) carries, as the transport sees
// it: numbered events, a sink each open stream gives the application to
// deliver them to, and the request for a stream a response makes. The
// application decides which events a stream gets (server/events.h); the
// transport only writes them.
#pragma once

#include <cstdint>
#include <string>

namespace asterism::server {

// One event as it goes on the wire: "id: <seq>\nevent: <type>\ndata: <json>\n\n".
struct Event {
    std::uint64_t seq = 0;
    std::string type;  // "state"
    std::string data;  // one line of JSON
};

// Where a published event goes: the transport makes one sink per open
// stream. deliver() is called with the application's locks released and
// must not block (the transport queues the bytes and wakes its socket
// thread).
class EventSink {
  public:
    virtual ~EventSink() = default;
    virtual void deliver(const Event& event) = 0;
};

// A response that opens an event stream instead of sending a body: the
// channel to follow, the subscriber's presence tag and the last event the
// client saw (its Last-Event-ID, 0 for none).
struct StreamStart {
    std::string channel;
    std::string tag;
    std::uint64_t last_seen = 0;
};

}  // namespace asterism::server
