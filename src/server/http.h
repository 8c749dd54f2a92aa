// `asterism serve`: the HTTP/1.1 server in front of the Site (site.h).
//
// One thread owns every socket (epoll, non-blocking) and reads requests
// with the parser of http_message.h, so a slow or idle client holds a few
// kilobytes and no thread. Complete requests go to a small pool of worker
// threads, searches to their own pool (one thread per core) behind a
// per-client admission; answers come back to the socket thread, which
// writes them. Every resource a client can make the server hold has a cap
// (ServerLimits in limits.h, docs/server.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/api.h"
#include "server/http_message.h"
#include "server/limits.h"
#include "server/online.h"

namespace asterism::server {

struct ServeOptions {
    std::string host = "127.0.0.1";  // local only, unless the user says otherwise
    int port = 8080;                 // 0: any free port (tests)
    std::string web_dir;             // the UI's files; empty: the source tree's web/
    // Host names requests may give besides IP addresses and localhost
    // (Site::refused): the --host name and the --public-url's.
    std::vector<std::string> host_names;
    ApiLimits limits;
    ServerLimits server;
    OnlineOptions online;  // an empty data_dir: no online games
    OnlineLimits online_limits;
};

// The source tree's web/ folder, where a clean build finds the UI.
std::string default_web_dir();

class HttpServer {
  public:
    // Throws GameError when the web folder has no index.html.
    explicit HttpServer(ServeOptions options);
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

    // The hub whose channels the event streams follow (the Api's), so that
    // tests can publish to them.
    EventHub& events();
    // The API the server answers with (tests create games through it).
    Api& api();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace asterism::server
