// The rules engine's error catalogue and GameError (errors.h, types.h).
#include "core/errors.h"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

#include "core/text.h"

namespace asterism {

using nlohmann::json;

namespace {

// Whether the text between braces names a parameter (letters, digits,
// '_'): a template may hold other braces, such as a JSON example.
bool parameter_name(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    });
}

// Whether `value` is a reason: an object with a string "code".
bool is_reason(const json& value) {
    return value.is_object() && value.contains("code") && value["code"].is_string();
}

// `params` with every string made printable and bounded (text.h), nested
// reasons too: a parameter often quotes what a client sent, and it goes out
// to a terminal or a page as the line does.
json printable_params(const json& params) {
    if (params.is_string()) return printable(params.get<std::string>());
    if (!params.is_object() && !params.is_array()) return params;
    json out = params;
    for (auto& value : out) value = printable_params(value);
    return out;
}

// The rows modules registered (add_engine_errors), made on first use so
// that a static registration of any file may come first.
std::vector<std::span<const EngineErrorEntry>>& registered_rows() {
    static std::vector<std::span<const EngineErrorEntry>> rows;
    return rows;
}

}  // namespace

void add_engine_errors(std::span<const EngineErrorEntry> rows) {
    registered_rows().push_back(rows);
}

std::vector<EngineErrorEntry> engine_error_catalogue() {
    std::vector<EngineErrorEntry> all(std::begin(kEngineErrorRows), std::end(kEngineErrorRows));
    for (const auto& rows : registered_rows()) all.insert(all.end(), rows.begin(), rows.end());
    return all;
}

const EngineErrorEntry* find_engine_error(std::string_view code) {
    for (const EngineErrorEntry& e : kEngineErrorRows)
        if (e.code == code) return &e;
    for (const auto& rows : registered_rows())
        for (const EngineErrorEntry& e : rows)
            if (e.code == code) return &e;
    return nullptr;
}

GameError error_of(const EngineErrorEntry& entry, const json& params) {
    return GameError(entry, params);
}

json reason_of(const EngineErrorEntry& entry, json params) {
    return {{"code", std::string(entry.code)},
            {"params", params.is_null() ? json::object() : std::move(params)}};
}

std::string fill_template(std::string_view text, const json& params) {
    std::string out;
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
        else if (value->is_string() || is_reason(*value))
            out += reason_line(*value);
        else
            out += value->dump();
        at = close + 1;
    }
    if (at < text.size()) out += text.substr(at);
    return out;
}

std::string reason_line(const json& reason) {
    if (reason.is_string()) return reason.get<std::string>();
    if (!is_reason(reason)) return reason.dump();
    const EngineErrorEntry* entry = find_engine_error(reason["code"].get<std::string>());
    if (entry == nullptr) return reason["code"].get<std::string>();
    return fill_template(entry->text, reason.value("params", json::object()));
}

std::vector<std::string> template_parameters(std::string_view text) {
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

json engine_catalogue_json() {
    json out = json::object();
    for (const EngineErrorEntry& e : engine_error_catalogue())
        out[std::string(e.code)] = {{"text", std::string(e.text)},
                                    {"params", template_parameters(e.text)}};
    return out;
}

GameError::GameError(const std::string& message) : std::runtime_error(printable(message)) {}

GameError::GameError(const char* message) : GameError(std::string(message)) {}

GameError::GameError(const EngineErrorEntry& entry, const json& params)
    : GameError(reason_of(entry, params)) {}

GameError::GameError(const json& reason)
    : GameError(is_reason(reason) ? reason["code"].get<std::string>() : std::string(),
                is_reason(reason) ? std::make_shared<const json>(
                                        printable_params(reason.value("params", json::object())))
                                  : nullptr,
                reason_line(reason)) {}

GameError::GameError(std::string code, std::shared_ptr<const json> params, const std::string& line)
    : std::runtime_error(printable(line)), code_(std::move(code)), params_(std::move(params)) {}

json GameError::reason() const {
    if (!params_) return what();
    return {{"code", code_}, {"params", *params_}};
}

}  // namespace asterism
