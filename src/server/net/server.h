// The HTTP/1.1 and Server-Sent Events transport of `asterism serve`.
//
// One thread owns every socket (epoll, non-blocking) and reads requests
// with the parser of message.h, so a slow or idle client holds a few
// kilobytes and no thread. Complete requests go to a pool of worker threads
// by the lane the handler names (quick, disk, search; searches behind a
// per-client admission); answers come back to the socket thread, which
// writes them. Every resource a client can make the server hold has a cap
// (ServerLimits in limits.h, docs/server.md). It knows nothing of games:
// the Handler (handler.h) answers.
#pragma once

#include <memory>
#include <string>

#include "server/net/handler.h"
#include "server/net/limits.h"
#include "server/net/message.h"

namespace asterism::server {

struct NetOptions {
    std::string host = "127.0.0.1";  // local only, unless the user says otherwise
    int port = 8080;                 // 0: any free port (tests)
    ServerLimits limits;
    HttpLimits http;
};

// What the transport's lanes hold at a moment (the operator's /metrics and
// /health): requests waiting for a worker and being answered, by lane.
struct LaneStats {
    std::size_t quick_queued = 0, quick_busy = 0;
    std::size_t disk_queued = 0, disk_busy = 0;
    std::size_t search_queued = 0, search_busy = 0;
};

class HttpServer {
  public:
    // `handler` must outlive the server.
    HttpServer(Handler& handler, NetOptions options);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds the socket and returns the port (the chosen one for port 0);
    // throws GameError when the port is taken or the host is unknown.
    int bind();
    // Serves until stop() is called (from another thread or a signal
    // handler: it only writes to an eventfd).
    void run();
    void stop();
    LaneStats lanes() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace asterism::server
