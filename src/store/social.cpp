// The social side of accounts (store.h): recovery codes, roles and
// suspensions, mutes and blocks, chat and its reports, push subscriptions,
// the games of an account, and deleting an account.
#include "store/sql.h"

namespace asterism::store {

using sql::Statement;
using sql::Transaction;

void Store::set_recovery_codes(std::int64_t account, const std::vector<std::string>& digests) {
    const Held lock = hold();
    Transaction t(db_);
    Statement(db_, "DELETE FROM recovery_codes WHERE account_id = ?1").bind(1, account).step();
    for (const std::string& d : digests) {
        Statement s(db_,
                    "INSERT OR IGNORE INTO recovery_codes (account_id, digest) VALUES (?1, ?2)");
        s.bind(1, account).bind(2, d).step();
    }
    t.commit();
}

void Store::set_password(std::int64_t account, std::string_view digest) {
    const Held lock = hold();
    Statement s(db_, "UPDATE accounts SET password = ?2 WHERE id = ?1");
    s.bind(1, account).bind(2, digest).step();
}

bool Store::use_recovery_code(std::int64_t account, std::string_view digest) {
    const Held lock = hold();
    Statement s(db_, "DELETE FROM recovery_codes WHERE account_id = ?1 AND digest = ?2");
    s.bind(1, account).bind(2, digest).step();
    return sqlite3_changes(db_) > 0;
}

std::int64_t Store::recovery_codes_left(std::int64_t account) const {
    const Held lock = hold();
    Statement s(db_, "SELECT count(*) FROM recovery_codes WHERE account_id = ?1");
    s.bind(1, account).step();
    return s.integer(0);
}

bool Store::set_role(std::string_view key, std::string_view role) {
    const Held lock = hold();
    Statement s(db_, "UPDATE accounts SET role = ?2 WHERE name_key = ?1");
    s.bind(1, key).bind(2, role).step();
    return sqlite3_changes(db_) > 0;
}

void Store::set_suspended(std::int64_t account, std::int64_t until_ms) {
    const Held lock = hold();
    Transaction t(db_);
    Statement s(db_, "UPDATE accounts SET suspended_until = ?2 WHERE id = ?1");
    s.bind(1, account).bind(2, until_ms).step();
    if (until_ms != 0)
        Statement(db_, "DELETE FROM account_sessions WHERE account_id = ?1")
            .bind(1, account)
            .step();
    t.commit();
}

void Store::set_notify(std::int64_t account, int bits) {
    const Held lock = hold();
    Statement s(db_, "UPDATE accounts SET notify = ?2 WHERE id = ?1");
    s.bind(1, account).bind(2, std::int64_t{bits}).step();
}

void Store::set_relation(std::int64_t account, std::int64_t other, bool mute, bool block) {
    const Held lock = hold();
    if (!mute && !block) {
        Statement s(db_, "DELETE FROM relations WHERE account_id = ?1 AND other_id = ?2");
        s.bind(1, account).bind(2, other).step();
        return;
    }
    Statement s(db_,
                "INSERT OR REPLACE INTO relations (account_id, other_id, mute, block)"
                " VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, account).bind(2, other).bind(3, std::int64_t{mute}).bind(4, std::int64_t{block});
    s.step();
}

std::vector<RelationRow> Store::relations(std::int64_t account) const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT r.other_id, a.name, r.mute, r.block FROM relations r JOIN accounts a"
                " ON a.id = r.other_id WHERE r.account_id = ?1 ORDER BY a.name_key");
    s.bind(1, account);
    std::vector<RelationRow> out;
    while (s.step()) out.push_back({s.integer(0), s.text(1), s.integer(2) != 0, s.integer(3) != 0});
    return out;
}

RelationRow Store::relation(std::int64_t account, std::int64_t other) const {
    const Held lock = hold();
    Statement s(db_, "SELECT mute, block FROM relations WHERE account_id = ?1 AND other_id = ?2");
    s.bind(1, account).bind(2, other);
    if (!s.step()) return {other, "", false, false};
    return {other, "", s.integer(0) != 0, s.integer(1) != 0};
}

namespace {

constexpr const char* kChatColumns =
    "SELECT id, game_id, room, account_id, seat, name, text, at_ms, hidden FROM chat";

ChatRow read_chat(const Statement& s, int from = 0) {
    return {s.integer(from),
            s.text(from + 1),
            s.text(from + 2),
            s.integer(from + 3),
            static_cast<int>(s.integer(from + 4)),
            s.text(from + 5),
            s.text(from + 6),
            s.integer(from + 7),
            s.integer(from + 8) != 0};
}

}  // namespace

