// `asterism serve`: the browser UI's static files and the JSON API of api.h
// over HTTP, with cpp-httplib (Debian's libcpp-httplib-dev). This file only
// adapts requests and responses; every decision about a request is the
// Api's, so that the tests can check it without sockets.
#pragma once

#include <memory>
#include <string>

#include "server/api.h"

namespace asterism::server {

struct ServeOptions {
    std::string host = "127.0.0.1";  // local only, unless the user says otherwise
    int port = 8080;                 // 0: any free port (tests)
    std::string web_dir;             // the UI's files; empty: the source tree's web/
    ApiLimits limits;
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
    // Serves until stop() is called (from another thread or a signal).
    void run();
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace asterism::server
