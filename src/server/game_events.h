// The events of a game of the game service (games/log.cpp carries them
// out): the table's (table/table_events.h: move, undo, draw, turn, players,
// load) and these of the service's own, each as the log holds it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "table/table_events.h"

namespace asterism::server::games {

namespace events {
// {by}: the seat that resigned.
struct Resign {
    Player by = Player::None;
};
// {loser}: the seat whose time ran out.
struct Flag {
    Player loser = Player::None;
};
// {action: request|decline, by}: a takeback asked for, or refused; one
// carried out is an undo.
struct Takeback {
    std::string action;
    Player by = Player::None;
};
// {seat, name, digest?, account?, rated?, tournament?, reserved?}: a person
// took a seat, with the digest of its secret, bound to an account, in a
// rated or a tournament's game; the creator of a challenge keeps the other
// seat for the `reserved` account.
struct Join {
    Player seat = Player::None;
    std::string name, digest;
    std::int64_t account = 0;
    bool rated = false;
    std::string tournament;
    std::int64_t reserved = 0;
};
// {seat, account, name}: a guest's seat bound to the account they signed up
// or in to.
struct Claim {
    Player seat = Player::None;
    std::int64_t account = 0;
    std::string name;
};
// {why}: the server ended the game (for want of players or moves); the
// English line is what the log keeps (known_reason reads it back).
struct Expire {
    std::string why;
};
}  // namespace events

// Every event a game's log holds: a closed set, read once from the log
// (game_event), carried out by one function (apply), written by one
// (event_data); a test makes every type fail to save
// (tests/server/save_failure_test.cpp).
using GameEvent = std::variant<TableEvent, events::Resign, events::Flag, events::Takeback,
                               events::Join, events::Claim, events::Expire>;
inline constexpr std::array<std::string_view, 12> kEventTypes = {
    "move",   "undo", "draw",     "turn", "players", "load",
    "resign", "flag", "takeback", "join", "claim",   "expire"};
static_assert(kEventTypes.size() == kTableEventTypes.size() + std::variant_size_v<GameEvent> - 1);
// GameError for a type that is not one of these, or data it cannot read.
GameEvent game_event(std::string_view type, const nlohmann::json& data);
std::string_view event_type(const GameEvent& e);
nlohmann::json event_data(const GameEvent& e);

}  // namespace asterism::server::games
