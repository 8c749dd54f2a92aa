// Ratings at the end of a rated online game (game.h): Glicko-2 for both
// players, each game its own rating period, as lichess rates. A game with
// fewer than two moves counts for nobody (aborted, not lost).
#include "server/games/game.h"
#include "server/ratings/glicko2.h"

namespace asterism::server {

using namespace games;

std::vector<store::RatingRow> GameService::rating_updates(const Game& g, std::int64_t at) const {
    const std::int64_t a = g.seats[0].account, b = g.seats[1].account;
    if (a == 0 || b == 0 || a == b || g.table.game().history().size() < 2) return {};
    const std::string time_class =
        g.table.clock().kind() == TimeControl::Kind::Fischer ? "live" : "correspondence";
    const std::string& spec = g.row.spec;
    std::array<store::RatingRow, 2> before;
    for (std::size_t i = 0; i < 2; ++i)
        before[i] = store_.rating(g.seats[i].account, spec, time_class)
                        .value_or(store::RatingRow{g.seats[i].account, spec, time_class});
    const std::string& result = g.table.result();
    const double first = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
    std::vector<store::RatingRow> out;
    for (std::size_t i = 0; i < 2; ++i) {
        const store::RatingRow& me = before[i];
        const store::RatingRow& them = before[1 - i];
        const ratings::Rating now = ratings::update(
            {me.rating, me.deviation, me.volatility},
            {{{them.rating, them.deviation, them.volatility}, i == 0 ? first : 1 - first}});
        out.push_back({me.account, spec, time_class, now.rating, now.deviation, now.volatility,
                       me.games + 1, at});
    }
    return out;
}

}  // namespace asterism::server
