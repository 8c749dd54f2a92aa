// The one check of stored free text (server/text.h): unit tests on
// hand-made strings, then one API test for each place that calls it (guest
// names, chat messages, report reasons, tournament names, passkey labels,
// account names; the last two in passkeys_test.cpp and here).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/accounts_rig.h"
#include "server/text.h"
#include "server/tournaments/service.h"

namespace asterism::server {
namespace {

using nlohmann::json;

const std::string kDecomposedE = "e\xcc\x81";  // e + U+0301
const std::string kComposedE = "\xc3\xa9";     // U+00E9

std::string problem(const std::string& text, TextRule rule = {}) {
    return text_problem(text, rule);
}

TEST(FreeText, RefusesWhatHidesReordersOrBreaksText) {
    struct Case {
        std::string text, why;
    };
    const Case cases[] = {
        {"evil\xe2\x80\xaeolleh", "U+202E, a bidirectional control"},
        {"two\nlines", "U+000A, a control character"},
        {std::string("nul\0byte", 8), "U+0000, a control character"},
        {"\xe3\x85\xa4", "U+3164, a filler"},              // Hangul filler alone
        {"Ann\xe3\x85\xa4", "U+3164, a filler"},           // and beside letters
        {"\xe1\x85\x9f", "U+115F, a filler"},              // Hangul choseong filler
        {"\xe2\xa0\x80\xe2\xa0\x80", "U+2800, a filler"},  // blank Braille
        {"zero\xe2\x80\x8bwidth", "U+200B, an invisible character"},
        {"\xef\xbb\xbf"
         "bom",
         "U+FEFF, an invisible character"},
        {"\xe2\x80\x8d", "a joiner with nothing to join"},
        {"line\xe2\x80\xa8two", "U+2028, a line break"},
        {"\xee\x80\x80", "U+E000, a code point with no agreed meaning"},
        {"   ", "is empty"},
        {"", "is empty"},
        {"\xc3\x28", "must be UTF-8 text"},
    };
    for (const Case& c : cases) {
        const std::string why = problem(c.text);
        EXPECT_NE(why.find(c.why), std::string::npos) << "'" << c.text << "': " << why;
    }
}

TEST(FreeText, CapsCombiningMarksOnOneCharacter) {
    std::string zalgo = "a";
    for (int i = 0; i < 299; ++i) zalgo += "\xcc\x81";  // U+0301
    EXPECT_NE(problem(zalgo).find("more than 4 combining marks"), std::string::npos);
    EXPECT_NE(problem("\xcc\x81"
                      "a")
                  .find("a combining mark on nothing"),
              std::string::npos);
    // A few marks, as real scripts stack them, are kept.
    EXPECT_EQ(problem("a\xcc\x81\xcc\x82\xcc\x83\xcc\x84"), "");
    EXPECT_EQ(problem("\xd7\xa9\xd7\x81\xd6\xb8"), "");  // Hebrew shin, shin dot, qamats
}

TEST(FreeText, KeepsTextInNfcTrimmed) {
    std::string out;
    EXPECT_EQ(text_problem("  caf" + kDecomposedE + " ", {}, &out), "");
    EXPECT_EQ(out, "caf" + kComposedE);
    // Emoji sequences keep their joiners and variation selectors.
    const std::string family = "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9";  // man ZWJ woman
    EXPECT_EQ(text_problem(family + " \xe2\x9d\xa4\xef\xb8\x8f", {}, &out), "");
    EXPECT_EQ(out, family + " \xe2\x9d\xa4\xef\xb8\x8f");
    TextRule optional;
    optional.may_be_empty = true;
    EXPECT_EQ(text_problem("  ", optional, &out), "");
    EXPECT_EQ(out, "");
    TextRule short_rule;
    short_rule.max_characters = 3;
    EXPECT_EQ(problem("abcd", short_rule), "is longer than 3 characters");
    EXPECT_EQ(problem("ab" + kDecomposedE, short_rule), "");  // 3 characters once composed
}

// The API tests: every place that stores a client's text refuses what the
// check refuses, with a 400 naming the field, and keeps NFC.
struct TextRig : AccountsRig {
    TextRig() {
        tournaments = std::make_unique<TournamentService>(
            rig.store, rig.service, rig.hub, TournamentLimits{}, [this] { return now; });
        rig.api.attach_tournaments(tournaments.get());
    }
    ~TextRig() { rig.api.attach_tournaments(nullptr); }
    std::unique_ptr<TournamentService> tournaments;
};

void expect_refused(const ApiResponse& r, const std::string& field, const std::string& why) {
    EXPECT_EQ(r.status, 400) << r.body.dump();
    const std::string error = error_of(r);
    EXPECT_TRUE(error.starts_with("'" + field + "' ")) << error;
    EXPECT_NE(error.find(why), std::string::npos) << error;
    // Coded for the page: a text.* code naming the field.
    EXPECT_TRUE(r.body.value("code", "").starts_with("text.")) << r.body.dump();
    EXPECT_EQ(r.body["params"].value("field", ""), field) << r.body.dump();
}

TEST(TextApi, GuestNames) {
    TextRig t;
    for (const std::string bad : {"\xe3\x85\xa4", "\xe1\x85\x9f", "\xe2\xa0\x80"})
        expect_refused(t.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"name", bad}}),
                       "name", "a filler");
    const ApiResponse made =
        t.call("POST", "/api/games", {{"game", "starstar:size=6"}, {"name", "Ren" + kDecomposedE}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const ApiResponse game = t.call("GET", "/api/games/" + made.body["id"].get<std::string>());
    EXPECT_EQ(game.body["seats"][0]["name"], "Ren" + kComposedE) << game.body.dump();
}

TEST(TextApi, ChatMessagesAndReportReasons) {
    TextRig t;
    const std::string ann = t.signed_up("Ann", "correct horse");
    const std::string bob = t.signed_up("Bob", "correct horse");
    const ApiResponse made = t.call("POST", "/api/games", {{"game", "starstar:size=6"}}, ann);
    const std::string id = made.body["id"];
    const std::string link = made.body["links"]["invite"];
    ASSERT_EQ(t.call("POST", "/api/games/" + id + "/join", json::object(), bob, "203.0.113.9",
                     link.substr(link.find("secret=") + 7))
                  .status,
              200);
    std::string zalgo = "a";
    for (int i = 0; i < 299; ++i) zalgo += "\xcc\x81";
    const std::string chat = "/api/games/" + id + "/chat";
    expect_refused(t.call("POST", chat, {{"room", "players"}, {"text", zalgo}}, ann), "text",
                   "combining marks");
    ASSERT_EQ(
        t.call("POST", chat, {{"room", "players"}, {"text", "caf" + kDecomposedE}}, ann).status,
        201);
    ApiRequest read;
    read.method = "GET";
    read.path = chat;
    read.query["room"] = "players";
    read.cookie = bob;
    read.client = "203.0.113.9";
    const json messages = t.rig.api.handle(read).body["messages"];
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0]["text"], "caf" + kComposedE);
    const std::string report =
        chat + "/" + std::to_string(messages[0]["id"].get<std::int64_t>()) + "/report";
    expect_refused(t.call("POST", report, {{"reason", "rude\xe2\x80\xae"}}, bob), "reason",
                   "U+202E");
    EXPECT_EQ(t.call("POST", report, {{"reason", "rude"}}, bob).status, 200);
}

