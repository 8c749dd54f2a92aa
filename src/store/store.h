// Durable games for the online server (docs/online.md): one SQLite file in
// WAL mode holding every game's row and its append-only event log (moves,
// takebacks, resignations, draw agreements, flags, seats taken). The store
// knows rows and events, not rules: the server writes an event before it
// answers the request that caused it, and on start replays the events of
// every unfinished game through the rules to restore it exactly.
//
// The schema has a version (SQLite's user_version). Opening a file of an
// older version migrates it forward in one transaction; a newer version, a
// file that is not a database, a database that fails its integrity check or
// a file that cannot be written is a StoreError at once, with a message that
// names the file: never a silently empty server.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

struct sqlite3;
struct sqlite3_stmt;

namespace asterism::store {

class StoreError : public GameError {
  public:
    using GameError::GameError;
};

// A game as stored. The JSON fields are written and read by the server; the
// store keeps them as text.
struct GameRow {
    std::string id;              // 32 hex digits
    std::string spec;            // canonical game spec
    std::string start_position;  // "" for the game's usual start
    std::string seats;           // JSON: who holds each seat (secrets only as digests)
    std::string clock;           // JSON: the time control and the clock's state
    std::string status;          // "open" (waiting for a player), "playing", "finished"
    std::string result = "*";    // the record's result
    std::string termination;     // "" while playing; "rules", "resignation", "agreement", "time"...
    std::int64_t created_ms = 0;
    std::int64_t updated_ms = 0;
    std::uint64_t last_seq = 0;  // the number of events stored
    bool listed = false;         // an open challenge the lobby shows to anyone
    // "online" (seats held by secrets, lobby, archive) or "local" (one
    // screen, or alone against the computer: /api/games of kind "local").
    std::string kind = "online";
};

// An account (docs/accounts.md): what is kept about a person is its name,
// the digest of its password, and when it was made.
struct AccountRow {
    std::int64_t id = 0;
    std::string name;      // as its owner wrote it
    std::string password;  // the argon2id digest in its encoded form ("$argon2id$...")
    std::int64_t created_ms = 0;
    std::string role = {};             // "moderator" or ""
    std::int64_t suspended_until = 0;  // ms since the epoch; 0: not suspended
    int notify = kNotifyAll;           // the notifications the player wants (bits)
    static constexpr int kNotifyTurn = 1, kNotifyChallenge = 2, kNotifyGameOver = 4, kNotifyAll = 7;
};

// One account's view of another: a muted account's chat is not shown to
// it; a blocked one can neither challenge it nor join its games.
struct RelationRow {
    std::int64_t other = 0;
    std::string name;  // the other account's
    bool mute = false, block = false;
};

// A chat message of an online game, in room "players" or "spectators".
struct ChatRow {
    std::int64_t id = 0;
    std::string game_id, room;
    std::int64_t account = 0;  // 0: a guest (a seat held by its secret)
    int seat = -1;             // the writer's seat, -1 for a spectator
    std::string name, text;
    std::int64_t at_ms = 0;
    bool hidden = false;  // by a moderator
};

struct ReportRow {
    std::int64_t id = 0;
    ChatRow message;
    std::string reporter, reason;
    std::int64_t at_ms = 0;
};

// A browser's Web Push subscription (its endpoint and keys, as the browser
// gives them): a notification to the account goes to each.
struct PushRow {
    std::string endpoint;
    std::int64_t account = 0;
    std::string p256dh, auth;
    std::int64_t created_ms = 0;
};

// A game an account holds a seat of.
struct AccountGameRow {
    struct GameRow game;
    int seat = 0;
    bool rated = false;  // it changed the account's rating
};

// A passkey of an account: its credential id (base64url), its public key
// (SubjectPublicKeyInfo, base64url), the COSE algorithm and the
// authenticator's last signature count.
struct PasskeyRow {
    std::string id;
    std::int64_t account = 0;
    std::string public_key;
    int alg = 0;
    std::int64_t sign_count = 0;
    std::string label;
    std::int64_t created_ms = 0;
};

// An account's Glicko-2 rating in one game (its spec) and time class
// ("live" or "correspondence").
struct RatingRow {
    std::int64_t account = 0;
    std::string game;
    std::string time_class;
    double rating = 1500, deviation = 350, volatility = 0.06;
    std::int64_t games = 0;
    std::int64_t updated_ms = 0;
};

// A puzzle's Glicko-2 rating as its solvers' results moved it
// (server/puzzles/): its id (12 hex digits), its game's id, and how many
// rated attempts were made at it and how many of them solved it.
struct PuzzleRatingRow {
    std::string id;
    std::string game;
    double rating = 1500, deviation = 350, volatility = 0.06;
    std::int64_t attempts = 0, solved = 0;
};

// What became of a rated attempt at a puzzle.
enum class PuzzleAttempt { rated, repeated, full };

struct EventRow {
    std::uint64_t seq = 0;  // 1, 2, ... per game
    std::int64_t at_ms = 0;
    std::string type;  // "move", "undo", "resign", "draw", "flag", "join"...
    std::string data;  // JSON
};

// A tournament (docs/tournaments.md): its settings (JSON, as created), its
// status ("entry", "running", "finished", "cancelled"), the account that made
// it, and the number of events in its log.
struct TournamentRow {
    std::string id;  // 32 hex digits
    std::string settings;
    std::string status = "entry";
    std::int64_t creator = 0;
    std::int64_t created_ms = 0;
    std::int64_t updated_ms = 0;
    std::uint64_t last_seq = 0;
};

// How hard a commit is made durable: "normal" survives the process being
// killed (WAL, the default); "full" also survives the machine losing power,
// at the cost of a disk flush per commit.
enum class Sync { Normal, Full };

// How many times this thread has taken a store's lock (each read or write
// of the database takes it once). The API's route table declares which
// routes may wait on the store; a test (routes_test.cpp) calls every route
// and checks with this count that no route on the quick lane touches it.
std::uint64_t store_uses_on_this_thread();

class Store {
  public:
    static constexpr int kSchemaVersion = 10;

