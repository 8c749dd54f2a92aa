// The composition root (app.h).
#include "server/app.h"

#ifndef ASTERISM_WEB_DIR
#define ASTERISM_WEB_DIR "web"
#endif

namespace asterism::server {

std::string default_web_dir() {
    return ASTERISM_WEB_DIR;
}

App::App(const ServeOptions& o)
    : site_(o.web_dir.empty() ? default_web_dir() : o.web_dir, o.limits, 0, o.host_names) {
    if (!o.online.data_dir.empty()) site_.api().enable_online(o.online, o.online_limits);
}

Handler::Lane App::lane(const HttpRequest& r) const {
    if (Site::searches(r)) return Lane::Search;
    return Site::stores(r) ? Lane::Disk : Lane::Quick;
}

HttpResponse App::respond(const HttpRequest& request) {
    return site_.respond(request);
}

std::uint64_t App::subscribe(const StreamStart& start, const std::string& client,
                             std::shared_ptr<EventSink> sink, HttpResponse& refusal) {
    EventHub& hub = events();
    const std::uint64_t handle =
        hub.subscribe(start.channel, start.tag, client, std::move(sink), start.last_seen);
    if (handle != 0) return handle;
    refusal =
        hub.streams() >= hub.limits().max_streams
            ? HttpResponse::error(503,
                                  "too many live connections on the server; "
                                  "try again shortly")
            : HttpResponse::error(429, "too many live connections from your address (" +
                                           std::to_string(hub.limits().max_streams_per_client) +
                                           "); close some pages");
    return 0;
}

void App::unsubscribe(std::uint64_t handle) {
    events().unsubscribe(handle);
}

std::size_t App::max_streams() const {
    return site_.api().events().limits().max_streams;
}

void App::stop() {
    api().stop_searches("the server is stopping");
}

namespace {

NetOptions net_options(const ServeOptions& o) {
    NetOptions n;
    n.host = o.host;
    n.port = o.port;
    n.limits = o.server;
    n.http.max_body = o.limits.max_body;
    return n;
}

}  // namespace

Server::Server(const ServeOptions& options) : app_(options), http_(app_, net_options(options)) {}

}  // namespace asterism::server
