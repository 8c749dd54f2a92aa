// Everything `asterism serve` answers, as one function from a parsed HTTP
// request to a response: the JSON API under /api/ (api.h) and the browser
// UI's static files elsewhere. It never throws and knows nothing of
// sockets, so the server (http.cpp), the HTTP fuzzer and the tests all run
// the same code.
#pragma once

#include <cstdint>
#include <string>

#include "server/api.h"
#include "server/http_message.h"

namespace asterism::server {

class Site {
  public:
    // Throws GameError when `web_dir` has no index.html.
    Site(std::string web_dir, ApiLimits limits, std::uint64_t seed = 0);

    HttpResponse respond(const HttpRequest& request);

    // Requests that may run a search (a computer move, an analysis, a draw
    // offer the computer answers): the server gives them their own threads
    // and caps them per client.
    static bool searches(const HttpRequest& request);

    Api& api() { return api_; }

  private:
    HttpResponse api_response(const HttpRequest& request);
    HttpResponse static_file(const HttpRequest& request) const;

    std::string web_dir_;
    Api api_;
};

// The largest file the UI's folder may serve.
inline constexpr std::uintmax_t kMaxStaticFile = 8 << 20;

}  // namespace asterism::server
