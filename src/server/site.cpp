// The API and the static files behind one request function (site.h).
#include "server/site.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/text.h"
#include "core/types.h"

namespace asterism::server {

namespace {

// The types of the files the UI is made of; ES modules load only with a
// JavaScript type, so these are named rather than guessed. A file of any
// other type is not served, whatever is in the folder.
const char* content_type(std::string_view ext) {
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".json") return "application/json";
    if (ext == ".ico") return "image/x-icon";
    // The installable web app's manifest (docs/wasm.md, "Offline").
    if (ext == ".webmanifest") return "application/manifest+json";
    // The page's engine (docs/wasm.md), compiled while it downloads only
    // when served with this type.
    if (ext == ".wasm") return "application/wasm";
    return nullptr;
}

bool is_api(const std::string& path) {
    return path == "/api" || path.rfind("/api/", 0) == 0;
}

// The UI file a path names, relative to the UI's folder, or "" when the
// path cannot name one: the files are ours and all have plain names, so
// every segment must be non-empty (no "//", which would make the path
// absolute when joined), must not start with '.' (no "..", no hidden
// files) and must hold no backslash; the text must be UTF-8. A name without
// an extension is a page: "/rules" is rules.html.
std::string ui_file(const std::string& path) {
    if (path == "/") return "index.html";
    if (path.size() < 2 || path[0] != '/' || !valid_utf8(path) ||
        path.find_first_of(std::string_view("\\\0", 2)) != std::string::npos)
        return "";
    std::size_t at = 1;
    while (at <= path.size()) {
        const auto slash = std::min(path.find('/', at), path.size());
        if (slash == at || path[at] == '.') return "";
        at = slash + 1;
    }
    std::string name = path.substr(1);
    const auto last = name.rfind('/');
    if (name.find('.', last == std::string::npos ? 0 : last) == std::string::npos) name += ".html";
    return name;
}

bool state_changing(const std::string& method) {
    return method != "GET" && method != "HEAD" && method != "OPTIONS";
}

HttpResponse not_found(const std::string& path) {
    return HttpResponse::error("request.noPage", {{"path", printable(path, 200)}});
}

// A Content-Disposition for a file name: an ASCII name as it is, and the
// UTF-8 name percent-encoded (RFC 6266) for the browsers that read it.
std::string attachment(const std::string& name) {
    std::string ascii, encoded;
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (const char c : name) {
        const auto b = static_cast<unsigned char>(c);
        const bool plain = std::isalnum(b) != 0 || c == '-' || c == '_' || c == '.';
        ascii.push_back(plain && b < 0x80 ? c : '_');
        if (plain && b < 0x80) {
            encoded.push_back(c);
        } else {
            encoded += '%';
            encoded += kHex[b >> 4];
            encoded += kHex[b & 15];
        }
    }
    return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + encoded;
}

// The port an authority ("host", "host:8080", "[::1]:80") names, or
// `fallback` when it names none.
std::string port_of(std::string_view authority, std::string_view fallback) {
    const auto close = authority.rfind(']');
    const auto colon = authority.rfind(':');
    if (colon == std::string_view::npos || (close != std::string_view::npos && colon < close))
        return std::string(fallback);
    return std::string(authority.substr(colon + 1));
}

// Whether a browser's Origin ("https://name:port") is this site as the
// Host header names it: the same host and the same port (a Host without a
// port, as a proxy writes `$host`, is the Origin's scheme's default port).
bool same_site(const std::string& origin, const std::string& host) {
    const auto scheme = origin.find("://");
    if (scheme == std::string::npos) return false;
    const std::string_view authority = std::string_view(origin).substr(scheme + 3);
    const std::string fallback = origin.starts_with("https://") ? "443" : "80";
    const std::string from = host_name(authority);
    return !from.empty() && from == host_name(host) &&
           port_of(authority, fallback) == port_of(host, fallback);
}

}  // namespace

