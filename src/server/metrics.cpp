// The operator's numbers (metrics.h).
#include "server/metrics.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace asterism::server {

namespace {

// The literal words of the API's paths: any other segment is a name or a
// number, and becomes ":id", so a client cannot mint labels.
bool word(std::string_view s) {
    static const std::vector<std::string_view> kWords{"api",
                                                      "games",
                                                      "sessions",
                                                      "records",
                                                      "account",
                                                      "players",
                                                      "leaderboard",
                                                      "lobby",
                                                      "archive",
                                                      "catalog",
                                                      "puzzles",
                                                      "moderation",
                                                      "messages",
                                                      "accounts",
                                                      "chat",
                                                      "report",
                                                      "hide",
                                                      "suspend",
                                                      "move",
                                                      "undo",
                                                      "join",
                                                      "claim",
                                                      "resign",
                                                      "draw",
                                                      "takeback",
                                                      "record",
                                                      "pgn",
                                                      "events",
                                                      "legal",
                                                      "computer",
                                                      "analyze",
                                                      "review",
                                                      "view",
                                                      "register",
                                                      "login",
                                                      "logout",
                                                      "logout-everywhere",
                                                      "passkey",
                                                      "passkeys",
                                                      "begin",
                                                      "finish",
                                                      "rating-history",
                                                      "recovery-codes",
                                                      "recover",
                                                      "delete",
                                                      "export",
                                                      "relations",
                                                      "notifications",
                                                      "push",
                                                      "remove",
                                                      "key",
                                                      "reports"};
    for (const std::string_view w : kWords)
        if (w == s) return true;
    return false;
}

std::string number(double v) {
    if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
    char text[64];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

}  // namespace

void Histogram::observe(double seconds) {
    ++count;
    sum += seconds;
    for (std::size_t i = 0; i < kBounds.size(); ++i)
        if (seconds <= kBounds[i]) ++buckets[i];
}

void Histogram::write(std::string& out, const std::string& name, const std::string& labels) const {
    const std::string sep = labels.empty() ? "" : ",";
    for (std::size_t i = 0; i < kBounds.size(); ++i)
        out += name + "_bucket{" + labels + sep + "le=\"" + number(kBounds[i]) + "\"} " +
               std::to_string(buckets[i]) + "\n";
    out += name + "_bucket{" + labels + sep + "le=\"+Inf\"} " + std::to_string(count) + "\n";
    const std::string braces = labels.empty() ? "" : "{" + labels + "}";
    out += name + "_sum" + braces + " " + number(sum) + "\n";
    out += name + "_count" + braces + " " + std::to_string(count) + "\n";
}

std::string Metrics::route_of(std::string_view method, std::string_view path) {
    const std::string verb =
        method == "GET" || method == "POST" || method == "DELETE" || method == "HEAD"
            ? std::string(method)
            : "OTHER";
    if (!path.starts_with("/api/")) return verb + " static";
    std::string out;
    int segments = 0;
    for (std::size_t at = 1; at <= path.size(); ++segments) {
        const std::size_t end = std::min(path.find('/', at), path.size());
        const std::string_view s = path.substr(at, end - at);
        out += "/" + (word(s) ? std::string(s) : std::string(":id"));
        at = end + 1;
    }
    return segments > 7 ? verb + " /api/other" : verb + " " + out;
}

void Metrics::observe(const std::string& route, int status, double seconds) {
    std::lock_guard lock(mutex_);
    const std::string& label =
        latency_.count(route) || latency_.size() < kMaxRoutes ? route : std::string("other");
    latency_[label].observe(seconds);
    ++requests_[{label, status}];
}

std::string Metrics::text() const {
    std::lock_guard lock(mutex_);
    std::string out =
        "# HELP asterism_requests_total HTTP requests answered, by route and status.\n"
        "# TYPE asterism_requests_total counter\n";
    for (const auto& [key, n] : requests_)
        out += "asterism_requests_total{route=\"" + key.first + "\",status=\"" +
               std::to_string(key.second) + "\"} " + std::to_string(n) + "\n";
    out +=
        "# HELP asterism_request_seconds Time to answer a request, by route.\n"
        "# TYPE asterism_request_seconds histogram\n";
    for (const auto& [route, h] : latency_)
        h.write(out, "asterism_request_seconds", "route=\"" + route + "\"");
    return out;
}

void write_metric(std::string& out, const std::string& name, const char* kind, double value,
                  const std::string& help) {
    out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + kind + "\n" + name + " " +
           number(value) + "\n";
}

}  // namespace asterism::server
