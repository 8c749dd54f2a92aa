// Strict readers of request bodies (json_args.h).
#include "server/json_args.h"

#include "core/text.h"

#include <algorithm>
#include <cctype>

namespace asterism::server {

using nlohmann::json;

namespace {

// How deep the arrays and objects of a JSON text nest, counted without
// parsing it, so that a body of a million '[' costs nothing to refuse.
int json_depth(std::string_view text) {
    int depth = 0, deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

}  // namespace

[[noreturn]] void fail(int status, const std::string& message) {
    throw HttpError{status, message, {}};
}

[[noreturn]] void fail(ErrorCode code, json params) {
    fail_allow(code, std::move(params), {});
}

[[noreturn]] void fail(const Refusal& refusal) {
    if (!refusal) throw std::logic_error("fail() with no refusal");
    fail(*refusal.code, refusal.params);
}

[[noreturn]] void fail_allow(ErrorCode code, json params, std::string allow) {
    const ErrorEntry& e = code.entry();
    std::string line = error_line(e, params);
    throw HttpError{e.status, std::move(line), std::move(allow), std::string(e.code),
                    std::move(params)};
}

json HttpError::body() const {
    if (code.empty()) return {{"error", message}};
    return {{"error", message}, {"code", code}, {"params", params}};
}

json parse_body(const ApiRequest& r, int max_depth) {
    if (r.body.empty()) return json::object();
    if (json_depth(r.body) > max_depth) fail("request.json.deep", {{"n", max_depth}});
    json j;
    try {
        j = json::parse(r.body);
    } catch (const json::parse_error& e) {
        // The library's message names the byte where reading stopped.
        std::string what = e.what();
        const auto at = what.find("parse error");
        fail("request.json.malformed", {{"why", at == std::string::npos ? what : what.substr(at)}});
    }
    if (!j.is_object()) fail("request.json.object");
    return j;
}

std::string get_string(const json& j, const std::string& key, const std::string& fallback) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    if (!j[key].is_string()) fail("request.field.string", {{"field", key}});
    return j[key].get<std::string>();
}

long long get_int(const json& j, const std::string& key, long long fallback, long long lo,
                  long long hi) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    long long v = 0;
    if (j[key].is_number_integer())
        v = j[key].get<long long>();
    else if (j[key].is_number_unsigned())
        v = j[key].get<unsigned long long>() > static_cast<unsigned long long>(hi)
                ? hi + 1
                : static_cast<long long>(j[key].get<unsigned long long>());
    else
        fail("request.field.integer", {{"field", key}});
    if (v < lo || v > hi) fail("request.field.range", {{"field", key}, {"min", lo}, {"max", hi}});
    return v;
}

double get_number(const json& j, const std::string& key, double fallback, double lo, double hi) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    if (!j[key].is_number()) fail("request.field.number", {{"field", key}});
    const double v = j[key].get<double>();
    // std::to_string's six decimals, as the line has always said.
    if (!(v >= lo && v <= hi))
        fail("request.field.range",
             {{"field", key}, {"min", std::to_string(lo)}, {"max", std::to_string(hi)}});
    return v;
}

bool get_bool(const json& j, const std::string& key, bool fallback) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    if (!j[key].is_boolean()) fail("request.field.bool", {{"field", key}});
    return j[key].get<bool>();
}

// The spec of a new game: `game` is an id or a whole spec, `options` an
// object of further key/value pairs (strings, numbers or booleans).
std::string spec_from(const json& body) {
    std::string spec = get_string(body, "game");
    if (spec.empty()) fail("new.game.missing");
    if (!body.contains("options") || body["options"].is_null()) return spec;
    if (!body["options"].is_object()) fail("new.options.object");
    std::string extra;
    for (const auto& [key, value] : body["options"].items()) {
        std::string text;
        if (value.is_string())
            text = value.get<std::string>();
        else if (value.is_boolean())
            text = value.get<bool>() ? "true" : "false";
        else if (value.is_number_integer() || value.is_number_unsigned())
            text = value.dump();
        else
            fail("new.option.type", {{"key", key}});
        // Separators inside a value would be read as further options.
        if (key.find_first_of(",=:") != std::string::npos ||
            text.find_first_of(",=:") != std::string::npos)
            fail("new.option.separator", {{"key", key}});
        extra += (extra.empty() ? "" : ",") + key + "=" + text;
    }
    if (extra.empty()) return spec;
    return spec + (spec.find(':') == std::string::npos ? ":" : ",") + extra;
}

void require_json_type(const ApiRequest& r) {
    if (r.method == "GET") return;
    // The media type alone (parameters such as "; charset=utf-8" after a
    // semicolon), exactly: "application/jsonp" is another type.
    std::string t = r.content_type.substr(0, r.content_type.find(';'));
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto first = t.find_first_not_of(" \t");
    t = first == std::string::npos ? "" : t.substr(first, t.find_last_not_of(" \t") - first + 1);
    if (t != "application/json") fail("request.contentType", {{"method", printable(r.method, 16)}});
}

void fail_method(const ApiRequest& r, const std::string& allowed) {
    fail_allow("request.method",
               {{"path", printable(r.path, 200)},
                {"allowed", allowed},
                {"method", printable(r.method, 16)}},
               allowed);
}

}  // namespace asterism::server
