// What a seated player does: moves, resignations, draws and takebacks (game.h).
#include "server/games/game.h"

#include "search/players.h"
#include "server/draws.h"

namespace asterism::server {

using namespace games;

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
    if (!g.seats.both_joined()) fail("turn.waiting");
}

}  // namespace

// A move: a local game's for whichever side is to move, an online game's
// for the request's seat.
ApiResponse GameService::move(Call& c) {
    const json body = parse_body(c.request, 32);
    const std::string text = get_string(body, "move");
    Game& g = *c.game;
    if (g.local()) {
        if (text.empty()) fail("game.move.missing");
        std::lock_guard lock(g.mutex);
        change(g, table_events::Move{text});
        return {200, local_state(c)};
    }
    if (text.empty()) fail("game.move.empty");
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    if (g.table.game().to_move() != p) fail("turn.notYours");
    // A client that says which ply it moves at cannot play twice by a retry.
    const long long ply = get_int(body, "ply", -1, -1, 1 << 30);
    if (ply >= 0 && static_cast<std::size_t>(ply) != g.table.game().history().size())
        fail("turn.ply", {{"ply", g.table.game().history().size()}, {"sent", ply}});
    const std::int64_t at = now();
    if (g.table.clock().running() && left_now(g, at) <= 0) {
        flag(g, p);
        fail("turn.time");
    }
    check_room(g, "move");
    const GameEvent event = table_events::Move{text, seat_index(p)};
    apply_event(g, event);  // GameError (400) for an illegal move, nothing changed
    turn_over(g, p, at);
    Published state = commit(g, event);
    if (g.table.computer_to_move()) schedule_computer(c.game);
    return reply(std::move(state));
}

ApiResponse GameService::resign(Call& c) {
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    if (g.table.over()) fail("over.conflict", {{"why", g.table.over_reason()}});
    const GameEvent event = events::Resign{p};
    apply_event(g, event);
    g.table.clock().stop();
    return reply(commit(g, event));
}

namespace {

// Who acts on a draw at a local game's screen, which holds both seats: an
// offer comes from a person's seat (draws.h), an answer from the side
// offered to, which must be a person's (the computer answers at once).
Player local_drawer(const Game& g, const std::string& action, const json& body) {
    const Table& t = g.table;
    if (t.over()) fail("over.now", {{"why", t.over_reason()}});
    if (t.game().num_players() != 2) fail("draw.one");
    if (action == "offer") return offering_player(body, t);
    const Player standing = t.draws().offered_by();
    if (standing == Player::None) fail("draw.none");
    if (t.seat(opponent(standing)).computer()) fail("draw.toComputer");
    return opponent(standing);
}

}  // namespace

// Draw offers: to a person, the offer stands until answered or a move is
// made; to the computer, its search answers at once (answer_offer). Offering
// back what the other side offers is agreeing.
ApiResponse GameService::draw(Call& c) {
    const json body = parse_body(c.request, 32);
    Game& g = *c.game;
    std::string action;
    if (g.local()) {
        action = get_string(body, "action");
        if (action != "offer" && action != "accept" && action != "decline") fail("draw.action");
    } else {
        action = action_of(body, "offer", "");
    }
    std::unique_lock lock(g.mutex);
    Player by = Player::None;
    if (g.local()) {
        by = local_drawer(g, action, body);
    } else {
        by = require_seat(g, c.request);
        check_playing(g);
    }
    const Player standing = g.table.draws().offered_by();
    if (action != "offer" && standing != opponent(by)) fail("draw.noOffer");
    check_room(g, "draw");
    if (action == "offer" && standing != opponent(by) && g.table.seat(opponent(by)).computer())
        return {200, answer_offer(c, lock, by)};
    return {200, act(c, table_events::Draw{action, by, std::nullopt})};
}

json GameService::act(Call& c, const GameEvent& event) {
    Game& g = *c.game;
    if (g.local()) {
        change(g, event);
        return local_state(c);
    }
    apply_event(g, event);
    if (g.table.over()) g.table.clock().stop();
    return commit(g, event).state;
}

// Takebacks: against the computer, the person's last move goes back at once
// (as at one screen); between people, a request the other seat accepts or
// declines. Accepted, moves go back until the asker is to move.
// A local game's screen holds both seats: its takeback is an undo at once.
ApiResponse GameService::takeback(Call& c) {
    if (c.game->local()) return undo(c);
    const json body = parse_body(c.request, 32);
    const std::string action = action_of(body, "request", "request");
    Game& g = *c.game;
    std::lock_guard lock(g.mutex);
    const Player p = require_seat(g, c.request);
    check_playing(g);
    const auto& history = g.table.game().history();
    const bool against_computer = g.seats.has_computer();
    if (action != "request" && !g.takebacks.answerable_by(p)) fail("takeback.none");
    const Player asker = action == "request" ? p : g.takebacks.asked_by();
    check_room(g, "takeback");
    if (action == "decline" || (action == "request" && !against_computer)) {
        if (action == "request" && history.empty()) fail("takeback.noMove");
        const GameEvent event = events::Takeback{action, p};
        apply_event(g, event);
        return reply(commit(g, event));
    }
    // Back to and including the asker's last move.
    const int count = g.table.game().to_move() == asker ? 2 : 1;
    if (static_cast<std::size_t>(count) > history.size()) fail("takeback.noOwn");

    const GameEvent event = table_events::Undo{count, false, seat_index(p)};
    const std::int64_t at = now();
    take_back_clock(g, count, at);
    apply_event(g, event);
    turn_over(g, Player::None, at);
    Published state = commit(g, event);
    if (g.table.computer_to_move()) schedule_computer(c.game);
    return reply(std::move(state));
}

}  // namespace asterism::server
