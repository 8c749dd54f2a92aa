// HTTP/1.1 request parsing and response writing (http_message.h).
#include "server/net/message.h"

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "core/text.h"

namespace asterism::server {

namespace {

// RFC 9110 token characters (method and header names).
bool is_token_char(unsigned char c) {
    return std::isalnum(c) ||
           std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// Splits "a\r\nb\nc" into lines without their endings.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return lines;
}

bool has_token(std::string_view list, std::string_view token) {
    const std::string l = lower(list);
    std::size_t at = 0;
    while (at <= l.size()) {
        const auto comma = std::min(l.find(',', at), l.size());
        if (trim(std::string_view(l).substr(at, comma - at)) == token) return true;
        at = comma + 1;
    }
    return false;
}

HttpResponse bad(ErrorCode code, const nlohmann::json& params = nlohmann::json::object()) {
    HttpResponse r = HttpResponse::refusal(code, params);
    r.close = true;
    return r;
}

}  // namespace

const std::string* HttpRequest::header(std::string_view name) const {
    for (const auto& [key, value] : headers)
        if (key == name) return &value;
    return nullptr;
}

HttpResponse HttpResponse::error(ErrorCode code, const nlohmann::json& params) {
    HttpResponse r;
    r.status = code.entry().status;
    // The message may quote what the client sent: cut it short, and let
    // bytes that are not UTF-8 become U+FFFD rather than an exception.
    nlohmann::json body = error_body(code, params);
    body["error"] = body["error"].get<std::string>().substr(0, kMaxMessage);
    r.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return r;
}

HttpResponse HttpResponse::refusal(ErrorCode code, const nlohmann::json& params) {
    HttpResponse r = error(code, params);
    r.headers = {{"Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"},
                 {"X-Content-Type-Options", "nosniff"},
                 {"Cache-Control", "no-store"}};
    return r;
}

std::string_view reason_phrase(int status) {
    switch (status) {
        case 100:
            return "Continue";
        case 200:
            return "OK";
        case 201:
            return "Created";
        case 204:
            return "No Content";
        case 400:
            return "Bad Request";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 409:
            return "Conflict";
        case 413:
            return "Content Too Large";
        case 414:
            return "URI Too Long";
        case 415:
            return "Unsupported Media Type";
        case 417:
            return "Expectation Failed";
        case 429:
            return "Too Many Requests";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 501:
            return "Not Implemented";
        case 503:
            return "Service Unavailable";
        case 505:
            return "HTTP Version Not Supported";
        default:
            return "Unknown";
    }
}

std::string serialize(const HttpResponse& r, bool keep_alive, bool head_only) {
    std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " +
                      std::string(reason_phrase(r.status)) + "\r\n";
    out += "Content-Type: " + r.content_type + "\r\n";
    out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
    out += keep_alive && !r.close ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    for (const auto& [name, value] : r.headers) out += name + ": " + value + "\r\n";
    out += "\r\n";
    if (!head_only) out += r.body;
    return out;
}

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '+' && plus_is_space) {
            out.push_back(' ');
        } else if (c != '%') {
            out.push_back(c);
        } else {
            if (i + 2 >= text.size()) return std::nullopt;
            const auto hex = [](char h) -> int {
                if (h >= '0' && h <= '9') return h - '0';
                if (h >= 'a' && h <= 'f') return h - 'a' + 10;
                if (h >= 'A' && h <= 'F') return h - 'A' + 10;
                return -1;
            };
            const int hi = hex(text[i + 1]), lo = hex(text[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            out.push_back(static_cast<char>(hi * 16 + lo));
            i += 2;
        }
    }
    return out;
}

RequestParser::Result RequestParser::next() {
    if (!head_done_) {
        // Empty lines before a request are allowed (RFC 9112, 2.2).
        const auto start = buffer_.find_first_not_of("\r\n");
        buffer_.erase(0, start == std::string::npos ? buffer_.size() : start);
        const auto first_line = buffer_.find('\n');
        if ((first_line == std::string::npos ? buffer_.size() : first_line) >
            limits_.max_request_line)
            return {{}, bad("http.lineLong", {{"n", limits_.max_request_line}})};
        std::size_t end = buffer_.find("\r\n\r\n");
        std::size_t blank = 4;
        const std::size_t lf = buffer_.find("\n\n");
        if (lf != std::string::npos && (end == std::string::npos || lf < end)) {
            end = lf;
            blank = 2;
        }
        if (end == std::string::npos || end + blank > limits_.max_head) {
            if (buffer_.size() > limits_.max_head || end != std::string::npos)
                return {{}, bad("http.headLong", {{"n", limits_.max_head}})};
            return {};
        }
        pending_ = HttpRequest{};
        if (auto error = parse_head(std::string_view(buffer_).substr(0, end))) return {{}, error};
        head_done_ = true;
        head_length_ = end + blank;
    }
    if (buffer_.size() - head_length_ < body_length_) return {};
    pending_.body = buffer_.substr(head_length_, body_length_);
    buffer_.erase(0, head_length_ + body_length_);
    head_done_ = false;
    head_length_ = body_length_ = 0;
    return {std::move(pending_), {}};
}

