// The API and the static files behind one request function (site.h).
#include "server/site.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/text.h"
#include "core/types.h"

namespace asterism::server {

namespace {

// The types of the files the UI is made of; ES modules load only with a
// JavaScript type, so these are named rather than guessed.
std::string content_type(const std::filesystem::path& file) {
    const std::string ext = file.extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".json") return "application/json";
    if (ext == ".ico") return "image/x-icon";
    return "application/octet-stream";
}

bool is_api(const std::string& path) {
    return path == "/api" || path.rfind("/api/", 0) == 0;
}

// A UI path that stays inside the UI's folder: no "." or ".." segment, no
// backslash, valid UTF-8 (the files are ours and all have plain names).
bool safe_path(const std::string& path) {
    if (!valid_utf8(path) || path.find('\\') != std::string::npos) return false;
    std::size_t at = 0;
    while (at < path.size()) {
        const auto slash = std::min(path.find('/', at), path.size());
        const std::string_view segment = std::string_view(path).substr(at, slash - at);
        if (segment == "." || segment == "..") return false;
        at = slash + 1;
    }
    return true;
}

HttpResponse not_found(const std::string& path) {
    return HttpResponse::error(404, "no such page: " + printable(path, 200));
}

}  // namespace

Site::Site(std::string web_dir, ApiLimits limits, std::uint64_t seed)
    : web_dir_(std::move(web_dir)), api_(limits, seed) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(std::filesystem::path(web_dir_) / "index.html", ec))
        throw GameError("no index.html in the web folder '" + web_dir_ +
                        "' (give the UI's folder with --web)");
}

bool Site::searches(const HttpRequest& r) {
    if (r.method != "POST" || !is_api(r.path)) return false;
    const auto slash = r.path.find_last_of('/');
    const std::string_view last = std::string_view(r.path).substr(slash + 1);
    // A draw offer to a computer seat is answered by a search.
    return last == "computer" || last == "analyze" || last == "draw";
}

HttpResponse Site::respond(const HttpRequest& request) {
    try {
        HttpResponse response = is_api(request.path) ? api_response(request) : static_file(request);
        response.headers.emplace_back("X-Content-Type-Options", "nosniff");
        return response;
    } catch (const std::exception& e) {
        return HttpResponse::error(500, std::string("internal error: ") + e.what());
    } catch (...) {
        return HttpResponse::error(500, "internal error");
    }
}

HttpResponse Site::api_response(const HttpRequest& r) {
    // A body must say it is JSON. Besides being honest, this keeps other web
    // sites from driving the API from a visitor's browser: a cross-site
    // request with that type needs a preflight, which is refused (405).
    if (!r.body.empty()) {
        const std::string* type = r.header("content-type");
        std::string t = type ? *type : "";
        for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (t.rfind("application/json", 0) != 0)
            return HttpResponse::error(415, "send the request body as application/json");
    }
    ApiRequest request;
    request.method = r.method == "HEAD" ? "GET" : r.method;
    request.path = r.path;
    request.query = r.query;
    request.body = r.body;
    request.client = r.client;
    if (const std::string* h = r.header("authorization")) request.authorization = *h;
    if (const std::string* h = r.header("last-event-id")) request.last_event_id = *h;
    const ApiResponse a = api_.handle(request);
    HttpResponse out;
    out.status = a.status;
    out.stream = a.stream;
    // Messages quote what the client sent, which need not be UTF-8; bad
    // bytes become U+FFFD rather than an exception.
    out.body = !a.text.empty()
                   ? a.text
                   : a.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    out.headers.emplace_back("Cache-Control", "no-store");
    if (!a.allow.empty()) out.headers.emplace_back("Allow", a.allow);
    return out;
}

HttpResponse Site::static_file(const HttpRequest& r) const {
    if (r.method != "GET" && r.method != "HEAD") {
        HttpResponse out = HttpResponse::error(
            405, "the UI's files take GET or HEAD, not " + printable(r.method, 16));
        out.headers.emplace_back("Allow", "GET, HEAD");
        return out;
    }
    if (!safe_path(r.path)) return not_found(r.path);
    const std::filesystem::path file =
        std::filesystem::path(web_dir_) / (r.path == "/" ? "index.html" : r.path.substr(1));
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return not_found(r.path);
    const auto size = std::filesystem::file_size(file, ec);
    if (ec || size > kMaxStaticFile) return not_found(r.path);
    std::ifstream in(file, std::ios::binary);
    HttpResponse out;
    out.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) return HttpResponse::error(500, "cannot read " + printable(r.path, 200));
    out.content_type = content_type(file);
    // The UI is small and changes with the program: always revalidate.
    out.headers.emplace_back("Cache-Control", "no-cache");
    return out;
}

}  // namespace asterism::server
