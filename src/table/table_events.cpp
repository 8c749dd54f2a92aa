// The table's events as types (table_events.h).
#include "table/table_events.h"

#include <algorithm>
#include <utility>

#include "core/errors.h"
#include "core/overloaded.h"
#include "record/pgn.h"
#include "record/record.h"
#include "table/table_json.h"

namespace asterism {

using nlohmann::json;
using namespace table_events;

namespace {

TableEvent read(std::string_view type, const json& d) {
    if (type == "move") return Move{d.at("move").get<std::string>(), d.value("by", -1)};
    if (type == "undo")
        return Undo{d.at("count").get<int>(), d.value("to", "") == "person", d.value("by", -1)};
    if (type == "draw") {
        Draw e{d.at("action").get<std::string>(), player_of(d.at("by")), std::nullopt};
        if (d.contains("answer")) e.answer = d["answer"].get<bool>();
        return e;
    }
    if (type == "turn") {
        Turn e;
        e.turn.player = player_of(d.at("player"));
        if (d.contains("answered_draw")) e.turn.answered_draw = d["answered_draw"].get<bool>();
        if (d.contains("move")) e.turn.move = d["move"].get<std::string>();
        e.turn.offers_draw = d.value("offers_draw", false);
        return e;
    }
    if (type == "players") {
        Players e;
        e.players = d.at("players").get<std::vector<std::string>>();
        e.level = d.at("level").get<int>();
        return e;
    }
    return Load{d.at("record").get<std::string>()};
}

}  // namespace

std::optional<TableEvent> table_event(std::string_view type, const json& data) {
    if (std::find(kTableEventTypes.begin(), kTableEventTypes.end(), type) == kTableEventTypes.end())
        return std::nullopt;
    try {
        return read(type, data);
    } catch (const json::exception& e) {
        throw error("table.event", {{"type", std::string(type)}, {"why", e.what()}});
    }
}

std::string_view event_type(const TableEvent& e) {
    return kTableEventTypes[e.index()];
}

json event_data(const TableEvent& e) {
    return std::visit(Overloaded{
                          [](const Move& m) {
                              json d = {{"move", m.move}};
                              if (m.by >= 0) d["by"] = m.by;
                              return d;
                          },
                          [](const Undo& u) {
                              json d = {{"count", u.count}};
                              if (u.to_person) d["to"] = "person";
                              if (u.by >= 0) d["by"] = u.by;
                              return d;
                          },
                          [](const Draw& w) {
                              json d = {{"action", w.action}, {"by", static_cast<int>(w.by)}};
                              if (w.answer) d["answer"] = *w.answer;
                              return d;
                          },
                          [](const Turn& t) {
                              json d = {{"player", static_cast<int>(t.turn.player)},
                                        {"offers_draw", t.turn.offers_draw}};
                              if (t.turn.answered_draw) d["answered_draw"] = *t.turn.answered_draw;
                              if (t.turn.move) d["move"] = *t.turn.move;
                              return d;
                          },
                          [](const Players& p) {
                              return json{{"players", p.players}, {"level", p.level}};
                          },
                          [](const Load& l) {
                              return json{{"record", l.record}};
                          },
                      },
                      e);
}

void apply_event(Table& t, const TableEvent& e) {
    std::visit(Overloaded{
                   [&](const Move& m) { t.play(m.move); },
                   [&](const Undo& u) {
                       t.undo(u.to_person ? UndoTo::PersonToMove : UndoTo::OneMove, u.count);
                   },
                   [&](const Draw& w) {
                       if (w.action == "offer" && w.answer) {
                           t.apply_draw_answer(w.by, *w.answer);
                       } else if (w.action == "offer") {
                           Rng unused(1);  // the offer is to a person: no search
                           t.offer_draw(w.by, unused);
                       } else {
                           t.answer_draw(w.action == "accept");
                       }
                   },
                   [&](const Turn& turn) { t.apply(turn.turn); },
                   [&](const Players& p) {
                       for (std::size_t i = 0; i < 2 && i < p.players.size(); ++i)
                           t.set_seat(static_cast<Player>(i), parse_seat(p.players[i], t.game()));
                   },
                   [&](const Load& l) {
                       if (!t.game().history().empty()) throw error("table.loaded");
                       LoadedGame loaded =
                           looks_like_pgn(l.record)
                               ? std::move(read_pgn(l.record, "record").front())
                               : replay_record(parse_record(l.record, "record"), "record");
                       t = Table(std::move(loaded));
                   },
               },
               e);
}

}  // namespace asterism
