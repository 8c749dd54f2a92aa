// Everything `asterism serve` answers, as one function from a parsed HTTP
// request to a response: the JSON API under /api/ (api.h) and the browser
// UI's static files elsewhere. It never throws and knows nothing of
// sockets, so the server (http.cpp), the HTTP fuzzer and the tests all run
// the same code.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/api.h"
#include "server/net/message.h"

namespace asterism::server {

class Site {
  public:
    // Throws GameError when `web_dir` has no index.html. `host_names` are
    // the names besides loopback ones and IP addresses that requests may
    // give as their Host (the server's own name, its public URL's).
    Site(std::string web_dir, ApiLimits limits, std::vector<std::string> host_names = {});

    HttpResponse respond(const HttpRequest& request);

    Api& api() { return api_; }
    const Api& api() const { return api_; }

    // The refusal of a request from a host, origin or form this site does
    // not answer (421, 403...), else nothing.
    std::optional<HttpResponse> refused(const HttpRequest& request) const;

  private:
    HttpResponse api_response(const HttpRequest& request);
    HttpResponse static_file(const HttpRequest& request) const;
    // What the service worker's script (web/sw.js) is served with before
    // its own text: `self.asterismVersion`, a hash of the names, sizes and
    // modification times of the UI's files, and `self.asterismFiles`, the
    // files it caches for offline use (every file the site serves).
    std::string offline_preamble() const;
    // A reason to refuse the request before anything else (a foreign Host,
    // a cross-site or non-JSON state change), or nothing.

    std::string web_dir_;                  // as given
    std::string web_root_;                 // its canonical path, with a final '/'
    std::vector<std::string> host_names_;  // in lower case
    Api api_;
};

// The largest file the UI's folder may serve.
inline constexpr std::uintmax_t kMaxStaticFile = 8 << 20;

// The host name of a Host header or of a URL's authority ("Example.org:8080"
// -> "example.org", "[::1]:80" -> "::1"), in lower case; "" when malformed.
std::string host_name(std::string_view authority);

// Whether a request naming `host` (host_name()) may be answered: an IP
// address, "localhost" (or a name under it), or one of `names`. Any other
// name is how a DNS-rebinding page reaches a server on a private address.
bool host_allowed(const std::string& host, const std::vector<std::string>& names);

// The headers every response carries: the page runs only its own scripts,
// in no one's frame, and sends no Referer (a seat's link holds its secret).
void add_security_headers(HttpResponse& response);

}  // namespace asterism::server
