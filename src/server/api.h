// The JSON API behind the browser UI (`asterism serve`), written as a plain
// function from a request to a response so that tests drive it without
// sockets; http.h puts it behind cpp-httplib. docs/server.md lists the
// routes. Games live in sessions named by random ids: each session has its
// own lock, the table of sessions is bounded and evicts the least recently
// used one, and every bad request (malformed JSON, an unknown game, an
// illegal move, an oversized body) is a 4xx reply with a one-line message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "core/rng.h"

namespace asterism::server {

struct ApiRequest {
    std::string method;  // "GET", "POST", "DELETE"
    std::string path;    // without the query, e.g. "/api/sessions/ab12/move"
    std::map<std::string, std::string> query;
    std::string body;
};

struct ApiResponse {
    int status = 200;
    nlohmann::json body;  // an object; errors are {"error": "..."}
};

struct ApiLimits {
    std::size_t max_sessions = 64;        // the least recently used goes beyond this
    std::size_t max_body = 1 << 20;       // bytes of a request body (a record fits easily)
    std::uint64_t max_playouts = 400000;  // per analysis request
    double max_seconds = 30;              // per analysis request
    int max_candidates = 8;               // moves listed in an analysis
};

class Api {
  public:
    // `seed` 0 draws session ids and engine seeds from std::random_device;
    // tests pass a fixed seed for repeatable ids.
    explicit Api(ApiLimits limits = {}, std::uint64_t seed = 0);
    ~Api();
    Api(const Api&) = delete;
    Api& operator=(const Api&) = delete;

    // Never throws: every failure becomes a 4xx (or, for a bug, 500) reply.
    ApiResponse handle(const ApiRequest& request);

    std::size_t session_count() const;
    const ApiLimits& limits() const { return limits_; }

  private:
    struct Session;
    ApiResponse route(const ApiRequest& request);
    std::shared_ptr<Session> find(const std::string& id);
    std::string add(std::shared_ptr<Session> session);

    ApiLimits limits_;
    mutable std::mutex mutex_;  // guards the fields below
    Rng rng_;
    std::uint64_t clock_ = 0;  // bumped on every use of a session, for eviction
    std::map<std::string, std::shared_ptr<Session>> sessions_;
};

}  // namespace asterism::server
