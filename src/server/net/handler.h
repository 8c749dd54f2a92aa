// What the transport (net/server.h) asks of the application behind it. The
// transport owns sockets, threads and time limits and knows nothing of
// games; the application (server/app.h) answers requests and keeps the
// streams' subscriptions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "server/net/fair_pool.h"
#include "server/net/message.h"
#include "server/net/stream.h"

namespace asterism::server {

class Handler {
  public:
    virtual ~Handler() = default;

    // Which threads answer a request: quick ones, those that may wait on
    // the disk (so that a stalled disk holds up only them), or searches
    // (the application's thinking pool, below, admitted per network).
    enum class Lane { Quick, Disk, Search };
    virtual Lane lane(const HttpRequest& request) const = 0;
    // Where Search-lane requests run: one pool the application shares with
    // its own thinking (online opponents' moves, reviews), so that all of
    // it is admitted in one place.
    virtual FairPool& thinking() = 0;

    // The answer to a complete request; never throws. Called on a worker
    // thread of the request's lane.
    virtual HttpResponse respond(const HttpRequest& request) = 0;

    // Subscribes `sink` to the stream a response asked for; 0 when refused,
    // with the reply to send in `refusal`.
    virtual std::uint64_t subscribe(const StreamStart& start, const std::string& client,
                                    std::shared_ptr<EventSink> sink, HttpResponse& refusal) = 0;
    virtual void unsubscribe(std::uint64_t handle) = 0;
    // The most streams it will hold at once (the transport budgets its
    // descriptors for them).
    virtual std::size_t max_streams() const = 0;

    // The server is stopping: stop whatever is slow (searches) at once.
    virtual void stop() = 0;
};

}  // namespace asterism::server
