// The server's catalogue of client-visible errors (DESIGN.md, "Errors";
// issue 42 point 4). Every error a client sees is one row here: a stable
// dotted code, its HTTP status and its English line as a template with
// named parameters ("no game '{id}'"). A throw site names the code and
// gives the parameters (fail(), below); the English line is made from the
// template, so no English is written twice, and the JSON body carries
//   {"error": "<English line>", "code": "<code>", "params": {...}}
// so that a page translates the code (web/locales/*-errors*.js) and never
// the English. A parameter may be a reason of the rules engine ({"code",
// "params"}, core/errors.h), such as the {why} of "game.viewMove": its
// English line goes into this line, and a page translates it by its code. The list a page must
// translate is this table, written to tests/browser/server-error-codes.json and checked by
// ErrorCatalogue.CodesFileIsCurrent.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/types.h"

namespace asterism::server {

struct ErrorEntry {
    std::string_view code;  // stable, dotted: "game.none"
    int status;             // the HTTP status it is answered with
    std::string_view text;  // the English line, "{name}" where a parameter goes
};

}  // namespace asterism::server

// The rows, kErrorRows, grouped by module.
#include "server/error_table.h"

namespace asterism::server {

// Every row, in the table's order.
inline std::span<const ErrorEntry> error_catalogue() {
    return kErrorRows;
}

// Every reason, in the table's order.
inline std::span<const ErrorEntry> reason_catalogue() {
    return kReasonRows;
}

// The row of `code` in `Rows`; a compile error when no row has it (the
// constructor is consteval), so that a throw site cannot name a code the
// catalogue lacks.
template <const auto& Rows>
class CatalogueCode {
  public:
    // Implicit on purpose: a throw site names its code as a string.
    consteval CatalogueCode(const char* code) : index_(find(code)) {}  // NOLINT
    const ErrorEntry& entry() const { return Rows[index_]; }

  private:
    static consteval std::size_t find(std::string_view code) {
        for (std::size_t i = 0; i < std::size(Rows); ++i)
            if (Rows[i].code == code) return i;
        // Not a constant expression: the compiler stops here, naming this line.
        throw "no such code in src/server/error_table.h";
    }
    std::size_t index_;
};

// An error's code (kErrorRows), and a reason's (kReasonRows).
using ErrorCode = CatalogueCode<kErrorRows>;
using ReasonCode = CatalogueCode<kReasonRows>;

// A reason of the server as a client gets it: {"code", "params"}, which a
// page translates by its code and error_line() puts in as its English.
nlohmann::json server_reason(ReasonCode code,
                             const nlohmann::json& params = nlohmann::json::object());

// The reason whose English, without parameters, is `line` (a reason kept
// as its line in a record, such as why the server ended a game), or null.
nlohmann::json known_reason(std::string_view line);

// The server's reason row of `code`, or null (another layer's code).
const ErrorEntry* find_reason(std::string_view code);

// The English line of a reason: the server's, the rules engine's
// (core/errors.h) or a plain line as it is.
std::string reason_text(const nlohmann::json& reason);

// A refusal found in one place and thrown (or shown) in another, such as
// a password's weakness: a code and its parameters, or nothing.
struct Refusal {
    Refusal() = default;
    // Implicit, so that `return {"pw.short", {{"n", 8}}};` names the code.
    Refusal(ErrorCode code_, nlohmann::json params_ = nlohmann::json::object())  // NOLINT
        : code(code_), params(std::move(params_)) {}

    std::optional<ErrorCode> code;
    nlohmann::json params = nlohmann::json::object();

    explicit operator bool() const { return code.has_value(); }
    // Its English line, "" for nothing.
    std::string line() const;
};

// The English line of `entry` with `params` put in: a string as it is, a
// reason (the server's or the engine's) as its line, any other value as
// JSON ("{n}" with 3 is "3"). A name without a value stays as "{name}",
// which the catalogue test would show.
std::string error_line(const ErrorEntry& entry, const nlohmann::json& params);

// The JSON body of the rules engine's error (core/errors.h), answered with
// 400: its own code and parameters, or for an uncoded line "rules.refused"
// with the line as {why}.
nlohmann::json engine_error_body(const GameError& error);

// The JSON body of an error answered without throwing (api.cpp, site.cpp):
// {"error": the English line, "code", "params"}.
nlohmann::json error_body(ErrorCode code, const nlohmann::json& params = nlohmann::json::object());

// The catalogue as JSON: {"code": {"status": N, "text": "...", "params":
// ["name", ...]}, ...}, the reasons with status 0: the file the page's
// test reads.
nlohmann::json error_catalogue_json();

}  // namespace asterism::server
