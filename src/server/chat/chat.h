// Chat of online games (docs/accounts.md): two rooms a game, the players'
// (the two seats, guests included) and the spectators' (written by
// signed-in accounts that hold no seat; read by anyone, by the players once
// the game has ended). Messages are stored text, never markup; the live
// stream says only that a room has a new message, so a spectator's stream
// carries no word of the players' room. A player may report a message to
// the moderators, who hide it; an account's mutes leave the muted
// account's messages out of what it reads.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "server/api_message.h"
#include "server/net/limits.h"
#include "store/store.h"

namespace asterism::server {

class GameService;
class RouteTable;  // routes.h

struct ChatLimits {
    std::size_t max_chars = 300;  // a message's characters, after trimming
    double per_second = 0.5;      // a sender's sustained rate...
    double burst = 5;             // ...and burst (429 beyond)
    // Messages stored in each room of a game (429 beyond): the players'
    // room and the spectators' room each hold this many, so spectators
    // cannot silence the players. Of one room, a seat holds at most half
    // of the players' room; an account a tenth and a network (an IPv4
    // address or an IPv6 /64) a quarter of the spectators' room.
    std::int64_t per_room = 1000;
    int page = 100;                     // messages a GET answers
    std::size_t max_reason = 200;       // a report's reason, bytes
    std::int64_t open_reports = 10000;  // reports waiting for a moderator (503 beyond)
};

class Chat {
  public:
    Chat(store::Store& store, GameService& games, ChatLimits limits = {},
         std::function<std::int64_t()> clock = {});

    // Adds /api/games/ID/chat, /api/games/ID/chat/MSG/report and
    // /api/moderation/{reports,messages/MSG/hide} to the API's table (routes.h).
    void add_routes(RouteTable& table);

  private:
    struct Reader;  // who asks, and what they may do (chat.cpp)
    Reader reader(const ApiRequest& r, const std::string& game_id);
    ApiResponse read(const ApiRequest& r, const std::string& game_id);
    ApiResponse write(const ApiRequest& r, const std::string& game_id);
    ApiResponse report(const ApiRequest& r, const std::string& game_id, const std::string& msg);
    ApiResponse reports(const ApiRequest& r);
    ApiResponse hide(const ApiRequest& r, const std::string& msg);
    void require_moderator(const ApiRequest& r) const;
    // Counts one more spectators' message from `network` in the game;
    // 429 when the network holds its share already. release() takes one
    // back (the store refused the message).
    void count_network(const std::string& game_id, const std::string& network);
    void release_network(const std::string& game_id, const std::string& network);

    store::Store& store_;
    GameService& games_;
    ChatLimits limits_;
    std::function<std::int64_t()> clock_;
    RateLimiter senders_;
    // Spectators' messages by game and network ("GAME NETWORK"), in memory
    // (counted since the server started; the store keeps no network), the
    // oldest pair forgotten beyond kMaxNetworkKeys.
    std::mutex networks_mutex_;
    std::map<std::string, std::int64_t> network_messages_;
    std::deque<std::string> network_order_;
};

}  // namespace asterism::server
