// The pieces every JSON route of the server shares: strict readers of a request's JSON body
// and its fields, each failing with a 400 that names the field.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/api_message.h"

namespace asterism::server {

// The body as a JSON object ({} when empty); 400 for malformed JSON, a body
// that nests deeper than `max_depth` (refused before parsing) or one that is
// not an object.
nlohmann::json parse_body(const ApiRequest& r, int max_depth);

// A field of a body, `fallback` when absent or null; 400 for a wrong type or
// a value out of range.
std::string get_string(const nlohmann::json& j, const std::string& key,
                       const std::string& fallback = {});
long long get_int(const nlohmann::json& j, const std::string& key, long long fallback, long long lo,
                  long long hi);
double get_number(const nlohmann::json& j, const std::string& key, double fallback, double lo,
                  double hi);
bool get_bool(const nlohmann::json& j, const std::string& key, bool fallback);

// The spec of a new game: `game` is an id or a whole spec, `options` an
// object of further key/value pairs (strings, numbers or booleans).
std::string spec_from(const nlohmann::json& body);

// 415 unless a request other than GET says its body is JSON, body or not:
// a cross-site request with that type needs a preflight, which is refused
// (405), so no other site's page can make a visitor's browser send one.
void require_json_type(const ApiRequest& r);

// 405: `r.path` takes the methods `allowed`, not r.method.
[[noreturn]] void fail_method(const ApiRequest& r, const std::string& allowed);

}  // namespace asterism::server
