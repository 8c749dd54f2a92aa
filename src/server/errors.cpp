// The English lines of the error catalogue (errors.h).
#include "server/errors.h"

#include "core/errors.h"

namespace asterism::server {

using nlohmann::json;

std::string error_line(const ErrorEntry& entry, const json& params) {
    return fill_template(entry.text, params);
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
    for (const ErrorEntry& e : error_catalogue())
        out[std::string(e.code)] = {{"status", e.status},
                                    {"text", std::string(e.text)},
                                    {"params", template_parameters(e.text)}};
    return out;
}

}  // namespace asterism::server
