// cpp-httplib glue for the API and the static files (http.h).
#include "server/http.h"

#include <httplib.h>

#include <filesystem>

#include "core/types.h"

#ifndef ASTERISM_WEB_DIR
#define ASTERISM_WEB_DIR "web"
#endif

namespace asterism::server {

std::string default_web_dir() {
    return ASTERISM_WEB_DIR;
}

struct HttpServer::Impl {
    ServeOptions options;
    Api api;
    httplib::Server server;

    explicit Impl(ServeOptions o) : options(std::move(o)), api(options.limits) {}

    void answer(const httplib::Request& req, httplib::Response& res) {
        ApiRequest request;
        request.method = req.method;
        request.path = req.path;
        request.body = req.body;
        for (const auto& [key, value] : req.params) request.query.emplace(key, value);
        const ApiResponse response = api.handle(request);
        res.status = response.status;
        res.set_header("Cache-Control", "no-store");
        // Messages quote what the client sent, which need not be UTF-8;
        // bad bytes become U+FFFD rather than an exception.
        res.set_content(
            response.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
            "application/json");
    }
};

HttpServer::HttpServer(ServeOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
    ServeOptions& o = impl_->options;
    if (o.web_dir.empty()) o.web_dir = default_web_dir();
    if (!std::filesystem::exists(std::filesystem::path(o.web_dir) / "index.html"))
        throw GameError("no index.html in the web folder '" + o.web_dir +
                        "' (give the UI's folder with --web)");
    httplib::Server& s = impl_->server;
    // ES modules load only with a JavaScript type; name the types we serve
    // rather than rely on the library's table.
    for (const auto& [ext, type] : std::initializer_list<std::pair<const char*, const char*>>{
             {"html", "text/html; charset=utf-8"},
             {"js", "text/javascript; charset=utf-8"},
             {"css", "text/css; charset=utf-8"},
             {"svg", "image/svg+xml"},
             {"png", "image/png"},
             {"json", "application/json"},
             {"ico", "image/x-icon"}})
        s.set_file_extension_and_mimetype_mapping(ext, type);
    s.set_mount_point("/", o.web_dir);
    // The library's pool has eight threads on a small machine. A browser
    // keeps several connections open, and a computer move or an analysis
    // holds its thread while it searches (the Api bounds how many search at
    // once), so a few tabs could otherwise leave no thread for a quick
    // request.
    s.new_task_queue = [] { return new httplib::ThreadPool(32); };
    s.set_read_timeout(10);
    s.set_write_timeout(10);
    // Bodies past the limit are refused by the library with 413 before they
    // reach the API; the API checks the same limit for its own callers.
    s.set_payload_max_length(o.limits.max_body);
    auto handler = [this](const httplib::Request& req, httplib::Response& res) {
        impl_->answer(req, res);
    };
    s.Get(R"(/api/.*)", handler);
    s.Post(R"(/api/.*)", handler);
    s.Delete(R"(/api/.*)", handler);
    // Replies the library makes itself (404 for a missing file, 413, 400 for
    // an unreadable request) get a message too.
    s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        std::string what = res.status == 404   ? "no such page: " + req.path
                           : res.status == 413 ? "the request body is too large"
                                               : "bad request";
        res.set_content(nlohmann::json{{"error", what}}.dump(), "application/json");
    });
    // A request that throws anyway (a bug) is answered, not fatal.
    s.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
            std::string what = "internal error";
            try {
                if (ep) std::rethrow_exception(ep);
            } catch (const std::exception& e) {
                what += std::string(": ") + e.what();
            } catch (...) {
            }
            res.status = 500;
            res.set_content(nlohmann::json{{"error", what}}.dump(), "application/json");
        });
}

HttpServer::~HttpServer() {
    stop();
}

int HttpServer::bind() {
    const ServeOptions& o = impl_->options;
    int port = 0;
    if (o.port == 0) {
        port = impl_->server.bind_to_any_port(o.host);
    } else {
        port = impl_->server.bind_to_port(o.host, o.port) ? o.port : -1;
    }
    if (port <= 0)
        throw GameError("cannot listen on " + o.host + ":" + std::to_string(o.port) +
                        " (is the port in use? try --port with another number)");
    return port;
}

void HttpServer::run() {
    impl_->server.listen_after_bind();
}

void HttpServer::stop() {
    if (impl_) impl_->server.stop();
}

}  // namespace asterism::server
