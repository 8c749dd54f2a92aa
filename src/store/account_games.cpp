// The games of an account, and deleting an account (store.h).
#include "store/sql.h"

namespace asterism::store {

using sql::Statement;
using sql::Transaction;

namespace {

// The games (columns g.*), the account's seat and whether the game changed
// its rating, of the rows of game_accounts that `where` selects.
std::string account_games_sql(const char* where) {
    std::string columns = sql::kGameColumns;
    std::string prefixed;
    // "id, spec, ..." as "g.id, g.spec, ...".
    for (std::size_t at = 0; at < columns.size();) {
        while (at < columns.size() && (columns[at] == ' ' || columns[at] == ',')) ++at;
        const std::size_t end = std::min(columns.find(',', at), columns.size());
        if (at < end) prefixed += (prefixed.empty() ? "g." : ", g.") + columns.substr(at, end - at);
        at = end;
    }
    return "SELECT " + prefixed +
           ", ga.seat, EXISTS (SELECT 1 FROM rating_history h WHERE h.account_id = ga.account_id"
           " AND h.game_id = g.id) FROM game_accounts ga JOIN games g ON g.id = ga.game_id"
           " WHERE ga.account_id = ?1 AND g.kind = 'online' AND " +
           where;
}

AccountGameRow read_account_game(const Statement& s) {
    return {sql::read_game(s), static_cast<int>(s.integer(13)), s.integer(14) != 0};
}

}  // namespace

std::vector<AccountGameRow> Store::account_games(std::int64_t account, std::string_view game_name,
                                                 std::string_view status, int limit,
                                                 int offset) const {
    const Held lock = hold();
    Statement s(db_, account_games_sql("(?2 = '' OR g.spec = ?2 OR g.spec LIKE ?2 || ':%')"
                                       " AND (?5 = '' OR g.status = ?5)"
                                       " ORDER BY g.updated_ms DESC, g.id LIMIT ?3 OFFSET ?4")
                         .c_str());
    s.bind(1, account)
        .bind(2, game_name)
        .bind(3, std::int64_t{limit})
        .bind(4, std::int64_t{offset});
    s.bind(5, status);
    std::vector<AccountGameRow> out;
    while (s.step()) out.push_back(read_account_game(s));
    return out;
}

std::vector<AccountGameRow> Store::account_unfinished(std::int64_t account, int limit) const {
    const Held lock = hold();
    Statement s(
        db_,
        account_games_sql("g.status != 'finished' ORDER BY g.updated_ms DESC LIMIT ?2").c_str());
    s.bind(1, account).bind(2, std::int64_t{limit});
    std::vector<AccountGameRow> out;
    while (s.step()) out.push_back(read_account_game(s));
    return out;
}

namespace {

// The statements that take a deleted account's name out of its games:
// ?1 the account, ?2 the neutral name, ?3 the account's name (reports).
constexpr const char* kForget[] = {
    "UPDATE events SET data = json_set(data, '$.name', ?2, '$.account', 0)"
    " WHERE game_id IN (SELECT game_id FROM game_accounts WHERE account_id = ?1)"
    " AND type IN ('join', 'claim') AND json_extract(data, '$.account') = ?1",
    "UPDATE events SET data = json_set(data, '$.reserved', 0)"
    " WHERE game_id IN (SELECT game_id FROM game_accounts WHERE account_id = ?1)"
    " AND type = 'join' AND json_extract(data, '$.reserved') = ?1",
    "UPDATE games SET seats = json_set(seats, '$[0].name', ?2, '$[0].account', 0)"
    " WHERE id IN (SELECT game_id FROM game_accounts WHERE account_id = ?1 AND seat = 0)",
    "UPDATE games SET seats = json_set(seats, '$[1].name', ?2, '$[1].account', 0)"
    " WHERE id IN (SELECT game_id FROM game_accounts WHERE account_id = ?1 AND seat = 1)",
    "UPDATE tournament_events SET data = json_set(data, '$.name', ?2, '$.account', 0)"
    " WHERE type = 'enter' AND json_extract(data, '$.account') = ?1",
    "UPDATE tournaments SET creator = 0, settings = json_set(settings, '$.creator_name', ?2)"
    " WHERE creator = ?1",
    "UPDATE chat SET name = ?2, account_id = 0 WHERE account_id = ?1",
    "UPDATE chat_reports SET reporter = ?2 WHERE reporter = ?3",
    "DELETE FROM game_accounts WHERE account_id = ?1",
    "DELETE FROM recovery_codes WHERE account_id = ?1",
    "DELETE FROM relations WHERE account_id = ?1 OR other_id = ?1",
    "DELETE FROM push_subscriptions WHERE account_id = ?1",
    "DELETE FROM passkeys WHERE account_id = ?1",
    "DELETE FROM account_skeletons WHERE account_id = ?1",
    "DELETE FROM account_sessions WHERE account_id = ?1",
    "DELETE FROM ratings WHERE account_id = ?1",
    "DELETE FROM rating_history WHERE account_id = ?1",
    "DELETE FROM puzzle_attempts WHERE account_id = ?1",
    "DELETE FROM accounts WHERE id = ?1",
};

}  // namespace

void Store::erase_account(std::int64_t account, std::string_view neutral) {
    const Held lock = hold();
    Transaction t(db_);
    std::string name;
    {
        Statement s(db_, "SELECT name FROM accounts WHERE id = ?1");
        s.bind(1, account);
        if (!s.step()) return;
        name = s.text(0);
    }
    for (const char* sql : kForget) {
        Statement s(db_, sql);
        // Only the parameters a statement has are bound.
        const int n = sqlite3_bind_parameter_count(s.handle());
        if (n >= 1) s.bind(1, account);
        if (n >= 2) s.bind(2, neutral);
        if (n >= 3) s.bind(3, name);
        s.step();
    }
    t.commit();
}

}  // namespace asterism::store