TEST(TextApi, TournamentNames) {
    TextRig t;
    const std::string ann = t.signed_up("Ann", "correct horse");
    auto make = [&](const std::string& name) {
        return t.call("POST", "/api/tournaments",
                      {{"name", name},
                       {"game", "starstar:size=6"},
                       {"clock", {{"kind", "fischer"}, {"minutes", 5}}}},
                      ann);
    };
    expect_refused(make("Friday\xe2\x80\xae"), "name", "U+202E");
    expect_refused(make("Friday\nnight"), "name", "U+000A");
    expect_refused(make(std::string("Friday\0", 7)), "name", "U+0000");
    const ApiResponse made = make("Caf" + kDecomposedE + " cup");
    ASSERT_EQ(made.status, 201) << made.body.dump();
    EXPECT_EQ(made.body["tournament"]["name"], "Caf" + kComposedE + " cup") << made.body.dump();
}

TEST(TextApi, AccountNames) {
    TextRig t;
    expect_refused(t.call("POST", "/api/account/register",
                          {{"name", "Ann\xe2\x80\xae"}, {"password", "correct horse"}}),
                   "name", "U+202E");
    // "Сергей" with its last letter decomposed (и + U+0306) is kept composed.
    const ApiResponse made =
        t.call("POST", "/api/account/register",
               {{"name", "\xd0\xa1\xd0\xb5\xd1\x80\xd0\xb3\xd0\xb5\xd0\xb8\xcc\x86"},
                {"password", "correct horse"}});
    ASSERT_EQ(made.status, 201) << made.body.dump();
    EXPECT_EQ(made.body["name"], "\xd0\xa1\xd0\xb5\xd1\x80\xd0\xb3\xd0\xb5\xd0\xb9");
}

}  // namespace
}  // namespace asterism::server
