// An API request and its answer, as every service of the app sees them
// (the local games of api.h, the online games of online.h): plain values,
// made from an HTTP request by the site (site.h) and turned back into one,
// so that the services are tested without HTTP. HttpError is the failure a
// handler throws with its status.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/errors.h"
#include "server/net/stream.h"

namespace asterism::server {

struct ApiRequest {
    std::string method;  // "GET", "POST", "DELETE"
    std::string path;    // without the query, e.g. "/api/games/ab12/move"
    std::map<std::string, std::string> query;
    std::string body;
    // The client's network (an IPv4 address or an IPv6 /64, net/limits.h),
    // for per-client limits and logs; `local` below says whether it is the
    // operator's own.
    std::string client;
    std::string authorization;  // the Authorization header ("Bearer SECRET" for a seat)
    std::string last_event_id;  // the Last-Event-ID header of a reconnecting event stream
    // Raised by the server when the client hangs up before its answer: a
    // search made for it stops. Null: the client is never gone (tests).
    std::shared_ptr<const std::atomic<bool>> gone;
    // The Content-Type header: every request but GET must say JSON (415),
    // bodies or not, so that no other site's page can send one (json_args.h).
    std::string content_type;
    std::string cookie = {};  // the Cookie header (an account's session, accounts.h)
    std::string host = {};    // the Host header (a passkey's site, accounts.h)
    // The signed-in account the session cookie names (set by the API from
    // `cookie`, accounts.h): 0 for a guest.
    std::int64_t account = 0;
    std::string account_name = {};
    bool moderator = false;  // that account's role is "moderator"
    // The request is the operator's own (this machine's loopback interface,
    // not forwarded by a proxy): no per-client cap applies to it.
    bool local = false;
};

struct ApiResponse {
    ApiResponse(int status_ = 200, nlohmann::json body_ = {}, std::string allow_ = {})
        : status(status_), body(std::move(body_)), allow(std::move(allow_)) {}
    int status;
    nlohmann::json body;  // an object; errors are {"error", "code", "params"} (errors.h)
    std::string allow;    // with 405: the methods the path takes ("GET, DELETE")
    std::optional<StreamStart> stream;  // set: open an event stream (events.h), no body
    // When not empty: `body` already written as JSON text (an online game's
    // state is written once for its watchers and reused for the reply).
    std::string text;
    std::vector<std::string> cookies;  // Set-Cookie values (an account's session)
    // Set: the browser saves the body as a file of this name (UTF-8).
    std::string download = {};
};

// A failure with its HTTP status; a route throws it, the API answers it
// with the JSON body of errors.h.
struct HttpError {
    int status;
    std::string message;    // the English line
    std::string allow;      // for 405
    std::string code = {};  // the catalogue's code (errors.h); empty: none yet
    nlohmann::json params = nlohmann::json::object();

    // The JSON body a client gets: {"error", "code", "params"}, or only
    // {"error"} for a failure without a code.
    nlohmann::json body() const;
};

// Throws the catalogue's error `code` with its parameters: its status, its
// English line made from the template, the code and the parameters.
[[noreturn]] void fail(ErrorCode code, nlohmann::json params = nlohmann::json::object());
// The same for a refusal found elsewhere (errors.h); `refusal` must hold one.
[[noreturn]] void fail(const Refusal& refusal);
// The same with a 405's Allow header.
[[noreturn]] void fail_allow(ErrorCode code, nlohmann::json params, std::string allow);

// A failure without a code (kept for messages a code is not yet given to;
// ErrorCatalogue tests list none in src/server).
[[noreturn]] void fail(int status, const std::string& message);

}  // namespace asterism::server