std::string host_name(std::string_view authority) {
    std::string host;
    if (!authority.empty() && authority.front() == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return "";
        host = authority.substr(1, close - 1);
    } else {
        host = authority.substr(0, authority.find(':'));
    }
    for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!host.empty() && host.back() == '.') host.pop_back();
    return host;
}

bool host_allowed(const std::string& host, const std::vector<std::string>& names) {
    if (host.empty()) return false;
    in6_addr any{};
    if (inet_pton(AF_INET, host.c_str(), &any) == 1 || inet_pton(AF_INET6, host.c_str(), &any) == 1)
        return true;
    if (host == "localhost" || host.ends_with(".localhost")) return true;
    return std::find(names.begin(), names.end(), host) != names.end();
}

// 'wasm-unsafe-eval' lets the page's worker compile the engine's
// WebAssembly (docs/wasm.md); it allows no eval() of JavaScript. The
// engine's worker, the service worker and the web app's manifest are the
// site's own files (worker-src, manifest-src: what default-src allows
// already, said where a reader of the policy looks for them).
void add_security_headers(HttpResponse& response) {
    response.headers.emplace_back(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
        "object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'");
    response.headers.emplace_back("X-Frame-Options", "DENY");
    response.headers.emplace_back("X-Content-Type-Options", "nosniff");
    response.headers.emplace_back("Referrer-Policy", "no-referrer");
}

Site::Site(std::string web_dir, ApiLimits limits, std::vector<std::string> host_names)
    : web_dir_(std::move(web_dir)), api_(limits) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_regular_file(fs::path(web_dir_) / "index.html", ec))
        throw GameError("no index.html in the web folder '" + web_dir_ +
                        "' (give the UI's folder with --web)");
    web_root_ = fs::canonical(web_dir_, ec).string();
    if (ec) throw GameError("cannot resolve the web folder '" + web_dir_ + "': " + ec.message());
    if (!web_root_.ends_with('/')) web_root_ += '/';
    for (const std::string& name : host_names)
        if (const std::string h = host_name(name); !h.empty()) host_names_.push_back(h);
}

std::optional<HttpResponse> Site::refused(const HttpRequest& r) const {
    // A request without Host is no browser's (HTTP/1.0 tools): no page can
    // make it, so it cannot be a DNS-rebinding attack.
    const std::string* host = r.header("host");
    const auto hosts = std::count_if(r.headers.begin(), r.headers.end(),
                                     [](const auto& h) { return h.first == "host"; });
    if (hosts > 1) return HttpResponse::error("site.hosts", {{"n", hosts}});
    if (host && !host_allowed(host_name(*host), host_names_))
        return HttpResponse::error("site.host", {{"host", printable(*host, kMaxQuoted)}});
    if (!state_changing(r.method)) return std::nullopt;
    // A browser names the page that sends a request; another site's page
    // may not change anything here (a same-origin page names this host).
    if (const std::string* origin = r.header("origin")) {
        if (!host || !same_site(*origin, *host))
            return HttpResponse::error("site.origin", {{"origin", printable(*origin, kMaxQuoted)}});
    }
    return std::nullopt;
}

HttpResponse Site::respond(const HttpRequest& request) {
    HttpResponse response;
    try {
        if (auto no = refused(request))
            response = std::move(*no);
        else
            response = is_api(request.path) ? api_response(request) : static_file(request);
    } catch (const std::exception& e) {
        response = HttpResponse::error("server.internal", {{"why", e.what()}});
    } catch (...) {
        response = HttpResponse::error("server.internal.bare");
    }
    add_security_headers(response);
    return response;
}

