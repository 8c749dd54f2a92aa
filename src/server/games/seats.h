// The two seats of a game and their secrets: who sits where, who a request
// is, and the changes the game's events make to them. Only the functions
// below change a seat; the rest of the service reads them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/types.h"
#include "server/game_events.h"

namespace asterism::server {

// A seat of a game of either kind (a local game's are all its holder's).
// An online person's seat has the digest of its secret; `joined` once a
// person has taken it with a name.
struct GameSeat {
    bool computer = false;
    std::string player;  // the computer's player ("level:6")
    std::string name;    // the person's display name, or the computer's
    std::string digest;  // of the seat's secret (a person's seat)
    bool joined = false;
    // The address that took the seat, for the per-address caps; stored with
    // the seats only while the game is unfinished.
    std::string holder;
    // The account the seat is bound to (docs/accounts.md), 0 for a guest's:
    // its session acts for the seat as the secret does.
    std::int64_t account = 0;
};

class Seats {
  public:
    // As the game's row stores them (to_json with digests); a local game's
    // seats are all its holder's from the start, an online game's computer
    // seat is taken from the start.
    static Seats from_row(const nlohmann::json& seats, bool local);
    // [{computer, player, name, joined, ...}]: with the digests, holders and
    // accounts for the row; without, what anyone may see (whether a name is
    // an account's).
    nlohmann::json to_json(bool with_digests) const;

    const GameSeat& operator[](Player p) const { return seats_[index(p)]; }
    const GameSeat& operator[](std::size_t i) const { return seats_.at(i); }
    const GameSeat& other(Player p) const { return seats_[1 - index(p)]; }
    auto begin() const { return seats_.begin(); }
    auto end() const { return seats_.end(); }

    bool both_joined() const { return seats_[0].joined && seats_[1].joined; }
    bool has_computer() const { return seats_[0].computer || seats_[1].computer; }
    // The first seat nobody has taken, None when both are.
    Player free_seat() const;
    // The seat kept for `account` (a challenge to it) and not yet taken.
    Player kept_for(std::int64_t account) const;
    // Whether `client` (an address) took either seat.
    bool held_by(const std::string& client) const;
    // The seat whose secret `authorization` ("Bearer SECRET") carries, else
    // (unless `secret_only`) the one bound to `account`: when both are, the
    // side to move's. None when it holds neither. Both digests are compared
    // always, so the time taken says nothing.
    Player holder_of(std::string_view authorization, std::int64_t account, Player to_move,
                     bool secret_only) const;

    // A new online game's: the creator's seat with its secret and address,
    // the other with its invitation's secret and the account it is kept
    // for (0 for anyone), or a computer's.
    void open(Player p, std::string digest, std::string holder);
    void invite(Player p, std::string digest, std::int64_t account);
    void seat_computer(Player p, std::string player, std::string name);
    // A local game's: both seats its holder's, named as the game names its sides.
    void seat_local(const std::array<std::string, 2>& names, std::string holder);
    // The events that change seats (log.cpp's apply_event).
    void join(const games::events::Join& j);
    void claim(const games::events::Claim& c);
    void set_players(Player p, bool computer, std::string player);
    // A replay takes the people's seats again from the join events.
    void unjoin_people();
    // The address that took a seat (not in the log: the caps' bookkeeping).
    void hold(Player p, std::string client) { at(p).holder = std::move(client); }
    // The addresses are kept only while the caps need them.
    void forget_holders();
    // A deleted account's seats become a guest's with a neutral name.
    void forget_account(std::int64_t account, const std::string& neutral);

  private:
    static std::size_t index(Player p) { return p == Player::Second ? 1 : 0; }
    GameSeat& at(Player p) { return seats_[index(p)]; }
    std::array<GameSeat, 2> seats_;
};

}  // namespace asterism::server