    // Opens `file`, creating it (and nothing else) if it does not exist.
    explicit Store(const std::string& file, Sync sync = Sync::Normal);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& file() const { return file_; }

    // Each write is one transaction, committed when the call returns.
    void create(const GameRow& game);
    // Stores `event` as number game.last_seq (which the caller has already
    // advanced) and the game's row with it, and `ratings` (a rated game's
    // end: its players' new ratings and a history row each) in the same
    // transaction.
    void append(const GameRow& game, const EventRow& event,
                const std::vector<RatingRow>& ratings = {});
    void update(const GameRow& game);

    std::optional<GameRow> game(std::string_view id) const;
    // Games of `kind` with `status`, the most recently updated first.
    std::vector<GameRow> games(std::string_view kind, std::string_view status, int limit,
                               int offset = 0) const;
    std::int64_t count(std::string_view kind, std::string_view status) const;
    std::vector<EventRow> events(std::string_view id) const;

    // ---- accounts (accounts.cpp) ----
    // Stores a new account under `key` (its name folded for comparison)
    // with its name's confusables `skeletons`, and sets row.id; false, with
    // nothing stored, when the key or one of the skeletons is taken.
    bool create_account(AccountRow& row, std::string_view key,
                        const std::vector<std::string>& skeletons = {});
    // Whether an account holds one of `skeletons`.
    bool skeleton_taken(const std::vector<std::string>& skeletons) const;
    // Accounts (id, name) whose skeletons are not stored yet (made before
    // schema 9), and storing them; a skeleton another account holds stays
    // that account's.
    std::vector<std::pair<std::int64_t, std::string>> accounts_without_skeletons() const;
    void add_skeletons(std::int64_t account, const std::vector<std::string>& skeletons);
    std::optional<AccountRow> account_by_key(std::string_view key) const;
    std::optional<AccountRow> account(std::int64_t id) const;
    // A sign-in session, by the digest of its token. add_session keeps at
    // most `keep` per account: the least recently used go first.
    void add_session(std::string_view digest, std::int64_t account, std::int64_t at_ms, int keep);
    // The session's account, marking it used at `at_ms`; none when there is
    // no such session or it was last used before `unused_since_ms`.
    std::optional<std::int64_t> use_session(std::string_view digest, std::int64_t at_ms,
                                            std::int64_t unused_since_ms);
    void remove_session(std::string_view digest);
    // Every session of the account; returns how many there were.
    std::int64_t remove_sessions(std::int64_t account);
    // False, with nothing stored, when the credential id is known already.
    bool add_passkey(const PasskeyRow& row);
    std::optional<PasskeyRow> passkey(std::string_view id) const;
    std::vector<PasskeyRow> passkeys(std::int64_t account) const;
    void set_sign_count(std::string_view id, std::int64_t count);