HttpResponse Site::api_response(const HttpRequest& r) {
    ApiRequest request;
    request.method = r.method == "HEAD" ? "GET" : r.method;
    request.path = r.path;
    request.query = r.query;
    request.body = r.body;
    request.client = r.client;
    request.local = r.local;
    request.gone = r.gone;
    if (const std::string* h = r.header("content-type")) request.content_type = *h;
    if (const std::string* h = r.header("authorization")) request.authorization = *h;
    if (const std::string* h = r.header("last-event-id")) request.last_event_id = *h;
    if (const std::string* h = r.header("cookie")) request.cookie = *h;
    if (const std::string* h = r.header("host")) request.host = *h;
    ApiResponse a = api_.handle(request);
    HttpResponse out;
    out.status = a.status;
    out.stream = a.stream;
    // Messages quote what the client sent, which need not be UTF-8; bad
    // bytes become U+FFFD rather than an exception.
    out.body = !a.text.empty()
                   ? std::move(a.text)
                   : a.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    out.headers.emplace_back("Cache-Control", "no-store");
    if (!a.allow.empty()) out.headers.emplace_back("Allow", a.allow);
    for (const std::string& c : a.cookies) out.headers.emplace_back("Set-Cookie", c);
    if (!a.download.empty())
        out.headers.emplace_back("Content-Disposition", attachment(a.download));
    return out;
}

std::string Site::offline_preamble() const {
    namespace fs = std::filesystem;
    std::vector<std::pair<std::string, std::string>> files;  // name, and its size and time
    std::error_code ec;
    for (fs::recursive_directory_iterator
             it(web_root_, fs::directory_options::skip_permission_denied, ec),
         end;
         !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().string().substr(web_root_.size());
        const fs::path file = fs::canonical(it->path(), ec);
        if (ec || ui_file("/" + name) != name || name == "sw.js" ||
            !content_type(it->path().extension().string()) ||
            !file.string().starts_with(web_root_) || !fs::is_regular_file(file, ec)) {
            ec.clear();
            continue;
        }
        const auto size = fs::file_size(file, ec);
        const auto time = fs::last_write_time(file, ec).time_since_epoch().count();
        if (ec || size > kMaxStaticFile) {
            ec.clear();
            continue;
        }
        files.emplace_back(name, std::to_string(size) + ":" + std::to_string(time));
    }
    std::sort(files.begin(), files.end());
    // FNV-1a, 64 bits, over each name, size and time.
    std::uint64_t hash = 14695981039346656037ULL;
    nlohmann::json names = nlohmann::json::array();
    for (const auto& [name, stamp] : files) {
        for (const char c : name + '\0' + stamp + '\0')
            hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        names.push_back(name);
    }
    char version[17];
    std::snprintf(version, sizeof version, "%016llx", static_cast<unsigned long long>(hash));
    return "self.asterismVersion = \"" + std::string(version) +
           "\";\nself.asterismFiles = " + names.dump() + ";\n";
}

HttpResponse Site::static_file(const HttpRequest& r) const {
    if (r.method != "GET" && r.method != "HEAD") {
        HttpResponse out =
            HttpResponse::error("site.method", {{"method", printable(r.method, 16)}});
        out.headers.emplace_back("Allow", "GET, HEAD");
        return out;
    }
    namespace fs = std::filesystem;
    const std::string name = ui_file(r.path);
    const char* type = content_type(fs::path(name).extension().string());
    if (name.empty() || !type) return not_found(r.path);
    // The file as the system resolves it, symbolic links and all, must lie
    // inside the UI's folder.
    std::error_code ec;
    const fs::path file = fs::canonical(fs::path(web_dir_) / name, ec);
    if (ec || !file.string().starts_with(web_root_) || !fs::is_regular_file(file, ec))
        return not_found(r.path);
    const auto size = fs::file_size(file, ec);
    if (ec || size > kMaxStaticFile) return not_found(r.path);
    std::ifstream in(file, std::ios::binary);
    HttpResponse out;
    out.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in && !in.eof())
        return HttpResponse::error("site.read", {{"path", printable(r.path, 200)}});

    out.content_type = type;
    // The service worker learns the version and the list of the files it
    // caches from its own script, so that a browser, which compares a
    // service worker's bytes at every visit, installs a new one exactly
    // when a shipped file has changed (docs/wasm.md, "Offline").
    if (name == "sw.js") out.body = offline_preamble() + out.body;
    // The UI is small and changes with the program: always revalidate.
    out.headers.emplace_back("Cache-Control", "no-cache");
    return out;
}

}  // namespace asterism::server
