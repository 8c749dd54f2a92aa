// The events that change a table alone, as types: what a game's log holds
// for them (docs/server.md, "Durable games") and what every home of a local
// game applies, the server's game service (server/games/events.h adds the
// online game's own) and the page's engine (apps/web-engine/local_game.cpp).
// A logged event is read into one of these once (table_event), carried out
// by one function (apply) and written back by one (event_data), so that the
// homes cannot read the same log differently.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "table/table.h"

namespace asterism {

namespace table_events {

// {move, by?}: a move in the game's notation; `by` is the mover's seat,
// written by an online game (-1: not written, a local game's).
struct Move {
    std::string move;
    int by = -1;
};
// {count, to?, by?}: `count` moves taken back, or (to: "person") back to
// the last turn of a person's seat (Table::undo); `by` as for Move.
struct Undo {
    int count = 1;
    bool to_person = false;
    int by = -1;
};
// {action: offer|accept|decline, by, answer?}: an offer (with the
// computer's answer, when the offer was to a computer seat) or the answer
// to a standing one.
struct Draw {
    std::string action;
    Player by = Player::None;
    std::optional<bool> answer;
};
// {player, offers_draw, answered_draw?, move?}: a computer's turn as it
// planned it (search/draw.h): replaying needs no search.
struct Turn {
    ComputerTurn turn;
};
// {players: [PLAYER, PLAYER], level}: a local game's seats, and the level a
// "computer" seat stands for (the game's home keeps it).
struct Players {
    std::vector<std::string> players;  // the first seat's, then the second's
    int level = 3;
};
// {record}: a local game's first event, a record (or PGN) to go on from.
struct Load {
    std::string record;
};

}  // namespace table_events

using TableEvent = std::variant<table_events::Move, table_events::Undo, table_events::Draw,
                                table_events::Turn, table_events::Players, table_events::Load>;

// The type names a log gives them, in the variant's order.
inline constexpr std::array<std::string_view, std::variant_size_v<TableEvent>> kTableEventTypes = {
    "move", "undo", "draw", "turn", "players", "load"};

// The event a log's `type` and `data` describe; nullopt for a type that is
// not a table's, GameError for data it cannot read.
std::optional<TableEvent> table_event(std::string_view type, const nlohmann::json& data);
std::string_view event_type(const TableEvent& e);
// What the log holds for `e`: table_event(event_type(e), event_data(e)) is `e`.
nlohmann::json event_data(const TableEvent& e);
// Carries `e` out on `t`; GameError, the table unchanged, for an event the
// table refuses. A Players event's level is the caller's to keep.
void apply_event(Table& t, const TableEvent& e);

}  // namespace asterism