    // ---- ratings (accounts.cpp) ----
    std::optional<RatingRow> rating(std::int64_t account, std::string_view game,
                                    std::string_view time_class) const;
    std::vector<RatingRow> ratings(std::int64_t account) const;
    // The history of one rating, oldest first: (at_ms, rating, deviation, game id).
    struct RatingPoint {
        std::int64_t at_ms = 0;
        double rating = 0, deviation = 0;
        std::string game_id;
    };
    std::vector<RatingPoint> rating_history(std::int64_t account, std::string_view game,
                                            std::string_view time_class, int limit) const;
    // The best ratings of a game and class with a deviation at most
    // `max_deviation`, with their accounts' names.
    std::vector<std::pair<std::string, RatingRow>> leaderboard(std::string_view game,
                                                               std::string_view time_class,
                                                               double max_deviation,
                                                               int limit) const;

    // ---- puzzles (puzzles.cpp) ----
    // Every puzzle's stored rating (those never attempted have none).
    std::vector<PuzzleRatingRow> puzzle_ratings() const;
    // An account's attempt at a puzzle, in one transaction with the
    // account's new puzzle rating (and a history row naming "puzzle:ID")
    // and the puzzle's: `repeated`, with nothing stored, when the account
    // attempted the puzzle before; `full` when it has `max_attempts`.
    PuzzleAttempt rate_puzzle(const RatingRow& solver, const PuzzleRatingRow& puzzle, bool solved,
                              std::int64_t max_attempts);
    // The puzzles of `game` the account has attempted (rated), by id.
    std::vector<std::string> puzzles_attempted(std::int64_t account, std::string_view game) const;

    // ---- the social side (social.cpp) ----
    void set_password(std::int64_t account, std::string_view digest);
    // Recovery codes are kept as digests; new ones replace the old.
    void set_recovery_codes(std::int64_t account, const std::vector<std::string>& digests);
    // Spends the code (true) if the account has it.
    bool use_recovery_code(std::int64_t account, std::string_view digest);
    std::int64_t recovery_codes_left(std::int64_t account) const;
    // False when no account has the key.
    bool set_role(std::string_view key, std::string_view role);
    // Also ends every session of the account when `until_ms` is set.
    void set_suspended(std::int64_t account, std::int64_t until_ms);
    void set_notify(std::int64_t account, int bits);
    // Both false: the relation is forgotten.
    void set_relation(std::int64_t account, std::int64_t other, bool mute, bool block);
    std::vector<RelationRow> relations(std::int64_t account) const;
    RelationRow relation(std::int64_t account, std::int64_t other) const;
    // Stores the message and sets its id, unless its room of the game holds
    // `per_room` messages already, or `per_writer` of its writer's (a seat
    // in the players' room, an account in the spectators').
    enum class ChatFit { stored, room_full, writer_full };
    ChatFit add_chat(ChatRow& row, std::int64_t per_room, std::int64_t per_writer);
    // The last `limit` messages of a room with an id above `after`, oldest first.
    std::vector<ChatRow> chat(std::string_view game, std::string_view room, std::int64_t after,
                              int limit) const;
    std::optional<ChatRow> chat_message(std::int64_t id) const;
    // Hiding or showing a message closes its reports.
    void set_hidden(std::int64_t id, bool hidden);
    // False when `max_open` reports are open already.
    bool add_report(std::int64_t message, std::string_view reporter, std::string_view reason,
                    std::int64_t at_ms, std::int64_t max_open);
    std::vector<ReportRow> open_reports(int limit) const;
    // Keeps at most `keep` per account (the oldest go); an endpoint known
    // already moves to this account.
    void add_push(const PushRow& row, int keep);
    bool remove_push(std::string_view endpoint);
    std::vector<PushRow> pushes(std::int64_t account) const;
    // Online games an account holds a seat of: `game_name` filters by the
    // spec's name and `status` by the status ("" for all); the most
    // recently updated first.
    std::vector<AccountGameRow> account_games(std::int64_t account, std::string_view game_name,
                                              std::string_view status, int limit, int offset) const;
    // Unfinished online games an account holds a seat of (for "my games").
    std::vector<AccountGameRow> account_unfinished(std::int64_t account, int limit) const;
    // Deletes the account and everything kept about it; its games stay, the
    // seats it held named `neutral` (in the rows and in the events that
    // replay them) and bound to no account. One transaction.
    void erase_account(std::int64_t account, std::string_view neutral);

