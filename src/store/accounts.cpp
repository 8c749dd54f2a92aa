// Accounts and their sign-in sessions (store.h).
#include "store/sql.h"

namespace asterism::store {

using sql::Statement;
using sql::Transaction;

namespace {

AccountRow read_account(const Statement& s) {
    return {s.integer(0),
            s.text(1),
            s.text(2),
            s.integer(3),
            s.text(4),
            s.integer(5),
            static_cast<int>(s.integer(6))};
}

constexpr const char* kAccountColumns =
    "SELECT id, name, password, created_ms, role, suspended_until, notify FROM accounts";

}  // namespace

namespace {

bool any_skeleton_taken(sqlite3* db, const std::vector<std::string>& skeletons) {
    for (const std::string& skeleton : skeletons) {
        Statement taken(db, "SELECT 1 FROM account_skeletons WHERE skeleton = ?1");
        taken.bind(1, skeleton);
        if (taken.step()) return true;
    }
    return false;
}

void insert_skeletons(sqlite3* db, std::int64_t account,
                      const std::vector<std::string>& skeletons) {
    for (const std::string& skeleton : skeletons) {
        Statement s(
            db, "INSERT OR IGNORE INTO account_skeletons (skeleton, account_id) VALUES (?1, ?2)");
        s.bind(1, skeleton).bind(2, account);
        s.step();
    }
}

}  // namespace

bool Store::create_account(AccountRow& row, std::string_view key,
                           const std::vector<std::string>& skeletons) {
    const Held lock = hold();
    Transaction t(db_);
    {
        Statement taken(db_, "SELECT 1 FROM accounts WHERE name_key = ?1");
        taken.bind(1, key);
        if (taken.step()) return false;
    }
    if (any_skeleton_taken(db_, skeletons)) return false;
    Statement s(db_,
                "INSERT INTO accounts (name, name_key, password, created_ms)"
                " VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, row.name).bind(2, key).bind(3, row.password).bind(4, row.created_ms);
    s.step();
    row.id = sqlite3_last_insert_rowid(db_);
    insert_skeletons(db_, row.id, skeletons);
    t.commit();
    return true;
}

bool Store::skeleton_taken(const std::vector<std::string>& skeletons) const {
    const Held lock = hold();
    return any_skeleton_taken(db_, skeletons);
}

std::vector<std::pair<std::int64_t, std::string>> Store::accounts_without_skeletons() const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT id, name FROM accounts WHERE id NOT IN"
                " (SELECT account_id FROM account_skeletons) ORDER BY id");
    std::vector<std::pair<std::int64_t, std::string>> out;
    while (s.step()) out.emplace_back(s.integer(0), s.text(1));
    return out;
}

void Store::add_skeletons(std::int64_t account, const std::vector<std::string>& skeletons) {
    const Held lock = hold();
    Transaction t(db_);
    insert_skeletons(db_, account, skeletons);
    t.commit();
}

std::optional<AccountRow> Store::account_by_key(std::string_view key) const {
    const Held lock = hold();
    Statement s(db_, (std::string(kAccountColumns) + " WHERE name_key = ?1").c_str());
    s.bind(1, key);
    if (!s.step()) return std::nullopt;
    return read_account(s);
}

std::optional<AccountRow> Store::account(std::int64_t id) const {
    const Held lock = hold();
    Statement s(db_, (std::string(kAccountColumns) + " WHERE id = ?1").c_str());
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_account(s);
}

void Store::add_session(std::string_view digest, std::int64_t account, std::int64_t at_ms,
                        int keep) {
    const Held lock = hold();
    Transaction t(db_);
    {
        // The least recently used beyond `keep - 1` go, so the new one fits.
        Statement old(db_,
                      "DELETE FROM account_sessions WHERE account_id = ?1 AND digest IN"
                      " (SELECT digest FROM account_sessions WHERE account_id = ?1"
                      " ORDER BY used_ms DESC LIMIT -1 OFFSET ?2)");
        old.bind(1, account).bind(2, std::int64_t{keep > 0 ? keep - 1 : 0});
        old.step();
    }
    Statement s(db_,
                "INSERT INTO account_sessions (digest, account_id, created_ms, used_ms)"
                " VALUES (?1, ?2, ?3, ?3)");
    s.bind(1, digest).bind(2, account).bind(3, at_ms);
    s.step();
    t.commit();
}

std::optional<std::int64_t> Store::use_session(std::string_view digest, std::int64_t at_ms,
                                               std::int64_t unused_since_ms) {
    const Held lock = hold();
    std::int64_t account = 0, used = 0;
    {
        Statement s(db_, "SELECT account_id, used_ms FROM account_sessions WHERE digest = ?1");
        s.bind(1, digest);
        if (!s.step()) return std::nullopt;
        account = s.integer(0);
        used = s.integer(1);
    }
    if (used < unused_since_ms) {
        Statement gone(db_, "DELETE FROM account_sessions WHERE digest = ?1");
        gone.bind(1, digest).step();
        return std::nullopt;
    }
    // Marked used at most once a minute: a page's every request is no write.
    if (at_ms - used > 60000) {
        Statement touch(db_, "UPDATE account_sessions SET used_ms = ?2 WHERE digest = ?1");
        touch.bind(1, digest).bind(2, at_ms).step();
    }
    return account;
}

void Store::remove_session(std::string_view digest) {
    const Held lock = hold();
    Statement s(db_, "DELETE FROM account_sessions WHERE digest = ?1");
    s.bind(1, digest).step();
}

std::int64_t Store::remove_sessions(std::int64_t account) {
    const Held lock = hold();
    Statement s(db_, "DELETE FROM account_sessions WHERE account_id = ?1");
    s.bind(1, account).step();
    return sqlite3_changes(db_);
}