Store::ChatFit Store::add_chat(ChatRow& row, std::int64_t per_room, std::int64_t per_writer) {
    const Held lock = hold();
    Transaction t(db_);
    {
        Statement n(db_, "SELECT count(*) FROM chat WHERE game_id = ?1 AND room = ?2");
        n.bind(1, row.game_id).bind(2, row.room).step();
        if (n.integer(0) >= per_room) return ChatFit::room_full;
    }
    {
        // A seat's messages in the players' room (a guest has no account),
        // an account's in the spectators'.
        Statement n(db_, row.seat >= 0
                             ? "SELECT count(*) FROM chat WHERE game_id = ?1 AND room = ?2"
                               " AND seat = ?3"
                             : "SELECT count(*) FROM chat WHERE game_id = ?1 AND room = ?2"
                               " AND account_id = ?3");
        n.bind(1, row.game_id).bind(2, row.room);
        n.bind(3, row.seat >= 0 ? std::int64_t{row.seat} : row.account).step();
        if (n.integer(0) >= per_writer) return ChatFit::writer_full;
    }
    Statement s(db_,
                "INSERT INTO chat (game_id, room, account_id, seat, name, text, at_ms)"
                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s.bind(1, row.game_id).bind(2, row.room).bind(3, row.account).bind(4, std::int64_t{row.seat});
    s.bind(5, row.name).bind(6, row.text).bind(7, row.at_ms);
    s.step();
    row.id = sqlite3_last_insert_rowid(db_);
    t.commit();
    return ChatFit::stored;
}

std::vector<ChatRow> Store::chat(std::string_view game, std::string_view room, std::int64_t after,
                                 int limit) const {
    const Held lock = hold();
    // The newest `limit`, then put back in order.
    Statement s(db_, (std::string(kChatColumns) +
                      " WHERE game_id = ?1 AND room = ?2 AND id > ?3 ORDER BY id DESC LIMIT ?4")
                         .c_str());
    s.bind(1, game).bind(2, room).bind(3, after).bind(4, std::int64_t{limit});
    std::vector<ChatRow> out;
    while (s.step()) out.push_back(read_chat(s));
    return {out.rbegin(), out.rend()};
}

std::optional<ChatRow> Store::chat_message(std::int64_t id) const {
    const Held lock = hold();
    Statement s(db_, (std::string(kChatColumns) + " WHERE id = ?1").c_str());
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_chat(s);
}

void Store::set_hidden(std::int64_t id, bool hidden) {
    const Held lock = hold();
    Transaction t(db_);
    Statement(db_, "UPDATE chat SET hidden = ?2 WHERE id = ?1")
        .bind(1, id)
        .bind(2, std::int64_t{hidden})
        .step();
    Statement(db_, "UPDATE chat_reports SET open = 0 WHERE message_id = ?1").bind(1, id).step();
    t.commit();
}

bool Store::add_report(std::int64_t message, std::string_view reporter, std::string_view reason,
                       std::int64_t at_ms, std::int64_t max_open) {
    const Held lock = hold();
    Transaction t(db_);
    {
        Statement n(db_, "SELECT count(*) FROM chat_reports WHERE open = 1");
        n.step();
        if (n.integer(0) >= max_open) return false;
    }
    Statement s(db_,
                "INSERT INTO chat_reports (message_id, reporter, reason, at_ms)"
                " VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, message).bind(2, reporter).bind(3, reason).bind(4, at_ms).step();
    t.commit();
    return true;
}

std::vector<ReportRow> Store::open_reports(int limit) const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT r.id, r.reporter, r.reason, r.at_ms, c.id, c.game_id, c.room,"
                " c.account_id, c.seat, c.name, c.text, c.at_ms, c.hidden FROM chat_reports r"
                " JOIN chat c ON c.id = r.message_id WHERE r.open = 1 ORDER BY r.id LIMIT ?1");
    s.bind(1, std::int64_t{limit});
    std::vector<ReportRow> out;
    while (s.step())
        out.push_back({s.integer(0), read_chat(s, 4), s.text(1), s.text(2), s.integer(3)});
    return out;
}

void Store::add_push(const PushRow& row, int keep) {
    const Held lock = hold();
    Transaction t(db_);
    Statement(db_, "DELETE FROM push_subscriptions WHERE endpoint = ?1")
        .bind(1, row.endpoint)
        .step();
    {
        Statement old(db_,
                      "DELETE FROM push_subscriptions WHERE account_id = ?1 AND endpoint IN"
                      " (SELECT endpoint FROM push_subscriptions WHERE account_id = ?1"
                      " ORDER BY created_ms DESC LIMIT -1 OFFSET ?2)");
        old.bind(1, row.account).bind(2, std::int64_t{keep > 0 ? keep - 1 : 0}).step();
    }
    Statement s(db_,
                "INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth, created_ms)"
                " VALUES (?1, ?2, ?3, ?4, ?5)");
    s.bind(1, row.endpoint).bind(2, row.account).bind(3, row.p256dh).bind(4, row.auth);
    s.bind(5, row.created_ms).step();
    t.commit();
}

bool Store::remove_push(std::string_view endpoint) {
    const Held lock = hold();
    Statement(db_, "DELETE FROM push_subscriptions WHERE endpoint = ?1").bind(1, endpoint).step();
    return sqlite3_changes(db_) > 0;
}

std::vector<PushRow> Store::pushes(std::int64_t account) const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT endpoint, account_id, p256dh, auth, created_ms FROM push_subscriptions"
                " WHERE account_id = ?1 ORDER BY created_ms");
    s.bind(1, account);
    std::vector<PushRow> out;
    while (s.step()) out.push_back({s.text(0), s.integer(1), s.text(2), s.text(3), s.integer(4)});
    return out;
}

}  // namespace asterism::store
