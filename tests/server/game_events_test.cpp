// A game's events as types (server/game_events.h, table/
// table_events.h): every type the log holds reads into its own alternative
// and writes back to the very data the log holds for it (the logs of old
// included, whose lines these are), and what is not an event is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "core/errors.h"
#include "server/game_events.h"

namespace asterism::server::games {
namespace {

using nlohmann::json;

// One line of each type as the server writes it to the log (without the
// clock commit adds), in kEventTypes' order, each field it may have.
const json kLogged[] = {
    json::parse(R"({"move": "c3", "by": 1})"),
    json::parse(R"({"count": 2, "to": "person", "by": 0})"),
    json::parse(R"({"action": "offer", "by": 0, "answer": false})"),
    json::parse(R"({"player": 1, "offers_draw": true, "answered_draw": false, "move": "d4"})"),
    json::parse(R"({"players": ["human", "level:4"], "level": 4})"),
    json::parse(R"({"record": "[Game \"shatra\"]\n1. c3-c4"})"),
    json::parse(R"({"by": 1})"),
    json::parse(R"({"loser": 0})"),
    json::parse(R"({"action": "request", "by": 1})"),
    json::parse(R"({"seat": 0, "name": "Ann", "digest": "d1", "account": 7, "rated": true,
                    "tournament": "t1", "reserved": 9})"),
    json::parse(R"({"seat": 1, "account": 8, "name": "Bob"})"),
    json::parse(R"({"why": "nobody came"})"),
};
static_assert(std::size(kLogged) == kEventTypes.size());

TEST(GameEvents, EachTypeReadsIntoItsOwnKindAndWritesBackWhatTheLogHolds) {
    std::set<std::size_t> kinds;
    for (std::size_t i = 0; i < kEventTypes.size(); ++i) {
        const std::string_view type = kEventTypes[i];
        SCOPED_TRACE(std::string(type));
        const GameEvent e = game_event(type, kLogged[i]);
        EXPECT_EQ(event_type(e), type);
        EXPECT_EQ(event_data(e), kLogged[i]);
        const auto* t = std::get_if<TableEvent>(&e);
        kinds.insert(t ? 100 + t->index() : e.index());
    }
    EXPECT_EQ(kinds.size(), kEventTypes.size());  // no two types read into one kind
}

TEST(GameEvents, TheOptionalFieldsAreLeftOutWhenNotSet) {
    // A local game's move and undo, a join without an account: as logged.
    const std::pair<const char*, const char*> lines[] = {
        {"move", R"({"move": "c3"})"},
        {"undo", R"({"count": 1})"},
        {"join", R"({"seat": 1, "name": "guest"})"},
        {"draw", R"({"action": "accept", "by": 1})"},
        {"turn", R"({"player": 0, "offers_draw": false})"}};
    for (const auto& [type, line] : lines) {
        const json d = json::parse(line);
        EXPECT_EQ(event_data(game_event(type, d)), d) << line;
    }
}

TEST(GameEvents, WhatIsNotAnEventIsRefused) {
    EXPECT_THROW(game_event("teleport", json::object()), GameError);
    EXPECT_THROW(game_event("", json::object()), GameError);
    try {
        game_event("move", json::parse(R"({"mv": "c3"})"));
        ADD_FAILURE() << "a move without its move was read";
    } catch (const GameError& e) {
        EXPECT_EQ(e.code(), "table.event");
    }
    EXPECT_THROW(game_event("resign", json::parse(R"({"by": 2})")), GameError);
    EXPECT_THROW(game_event("join", json::parse(R"({"seat": "first", "name": "A"})")), GameError);
    EXPECT_THROW(game_event("players", json::parse(R"({"players": "human", "level": 3})")),
                 GameError);
}

}  // namespace
}  // namespace asterism::server::games
