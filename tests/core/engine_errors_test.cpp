// Tests of the rules engine's error catalogue (core/errors.h): its rows
// (the common table and each game's), the English line made from a
// template with nested reasons, real throw sites keeping their English
// while carrying codes, the file of codes the page's test reads
// (tests/browser/catalogue.test.mjs), and that no throw site of the engine
// is left without a code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/registry.h"
#include "server/errors.h"

namespace asterism {
namespace {

using nlohmann::json;

const std::filesystem::path kRoot = std::filesystem::path(ASTERISM_WEB_DIR) / "..";
const std::filesystem::path kCodesFile = kRoot / "tests/browser/engine-error-codes.json";

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// The .h and .cpp files whose throw sites the catalogue covers: what a
// client can see of the rules, the records and the table, and the reading
// of a computer player's name (search/players.cpp and the engines it makes).
std::vector<std::filesystem::path> engine_sources() {
    std::vector<std::filesystem::path> out;
    for (const char* dir : {"src/core", "src/games", "src/table", "src/record"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(kRoot / dir)) {
            const auto ext = entry.path().extension();
            if (ext == ".cpp" || ext == ".h") out.push_back(entry.path());
        }
    for (const char* file :
         {"src/search/players.cpp", "src/search/engines.cpp", "src/search/engine_maker.h"})
        out.push_back(kRoot / file);
    return out;
}

bool dotted(std::string_view code) {
    if (code.empty() || code.front() == '.' || code.back() == '.') return false;
    for (const char c : code)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.') return false;
    return std::islower(static_cast<unsigned char>(code.front())) != 0;
}

// Every row has a code of its own, dotted, no server code's, and one line
// of English; the games' rows are registered (the catalogue holds more than
// the common table).
TEST(ErrorCatalogue, EngineCodesAreUniqueAndApartFromTheServers) {
    std::set<std::string_view> server;
    for (const auto& e : server::error_catalogue()) server.insert(e.code);
    std::set<std::string_view> seen;
    const auto rows = engine_error_catalogue();
    EXPECT_GT(rows.size(), std::size(kEngineErrorRows) + 100);
    for (const EngineErrorEntry& e : rows) {
        EXPECT_TRUE(seen.insert(e.code).second) << "twice: " << e.code;
        EXPECT_TRUE(dotted(e.code) || e.code == "over") << e.code;
        EXPECT_FALSE(server.contains(e.code)) << "a server code too: " << e.code;
        EXPECT_FALSE(e.text.empty()) << e.code;
        EXPECT_EQ(e.text.find('\n'), std::string_view::npos) << "one line: " << e.code;
        const EngineErrorEntry* found = find_engine_error(e.code);
        ASSERT_NE(found, nullptr) << e.code;
        EXPECT_EQ(found->text, e.text) << e.code;
    }
}

TEST(ErrorCatalogue, AnEngineLineIsItsTemplateWithItsReasons) {
    const GameError e =
        error("move.illegal.why",
              {{"move", "b1-c3"}, {"why", reason("over.result", {{"result", "1-0"}})}});
    EXPECT_STREQ(e.what(), "illegal move 'b1-c3': the game is over (1-0)");
    EXPECT_EQ(e.code(), "move.illegal.why");
    EXPECT_EQ(e.reason(),
              json({{"code", "move.illegal.why"},
                    {"params",
                     {{"move", "b1-c3"},
                      {"why", {{"code", "over.result"}, {"params", {{"result", "1-0"}}}}}}}}));
    // A parameter quoting what a client sent is kept printable, as the line.
    const GameError quoted = error("move.notCell", {{"cell", std::string("a\x01z")}});
    EXPECT_STREQ(quoted.what(), "'a\\x01z' is not a cell");
    EXPECT_EQ(quoted.reason()["params"]["cell"], "a\\x01z");
    // An uncoded line travels as it is: no code, its reason the line.
    const GameError plain("something went wrong");
    EXPECT_EQ(plain.code(), "");
    EXPECT_EQ(plain.reason(), json("something went wrong"));
    // The server's line puts a reason's English in, as the page translates it.
    EXPECT_EQ(server::error_line({"x.y", 400, "move {n}: {why}"},
                                 {{"n", 2}, {"why", reason("game.noOffer")}}),
              "move 2: no draw offer stands");
    const json body = server::engine_error_body(e);
    EXPECT_EQ(body["code"], "move.illegal.why");
    EXPECT_EQ(body["error"], e.what());
    EXPECT_EQ(server::engine_error_body(plain)["code"], "rules.refused");
}

// The games' own throw sites: the English line the CLI and the protocol
// print is the one they printed before codes, and the code and the reason
// inside come with it.
TEST(ErrorCatalogue, TheGamesRefusalsCarryCodesAndTheirEnglish) {
    const auto refusal = [](auto&& action) -> GameError {
        try {
            action();
        } catch (const GameError& e) {
            return e;
        }
        ADD_FAILURE() << "no GameError";
        return GameError("none");
    };
    const Registry& registry = Registry::instance();
    const GameError size = refusal([&] { registry.create("starstar:size=7"); });
    EXPECT_STREQ(size.what(), "bad option size=7 for starstar: allowed values are 6, 8, 10");
    EXPECT_EQ(size.code(), "spec.bad");
    EXPECT_EQ(size.reason()["params"]["why"]["code"], "spec.allowed");

    const GameError shatra = refusal([&] { registry.create("shatra")->play("c1-c14"); });
    EXPECT_EQ(shatra.code().substr(0, 5), "move.");
    EXPECT_EQ(std::string(shatra.what()).substr(0, 14), "illegal move '");

    const GameError pool = refusal([&] { registry.create("starpool")->set_position("S"); });
    EXPECT_EQ(pool.code(), "pos.starpool");
    EXPECT_EQ(pool.reason()["params"]["why"]["code"], "pos.starpool.fields");
    EXPECT_STREQ(
        pool.what(),
        "bad Star Pool position 'S': expected ranks, [citadels], side to move, King flags, "
        "and optionally the half-move clock and move number");

    const GameError unknown = refusal([&] { registry.create("chess"); });
    EXPECT_EQ(unknown.code(), "spec.game");
    EXPECT_EQ(std::string(unknown.what()).substr(0, 21), "unknown game 'chess' ");
}

// The page's test reads the codes from this file, not from the C++: it must
// be the catalogue as it is. ASTERISM_WRITE_ERROR_CODES=1 rewrites it.
TEST(ErrorCatalogue, EngineCodesFileIsCurrent) {
    const std::string now = engine_catalogue_json().dump(2) + "\n";
    if (std::getenv("ASTERISM_WRITE_ERROR_CODES"))
        std::ofstream(kCodesFile, std::ios::binary) << now;
    EXPECT_EQ(read_text(kCodesFile), now)
        << kCodesFile << " is not the engine's catalogue (core/error_table.h, games/*/errors.h); "
        << "rewrite it with ASTERISM_WRITE_ERROR_CODES=1 asterism_tests "
        << "--gtest_filter=ErrorCatalogue.*";
}

// The string literals of `args` (the text inside a GameError(...) or
// RecordError(...)) that are English written at the throw site: not a
// code (error("move.illegal"), reason(...), Code(...)), nor a parameter's
// name ({"move", text}), which are words of letters, digits, '.' and '_'.
std::vector<std::string> english_literals(const std::string& args) {
    std::vector<std::string> out;
    for (std::size_t open = args.find('"'); open != std::string::npos;) {
        const std::size_t close = args.find('"', open + 1);
        if (close == std::string::npos) break;
        const std::string literal = args.substr(open + 1, close - open - 1);
        const bool word = std::all_of(literal.begin(), literal.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_';
        });
        if (!word) out.push_back(literal);
        open = args.find('"', close + 1);
    }
    return out;
}

// The text between the parenthesis at `open` and its match.
std::string arguments(const std::string& text, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
        if (text[i] == '(') ++depth;
        if (text[i] == ')' && --depth == 0) return text.substr(open + 1, i - open - 1);
    }
    return text.substr(open);
}

// Every error the engine throws names a code of its catalogue: no
// GameError or RecordError built from English at the throw site, but for
// a programming error ("internal: ..."), which no client's input reaches.
// (error("code") itself is checked when it compiles: CatalogueCode.)
TEST(ErrorCatalogue, NoEngineThrowSiteWithoutACode) {
    std::vector<std::string> left;
    for (const auto& path : engine_sources()) {
        const std::string name = path.filename().string();
        if (name == "types.h" || name == "errors.h" || name == "errors.cpp") continue;
        const std::string text = read_text(path);
        for (const std::string call : {"GameError(", "RecordError("})
            for (std::size_t at = text.find(call); at != std::string::npos;
                 at = text.find(call, at + 1)) {
                const std::string args = arguments(text, at + call.size() - 1);
                const auto english = english_literals(args);
                if (english.empty() || english.front().starts_with("internal: ")) continue;
                left.push_back(name + ": " + call + args.substr(0, 80));
            }
    }
    std::string all;
    for (const std::string& l : left) all += l + "\n";
    EXPECT_TRUE(left.empty()) << left.size() << " throw sites without a code:\n" << all;
}

// Every code is named by some throw site: a code no site uses any more is
// taken out of the catalogue (and its translations), not left for pages.
TEST(ErrorCatalogue, EveryEngineCodeIsNamedBySomeThrowSite) {
    std::string sources;
    for (const auto& path : engine_sources())
        if (path.filename() != "error_table.h" && path.filename() != "errors.h")
            sources += read_text(path);
    sources += read_text(kRoot / "apps/web-engine/local_game.cpp");
    std::vector<std::string_view> unused;
    for (const EngineErrorEntry& e : engine_error_catalogue())
        if (sources.find("\"" + std::string(e.code) + "\"") == std::string::npos)
            unused.push_back(e.code);
    std::string all;
    for (const auto code : unused) all += std::string(code) + " ";
    EXPECT_TRUE(unused.empty()) << unused.size() << " codes no site names: " << all;
}

}  // namespace
}  // namespace asterism
