// Seats and their secrets (game.h).
#include "server/games/game.h"
#include "server/text.h"

namespace asterism::server {

namespace games {

int seat_index(Player p) {
    return p == Player::Second ? 1 : 0;
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

Player seat_of(const Game& g, const ApiRequest& r, bool secret_only) {
    return g.seats.holder_of(r.authorization, r.account, g.table.game().to_move(), secret_only);
}

Player require_seat(const Game& g, const ApiRequest& r) {
    if (!g.expired.empty()) fail("game.ended", {{"why", ended_why(g)}});
    const Player p = seat_of(g, r);
    if (p == Player::None) r.authorization.empty() ? fail("seat.secret") : fail("seat.wrongSecret");
    if (!g.seats[p].joined) fail("seat.joinFirst");

    return p;
}

}  // namespace games

using nlohmann::json;

Seats Seats::from_row(const json& seats, bool local) {
    Seats out;
    for (std::size_t i = 0; i < 2; ++i) {
        GameSeat& s = out.seats_[i];
        const json& j = seats.at(i);
        s.computer = j.at("computer");
        s.player = j.at("player");
        s.name = j.at("name");
        s.digest = j.value("digest", "");
        s.holder = j.value("holder", "");
        s.account = j.value("account", std::int64_t{0});
        s.joined = s.computer || local;
    }
    return out;
}

json Seats::to_json(bool with_digests) const {
    json out = json::array();
    for (const GameSeat& s : seats_) {
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

Player Seats::free_seat() const {
    for (int i = 0; i < 2; ++i)
        if (!seats_[static_cast<std::size_t>(i)].joined) return static_cast<Player>(i);
    return Player::None;
}

Player Seats::kept_for(std::int64_t account) const {
    for (int i = 0; i < 2 && account != 0; ++i) {
        const GameSeat& s = seats_[static_cast<std::size_t>(i)];
        if (!s.joined && !s.computer && s.account == account) return static_cast<Player>(i);
    }
    return Player::None;
}

bool Seats::held_by(const std::string& client) const {
    return seats_[0].holder == client || seats_[1].holder == client;
}

Player Seats::holder_of(std::string_view authorization, std::int64_t account, Player to_move,
                        bool secret_only) const {
    constexpr std::string_view kBearer = "Bearer ";
    Player found = Player::None;
    if (authorization.starts_with(kBearer)) {
        const std::string d = digest(authorization.substr(kBearer.size()));
        for (int i = 0; i < 2; ++i)
            if (same_digest(d, seats_[static_cast<std::size_t>(i)].digest))
                found = static_cast<Player>(i);
    }
    if (found != Player::None || secret_only || account == 0) return found;
    for (int i = 0; i < 2; ++i) {
        if (seats_[static_cast<std::size_t>(i)].account != account) continue;
        // Both seats one account's (it plays itself): the side to move.
        if (found == Player::None || to_move == static_cast<Player>(i))
            found = static_cast<Player>(i);
    }
    return found;
}

void Seats::open(Player p, std::string digest, std::string holder) {
    at(p).digest = std::move(digest);
    at(p).holder = std::move(holder);
}

void Seats::invite(Player p, std::string digest, std::int64_t account) {
    at(p).digest = std::move(digest);
    at(p).account = account;
}

void Seats::seat_computer(Player p, std::string player, std::string name) {
    at(p) = {true, std::move(player), std::move(name), "", true, "", 0};
}

void Seats::seat_local(const std::array<std::string, 2>& names, std::string holder) {
    for (std::size_t i = 0; i < 2; ++i) {
        seats_[i].joined = true;
        seats_[i].name = names[i];
    }
    seats_[0].holder = std::move(holder);
}

void Seats::join(const games::events::Join& j) {
    GameSeat& seat = at(j.seat);
    seat.joined = true;
    seat.name = j.name;
    if (!j.digest.empty()) seat.digest = j.digest;
    seat.account = j.account;
    if (j.reserved != 0) at(opponent(j.seat)).account = j.reserved;
}

void Seats::claim(const games::events::Claim& c) {
    GameSeat& seat = at(c.seat);
    if (seat.account != 0) throw GameError("the seat is bound to an account already");
    seat.account = c.account;
    seat.name = c.name;
}

void Seats::set_players(Player p, bool computer, std::string player) {
    at(p).computer = computer;
    at(p).player = std::move(player);
}

void Seats::unjoin_people() {
    for (GameSeat& s : seats_)
        if (!s.computer) {
            s.joined = false;
            s.account = 0;  // bound again by the join and claim events
        }
}

void Seats::forget_holders() {
    for (GameSeat& s : seats_) s.holder.clear();
}

void Seats::forget_account(std::int64_t account, const std::string& neutral) {
    for (GameSeat& s : seats_)
        if (s.account == account) {
            s.account = 0;
            s.name = neutral;
        }
}

}  // namespace asterism::server