std::optional<HttpResponse> RequestParser::parse_head(std::string_view head) {
    const std::vector<std::string_view> lines = split_lines(head);
    if (auto error = parse_request_line(lines.empty() ? std::string_view{} : lines[0]))
        return error;
    if (lines.size() - 1 > limits_.max_headers)
        return bad("http.headers", {{"n", limits_.max_headers}});
    if (auto error = parse_fields(lines)) return error;
    const std::string* expect = pending_.header("expect");
    if (expect && lower(*expect) != "100-continue") return bad("http.expect");
    continue_due_ = expect && body_length_ > 0;
    return std::nullopt;
}

// METHOD SP target SP HTTP/1.x, with the target's path and query decoded.
std::optional<HttpResponse> RequestParser::parse_request_line(std::string_view line) {
    const auto sp1 = line.find(' ');
    const auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
        return bad("http.line");
    const std::string_view method = line.substr(0, sp1);
    const std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string_view version = line.substr(sp2 + 1);
    if (method.empty() || method.size() > 16 ||
        !std::all_of(method.begin(), method.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
        return bad("http.method");
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return version.substr(0, 5) == "HTTP/" && version.size() == 8 ? bad("http.versionServed")
                                                                      : bad("http.version");
    if (target.empty() || target[0] != '/') return bad("http.target");
    http_1_1_ = version == "HTTP/1.1";
    pending_.method = method;
    pending_.target = target;
    const auto q = target.find('?');
    const auto path = percent_decode(target.substr(0, q), false);
    if (!path) return bad("http.pathEscape");
    if (path->find('\0') != std::string::npos) return bad("http.pathNul");
    pending_.path = *path;
    if (q == std::string_view::npos) return std::nullopt;
    std::string_view rest = target.substr(q + 1);
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        const std::string_view item = rest.substr(0, amp);
        rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
        const auto eq = item.find('=');
        const auto key = percent_decode(item.substr(0, eq), true);
        const auto value = percent_decode(
            eq == std::string_view::npos ? std::string_view{} : item.substr(eq + 1), true);
        if (!key || !value) return bad("http.queryEscape");
        pending_.query.emplace(*key, *value);
    }
    return std::nullopt;
}

// The header fields after the request line: names in lower case, the
// body's length, and whether the connection stays open.
std::optional<HttpResponse> RequestParser::parse_fields(
    const std::vector<std::string_view>& lines) {
    std::optional<std::size_t> length;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string_view h = lines[i];
        const auto colon = h.find(':');
        if (colon == 0 || colon == std::string_view::npos ||
            !std::all_of(h.begin(), h.begin() + static_cast<std::ptrdiff_t>(colon),
                         [](char c) { return is_token_char(static_cast<unsigned char>(c)); }))
            return bad("http.field");
        const std::string_view value = trim(h.substr(colon + 1));
        if (std::any_of(value.begin(), value.end(), [](char c) { return c == '\0' || c == '\r'; }))
            return bad("http.fieldByte");
        std::string name = lower(h.substr(0, colon));
        if (name == "content-length") {
            if (value.empty() || value.size() > 19 ||
                !std::all_of(value.begin(), value.end(),
                             [](char c) { return c >= '0' && c <= '9'; }))
                return bad("http.length");
            const std::size_t n = std::stoull(std::string(value));
            if (length && *length != n) return bad("http.lengths");
            length = n;
        } else if (name == "transfer-encoding") {
            return bad("http.chunked");
        }
        pending_.headers.emplace_back(std::move(name), std::string(value));
    }
    if (length && *length > limits_.max_body)
        return bad("limit.body", {{"size", *length}, {"limit", limits_.max_body}});

    body_length_ = length.value_or(0);
    const std::string* connection = pending_.header("connection");
    pending_.keep_alive = http_1_1_ ? !(connection && has_token(*connection, "close"))
                                    : (connection && has_token(*connection, "keep-alive"));
    return std::nullopt;
}

}  // namespace asterism::server
