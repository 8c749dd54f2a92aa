// What an operator watches (docs/server.md, "Running it for years"):
// GET /health (200 while the store takes writes, else 503) and GET /metrics
// in Prometheus's text format: requests and their latency by route, open
// streams, games by status, moves, the computer's queue, reviews running,
// push messages and the store's commit latency. Both answer only a client
// on the loopback interface or one with the operator's bearer token
// (`serve --metrics-token-file`): they say how busy the server is.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace asterism::server {

// A latency histogram with Prometheus's cumulative buckets (seconds).
struct Histogram {
    static constexpr std::array<double, 9> kBounds{0.001, 0.005, 0.01, 0.025, 0.05,
                                                   0.1,   0.25,  1,    5};
    std::array<std::uint64_t, kBounds.size()> buckets{};
    std::uint64_t count = 0;
    double sum = 0;
    void observe(double seconds);
    // The histogram's lines for `name` with `labels` ("" or `route="..."`).
    void write(std::string& out, const std::string& name, const std::string& labels) const;
};

class Metrics {
  public:
    // A request's route with names and numbers taken out
    // ("/api/games/:id/move"); one of a bounded set of labels.
    static std::string route_of(std::string_view method, std::string_view path);
    void observe(const std::string& route, int status, double seconds);
    // The requests' lines.
    std::string text() const;

  private:
    static constexpr std::size_t kMaxRoutes = 200;  // beyond: "other"
    mutable std::mutex mutex_;
    std::map<std::string, Histogram> latency_;
    std::map<std::pair<std::string, int>, std::uint64_t> requests_;  // by route and status
};

// One gauge or counter line: "# TYPE name kind\nname value\n".
void write_metric(std::string& out, const std::string& name, const char* kind, double value,
                  const std::string& help);

}  // namespace asterism::server
