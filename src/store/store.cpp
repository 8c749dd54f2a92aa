#include "store/store.h"

#include "store/sql.h"

#include <sqlite3.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace asterism::store {
namespace {

using sql::kGameColumns;
using sql::prepare;
using sql::read_game;
using sql::Statement;
using sql::Transaction;

// Each schema version's step from the one before, in order; version 1 is the
// first schema, made on an empty file.
constexpr const char* kMigrations[] = {
    // 0 -> 1: games and their event logs.
    "CREATE TABLE games (id TEXT PRIMARY KEY, spec TEXT NOT NULL, start_position TEXT NOT NULL,"
    " seats TEXT NOT NULL, clock TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT NULL,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, last_seq INTEGER NOT NULL);"
    "CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
    " at_ms INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL,"
    " PRIMARY KEY (game_id, seq)) WITHOUT ROWID;",
    // 1 -> 2: how a game ended, whether the lobby lists it, and the lobby's
    // and archive's listing order.
    "ALTER TABLE games ADD COLUMN termination TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;"
    "CREATE INDEX games_by_status ON games (status, updated_ms);",
    // 2 -> 3: local games (one screen, or alone against the computer) are
    // stored beside the online ones; `kind` tells them apart.
    "ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'online';"
    "DROP INDEX games_by_status;"
    "CREATE INDEX games_by_kind ON games (kind, status, updated_ms);",
    // 3 -> 4: accounts (a name and a password's argon2id digest) and their
    // sign-in sessions, kept as digests of the cookies' tokens.
    "CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    " name_key TEXT NOT NULL UNIQUE, password TEXT NOT NULL, created_ms INTEGER NOT NULL);"
    "CREATE TABLE account_sessions (digest TEXT PRIMARY KEY,"
    " account_id INTEGER NOT NULL REFERENCES accounts(id), created_ms INTEGER NOT NULL,"
    " used_ms INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX account_sessions_by_account ON account_sessions (account_id, used_ms);",
    // 4 -> 5: passkeys (WebAuthn credentials): the public key, never a secret.
    "CREATE TABLE passkeys (id TEXT PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES"
    " accounts(id), public_key TEXT NOT NULL, alg INTEGER NOT NULL, sign_count INTEGER NOT NULL,"
    " label TEXT NOT NULL, created_ms INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX passkeys_by_account ON passkeys (account_id);",
    // 5 -> 6: Glicko-2 ratings per account, game and time class, and their
    // history, one row per rated game.
    "CREATE TABLE ratings (account_id INTEGER NOT NULL REFERENCES accounts(id),"
    " game TEXT NOT NULL, class TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,"
    " volatility REAL NOT NULL, games INTEGER NOT NULL, updated_ms INTEGER NOT NULL,"
    " PRIMARY KEY (account_id, game, class)) WITHOUT ROWID;"
    "CREATE INDEX ratings_by_game ON ratings (game, class, rating);"
    "CREATE TABLE rating_history (account_id INTEGER NOT NULL, game TEXT NOT NULL,"
    " class TEXT NOT NULL, at_ms INTEGER NOT NULL, rating REAL NOT NULL,"
    " deviation REAL NOT NULL, game_id TEXT NOT NULL);"
    "CREATE INDEX rating_history_by_account ON rating_history (account_id, game, class, at_ms);",
    // 6 -> 7: what players who stay need (docs/accounts.md): a moderator
    // role, suspensions and notification choices on the account; recovery
    // codes (digests); mutes and blocks; chat and its reports; push
    // subscriptions; and an index of games by account, kept by triggers from
    // the seats' JSON so that no writer can forget it.
    "ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE accounts ADD COLUMN suspended_until INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE accounts ADD COLUMN notify INTEGER NOT NULL DEFAULT 7;"
    "CREATE TABLE recovery_codes (account_id INTEGER NOT NULL REFERENCES accounts(id),"
    " digest TEXT NOT NULL, PRIMARY KEY (account_id, digest)) WITHOUT ROWID;"
    "CREATE TABLE relations (account_id INTEGER NOT NULL REFERENCES accounts(id),"
    " other_id INTEGER NOT NULL REFERENCES accounts(id), mute INTEGER NOT NULL,"
    " block INTEGER NOT NULL, PRIMARY KEY (account_id, other_id)) WITHOUT ROWID;"
    "CREATE TABLE chat (id INTEGER PRIMARY KEY, game_id TEXT NOT NULL REFERENCES games(id),"
    " room TEXT NOT NULL, account_id INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " name TEXT NOT NULL, text TEXT NOT NULL, at_ms INTEGER NOT NULL,"
    " hidden INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX chat_by_game ON chat (game_id, room, id);"
    "CREATE TABLE chat_reports (id INTEGER PRIMARY KEY, message_id INTEGER NOT NULL"
    " REFERENCES chat(id), reporter TEXT NOT NULL, reason TEXT NOT NULL,"
    " at_ms INTEGER NOT NULL, open INTEGER NOT NULL DEFAULT 1);"
    "CREATE INDEX chat_reports_open ON chat_reports (open, id);"
    "CREATE TABLE push_subscriptions (endpoint TEXT PRIMARY KEY, account_id INTEGER NOT NULL"
    " REFERENCES accounts(id), p256dh TEXT NOT NULL, auth TEXT NOT NULL,"
    " created_ms INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX push_by_account ON push_subscriptions (account_id);"
    "CREATE TABLE game_accounts (account_id INTEGER NOT NULL, game_id TEXT NOT NULL,"
    " seat INTEGER NOT NULL, PRIMARY KEY (account_id, game_id, seat)) WITHOUT ROWID;"
    "CREATE INDEX game_accounts_by_game ON game_accounts (game_id);"
    "CREATE TRIGGER game_accounts_insert AFTER INSERT ON games BEGIN"
    " INSERT OR IGNORE INTO game_accounts SELECT json_extract(value, '$.account'), NEW.id,"
    " CAST(key AS INTEGER) FROM json_each(NEW.seats) WHERE json_extract(value, '$.account') > 0;"
    " END;"
    "CREATE TRIGGER game_accounts_update AFTER UPDATE OF seats ON games"
    " WHEN OLD.seats IS NOT NEW.seats BEGIN"
    " DELETE FROM game_accounts WHERE game_id = NEW.id;"
    " INSERT OR IGNORE INTO game_accounts SELECT json_extract(value, '$.account'), NEW.id,"
    " CAST(key AS INTEGER) FROM json_each(NEW.seats) WHERE json_extract(value, '$.account') > 0;"
    " END;"
    "INSERT OR IGNORE INTO game_accounts SELECT json_extract(s.value, '$.account'), g.id,"
    " CAST(s.key AS INTEGER) FROM games g, json_each(g.seats) s"
    " WHERE json_extract(s.value, '$.account') > 0;",
    // 7 -> 8: tournaments (docs/tournaments.md), each a row with its
    // settings and an append-only log of what happened to it (entries,
    // rounds paired, withdrawals, the end), replayed on start as a game's is.
    "CREATE TABLE tournaments (id TEXT PRIMARY KEY, settings TEXT NOT NULL,"
    " status TEXT NOT NULL, creator INTEGER NOT NULL, created_ms INTEGER NOT NULL,"
    " updated_ms INTEGER NOT NULL, last_seq INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX tournaments_by_status ON tournaments (status, updated_ms);"
    "CREATE TABLE tournament_events (tournament_id TEXT NOT NULL REFERENCES tournaments(id),"
    " seq INTEGER NOT NULL, at_ms INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL,"
    " PRIMARY KEY (tournament_id, seq)) WITHOUT ROWID;",
    // 8 -> 9: the confusables skeletons of accounts' names (UTS #39, from
    // ICU's spoof checker, docs/accounts.md), so that a name that looks like
    // another cannot be registered beside it. The server computes the
    // skeletons of accounts made before this version when it starts
    // (Store::accounts_without_skeletons); SQL alone cannot.
    "CREATE TABLE account_skeletons (skeleton TEXT PRIMARY KEY,"
    " account_id INTEGER NOT NULL REFERENCES accounts(id)) WITHOUT ROWID;"
    "CREATE INDEX account_skeletons_by_account ON account_skeletons (account_id);",
    // 9 -> 10: puzzles' ratings, which their solvers' results move, and
    // each account's rated attempts, one per puzzle (server/puzzles/).
    // The accounts' own puzzle ratings are rows of `ratings` of class
    // "puzzle".
    "CREATE TABLE puzzle_ratings (id TEXT PRIMARY KEY, game TEXT NOT NULL,"
    " rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,"
    " attempts INTEGER NOT NULL, solved INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE puzzle_attempts (account_id INTEGER NOT NULL, puzzle_id TEXT NOT NULL,"
    " game TEXT NOT NULL, solved INTEGER NOT NULL, at_ms INTEGER NOT NULL,"
    " PRIMARY KEY (account_id, puzzle_id)) WITHOUT ROWID;"
    "CREATE INDEX puzzle_attempts_by_game ON puzzle_attempts (account_id, game);",
};
static_assert(std::size(kMigrations) == Store::kSchemaVersion);

