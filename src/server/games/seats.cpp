// Seats and their secrets (game.h).
#include "server/games/game.h"
#include "server/text.h"

namespace asterism::server {

namespace games {

int seat_index(Player p) {
    return p == Player::Second ? 1 : 0;
}

json seats_json(const Game& g, bool with_digests) {
    json out = json::array();
    for (const GameSeat& s : g.seats) {
        json j = {
            {"computer", s.computer}, {"player", s.player}, {"name", s.name}, {"joined", s.joined}};
        if (with_digests) j["digest"] = s.digest;
        if (with_digests && !s.holder.empty()) j["holder"] = s.holder;
        if (with_digests && s.account != 0) j["account"] = s.account;
        if (!with_digests) j["account"] = s.account != 0;  // the name is an account's
        out.push_back(std::move(j));
    }
    return out;
}

// A display name: checked free text (text.h), trimmed, at most `max` bytes.
std::string display_name(const json& body, std::size_t max, const std::string& fallback) {
    TextRule rule;
    rule.max_characters = max;  // and at most `max` bytes, below
    rule.may_be_empty = true;
    const std::string name = checked_text("name", get_string(body, "name", fallback), rule);
    if (name.size() > max) fail("seat.nameLong", {{"max", max}});
    return name.empty() ? fallback : name;
}

// The seat whose secret the request carries, else the one bound to its
// account; None when it holds none of this game's.
Player seat_of(const Game& g, const ApiRequest& r, bool secret_only) {
    constexpr std::string_view kBearer = "Bearer ";
    Player found = Player::None;
    if (r.authorization.starts_with(kBearer)) {
        const std::string d = digest(std::string_view(r.authorization).substr(kBearer.size()));
        // Both seats are compared, always, so the time taken says nothing.
        for (int i = 0; i < 2; ++i)
            if (same_digest(d, g.seats[static_cast<std::size_t>(i)].digest))
                found = static_cast<Player>(i);
    }
    if (found != Player::None || secret_only || r.account == 0) return found;
    for (int i = 0; i < 2; ++i) {
        if (g.seats[static_cast<std::size_t>(i)].account != r.account) continue;
        // Both seats one account's (it plays itself): the side to move.
        if (found == Player::None || g.table.game().to_move() == static_cast<Player>(i))
            found = static_cast<Player>(i);
    }
    return found;
}

Player require_seat(const Game& g, const ApiRequest& r) {
    if (!g.expired.empty()) fail("game.ended", {{"why", ended_why(g)}});
    const Player p = seat_of(g, r);
    if (p == Player::None) r.authorization.empty() ? fail("seat.secret") : fail("seat.wrongSecret");
    if (!g.seats[static_cast<std::size_t>(seat_index(p))].joined) fail("seat.joinFirst");

    return p;
}

bool both_joined(const Game& g) {
    return g.seats[0].joined && g.seats[1].joined;
}

}  // namespace games

}  // namespace asterism::server
