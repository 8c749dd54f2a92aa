// The API's one route table (routes.h).
#include "server/routes.h"

#include <algorithm>

#include "server/json_args.h"

namespace asterism::server {

namespace {

// A path's segments between slashes; empty ones are skipped, as the
// transport has already refused paths that climb ("..").
std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    for (std::size_t at = 0; at <= path.size();) {
        const std::size_t next = std::min(path.find('/', at), path.size());
        if (next > at) out.push_back(path.substr(at, next - at));
        at = next + 1;
    }
    return out;
}

}  // namespace

std::string_view who_name(Who who) {
    switch (who) {
        case Who::Anyone:
            return "anyone";
        case Who::Seat:
            return "seat";
        case Who::Account:
            return "account";
        case Who::Moderator:
            return "moderator";
    }
    return "?";
}

std::string_view lane_name(Handler::Lane lane) {
    switch (lane) {
        case Handler::Lane::Quick:
            return "quick";
        case Handler::Lane::Disk:
            return "store";
        case Handler::Lane::Search:
            return "search";
    }
    return "?";
}

std::string_view rate_name(RateClass rate) {
    switch (rate) {
        case RateClass::Plain:
            return "plain";
        case RateClass::Search:
            return "search";
        case RateClass::SignIn:
            return "sign-in";
        case RateClass::NewAccount:
            return "new-account";
        case RateClass::Ceremony:
            return "ceremony";
        case RateClass::Chat:
            return "chat";
        case RateClass::Stream:
            return "stream";
        case RateClass::Create:
            return "create";
    }
    return "?";
}

bool fits(std::string_view pattern, std::string_view path, PathArgs& args) {
    const auto want = segments(pattern), got = segments(path);
    if (want.size() != got.size()) return false;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (!want[i].starts_with(':') && want[i] != got[i]) return false;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (want[i].starts_with(':')) args[std::string(want[i].substr(1))] = got[i];
    return true;
}

const Route* RouteTable::peek(std::string_view method, std::string_view path) const {
    if (method == "HEAD") method = "GET";
    PathArgs args;
    for (const Route& route : routes_)
        if (route.method == method && fits(route.path, path, args)) return &route;
    return nullptr;
}

const Route* RouteTable::find(const ApiRequest& r, PathArgs& args) const {
    std::string allowed;
    bool checked = false;
    for (const Route& route : routes_) {
        PathArgs found;
        if (!fits(route.path, r.path, found)) continue;
        if (!checked && route.check_id && found.count("id")) route.check_id(found.at("id"));
        checked = true;
        if (route.method == r.method) {
            require_json_type(r);
            args = std::move(found);
            return &route;
        }
        allowed += (allowed.empty() ? "" : ", ") + std::string(route.method) +
                   (route.method == "GET" ? ", HEAD" : "");
    }
    if (!allowed.empty()) fail_method(r, allowed);
    return nullptr;
}

}  // namespace asterism::server