// Binds a game's fields in kGameColumns order from parameter 1.
void bind_game(Statement& s, const GameRow& g) {
    s.bind(1, g.id).bind(2, g.spec).bind(3, g.start_position).bind(4, g.seats).bind(5, g.clock);
    s.bind(6, g.status).bind(7, g.result).bind(8, g.termination).bind(9, g.created_ms);
    s.bind(10, g.updated_ms).bind(11, static_cast<std::int64_t>(g.last_seq));
    s.bind(12, std::int64_t{g.listed ? 1 : 0}).bind(13, g.kind);
}

// One write transaction; rolled back unless commit() was reached. The
// Store's kept BEGIN and COMMIT statements spare parsing them on each move.

}  // namespace

namespace {
thread_local std::uint64_t uses_on_this_thread = 0;
}  // namespace

std::uint64_t store_uses_on_this_thread() {
    return uses_on_this_thread;
}

Store::Held::Held(std::mutex& m) : lock_(m) {
    ++uses_on_this_thread;
}

Store::Store(const std::string& file, Sync sync) : file_(file) {
    try {
        open(sync);
        migrate();
    } catch (...) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw;
    }
}

Store::~Store() {
    for (auto& [sql, stmt] : kept_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
}

sqlite3_stmt* Store::kept(const char* sql) const {
    auto& stmt = kept_[sql];
    if (!stmt) stmt = prepare(db_, sql, SQLITE_PREPARE_PERSISTENT);
    return stmt;
}

void Store::fail(const std::string& what) const {
    throw StoreError("database " + file_ + ": " + what);
}

void Store::exec(const char* sql) const {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
        const std::string message = error ? error : sqlite3_errmsg(db_);
        sqlite3_free(error);
        fail(message);
    }
}

