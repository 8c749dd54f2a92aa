// Players' ratings in public: a player's ratings and their history, and a
// leaderboard per game and time class (docs/accounts.md).
#include "core/numbers.h"
#include "core/text.h"
#include "server/accounts/accounts.h"

#include <limits>
#include "server/json_args.h"
#include "server/ratings/glicko2.h"

namespace asterism::server::accounts {

using nlohmann::json;

namespace {

constexpr int kLeaderboard = 50;
constexpr int kHistory = 1000;

json rating_json(const store::RatingRow& r) {
    return {{"game", r.game},
            {"class", r.time_class},
            {"rating", rounded(r.rating, 1)},
            {"deviation", rounded(r.deviation, 1)},
            {"provisional", ratings::provisional({r.rating, r.deviation, r.volatility})},
            {"games", r.games}};
}

std::string query(const ApiRequest& r, const char* key, const std::string& fallback) {
    const auto it = r.query.find(key);
    return it == r.query.end() ? fallback : it->second;
}

std::string time_class(const ApiRequest& r) {
    const std::string c = query(r, "class", "live");
    if (c != "live" && c != "correspondence" && c != "puzzle") fail("player.class");
    return c;
}

}  // namespace

store::AccountRow Accounts::player(const std::string& name) const {
    const std::string key = name_key(name);
    const auto account = key.empty() ? std::nullopt : store_.account_by_key(key);
    if (!account) fail("player.none", {{"name", printable(name, kMaxQuoted)}});
    return *account;
}

ApiResponse Accounts::get_player(const std::string& name) {
    const store::AccountRow a = player(name);
    json list = json::array();
    for (const store::RatingRow& r : store_.ratings(a.id)) list.push_back(rating_json(r));
    return {200, {{"name", a.name}, {"created", a.created_ms}, {"ratings", list}}};
}

ApiResponse Accounts::get_history(const ApiRequest& r, const std::string& name) {
    const store::AccountRow a = player(name);
    const std::string game = query(r, "game", "");
    if (game.empty()) fail("player.game");

    json points = json::array();
    for (const auto& p : store_.rating_history(a.id, game, time_class(r), kHistory))
        points.push_back({{"at", p.at_ms},
                          {"rating", rounded(p.rating, 1)},
                          {"deviation", rounded(p.deviation, 1)},
                          {"game_id", p.game_id}});
    return {200, {{"name", a.name}, {"game", game}, {"class", time_class(r)}, {"points", points}}};
}

// The settled ratings, best first; then, apart, the provisional ones (a
// small community's board would otherwise stay empty for months).
ApiResponse Accounts::get_leaderboard(const ApiRequest& r, const std::string& game) {
    json players = json::array(), provisional = json::array();
    for (const auto& [name, row] :
         store_.leaderboard(game, time_class(r), ratings::kProvisionalDeviation, kLeaderboard)) {
        json entry = rating_json(row);
        entry["name"] = name;
        players.push_back(std::move(entry));
    }
    for (const auto& [name, row] : store_.leaderboard(
             game, time_class(r), std::numeric_limits<double>::infinity(), 2 * kLeaderboard)) {
        if (row.deviation <= ratings::kProvisionalDeviation) continue;
        if (provisional.size() >= kLeaderboard) break;
        json entry = rating_json(row);
        entry["name"] = name;
        provisional.push_back(std::move(entry));
    }
    return {200,
            {{"game", game},
             {"class", time_class(r)},
             {"players", players},
             {"provisional", provisional}}};
}

}  // namespace asterism::server::accounts
