// The English lines of the error catalogue (errors.h).
#include "server/errors.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace asterism::server {

using nlohmann::json;

namespace {

// Whether the text between braces names a parameter (letters, digits,
// '_'): a template may hold other braces, such as a JSON example.
bool parameter_name(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    });
}

// The names of the "{name}" parameters of a template, in order, each once.
std::vector<std::string> parameter_names(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t at = text.find('{'); at != std::string_view::npos;
         at = text.find('{', at + 1)) {
        const std::size_t end = text.find('}', at);
        if (end == std::string_view::npos) break;
        std::string name(text.substr(at + 1, end - at - 1));
        if (parameter_name(name) && std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(std::move(name));
    }
    return names;
}

}  // namespace

std::string error_line(const ErrorEntry& entry, const json& params) {
    std::string out;
    const std::string_view text = entry.text;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find('{', at);
        const std::size_t close = open == std::string_view::npos ? open : text.find('}', open);
        if (close == std::string_view::npos) break;
        out += text.substr(at, open - at);
        const std::string name(text.substr(open + 1, close - open - 1));
        if (!parameter_name(name)) {
            out += text.substr(open, 1);
            at = open + 1;
            continue;
        }
        const auto value = params.is_object() ? params.find(name) : params.end();
        if (!params.is_object() || value == params.end())
            out += "{" + name + "}";
        else
            out += value->is_string() ? value->get<std::string>() : value->dump();
        at = close + 1;
    }
    if (at < text.size()) out += text.substr(at);
    return out;
}

std::string Refusal::line() const {
    return code ? error_line(code->entry(), params) : std::string();
}

json error_body(ErrorCode code, const json& params) {
    const ErrorEntry& e = code.entry();
    return {{"error", error_line(e, params)}, {"code", std::string(e.code)}, {"params", params}};
}

json error_catalogue_json() {
    json out = json::object();
    for (const ErrorEntry& e : error_catalogue())
        out[std::string(e.code)] = {{"status", e.status},
                                    {"text", std::string(e.text)},
                                    {"params", parameter_names(e.text)}};
    return out;
}

}  // namespace asterism::server