void Store::open(Sync sync) {
    // SQLite maps the -shm file into memory; one it cannot write (read-only,
    // or made immutable) would kill the process with SIGBUS at the first
    // write instead of failing, so it is checked here, as is the -wal file.
    for (const char* suffix : {"-wal", "-shm"}) {
        const std::string side = file_ + suffix;
        if (::access(side.c_str(), F_OK) == 0 && ::access(side.c_str(), R_OK | W_OK) != 0)
            throw StoreError("database " + file_ + ": its file " + side + " cannot be written (" +
                             std::strerror(errno) +
                             "); fix its permissions or attributes (lsattr)");
    }
    if (sqlite3_open_v2(file_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK)
        fail(db_ ? sqlite3_errmsg(db_) : "cannot open");
    // Another process holding the file briefly (a backup) is waited for.
    sqlite3_busy_timeout(db_, 5000);
    // The first statement reads the header: a file that is not a database
    // fails here.
    exec("PRAGMA journal_mode=WAL");
    exec(sync == Sync::Full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec("PRAGMA foreign_keys=ON");
    Statement check(db_, "PRAGMA quick_check");
    if (check.step() && check.text(0) != "ok") fail("damaged (" + check.text(0) + ")");
}

void Store::migrate() {
    // Every statement is finished before the migration's transaction, in
    // which SQLite drops no index while one is still running.
    const std::int64_t version = [&] {
        Statement v(db_, "PRAGMA user_version");
        v.step();
        return v.integer(0);
    }();
    if (version > kSchemaVersion)
        fail("schema version " + std::to_string(version) + " is newer than this program's (" +
             std::to_string(kSchemaVersion) + "); run a newer asterism");
    if (version == 0) {
        // An empty file only: version 0 with tables in it is somebody else's database.
        Statement tables(db_, "SELECT count(*) FROM sqlite_master");
        tables.step();
        if (tables.integer(0) > 0) fail("not an asterism database (it has other tables)");
    }
    // Writing is tried even when nothing migrates, so that an unwritable
    // file is an error at start rather than at the first move.
    try {
        Transaction t(db_);
        for (std::int64_t step = version; step < kSchemaVersion; ++step) exec(kMigrations[step]);
        exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str());
        t.commit();
    } catch (const StoreError& e) {
        fail(std::string("cannot be written or migrated: ") + e.what());
    }
}

void Store::create(const GameRow& game) {
    create(game, {});
}

void Store::create(const GameRow& game, const std::vector<EventRow>& events) {
    const Held lock = hold();
    Transaction t(db_);
    Statement s(db_,
                "INSERT INTO games (id, spec, start_position, seats, clock, status, result,"
                " termination, created_ms, updated_ms, last_seq, listed, kind)"
                " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
    bind_game(s, game);
    s.step();
    for (const EventRow& e : events) {
        Statement ev(db_,
                     "INSERT INTO events (game_id, seq, at_ms, type, data)"
                     " VALUES (?1, ?2, ?3, ?4, ?5)");
        ev.bind(1, game.id).bind(2, static_cast<std::int64_t>(e.seq)).bind(3, e.at_ms);
        ev.bind(4, e.type).bind(5, e.data);
        ev.step();
    }
    t.commit();
}

namespace {

constexpr const char* kWriteRow =
    "UPDATE games SET spec = ?2, start_position = ?3, seats = ?4, clock = ?5,"
    " status = ?6, result = ?7, termination = ?8, created_ms = ?9,"
    " updated_ms = ?10, last_seq = ?11, listed = ?12, kind = ?13 WHERE id = ?1";

// `s` is kWriteRow, prepared.
void write_row(sqlite3* db, Statement s, const GameRow& game) {
    bind_game(s, game);
    s.step();
    if (sqlite3_changes(db) != 1) throw StoreError("no stored game " + game.id);
}

}  // namespace

void Store::append(const GameRow& game, const EventRow& event,
                   const std::vector<RatingRow>& ratings) {
    const Held lock = hold();
    // Every move comes here: its statements are prepared once.
    Transaction t(db_, kept("BEGIN IMMEDIATE"), kept("COMMIT"));
    {
        Statement s(db_, kept("INSERT INTO events (game_id, seq, at_ms, type, data)"
                              " VALUES (?1, ?2, ?3, ?4, ?5)"));
        s.bind(1, game.id).bind(2, static_cast<std::int64_t>(game.last_seq));
        s.bind(3, event.at_ms).bind(4, event.type).bind(5, event.data);
        s.step();
    }
    write_row(db_, Statement(db_, kept(kWriteRow)), game);
    // A rated game's last event carries its players' new ratings: both or
    // neither are stored.
    for (const RatingRow& r : ratings) write_rating(r, game.id);
    t.commit();
}

void Store::update(const GameRow& game) {
    const Held lock = hold();
    Transaction t(db_);
    write_row(db_, Statement(db_, kWriteRow), game);
    t.commit();
}

std::optional<GameRow> Store::game(std::string_view id) const {
    const Held lock = hold();
    Statement s(db_, (std::string("SELECT ") + kGameColumns + " FROM games WHERE id = ?1").c_str());
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_game(s);
}

std::vector<GameRow> Store::games(std::string_view kind, std::string_view status, int limit,
                                  int offset) const {
    const Held lock = hold();
    Statement s(db_, (std::string("SELECT ") + kGameColumns +
                      " FROM games WHERE kind = ?4 AND status = ?1 ORDER BY updated_ms DESC, id"
                      " LIMIT ?2 OFFSET ?3")
                         .c_str());
    s.bind(1, status).bind(2, std::int64_t{limit}).bind(3, std::int64_t{offset}).bind(4, kind);
    std::vector<GameRow> out;
    while (s.step()) out.push_back(read_game(s));
    return out;
}

std::int64_t Store::count(std::string_view kind, std::string_view status) const {
    const Held lock = hold();
    Statement s(db_, "SELECT count(*) FROM games WHERE kind = ?2 AND status = ?1");
    s.bind(1, status).bind(2, kind);
    s.step();
    return s.integer(0);
}

std::vector<EventRow> Store::events(std::string_view id) const {
    const Held lock = hold();
    Statement s(db_, "SELECT seq, at_ms, type, data FROM events WHERE game_id = ?1 ORDER BY seq");
    s.bind(1, id);
    std::vector<EventRow> out;
    while (s.step())
        out.push_back(
            {static_cast<std::uint64_t>(s.integer(0)), s.integer(1), s.text(2), s.text(3)});
    return out;
}

std::vector<std::string> Store::problems() const {
    const Held lock = hold();
    std::vector<std::string> out;
    {
        Statement s(db_, "PRAGMA integrity_check");
        while (s.step())
            if (s.text(0) != "ok") out.push_back("integrity: " + s.text(0));
    }
    {
        Statement s(db_, "PRAGMA foreign_key_check");
        while (s.step()) out.push_back("table " + s.text(0) + ": a row refers to a missing row");
    }
    Statement s(db_,
                "SELECT g.id, g.last_seq, count(e.seq), coalesce(max(e.seq), 0) FROM games g"
                " LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id"
                " HAVING count(e.seq) != g.last_seq OR coalesce(max(e.seq), 0) != g.last_seq");
    while (s.step())
        out.push_back("game " + s.text(0) + ": " + std::to_string(s.integer(2)) +
                      " events stored, numbered up to " + std::to_string(s.integer(3)) +
                      ", its row says " + std::to_string(s.integer(1)));
    return out;
}

bool Store::writable() const {
    const Held lock = hold();
    try {
        Transaction t(db_);  // BEGIN IMMEDIATE; rolled back when it goes
    } catch (const StoreError&) {
        return false;
    }
    return true;
}

std::vector<std::string> Store::game_ids() const {
    const Held lock = hold();
    Statement s(db_, "SELECT id FROM games ORDER BY created_ms");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
}

void Store::backup(const std::string& to) const {
    sqlite3* target = nullptr;
    if (sqlite3_open(to.c_str(), &target) != SQLITE_OK) {
        const std::string message = target ? sqlite3_errmsg(target) : "cannot open";
        sqlite3_close(target);
        throw StoreError("backup " + to + ": " + message);
    }
    const Held lock = hold();
    sqlite3_backup* b = sqlite3_backup_init(target, "main", db_, "main");
    const int rc = b ? sqlite3_backup_step(b, -1) : SQLITE_ERROR;
    sqlite3_backup_finish(b);
    const std::string message = sqlite3_errmsg(target);
    sqlite3_close(target);
    if (rc != SQLITE_DONE) throw StoreError("backup " + to + ": " + message);
}

void Store::copy(const std::string& from, const std::string& to) {
    sqlite3* source = nullptr;
    if (sqlite3_open_v2(from.c_str(), &source, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        const std::string message = source ? sqlite3_errmsg(source) : "cannot open";
        sqlite3_close(source);
        throw StoreError("database " + from + ": " + message);
    }
    sqlite3_busy_timeout(source, 5000);
    sqlite3* target = nullptr;
    int rc = sqlite3_open(to.c_str(), &target);
    sqlite3_backup* b =
        rc == SQLITE_OK ? sqlite3_backup_init(target, "main", source, "main") : nullptr;
    rc = b ? sqlite3_backup_step(b, -1) : SQLITE_ERROR;
    sqlite3_backup_finish(b);
    const std::string message = target ? sqlite3_errmsg(target) : "cannot open";
    sqlite3_close(target);
    sqlite3_close(source);
    if (rc != SQLITE_DONE) throw StoreError("copy of " + from + " to " + to + ": " + message);
}

std::string default_data_dir() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return (std::filesystem::path(xdg) / "asterism").string();
    if (const char* home = std::getenv("HOME"); home && *home)
        return (std::filesystem::path(home) / ".local" / "share" / "asterism").string();
    return "asterism-data";
}

}  // namespace asterism::store

namespace asterism::store {

FolderLock::FolderLock(const std::string& folder) : file_(folder + "/asterism.lock") {
    fd_ = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0)
        throw StoreError("cannot create the lock file " + file_ + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        char pid[32] = {};
        [[maybe_unused]] const auto n = ::pread(fd_, pid, sizeof pid - 1, 0);
        ::close(fd_);
        fd_ = -1;
        std::string holder = pid;
        while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' '))
            holder.pop_back();
        if (error != EWOULDBLOCK)
            throw StoreError("cannot lock " + file_ + ": " + std::strerror(error));
        throw StoreError("the data folder " + folder + " is in use by another asterism serve" +
                         (holder.empty() ? std::string() : " (pid " + holder + ")") +
                         "; one server per folder");
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    // The pid only helps a second server's message; the lock holds without it.
    if (::ftruncate(fd_, 0) == 0) {
        [[maybe_unused]] const auto n = ::pwrite(fd_, pid.data(), pid.size(), 0);
    }
}

FolderLock::~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
}

}  // namespace asterism::store
