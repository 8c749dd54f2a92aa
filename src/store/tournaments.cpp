// Tournaments in the store (store.h): a row each and an append-only log of
// events, written the way a game's are, so that a tournament replays on
// start as a game does.
#include "store/sql.h"
#include "store/store.h"

namespace asterism::store {

using sql::Statement;
using sql::Transaction;

namespace {

constexpr const char* kColumns = "id, settings, status, creator, created_ms, updated_ms, last_seq";

TournamentRow read_tournament(const Statement& s) {
    TournamentRow r;
    r.id = s.text(0);
    r.settings = s.text(1);
    r.status = s.text(2);
    r.creator = s.integer(3);
    r.created_ms = s.integer(4);
    r.updated_ms = s.integer(5);
    r.last_seq = static_cast<std::uint64_t>(s.integer(6));
    return r;
}

void insert_event(sqlite3* db, std::string_view owner, const EventRow& e) {
    Statement s(db,
                "INSERT INTO tournament_events (tournament_id, seq, at_ms, type, data)"
                " VALUES (?1, ?2, ?3, ?4, ?5)");
    s.bind(1, owner).bind(2, static_cast<std::int64_t>(e.seq)).bind(3, e.at_ms);
    s.bind(4, e.type).bind(5, e.data);
    s.step();
}

}  // namespace

void Store::create_tournament(const TournamentRow& row, const EventRow& first) {
    const Held lock = hold();
    Transaction t(db_);
    Statement s(db_,
                "INSERT INTO tournaments (id, settings, status, creator, created_ms,"
                " updated_ms, last_seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s.bind(1, row.id).bind(2, row.settings).bind(3, row.status).bind(4, row.creator);
    s.bind(5, row.created_ms).bind(6, row.updated_ms);
    s.bind(7, static_cast<std::int64_t>(row.last_seq));
    s.step();
    insert_event(db_, row.id, first);
    t.commit();
}

void Store::append_tournament(const TournamentRow& row, const EventRow& event) {
    const Held lock = hold();
    Transaction t(db_);
    insert_event(db_, row.id, event);
    Statement s(db_,
                "UPDATE tournaments SET status = ?2, updated_ms = ?3, last_seq = ?4"
                " WHERE id = ?1");
    s.bind(1, row.id).bind(2, row.status).bind(3, row.updated_ms);
    s.bind(4, static_cast<std::int64_t>(row.last_seq));
    s.step();
    if (sqlite3_changes(db_) != 1) throw StoreError("no stored tournament " + row.id);
    t.commit();
}

std::optional<TournamentRow> Store::tournament(std::string_view id) const {
    const Held lock = hold();
    Statement s(db_,
                (std::string("SELECT ") + kColumns + " FROM tournaments WHERE id = ?1").c_str());
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_tournament(s);
}

std::vector<TournamentRow> Store::tournaments(std::string_view status, int limit,
                                              int offset) const {
    const Held lock = hold();
    Statement s(db_, (std::string("SELECT ") + kColumns +
                      " FROM tournaments WHERE status = ?1 ORDER BY updated_ms DESC, id"
                      " LIMIT ?2 OFFSET ?3")
                         .c_str());
    s.bind(1, status).bind(2, std::int64_t{limit}).bind(3, std::int64_t{offset});
    std::vector<TournamentRow> out;
    while (s.step()) out.push_back(read_tournament(s));
    return out;
}

std::vector<EventRow> Store::tournament_events(std::string_view id) const {
    const Held lock = hold();
    Statement s(db_,
                "SELECT seq, at_ms, type, data FROM tournament_events"
                " WHERE tournament_id = ?1 ORDER BY seq");
    s.bind(1, id);
    std::vector<EventRow> out;
    while (s.step())
        out.push_back(
            {static_cast<std::uint64_t>(s.integer(0)), s.integer(1), s.text(2), s.text(3)});
    return out;
}

}  // namespace asterism::store
