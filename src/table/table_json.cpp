// A game in progress as JSON (table_json.h).
#include "table/table_json.h"

#include <string>
#include <utility>

#include "core/errors.h"
#include "core/registry.h"
#include "record/pgn.h"
#include "record/record.h"

namespace asterism {

using nlohmann::json;

Player player_of(const json& j) {
    const int i = j.get<int>();
    if (i != 0 && i != 1) throw error("table.seat", {{"n", i}});
    return static_cast<Player>(i);
}

json turn_json(const Table& t, const Game& shown) {
    const bool now = &shown == &t.game();
    const Player to_move = shown.to_move();
    const OutcomeWords outcome = now ? t.outcome_words() : outcome_words(shown);
    return {{"ply", shown.history().size()},
            {"to_move", to_move == Player::None || (now && t.over()) ? -1 : index(to_move)},
            {"terminal", now ? t.over() : shown.terminal()},
            {"result", now ? t.result() : shown.result()},
            {"outcome", outcome.text()},
            // The outcome for a page to word: docs/server.md, "A game's state".
            {"outcome_kind", outcome.kind},
            {"outcome_side", outcome.side},
            {"score", shown.score()}};
}

json game_view(const Table& t, const Game& shown, ViewParts parts) {
    const Game& game = t.game();
    const GameInfo* info = Registry::instance().find(game.id());
    json view = turn_json(t, shown);
    view["game"] = game.spec();
    view["game_id"] = game.id();
    view["title"] = info ? info->title : game.id();
    view["history"] = game.history();
    view["position"] = shown.position();
    view["move_help"] = game.move_help();
    view["review_level"] = review_level_of(game);
    view["view"] = shown.view(parts);
    // Where the history starts ("" for the game's own start): a page
    // replays the history from it to apply a move's change (docs/server.md).
    if (parts == ViewParts::Whole) view["start"] = t.start_position();
    return view;
}

json players_json(const Table& table) {
    const Game& g = table.game();
    json players = json::array();
    for (int p = 0; p < g.num_players(); ++p) {
        const Seat& s = table.seat(static_cast<Player>(p));
        players.push_back({{"name", g.player_name(static_cast<Player>(p))},
                           {"seat", s.computer() ? "computer" : "human"},
                           {"player", s.text()}});
    }
    return players;
}

json table_state(const Table& table, const Game& shown, ViewParts parts) {
    json state = game_view(table, shown, parts);
    state["players"] = players_json(table);
    state["draw"] = draw_json(table);
    return state;
}

json draw_json(const Table& table) {
    const Player by = table.draws().offered_by();
    return {{"offered_by", by == Player::None ? -1 : index(by)},
            {"agreed", table.draws().agreed()}};
}

json view_state(const Table& table) {
    json state = table_state(table, table.game(), ViewParts::Whole);
    state["id"] = "";
    return state;
}

json game_state(const Table& table, const Game& shown, ViewParts parts, const StateFrame& frame) {
    json state = table_state(table, shown, parts);
    state["kind"] = frame.kind;
    state["id"] = frame.id;
    state["status"] = frame.status;
    state["seats"] = frame.seats;
    state["termination"] = frame.termination;
    state["takeback_by"] = frame.takeback_by;
    state["clock"] = frame.clock;
    state["seq"] = frame.seq;
    state["now"] = frame.now;
    state["rated"] = frame.rated;
    if (frame.kind == "local") state["level"] = frame.level;
    if (!frame.tournament.empty()) state["tournament"] = frame.tournament;
    return state;
}

std::string termination_of(const Table& table) {
    if (!table.over()) return "";
    return table.draws().agreed()             ? "agreement"
           : table.lost_on_time()             ? "time"
           : table.resigned() != Player::None ? "resignation"
                                              : "rules";
}

StateFrame local_frame(const Table& table, std::string id, int level, std::uint64_t seq,
                       std::int64_t now) {
    StateFrame frame;
    frame.kind = "local";
    frame.id = std::move(id);
    frame.status = table.over() ? "finished" : "playing";
    frame.termination = termination_of(table);
    frame.seats = json::array();
    for (int p = 0; p < 2; ++p) {
        const Seat& seat = table.seat(static_cast<Player>(p));
        frame.seats.push_back({{"computer", seat.computer()},
                               {"player", seat.player},
                               {"name", table.game().player_name(static_cast<Player>(p))},
                               {"joined", true},
                               {"account", false},
                               {"connected", seat.computer()}});
    }
    frame.clock = {{"kind", "none"}, {"base", 0},      {"increment", 0},
                   {"per_move", 0},  {"left", {0, 0}}, {"running", -1}};
    frame.seq = seq;
    frame.now = now;
    frame.level = level;
    return frame;
}

}  // namespace asterism
