// The rules engine's catalogue of errors (DESIGN.md, "Errors"; issue 42
// point 4). Every GameError a client can see names a stable dotted code and
// gives its parameters; its English line (what()) is made from the code's
// template, so the CLI, the protocol and the Python module print the same
// line as ever, while the server and the wasm engine send {"error": line,
// "code": code, "params": {...}} and a page translates the code
// (web/locales/*-errors-engine.js, key "err." + code). A reason inside a
// message ("illegal move 'b1-c3': {why}") is a parameter that is itself a
// reason, {"code", "params"}.
//
// The rows that name no game are core/error_table.h's; each game keeps its
// own in its folder (games/<game>/errors.h) and registers them, so that no
// central list names games. A throw site writes error("code", {...}) (a
// GameError) or reason("code", {...}) (a nested reason) with the functions
// of its module, whose code type checks at compile time that the code is a
// row of its module's table or of the common one.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/types.h"

namespace asterism {

struct EngineErrorEntry {
    std::string_view code;  // stable, dotted: "move.illegal.why"
    std::string_view text;  // the English line, "{name}" where a parameter goes
};

}  // namespace asterism

// The common rows, kEngineErrorRows, grouped by module.
#include "core/error_table.h"

namespace asterism {

// GCC 12 cannot evaluate the lookup below at compile time with the address
// and undefined-behaviour sanitizers on (their null checks of each row's
// address are not constant expressions), so the sanitizer build looks codes
// up when they are thrown; the release build, which every test run builds
// first, still refuses an unknown code at compile time.
#if defined(__SANITIZE_ADDRESS__)
#define ASTERISM_CODE_LOOKUP constexpr
#else
#define ASTERISM_CODE_LOOKUP consteval
#endif

// A code of the tables `Rows...` (the first that has it); a compile error
// when none has it (the constructor is consteval), so that a throw site
// cannot name a code its catalogue lacks.
template <const auto&... Rows>
class CatalogueCode {
  public:
    ASTERISM_CODE_LOOKUP CatalogueCode(const char* code)
        : entry_(find(code)) {}  // NOLINT: implicit on purpose
    const EngineErrorEntry& entry() const { return *entry_; }

  private:
    static ASTERISM_CODE_LOOKUP const EngineErrorEntry* find(std::string_view code) {
        const EngineErrorEntry* found = nullptr;
        const auto look = [&](const auto& rows) {
            for (const EngineErrorEntry& e : rows)
                if (found == nullptr && e.code == code) found = &e;
        };
        (look(Rows), ...);
        // Not a constant expression: the compiler stops here, naming this line.
        if (found == nullptr) throw "no such error code in the engine's error tables";
        return found;
    }
    const EngineErrorEntry* entry_;
};

// The GameError of a row with its parameters.
GameError error_of(const EngineErrorEntry& entry,
                   const nlohmann::json& params = nlohmann::json::object());
// A reason of a row ({"code", "params"}), to put inside another message.
nlohmann::json reason_of(const EngineErrorEntry& entry,
                         nlohmann::json params = nlohmann::json::object());

// A code of the common table.
using EngineCode = CatalogueCode<kEngineErrorRows>;

// The throw sites' words for the common table: error("over", {}) and
// reason("spec.bool").
inline GameError error(EngineCode code, const nlohmann::json& params = nlohmann::json::object()) {
    return error_of(code.entry(), params);
}
inline nlohmann::json reason(EngineCode code, nlohmann::json params = nlohmann::json::object()) {
    return reason_of(code.entry(), std::move(params));
}

// A game's words for its codes (games/<game>/errors.h): a code of its own
// rows `Rows` or of the common ones (ModuleCode), and error("code", {...})
// and reason("code", {...}) as above for those codes. The words are objects
// of ErrorWord and ReasonWord, so that a game states them in a line apiece
// and its throw sites call them unqualified, as the common words; a code
// outside both tables still fails to compile. Being objects, they make a
// local named `error` or `reason` in the game's code a shadowing that the
// compiler refuses (-Wshadow): name such a local for what it holds.
template <const auto& Rows>
using ModuleCode = CatalogueCode<Rows, kEngineErrorRows>;
template <class Code>
struct ErrorWord {
    GameError operator()(Code code, const nlohmann::json& params = nlohmann::json::object()) const {
        return error_of(code.entry(), params);
    }
};
template <class Code>
struct ReasonWord {
    nlohmann::json operator()(Code code, nlohmann::json params = nlohmann::json::object()) const {
        return reason_of(code.entry(), std::move(params));
    }
};

// Adds a module's rows to what find_engine_error() and the catalogue file
// know (a game's folder, by a static object: ErrorRowsRegistration).
void add_engine_errors(std::span<const EngineErrorEntry> rows);
struct ErrorRowsRegistration {
    explicit ErrorRowsRegistration(std::span<const EngineErrorEntry> rows) {
        add_engine_errors(rows);
    }
};

// Every row, the common table's first, then each registered module's.
std::vector<EngineErrorEntry> engine_error_catalogue();

// The row of `code`, or null.
const EngineErrorEntry* find_engine_error(std::string_view code);

// `text` with each "{name}" of `params` put in: a string as it is, a
// reason ({"code", "params"}) as its English line, any other value as JSON
// ("{n}" with 3 is "3"). A brace that names no parameter (a JSON example's)
// stays, and so does a name without a value, which the catalogue tests show.
std::string fill_template(std::string_view text, const nlohmann::json& params);

// The English line of a reason ({"code", "params"}), or of a plain string
// (an uncoded line) that string.
std::string reason_line(const nlohmann::json& reason);

// The names of the "{name}" parameters of a template, in order, each once.
std::vector<std::string> template_parameters(std::string_view text);

// The catalogue as JSON: {"code": {"text": "...", "params": ["name",
// ...]}, ...}, the file the page's test reads.
nlohmann::json engine_catalogue_json();

}  // namespace asterism
