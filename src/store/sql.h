// The store's SQLite helpers, shared by its files (store.cpp: games and
// events; accounts.cpp: accounts and their sessions; social.cpp and
// account_games.cpp). Private to the store.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "store/store.h"

namespace asterism::store::sql {

inline sqlite3_stmt* prepare(sqlite3* db, const char* sql, unsigned flags = 0) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db, sql, -1, flags, &stmt, nullptr) != SQLITE_OK)
        throw StoreError(std::string("database error: ") + sqlite3_errmsg(db));
    return stmt;
}

// A prepared statement: one of its own, finalized on every path out, or
// one the Store keeps (Store::kept), reset and unbound on every path out.
class Statement {
  public:
    Statement(sqlite3* db, const char* sql) : db_(db), stmt_(prepare(db, sql)), own_(true) {}
    Statement(sqlite3* db, sqlite3_stmt* kept) : db_(db), stmt_(kept), own_(false) {}
    ~Statement() {
        if (own_) {
            sqlite3_finalize(stmt_);
        } else {
            sqlite3_reset(stmt_);
            sqlite3_clear_bindings(stmt_);
        }
    }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, std::string_view text) {
        sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind(int i, std::int64_t value) {
        sqlite3_bind_int64(stmt_, i, value);
        return *this;
    }
    Statement& bind(int i, double value) {
        sqlite3_bind_double(stmt_, i, value);
        return *this;
    }
    // True while there is a row; throws on an error.
    bool step() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        throw StoreError(std::string("database error: ") + sqlite3_errmsg(db_));
    }
    std::string text(int col) const {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)))
                 : std::string();
    }
    std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    sqlite3_stmt* handle() const { return stmt_; }
    double real(int col) const { return sqlite3_column_double(stmt_, col); }

  private:
    sqlite3* db_;
    sqlite3_stmt* stmt_;
    bool own_;
};

// One transaction (BEGIN IMMEDIATE), rolled back unless committed.
class Transaction {
  public:
    explicit Transaction(sqlite3* db) : db_(db) { run("BEGIN IMMEDIATE"); }
    Transaction(sqlite3* db, sqlite3_stmt* begin, sqlite3_stmt* commit) : db_(db), commit_(commit) {
        Statement(db_, begin).step();
    }
    ~Transaction() {
        if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit() {
        if (commit_)
            Statement(db_, commit_).step();
        else
            run("COMMIT");
        done_ = true;
    }

  private:
    void run(const char* sql) {
        char* error = nullptr;
        if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string message = error ? error : "unknown error";
            sqlite3_free(error);
            throw StoreError("database error: " + message);
        }
    }
    sqlite3* db_;
    sqlite3_stmt* commit_ = nullptr;
    bool done_ = false;
};

// A game row's columns, in the order read_game reads them.
inline constexpr const char* kGameColumns =
    "id, spec, start_position, seats, clock, status, result, termination, created_ms,"
    " updated_ms, last_seq, listed, kind";

inline GameRow read_game(const Statement& s) {
    GameRow g;
    g.id = s.text(0);
    g.spec = s.text(1);
    g.start_position = s.text(2);
    g.seats = s.text(3);
    g.clock = s.text(4);
    g.status = s.text(5);
    g.result = s.text(6);
    g.termination = s.text(7);
    g.created_ms = s.integer(8);
    g.updated_ms = s.integer(9);
    g.last_seq = static_cast<std::uint64_t>(s.integer(10));
    g.listed = s.integer(11) != 0;
    g.kind = s.text(12);
    return g;
}

}  // namespace asterism::store::sql
