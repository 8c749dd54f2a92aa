#include "server/draws.h"

#include <optional>

namespace asterism::server {

void add_draw_state(nlohmann::json& state, const DrawOffers& draws) {
    const Player by = draws.offered_by();
    state["draw"] = {{"offered_by", by == Player::None ? -1 : index(by)},
                     {"agreed", draws.agreed()}};
    if (!draws.agreed()) return;
    state["terminal"] = true;
    state["result"] = "1/2-1/2";
    state["outcome"] = "Draw by agreement";
    state["to_move"] = -1;
}

Player offering_player(const nlohmann::json& body, const Game& game,
                       const std::array<std::string, 2>& seats) {
    auto human = [&](int p) { return seats[static_cast<std::size_t>(p)] == "human"; };
    if (body.contains("player") && !body["player"].is_null()) {
        const auto& p = body["player"];
        if (!p.is_number_integer() || p.get<int>() < 0 || p.get<int>() > 1)
            throw GameError("'player' must be 0 or 1");
        if (!human(p.get<int>()))
            throw GameError("player " + std::to_string(p.get<int>()) +
                            " is the computer, which makes its own offers");
        return static_cast<Player>(p.get<int>());
    }
    const Player to_move = game.to_move();
    if (to_move != Player::None && human(index(to_move))) return to_move;
    if (human(0) != human(1)) return human(0) ? Player::First : Player::Second;
    throw GameError("no person plays in this game; the computers offer draws by themselves");
}

ComputerTurn computer_turn(const Game& game, Agent& agent, Rng& rng, const DrawOffers& draws,
                           bool answers) {
    ComputerTurn turn;
    const Player me = game.to_move();
    // One analysis serves both the answer and the move when an offer stands;
    // otherwise the player chooses its move as it always does.
    std::optional<Analysis> searched;
    if (answers && draws.offered_by() == opponent(me)) {
        searched = agent.analyze(game, rng, {}, nullptr);
        turn.accepts = computer_accepts_draw(game, [&] { return analysis_rating(*searched); });
        if (turn.accepts) return turn;
    }
    turn.move = searched && !searched->candidates.empty() ? searched->candidates.front().move
                                                          : agent.choose(game, rng);
    if (!answers) return turn;
    auto after = game.clone();
    after->play(turn.move);
    turn.offers = computer_offers_draw(*after, draws.last_offer_ply(me), [&] {
        return searched ? analysis_rating(*searched) : search_rating(agent, *after, me, rng);
    });
    return turn;
}

}  // namespace asterism::server
