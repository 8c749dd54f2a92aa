// The English lines of the error catalogue (errors.h).
#include "server/errors.h"

#include "core/errors.h"

namespace asterism::server {

using nlohmann::json;

json server_reason(ReasonCode code, const json& params) {
    return {{"code", std::string(code.entry().code)}, {"params", params}};
}

const ErrorEntry* find_reason(std::string_view code) {
    for (const ErrorEntry& e : reason_catalogue())
        if (e.code == code) return &e;
    return nullptr;
}

json known_reason(std::string_view line) {
    for (const ErrorEntry& e : reason_catalogue())
        if (e.text == line && template_parameters(e.text).empty())
            return {{"code", std::string(e.code)}, {"params", json::object()}};
    return nullptr;
}

std::string reason_text(const json& reason) {
    if (reason.is_object() && reason.contains("code") && reason["code"].is_string())
        if (const ErrorEntry* e = find_reason(reason["code"].get<std::string>()))
            return error_line(*e, reason.value("params", json::object()));
    return reason_line(reason);
}

std::string error_line(const ErrorEntry& entry, const json& params) {
    // The server's reasons in their English; the engine's fill_template knows.
    json lines = params;
    if (lines.is_object())
        for (auto& [name, value] : lines.items())
            if (value.is_object() && value.contains("code") && value["code"].is_string() &&
                find_reason(value["code"].get<std::string>()))
                value = reason_text(value);
    return fill_template(entry.text, lines);
}

json engine_error_body(const GameError& error) {
    json body = error.reason();
    if (!body.is_object()) return error_body("rules.refused", {{"why", error.what()}});
    return {{"error", error.what()}, {"code", body["code"]}, {"params", body["params"]}};
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
    for (const auto& rows : {error_catalogue(), reason_catalogue()})
        for (const ErrorEntry& e : rows)
            out[std::string(e.code)] = {{"status", e.status},
                                        {"text", std::string(e.text)},
                                        {"params", template_parameters(e.text)}};
    return out;
}

}  // namespace asterism::server
