// HTTP/1.1 messages for `asterism serve`, without sockets: an incremental
// request parser that enforces every size limit as the bytes arrive, and the
// writer of responses. The server (http.cpp) feeds the parser what each
// connection reads; the fuzzer and the tests feed it raw bytes directly, so
// all three run the same code.
//
// Deliberately left out: chunked request bodies (a client must send
// Content-Length; the browser's fetch() does), HTTP/2 and absolute-form targets. Each is answered
// with a clear 4xx/5xx.
#pragma once

#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/errors.h"
#include "server/net/stream.h"

namespace asterism::server {

struct HttpLimits {
    std::size_t max_request_line = 8 * 1024;  // method, target and version: 414 past it
    std::size_t max_head = 16 * 1024;         // request line and headers: 431 past it
    std::size_t max_headers = 64;             // header fields: 431 past it
    std::size_t max_body = 1 << 20;           // Content-Length: 413 past it, before any body
};

struct HttpRequest {
    std::string method;  // as sent, e.g. "GET"
    std::string target;  // as sent, e.g. "/api/games/ab12?ply=3"
    std::string path;    // the target's path, percent-decoded: any bytes but NUL
    std::map<std::string, std::string> query;                  // percent-decoded; '+' is a space
    std::vector<std::pair<std::string, std::string>> headers;  // names in lower case
    std::string body;
    bool keep_alive = true;  // HTTP/1.1 unless "Connection: close"; 1.0 only if asked
    // Who it counts as from (limits.h, client_origin), set by the server:
    // the client's network, and (`local`) whether it is the operator's own.
    std::string client;
    // Raised by the server when the client hangs up before the answer.
    std::shared_ptr<const std::atomic<bool>> gone;
    bool local = false;

    // The first header of that (lower-case) name, or nothing.
    const std::string* header(std::string_view name) const;
};

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;  // extra headers
    bool close = false;  // close the connection after this response
    // Set: the server answers with an event stream (text/event-stream) that
    // stays open and carries the channel's events (events.h); body unused.
    std::optional<StreamStart> stream;

    // A JSON reply {"error", "code", "params"} (server/errors.h), the form
    // of every failure, with the code's status.
    static HttpResponse error(ErrorCode code,
                              const nlohmann::json& params = nlohmann::json::object());
    // The same, from the transport itself (a malformed request, a full
    // server), which no application sees: with the headers that keep a
    // browser from sniffing, framing or caching it.
    static HttpResponse refusal(ErrorCode code,
                                const nlohmann::json& params = nlohmann::json::object());
};

// The reason phrase of a status code ("Not Found").
std::string_view reason_phrase(int status);

// The bytes of a response. For a HEAD request the body is left out but its
// Content-Length is kept, as for the GET it stands for.
std::string serialize(const HttpResponse& response, bool keep_alive, bool head_only);

// Reads requests from a connection's bytes, one at a time. feed() appends
// bytes; next() returns the next complete request, an error response when
// the bytes cannot be a request within the limits (the connection must then
// be closed after answering), or nothing while more bytes are needed. Bytes
// past a complete request stay for the next one (pipelining).
class RequestParser {
  public:
    explicit RequestParser(HttpLimits limits = {}) : limits_(limits) {}

    void feed(std::string_view bytes) { buffer_.append(bytes); }

    struct Result {
        std::optional<HttpRequest> request;
        std::optional<HttpResponse> error;
    };
    Result next();

    // Bytes received and not yet consumed by a complete request.
    std::size_t buffered() const { return buffer_.size(); }
    // True once the head of the request being read is complete, so that a
    // server can tell a slow header from a slow body.
    bool in_body() const { return head_done_; }
    // True once after the head of a request that asked "Expect:
    // 100-continue": the server should then send the interim response.
    bool take_continue() { return std::exchange(continue_due_, false); }
    // The declared body length of the request being read (0 before its head).
    std::size_t expected_body() const { return head_done_ ? body_length_ : 0; }

  private:
    std::optional<HttpResponse> parse_head(std::string_view head);
    std::optional<HttpResponse> parse_request_line(std::string_view line);
    std::optional<HttpResponse> parse_fields(const std::vector<std::string_view>& lines);

    HttpLimits limits_;
    std::string buffer_;
    bool head_done_ = false;
    std::size_t head_length_ = 0;  // bytes of the head, with its blank line
    std::size_t body_length_ = 0;
    bool continue_due_ = false;
    bool http_1_1_ = true;  // the version of the request being read
    HttpRequest pending_;
};

// Percent-decoding of a path or query component; nothing when an escape is
// malformed. `plus_is_space` is for query strings.
std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space);

}  // namespace asterism::server
