// What a seated player does: moves, resignations, draws and takebacks (game.h).
#include "server/games/game.h"

#include "search/players.h"

namespace asterism::server {

using namespace online;

namespace {

// The body's "action": `first` (an offer or a request), "accept" or
// "decline"; `fallback` when absent ("" makes it required).
std::string action_of(const json& body, const std::string& first, const std::string& fallback) {
    const std::string action = get_string(body, "action", fallback);
    if (action != first && action != "accept" && action != "decline")
        fail("request.action", {{"first", first}});
    return action;
}

void check_playing(const Game& g) {
    if (g.table.over()) fail("over.conflict", {{"why", g.table.over_reason()}});
    if (!both_joined(g)) fail("turn.waiting");
}

}  // namespace

ApiResponse GameService::move(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string text = get_string(body, "move");
    if (text.empty()) fail("game.move.empty");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    if (g.table.game().to_move() != p) fail("turn.notYours");
    // A client that says which ply it moves at cannot play twice by a retry.
    const long long ply = get_int(body, "ply", -1, -1, 1 << 30);
    if (ply >= 0 && static_cast<std::size_t>(ply) != g.table.game().history().size())
        fail("turn.ply", {{"ply", g.table.game().history().size()}, {"sent", ply}});
    const std::int64_t at = now();
    if (g.clock.turn_start && left_now(g, at) <= 0) {
        flag(g, p);
        fail("turn.time");
    }
    check_room(g, "move");
    const json event = {{"move", text}, {"by", seat_index(p)}};
    apply_event(g, "move", event);  // GameError (400) for an illegal move, nothing changed
    turn_over(g, p, at);
    Published state = commit(g, "move", event);
    if (g.table.computer_to_move()) schedule_computer(c.game);
    return reply(std::move(state));
}

ApiResponse GameService::resign(Call& c) {
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    if (g.table.over()) fail("over.conflict", {{"why", g.table.over_reason()}});
    const json event = {{"by", seat_index(p)}};
    apply_event(g, "resign", event);
    g.clock.turn_start = 0;
    return reply(commit(g, "resign", event));
}

// Draw offers: to a person, the offer stands until answered or a move is
// made; to the computer, its search answers at once (made without holding
// the game, then checked against it).
ApiResponse GameService::draw(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string action = action_of(body, "offer", "");
    Game& g = *c.game;
    std::unique_lock lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    const Player standing = g.table.draws().offered_by();
    json event = {{"action", action}, {"by", seat_index(p)}};
    if (action != "offer" && standing != opponent(p)) fail("draw.noOffer");
    check_room(g, "draw");
    if (action == "offer" && g.seats[static_cast<std::size_t>(seat_index(opponent(p)))].computer) {
        auto copy = g.table.game().clone();
        const std::string player =
            g.seats[static_cast<std::size_t>(seat_index(opponent(p)))].player;
        const std::uint64_t seq = g.row.last_seq, seed = g.seed++;
        const std::uint64_t changes = g.changes.load();
        lock.unlock();
        Rng rng(seed);
        auto agent = bounded_player(player, *copy, seed, c.game, changes, &c.request);
        event["answer"] = computer_accepts_offer(*copy, opponent(p), *agent, rng);
        lock.lock();
        if (g.row.last_seq != seq) fail("game.changed.thought");
    }
    apply_event(g, "draw", event);
    if (g.table.over()) g.clock.turn_start = 0;
    json out = commit(g, "draw", event).state;
    if (event.contains("answer")) out["answer"] = event["answer"] ? "accepted" : "declined";
    return {200, out};
}

// Takebacks: against the computer, the person's last move goes back at once
// (as at one screen); between people, a request the other seat accepts or
// declines. Accepted, moves go back until the asker is to move.
ApiResponse GameService::takeback(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string action = action_of(body, "request", "request");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    const auto& history = g.table.game().history();
    const bool against_computer = g.seats[0].computer || g.seats[1].computer;
    const Player asker = action == "request" ? p : g.takeback_by;
    if (action != "request" && (asker == Player::None || asker == p)) fail("takeback.none");
    check_room(g, "takeback");
    if (action == "decline" || (action == "request" && !against_computer)) {
        if (action == "request" && history.empty()) fail("takeback.noMove");
        const json event = {{"action", action}, {"by", seat_index(p)}};
        apply_event(g, "takeback", event);
        return reply(commit(g, "takeback", event));
    }
    // Back to and including the asker's last move.
    const int count = g.table.game().to_move() == asker ? 2 : 1;
    if (static_cast<std::size_t>(count) > history.size()) fail("takeback.noOwn");

    const json event = {{"count", count}, {"by", seat_index(p)}};
    const std::int64_t at = now();
    take_back_clock(g, count, at);
    apply_event(g, "undo", event);
    turn_over(g, Player::None, at);
    Published state = commit(g, "undo", event);
    if (g.table.computer_to_move()) schedule_computer(c.game);
    return reply(std::move(state));
}

}  // namespace asterism::server
