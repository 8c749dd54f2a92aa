// The durable store (store.h): rows and events survive closing and reopening,
// an older schema is migrated forward, and every file the server cannot use
// is a clear StoreError at open, never an empty store.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "store/store.h"

namespace asterism::store {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the build's temporary directory, removed afterwards.
class StoreTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("asterism-store-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const char* name) const { return (dir_ / name).string(); }
    fs::path dir_;
};

GameRow sample(const std::string& id) {
    GameRow g;
    g.id = id;
    g.spec = "starstar:size=6,swap=false";
    g.seats = R"([{"kind":"person"},{"kind":"computer","player":"level:3"}])";
    g.clock = R"({"kind":"none"})";
    g.status = "playing";
    g.created_ms = g.updated_ms = 1000;
    return g;
}

std::string error_of(const std::string& file) {
    try {
        Store s(file);
    } catch (const StoreError& e) {
        return e.what();
    }
    return "";
}

TEST_F(StoreTest, GamesAndEventsSurviveReopening) {
    {
        Store s(path("a.db"));
        GameRow g = sample("g1");
        s.create(g);
        for (const char* move : {"A1", "B2", "C3"}) {
            ++g.last_seq;
            g.updated_ms += 10;
            s.append(
                g, {g.last_seq, g.updated_ms, "move", std::string("{\"move\":\"") + move + "\"}"});
        }
        g.status = "finished";
        g.result = "1-0";
        g.termination = "resignation";
        s.update(g);
        s.create(sample("g2"));
    }
    Store s(path("a.db"));
    const auto g = s.game("g1");
    ASSERT_TRUE(g);
    EXPECT_EQ(g->last_seq, 3u);
    EXPECT_EQ(g->result, "1-0");
    EXPECT_EQ(g->termination, "resignation");
    EXPECT_EQ(g->seats, sample("g1").seats);
    const auto events = s.events("g1");
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[2].seq, 3u);
    EXPECT_EQ(events[2].data, "{\"move\":\"C3\"}");
    EXPECT_EQ(s.count("online", "finished"), 1);
    EXPECT_EQ(s.count("online", "playing"), 1);
    ASSERT_EQ(s.games("online", "playing", 10).size(), 1u);
    EXPECT_EQ(s.games("online", "playing", 10)[0].id, "g2");
    EXPECT_FALSE(s.game("nope"));
}

TEST_F(StoreTest, AnEventNumberIsStoredOnce) {
    Store s(path("a.db"));
    GameRow g = sample("g1");
    s.create(g);
    g.last_seq = 1;
    s.append(g, {1, 5, "move", "{}"});
    EXPECT_THROW(s.append(g, {1, 6, "move", "{}"}), StoreError);
    EXPECT_EQ(s.events("g1").size(), 1u);
    EXPECT_THROW(s.create(g), StoreError);  // the id is taken
}

TEST_F(StoreTest, AnOlderSchemaIsMigratedWithItsData) {
    // A version 1 file as the first release wrote it.
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path("old.db").c_str(), &db), SQLITE_OK);
    const char* v1 =
        "CREATE TABLE games (id TEXT PRIMARY KEY, spec TEXT NOT NULL, start_position TEXT NOT "
        "NULL, seats TEXT NOT NULL, clock TEXT NOT NULL, status TEXT NOT NULL, result TEXT NOT "
        "NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, last_seq INTEGER NOT "
        "NULL);"
        "CREATE TABLE events (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, "
        "at_ms INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game_id, "
        "seq)) WITHOUT ROWID;"
        "INSERT INTO games VALUES ('old', 'shatra', '', '[]', '{}', 'playing', '*', 1, 2, 1);"
        "INSERT INTO events VALUES ('old', 1, 2, 'move', '{\"move\":\"x\"}');"
        "PRAGMA user_version=1;";
    ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    Store s(path("old.db"));
    const auto g = s.game("old");
    ASSERT_TRUE(g);
    EXPECT_EQ(g->spec, "shatra");
    EXPECT_EQ(g->termination, "");
    EXPECT_EQ(g->kind, "online");  // every game before version 3 was an online one
    EXPECT_EQ(s.events("old").size(), 1u);
}

TEST_F(StoreTest, LocalAndOnlineGamesAreListedApart) {
    Store s(path("a.db"));
    GameRow online = sample("on");
    GameRow local = sample("lo");
    local.kind = "local";
    s.create(online);
    s.create(local);
    EXPECT_EQ(s.count("online", online.status), 1);
    EXPECT_EQ(s.count("local", online.status), 1);
    ASSERT_EQ(s.games("local", online.status, 10).size(), 1u);
    EXPECT_EQ(s.games("local", online.status, 10)[0].id, "lo");
    EXPECT_EQ(s.game("lo")->kind, "local");
    local.status = "finished";
    s.update(local);
    EXPECT_EQ(s.count("local", "finished"), 1);
    EXPECT_EQ(s.count("online", "finished"), 0);
}

TEST_F(StoreTest, UnusableFilesAreClearErrorsAtOpen) {
    { std::ofstream(path("text.db")) << "this is not a database, just some text\n"; }
    EXPECT_NE(error_of(path("text.db")).find("text.db"), std::string::npos);
    {
        sqlite3* db = nullptr;
        sqlite3_open(path("new.db").c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE t (x); PRAGMA user_version=99;", nullptr, nullptr, nullptr);
        sqlite3_close(db);
    }
    EXPECT_NE(error_of(path("new.db")).find("newer"), std::string::npos);
    {
        sqlite3* db = nullptr;
        sqlite3_open(path("other.db").c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE t (x);", nullptr, nullptr, nullptr);
        sqlite3_close(db);
    }
    EXPECT_NE(error_of(path("other.db")).find("not an asterism database"), std::string::npos);
    EXPECT_NE(error_of(path("no/such/folder/a.db")), "");
    if (::geteuid() != 0) {  // root writes anywhere
        { Store s(path("ro.db")); }
        fs::permissions(path("ro.db"), fs::perms::owner_read);
        fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
        EXPECT_NE(error_of(path("ro.db")), "");
        fs::permissions(dir_, fs::perms::owner_all);
    }
}

TEST_F(StoreTest, BackupWhileOpenIsACompleteCopy) {
    Store s(path("a.db"));
    GameRow g = sample("g1");
    s.create(g);
    g.last_seq = 1;
    s.append(g, {1, 5, "move", "{}"});
    s.backup(path("copy.db"));
    Store copy(path("copy.db"));
    ASSERT_TRUE(copy.game("g1"));
    EXPECT_EQ(copy.events("g1").size(), 1u);
}

}  // namespace
}  // namespace asterism::store