namespace {

constexpr const char* kPasskeyColumns =
    "SELECT id, account_id, public_key, alg, sign_count, label, created_ms FROM passkeys";

PasskeyRow read_passkey(const Statement& s) {
    return {s.text(0),    s.integer(1), s.text(2),   static_cast<int>(s.integer(3)),
            s.integer(4), s.text(5),    s.integer(6)};
}

}  // namespace

bool Store::add_passkey(const PasskeyRow& row) {
    const Held lock = hold();
    Transaction t(db_);
    {
        Statement known(db_, "SELECT 1 FROM passkeys WHERE id = ?1");
        known.bind(1, row.id);
        if (known.step()) return false;
    }
    Statement s(db_,
                "INSERT INTO passkeys (id, account_id, public_key, alg, sign_count, label,"
                " created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s.bind(1, row.id).bind(2, row.account).bind(3, row.public_key).bind(4, std::int64_t{row.alg});
    s.bind(5, row.sign_count).bind(6, row.label).bind(7, row.created_ms);
    s.step();
    t.commit();
    return true;
}

std::optional<PasskeyRow> Store::passkey(std::string_view id) const {
    const Held lock = hold();
    Statement s(db_, (std::string(kPasskeyColumns) + " WHERE id = ?1").c_str());
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_passkey(s);
}

std::vector<PasskeyRow> Store::passkeys(std::int64_t account) const {
    const Held lock = hold();
    Statement s(
        db_, (std::string(kPasskeyColumns) + " WHERE account_id = ?1 ORDER BY created_ms").c_str());
    s.bind(1, account);
    std::vector<PasskeyRow> out;
    while (s.step()) out.push_back(read_passkey(s));
    return out;
}

void Store::set_sign_count(std::string_view id, std::int64_t count) {
    const Held lock = hold();
    Statement s(db_, "UPDATE passkeys SET sign_count = ?2 WHERE id = ?1");
    s.bind(1, id).bind(2, count).step();
}

void Store::write_rating(const RatingRow& r, std::string_view game_id) {
    {
        Statement s(db_,
                    "INSERT OR REPLACE INTO ratings (account_id, game, class, rating, deviation,"
                    " volatility, games, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
        s.bind(1, r.account).bind(2, r.game).bind(3, r.time_class).bind(4, r.rating);
        s.bind(5, r.deviation).bind(6, r.volatility).bind(7, r.games).bind(8, r.updated_ms);
        s.step();
    }
    Statement h(db_,
                "INSERT INTO rating_history (account_id, game, class, at_ms, rating, deviation,"
                " game_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    h.bind(1, r.account).bind(2, r.game).bind(3, r.time_class).bind(4, r.updated_ms);
    h.bind(5, r.rating).bind(6, r.deviation).bind(7, game_id);
    h.step();
}

namespace {

constexpr const char* kRatingColumns =
    "SELECT account_id, game, class, rating, deviation, volatility, games, updated_ms FROM ratings";

RatingRow read_rating(const Statement& s) {
    return {s.integer(0), s.text(1), s.text(2),    s.real(3),
            s.real(4),    s.real(5), s.integer(6), s.integer(7)};
}

}  // namespace

std::optional<RatingRow> Store::rating(std::int64_t account, std::string_view game,
                                       std::string_view time_class) const {
    const Held lock = hold();
    Statement s(
        db_, (std::string(kRatingColumns) + " WHERE account_id = ?1 AND game = ?2 AND class = ?3")
                 .c_str());
    s.bind(1, account).bind(2, game).bind(3, time_class);
    if (!s.step()) return std::nullopt;
    return read_rating(s);
}

std::vector<RatingRow> Store::ratings(std::int64_t account) const {
    const Held lock = hold();
    Statement s(
        db_, (std::string(kRatingColumns) + " WHERE account_id = ?1 ORDER BY game, class").c_str());
    s.bind(1, account);
    std::vector<RatingRow> out;
    while (s.step()) out.push_back(read_rating(s));
    return out;
}

std::vector<Store::RatingPoint> Store::rating_history(std::int64_t account, std::string_view game,
                                                      std::string_view time_class,
                                                      int limit) const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT at_ms, rating, deviation, game_id FROM rating_history WHERE account_id = ?1"
                " AND game = ?2 AND class = ?3 ORDER BY at_ms LIMIT ?4");
    s.bind(1, account).bind(2, game).bind(3, time_class).bind(4, std::int64_t{limit});
    std::vector<RatingPoint> out;
    while (s.step()) out.push_back({s.integer(0), s.real(1), s.real(2), s.text(3)});
    return out;
}

std::vector<std::pair<std::string, RatingRow>> Store::leaderboard(std::string_view game,
                                                                  std::string_view time_class,
                                                                  double max_deviation,
                                                                  int limit) const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT a.name, r.account_id, r.game, r.class, r.rating, r.deviation, r.volatility,"
                " r.games, r.updated_ms FROM ratings r JOIN accounts a ON a.id = r.account_id"
                " WHERE r.game = ?1 AND r.class = ?2 AND r.deviation <= ?3"
                " ORDER BY r.rating DESC LIMIT ?4");
    s.bind(1, game).bind(2, time_class).bind(3, max_deviation).bind(4, std::int64_t{limit});
    std::vector<std::pair<std::string, RatingRow>> out;
    while (s.step())
        out.push_back({s.text(0),
                       {s.integer(1), s.text(2), s.text(3), s.real(4), s.real(5), s.real(6),
                        s.integer(7), s.integer(8)}});
    return out;
}

}  // namespace asterism::store
