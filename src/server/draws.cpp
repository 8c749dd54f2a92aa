#include "server/draws.h"

#include "server/api_message.h"

namespace asterism::server {

Player offering_player(const nlohmann::json& body, const Table& table) {
    const Game& game = table.game();
    auto human = [&](int p) { return !table.seat(static_cast<Player>(p)).computer(); };
    if (body.contains("player") && !body["player"].is_null()) {
        const auto& p = body["player"];
        if (!p.is_number_integer() || p.get<int>() < 0 || p.get<int>() > 1) fail("draw.player");
        if (!human(p.get<int>())) fail("draw.computerPlayer", {{"n", p.get<int>()}});
        return static_cast<Player>(p.get<int>());
    }
    const Player to_move = game.to_move();
    if (to_move != Player::None && human(index(to_move))) return to_move;
    if (human(0) != human(1)) return human(0) ? Player::First : Player::Second;
    fail("draw.computers");
}

}  // namespace asterism::server
