// Tests of the server's error catalogue (src/server/errors.h): its rows,
// the English line made from a template, the file of codes the page's test
// reads (tests/browser/catalogue.test.mjs), and that no throw site of
// src/server is left without a code.
#include <gtest/gtest.h>

// GCC 12 warns of an uninitialized std::function inside <regex>'s own
// compiler when it builds with the sanitizers at -O1 (a false alarm in the
// library's code, not this file's), which -Werror turns into a failed asan
// build.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "server/api_message.h"
#include "server/api_rig.h"
#include "server/errors.h"
#include "server/net/message.h"

namespace asterism::server {
namespace {

using nlohmann::json;

const std::string kCodesFile =
    std::string(ASTERISM_WEB_DIR) + "/../tests/browser/server-error-codes.json";

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

TEST(ErrorCatalogue, CodesAreUniqueDottedAndClientErrors) {
    std::set<std::string_view> seen;
    const std::regex dotted("[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)+");
    for (const ErrorEntry& e : error_catalogue()) {
        EXPECT_TRUE(seen.insert(e.code).second) << "twice: " << e.code;
        EXPECT_TRUE(std::regex_match(std::string(e.code), dotted)) << e.code;
        EXPECT_GE(e.status, 400) << e.code;
        EXPECT_LT(e.status, 600) << e.code;
        EXPECT_FALSE(e.text.empty()) << e.code;
        EXPECT_EQ(e.text.find('\n'), std::string_view::npos) << "one line: " << e.code;
    }
}

// The server's reasons (why a search stopped, a passkey was refused, a
// game or a tournament ended): dotted codes apart from the errors', no
// status, one line each, and their English put in an error's line.
TEST(ErrorCatalogue, ReasonsAreUniqueDottedAndApartFromTheErrors) {
    std::set<std::string_view> seen;
    for (const ErrorEntry& e : error_catalogue()) seen.insert(e.code);
    const std::regex dotted("[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)+");
    for (const ErrorEntry& e : reason_catalogue()) {
        EXPECT_TRUE(seen.insert(e.code).second) << "twice: " << e.code;
        EXPECT_TRUE(std::regex_match(std::string(e.code), dotted)) << e.code;
        EXPECT_EQ(e.status, 0) << e.code;
        EXPECT_FALSE(e.text.empty()) << e.code;
        EXPECT_EQ(e.text.find('\n'), std::string_view::npos) << "one line: " << e.code;
    }
    const json why = server_reason("tour.why.cancelled", {{"name", "Hugo"}});
    EXPECT_EQ(why, json({{"code", "tour.why.cancelled"}, {"params", {{"name", "Hugo"}}}}));
    EXPECT_EQ(error_body("game.ended", {{"why", why}})["error"],
              "this game was ended by the server: cancelled by Hugo");
    // A line a log keeps is read back as its reason only when it is one.
    EXPECT_EQ(known_reason("closed by its player")["code"], "game.ended.closed");
    EXPECT_TRUE(known_reason("closed by its player.").is_null());
    EXPECT_TRUE(known_reason("cancelled by {name}").is_null());
}

TEST(ErrorCatalogue, TheLineIsTheTemplateWithItsParameters) {
    const ErrorEntry row{"x.y", 400, "no game '{id}' ({n} moves, {n} again; {missing})"};
    EXPECT_EQ(error_line(row, {{"id", "ab12"}, {"n", 3}}),
              "no game 'ab12' (3 moves, 3 again; {missing})");
    try {
        fail("limit.body", {{"size", 9}, {"limit", 4}});
        FAIL() << "fail() returned";
    } catch (const HttpError& e) {
        EXPECT_EQ(e.status, 413);
        EXPECT_EQ(e.message, "the request body is 9 bytes; the limit is 4");
        EXPECT_EQ(e.body(), json({{"error", e.message},
                                  {"code", "limit.body"},
                                  {"params", {{"size", 9}, {"limit", 4}}}}));
    }
}

// The transport's own refusals carry codes too: a request line that is
// not one, and a body over the limit, before any application sees them.
TEST(ErrorCatalogue, TheTransportsRefusalsAreCoded) {
    RequestParser garbled;
    garbled.feed("NOT A REQUEST\r\n\r\n");
    const auto bad = garbled.next();
    ASSERT_TRUE(bad.error.has_value());
    const json body = json::parse(bad.error->body);
    EXPECT_TRUE(body.value("code", "").starts_with("http.")) << body.dump();
    expect_catalogued(bad.error->status, body);

    RequestParser big(HttpLimits{.max_body = 10});
    big.feed("POST /api/games HTTP/1.1\r\nContent-Length: 11\r\n\r\n");
    const auto huge = big.next();
    ASSERT_TRUE(huge.error.has_value());
    const json too_big = json::parse(huge.error->body);
    EXPECT_EQ(huge.error->status, 413);
    EXPECT_EQ(too_big["code"], "limit.body");
    EXPECT_EQ(too_big["params"], json({{"size", 11}, {"limit", 10}}));
    EXPECT_EQ(too_big["error"], "the request body is 11 bytes; the limit is 10");
}

// The rules engine's errors reach a client with the engine's codes: its
// own at the top (a bad option of a game spec), or a reason inside a
// server's code (the {why} of game.viewMove), reasons within reasons.
TEST(ErrorCatalogue, TheRulesEnginesErrorsReachTheClientWithTheirCodes) {
    ApiRig rig(ApiLimits{}, 1);
    const auto post = [&](const json& body) {
        ApiRequest r{"POST", "/api/view", {},      body.dump(),       "127.0.0.1",
                     {},     {},          nullptr, "application/json"};
        r.local = true;
        return rig.api.handle(r);
    };
    const ApiResponse spec = post({{"game", "starstar"}, {"options", {{"size", 7}}}});
    EXPECT_EQ(spec.status, 400) << spec.body.dump();
    EXPECT_EQ(spec.body["code"], "spec.bad") << spec.body.dump();
    EXPECT_EQ(spec.body["params"]["why"]["code"], "spec.allowed") << spec.body.dump();
    EXPECT_EQ(spec.body["error"], "bad option size=7 for starstar: allowed values are 6, 8, 10");
    expect_catalogued(spec.status, spec.body);

    const ApiResponse move = post({{"game", "starstar"}, {"moves", {"Q99"}}});
    EXPECT_EQ(move.status, 400) << move.body.dump();
    EXPECT_EQ(move.body["code"], "game.viewMove") << move.body.dump();
    const json& why = move.body["params"]["why"];
    EXPECT_EQ(why["code"], "move.unreadable") << move.body.dump();
    EXPECT_EQ(why["params"]["move"], "Q99");
    EXPECT_EQ(why["params"]["why"]["code"], "move.star.form") << move.body.dump();
    EXPECT_EQ(move.body["error"].get<std::string>().substr(0, 32),
              "move 1: cannot read move 'Q99': ");
    expect_catalogued(move.status, move.body);
}

// The page's test reads the codes from this file, not from the C++: it
// must be the catalogue as it is. ASTERISM_WRITE_ERROR_CODES=1 rewrites it.
TEST(ErrorCatalogue, CodesFileIsCurrent) {
    const std::string now = error_catalogue_json().dump(2) + "\n";
    if (std::getenv("ASTERISM_WRITE_ERROR_CODES"))
        std::ofstream(kCodesFile, std::ios::binary) << now;
    EXPECT_EQ(read_text(kCodesFile), now)
        << kCodesFile << " is not the catalogue of src/server/error_table.h; rewrite it with "
        << "ASTERISM_WRITE_ERROR_CODES=1 asterism_tests --gtest_filter=ErrorCatalogue.*";
}

// Every error a client sees has a code: no fail(STATUS, "...") or
// HttpError{STATUS, ...} or HttpResponse::error/refusal(STATUS, ...) with
// a bare status is left in src/server.
TEST(ErrorCatalogue, NoThrowSiteWithoutACode) {
    const std::filesystem::path server = std::filesystem::path(ASTERISM_WEB_DIR) / "../src/server";
    const std::regex bare(
        "(\\bfail\\(\\s*[0-9]{3}|HttpError\\{\\s*[0-9]{3}|HttpResponse::(error|refusal)\\(\\s*[0-9]"
        "{3})");
    std::vector<std::string> left;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(server)) {
        if (entry.path().extension() != ".cpp" && entry.path().extension() != ".h") continue;
        std::istringstream lines(read_text(entry.path()));
        std::string line;
        for (int n = 1; std::getline(lines, line); ++n)
            if (std::regex_search(line, bare))
                left.push_back(entry.path().filename().string() + ":" + std::to_string(n) + ": " +
                               line);
    }
    std::string all;
    for (const std::string& l : left) all += l + "\n";
    EXPECT_TRUE(left.empty()) << left.size() << " throw sites without a code:\n" << all;
}

// Every code is thrown somewhere: a code no site names any more is taken
// out of the catalogue (and its translations), not left for the pages.
TEST(ErrorCatalogue, EveryCodeIsNamedBySomeThrowSite) {
    const std::filesystem::path server = std::filesystem::path(ASTERISM_WEB_DIR) / "../src/server";
    std::string sources;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(server)) {
        const auto ext = entry.path().extension();
        if ((ext == ".cpp" || ext == ".h") && entry.path().filename() != "error_table.h")
            sources += read_text(entry.path());
    }
    std::vector<std::string_view> unused;
    for (const ErrorEntry& e : error_catalogue())
        if (sources.find("\"" + std::string(e.code) + "\"") == std::string::npos)
            unused.push_back(e.code);
    EXPECT_TRUE(unused.empty()) << unused.size() << " codes no site names, e.g. "
                                << (unused.empty() ? "" : unused.front());
}

}  // namespace
}  // namespace asterism::server