    // ---- tournaments (tournaments.cpp) ----
    // Stores the new tournament and its first event (number 1) together.
    void create_tournament(const TournamentRow& row, const EventRow& first);
    // Stores `event` as number row.last_seq (already advanced) and the row.
    void append_tournament(const TournamentRow& row, const EventRow& event);
    std::optional<TournamentRow> tournament(std::string_view id) const;
    // Tournaments with `status`, the most recently updated first.
    std::vector<TournamentRow> tournaments(std::string_view status, int limit,
                                           int offset = 0) const;
    std::vector<EventRow> tournament_events(std::string_view id) const;
    // A new game stored with its first events in one transaction (a
    // tournament's game: created with both seats taken, or not at all).
    void create(const GameRow& game, const std::vector<EventRow>& events);

    // What SQLite's integrity and foreign-key checks find (nothing: an
    // empty list), and each game whose events are not numbered 1 to its
    // last_seq without a gap.
    std::vector<std::string> problems() const;
    // Whether a write could begin now (the write lock taken and let go):
    // the server's health.
    bool writable() const;
    // Every game's id (for a check that replays them all).
    std::vector<std::string> game_ids() const;

    // A consistent copy of the whole database into `to`, made while the
    // server runs (SQLite's online backup).
    void backup(const std::string& to) const;
    // The same from a database file another process may be using, opened
    // read-only: nothing of it is migrated or written.
    static void copy(const std::string& from, const std::string& to);

  private:
    void write_rating(const RatingRow& r, std::string_view game_id);  // the caller holds mutex_
    void open(Sync sync);
    void migrate();
    void exec(const char* sql) const;
    [[noreturn]] void fail(const std::string& what) const;

    // A statement prepared once and kept until the Store closes (the
    // caller holds mutex_).
    sqlite3_stmt* kept(const char* sql) const;

    // The store's lock, counted for store_uses_on_this_thread().
    class Held {
      public:
        explicit Held(std::mutex& m);
        Held(const Held&) = delete;
        Held& operator=(const Held&) = delete;

      private:
        std::lock_guard<std::mutex> lock_;
    };
    Held hold() const { return Held(mutex_); }

    std::string file_;
    sqlite3* db_ = nullptr;
    mutable std::mutex mutex_;
    mutable std::map<std::string, sqlite3_stmt*> kept_;
};

// One server per data folder: holds an exclusive lock (flock) on the
// folder's asterism.lock, with the holder's pid written in it, for as long
// as it lives. The lock goes with the process, however it ends.
class FolderLock {
  public:
    // Throws StoreError naming the holder's pid when another process holds
    // the folder.
    explicit FolderLock(const std::string& folder);
    ~FolderLock();
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

  private:
    std::string file_;
    int fd_ = -1;
};

// The default data folder: $XDG_DATA_HOME/asterism, else
// $HOME/.local/share/asterism, else ./asterism-data.
std::string default_data_dir();

}  // namespace asterism::store
