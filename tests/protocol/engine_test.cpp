// Tests of the engine protocol run in-process: the GTP line syntax, the
// reply framing, colours, clocks, determinism, files, and the analyze
// stream, which must report while the search runs and stop as soon as the
// next command arrives. Commands that need a game use the registered games,
// so that every game gets the same checks.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <thread>

#include "common/run_engine.h"
#include "core/registry.h"
#include "protocol/engine.h"
#include "protocol/gtp.h"
#include "table/time_control.h"

namespace asterism {
namespace {

using testing::run_engine;

// The replies in an engine's output, each without its closing blank line.
std::vector<std::string> replies(const std::string& output) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    for (std::size_t end; (end = output.find("\n\n", pos)) != std::string::npos; pos = end + 2)
        out.push_back(output.substr(pos, end - pos));
    EXPECT_EQ(pos, output.size()) << "output does not end with a complete reply: " << output;
    return out;
}

// A spec for every registered game with a two-player game first (when there
// is one), so that tests needing an opponent can take the front.
std::vector<std::string> game_specs() {
    std::vector<std::string> specs;
    for (const GameInfo* info : Registry::instance().all()) {
        if (Registry::instance().create(info->id)->num_players() == 2)
            specs.insert(specs.begin(), info->id);
        else
            specs.push_back(info->id);
        for (const auto& spec : info->bench_specs)
            if (spec != info->id) specs.push_back(spec);
    }
    return specs;
}

std::string two_player_spec() {
    for (const auto& spec : game_specs())
        if (Registry::instance().create(spec)->num_players() == 2) return spec;
    return "";
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// An input stream fed line by line by the test, which blocks the engine's
// reads until the test sends more, as a pipe from a GUI would.
class FeedBuf : public std::streambuf {
  public:
    void send(const std::string& text) {
        std::lock_guard lock(mutex_);
        pending_ += text;
        cv_.notify_all();
    }
    void close() {
        std::lock_guard lock(mutex_);
        closed_ = true;
        cv_.notify_all();
    }

  protected:
    int_type underflow() override {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [&] { return !pending_.empty() || closed_; });
        if (pending_.empty()) return traits_type::eof();
        current_ = std::move(pending_);
        pending_.clear();
        setg(current_.data(), current_.data(), current_.data() + current_.size());
        return traits_type::to_int_type(current_[0]);
    }

  private:
    std::mutex mutex_;
    std::condition_variable cv_;
    std::string pending_, current_;
    bool closed_ = false;
};

// An output stream the test can watch while the engine writes to it.
class WatchBuf : public std::streambuf {
  public:
    // Waits until `done(text)` holds for the text so far, or ten seconds.
    template <class Pred>
    bool wait_for(Pred done) {
        std::unique_lock lock(mutex_);
        return cv_.wait_for(lock, std::chrono::seconds(10), [&] { return done(text_); });
    }
    std::string text() {
        std::lock_guard lock(mutex_);
        return text_;
    }

  protected:
    int_type overflow(int_type c) override {
        if (c != traits_type::eof()) {
            const char ch = traits_type::to_char_type(c);
            xsputn(&ch, 1);
        }
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        std::lock_guard lock(mutex_);
        text_.append(s, static_cast<std::size_t>(n));
        cv_.notify_all();
        return n;
    }

  private:
    std::mutex mutex_;
    std::condition_variable cv_;
    std::string text_;
};

// An engine on its own thread, driven one command at a time as a GUI would.
class LiveEngine {
  public:
    explicit LiveEngine(EngineOptions options)
        : in_(&feed_),
          out_(&watch_),
          engine_(in_, out_, std::move(options)),
          thread_([this] { engine_.run(); }) {}
    ~LiveEngine() {
        feed_.close();
        thread_.join();
    }
    void send(const std::string& line) { feed_.send(line + "\n"); }
    WatchBuf& output() { return watch_; }

    // Sends a command and waits for its reply, returned without the blank
    // line (empty if none came within the wait).
    std::string ask(const std::string& line) {
        const std::size_t from = watch_.text().size();
        send(line);
        std::string reply;
        watch_.wait_for([&](const std::string& t) {
            const auto end = t.find("\n\n", from);
            if (end == std::string::npos) return false;
            reply = t.substr(from, end - from);
            return true;
        });
        return reply;
    }

  private:
    FeedBuf feed_;
    WatchBuf watch_;
    std::istream in_;
    std::ostream out_;
    Engine engine_;
    std::thread thread_;
};

TEST(ProtocolGtp, CommandLinesFollowGtp2Preprocessing) {
    auto cmd = gtp::parse_command_line("  12 play\tblack  *10   # a comment");
    ASSERT_TRUE(cmd);
    EXPECT_EQ(cmd->id, "12");
    EXPECT_EQ(cmd->name, "play");
    EXPECT_EQ(cmd->args, (std::vector<std::string>{"black", "*10"}));
    EXPECT_EQ(cmd->rest, "black  *10");

    cmd = gtp::parse_command_line("set_position b4/10 w\r");
    ASSERT_TRUE(cmd);
    EXPECT_EQ(cmd->id, "");
    EXPECT_EQ(cmd->rest, "b4/10 w");

    cmd = gtp::parse_command_line(std::string("na\x01me\x7f", 6));
    ASSERT_TRUE(cmd);
    EXPECT_EQ(cmd->name, "name");

    cmd = gtp::parse_command_line("42");
    ASSERT_TRUE(cmd);
    EXPECT_EQ(cmd->id, "42");
    EXPECT_EQ(cmd->name, "");

    for (const char* nothing : {"", "   ", "\t", "# only a comment", " \r"})
        EXPECT_FALSE(gtp::parse_command_line(nothing)) << "'" << nothing << "'";
}

TEST(ProtocolGtp, RepliesKeepTheirFramingWhateverTheText) {
    EXPECT_EQ(gtp::format_reply(true, "", ""), "=\n\n");
    EXPECT_EQ(gtp::format_reply(true, "7", "b4 w\n"), "=7 b4 w\n\n");
    EXPECT_EQ(gtp::format_reply(false, "", "bad\nthing\n"), "? bad thing\n\n");
    // A board with an empty line in it must not end the reply early.
    EXPECT_EQ(gtp::format_reply(true, "3", "\nrow 1\n\nrow 3\n"), "=3\nrow 1\n \nrow 3\n\n");
}

TEST(ProtocolEngine, AnswersWithIdsAndReportsErrorsOnOneLine) {
    const std::string out = run_engine(
        "1 protocol_version\n\n# comment\nname\n5 frobnicate\n6\n7 known_command play\n"
        "known_command frobnicate\n8 level\n9 level 11\nlevel x\nplay black a1\nquit\nname\n");
    EXPECT_EQ(replies(out),
              (std::vector<std::string>{
                  "=1 2", "= asterism", "?5 unknown command", "?6 missing command after the id",
                  "=7 true", "= false", "?8 usage: level N", "?9 level must be 1 to 10, not 11",
                  "? bad level 'x'", "? no game selected; use 'game SPEC' first", "="}));
}

TEST(ProtocolEngine, ListsExactlyTheCommandsItKnows) {
    const auto r = replies(run_engine("list_commands\n"));
    ASSERT_EQ(r.size(), 1u);
    std::istringstream names(r[0].substr(2));
    std::string input;
    int count = 0;
    for (std::string name; std::getline(names, name); ++count)
        input += "known_command " + name + "\n";
    EXPECT_GE(count, 20);
    for (const auto& reply : replies(run_engine(input))) EXPECT_EQ(reply, "= true");
}

TEST(ProtocolEngine, ColoursByNameInitialNumberAndOrdinal) {
    for (const auto& spec : game_specs()) {
        SCOPED_TRACE(spec);
        auto game = Registry::instance().create(spec);
        const std::string move = game->legal_moves().front();
        const Player me = game->to_move();
        const std::string name = game->player_name(me);
        std::vector<std::string> mine{lower(name), name, std::string(1, name[0]),
                                      me == Player::First ? "1" : "2",
                                      me == Player::First ? "FIRST" : "second"};
        std::string input = "game " + spec + "\n";
        for (const auto& colour : mine) input += "play " + colour + " " + move + "\nundo\n";
        const auto ok = replies(run_engine(input));
        ASSERT_EQ(ok.size(), 1 + 2 * mine.size());
        for (std::size_t i = 1; i < ok.size(); ++i) EXPECT_EQ(ok[i], "=") << input;

        // The other seat is either not to move or, in a one-player game,
        // not a colour at all.
        const std::string other = game->num_players() == 2 ? lower(game->player_name(opponent(me)))
                                                           : (me == Player::First ? "2" : "1");
        const auto bad = replies(run_engine("game " + spec + "\nplay " + other + " " + move +
                                            "\nplay green " + move + "\n"));
        ASSERT_EQ(bad.size(), 3u);
        EXPECT_TRUE(bad[1].starts_with("? ")) << bad[1];
        EXPECT_NE(bad[1].find(game->num_players() == 2 ? "turn" : "unknown colour"),
                  std::string::npos)
            << bad[1];
        EXPECT_TRUE(bad[2].starts_with("? unknown colour 'green'")) << bad[2];
    }
}

TEST(ProtocolEngine, GenmoveIsDeterministicForASeedAndPlaysLegalMoves) {
    for (const GameInfo* info : Registry::instance().all()) {
        SCOPED_TRACE(info->id);
        EngineOptions options;
        options.game = info->id;
        options.level = 3;
        // The engine's moves are followed here, so that each genmove names
        // the side to move.
        LiveEngine live(options);
        auto game = Registry::instance().create(info->id);
        std::string session;
        std::vector<std::string> moves;
        for (int i = 0; i < 6 && !game->terminal(); ++i) {
            const std::string command = "genmove " + game->player_name(game->to_move());
            session += command + "\n";
            const std::string reply = live.ask(command);
            ASSERT_TRUE(reply.starts_with("= ")) << reply;
            const std::string move = reply.substr(2);
            const auto legal = game->legal_moves();
            EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
            game->play(move);
            moves.push_back(move);
        }
        // The same commands to a new engine: the same moves.
        const auto again = replies(run_engine(session, options));
        ASSERT_EQ(again.size(), moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i) EXPECT_EQ(again[i], "= " + moves[i]);
    }
}

TEST(ProtocolEngine, AClockKeepsGenmoveShort) {
    const std::string spec = two_player_spec();
    if (spec.empty()) GTEST_SKIP() << "no two-player game is registered";
    // The largest board at full strength with 0.3 s on the clock: the budget
    // is 0.01 s, so the move must come far sooner than an unbounded search.
    std::string largest = spec;
    for (const auto& s :
         Registry::instance().find(Registry::instance().create(spec)->id())->bench_specs)
        largest = s;
    const auto start = std::chrono::steady_clock::now();
    const auto r = replies(
        run_engine("game " + largest + "\nlevel 10\ntime_settings absolute 0.3\n" + "genmove 1\n"));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(r.size(), 4u);
    EXPECT_TRUE(r[3].starts_with("= ")) << r[3];
    EXPECT_LT(seconds, 3.0);
}

TEST(ProtocolClock, BudgetsFollowTheDocumentedRules) {
    GameClock clock;
    EXPECT_EQ(clock.budget(Player::First), 0);  // no control: no limit

    clock.set_control({TimeControl::Kind::Absolute, 300});
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 300.0 / 30);
    clock.spend(Player::First, 100);
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 200.0 / 30);
    EXPECT_DOUBLE_EQ(clock.budget(Player::Second), 300.0 / 30);
    clock.set_left(Player::First, 0.001, 0);
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 0.01);  // the floor

    clock.set_control({TimeControl::Kind::Fischer, 60, 5});
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 60.0 / 30 + 5);
    clock.spend(Player::First, 10);  // 60 - 10 + 5
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 55.0 / 30 + 5);
    clock.set_left(Player::First, 4, 0);  // 4/30 + 5 is more than half of 4
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 2);

    clock.set_control({TimeControl::Kind::Canadian, 0, 0, 30, 5});
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 6);  // main time gone: 30 s for 5 moves
    clock.spend(Player::First, 10);                    // 20 s left for 4 moves
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 5);
    for (int i = 0; i < 4; ++i) clock.spend(Player::First, 1);  // the period ends: a new one
    EXPECT_DOUBLE_EQ(clock.budget(Player::First), 6);

    EXPECT_EQ(TimeControl{}.describe(), "-");
    EXPECT_EQ((TimeControl{TimeControl::Kind::Absolute, 300}).describe(), "300");
    EXPECT_EQ((TimeControl{TimeControl::Kind::Fischer, 300, 2.5}).describe(), "300+2.5");
    EXPECT_EQ((TimeControl{TimeControl::Kind::Canadian, 600, 0, 30, 5}).describe(),
              "600 canadian 30/5");
}

TEST(ProtocolEngine, TimeCommandsCheckTheirArguments) {
    const std::string spec = two_player_spec();
    if (spec.empty()) GTEST_SKIP() << "no two-player game is registered";
    const auto r = replies(run_engine(
        "game " + spec +
        "\ntime_settings none\ntime_settings absolute 300\ntime_settings fischer 300 5\n"
        "time_settings 600 30 5\ntime_settings 600 0 0\ntime_settings 0 30 0\n"
        "time_settings absolute\ntime_settings fischer 300 -1\ntime_settings absolute inf\n"
        "time_settings 1 2 x\ntime_left 1 120 0\ntime_left 2 30 4\ntime_left purple 3\n"));
    ASSERT_EQ(r.size(), 14u);
    for (int i = 1; i <= 6; ++i) EXPECT_EQ(r[i], "=") << i;
    EXPECT_TRUE(r[7].starts_with("? usage: time_settings")) << r[7];
    EXPECT_EQ(r[8], "? bad time '-1'");
    EXPECT_EQ(r[9], "? bad time 'inf'");
    EXPECT_EQ(r[10], "? bad stone count 'x'");
    EXPECT_EQ(r[11], "=");
    EXPECT_EQ(r[12], "=");
    EXPECT_TRUE(r[13].starts_with("? unknown colour 'purple'")) << r[13];
}

TEST(ProtocolEngine, FilesCanBeTurnedOff) {
    const std::string spec = two_player_spec();
    if (spec.empty()) GTEST_SKIP() << "no two-player game is registered";
    EngineOptions options;
    options.game = spec;
    options.allow_files = false;
    EXPECT_EQ(replies(run_engine("saverecord /tmp/x\nloadrecord /tmp/x\n", options)),
              (std::vector<std::string>{"? files are disabled in this engine",
                                        "? files are disabled in this engine"}));
}

TEST(ProtocolEngine, ABadRecordLeavesTheGameAsItWas) {
    const std::string spec = two_player_spec();
    if (spec.empty()) GTEST_SKIP() << "no two-player game is registered";
    const auto dir = std::filesystem::temp_directory_path() / "asterism-engine-test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "bad.rec").string();
    std::ofstream(path) << "Game: " << spec << "\n\n1. no-such-move\n";
    auto game = Registry::instance().create(spec);
    const std::string move = game->legal_moves().front();
    const auto r = replies(
        run_engine("game " + spec + "\nplay 1 " + move + "\nloadrecord " + path + "\nhistory\n"));
    ASSERT_EQ(r.size(), 4u);
    EXPECT_TRUE(r[2].starts_with("? " + path + ":3: move 1 'no-such-move'")) << r[2];
    EXPECT_EQ(r[3], "= " + move);
    std::filesystem::remove_all(dir);
}

// ---- analyze ------------------------------------------------------------------

std::size_t count_lines_starting(const std::string& text, const std::string& prefix) {
    std::size_t n = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) n += line.starts_with(prefix);
    return n;
}

TEST(ProtocolEngine, AnalyzeStreamsUntilTheNextCommandArrives) {
    const std::string spec = two_player_spec();
    if (spec.empty()) GTEST_SKIP() << "no two-player game is registered";
    EngineOptions options;
    options.game = spec;
    options.level = 5;
    LiveEngine live(options);
    WatchBuf& watch = live.output();

    live.send("3 analyze 1");
    const bool streamed = watch.wait_for(
        [](const std::string& t) { return count_lines_starting(t, "info move ") >= 3; });
    EXPECT_TRUE(streamed) << watch.text();
    live.send("4 name");
    const bool answered =
        watch.wait_for([](const std::string& t) { return t.ends_with("=4 asterism\n\n"); });
    EXPECT_TRUE(answered) << watch.text();
    // Once the reply to `name` is out, the analysis has stopped for good.
    const std::string after_stop = watch.text();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(watch.text(), after_stop);

    // "=3", the updates, a blank line, then the next reply.
    const std::string text = watch.text();
    ASSERT_TRUE(text.starts_with("=3\n")) << text;
    const auto end = text.find("\n\n");
    ASSERT_NE(end, std::string::npos);
    EXPECT_EQ(text.substr(end + 2), "=4 asterism\n\n");
    std::istringstream lines(text.substr(3, end - 3 + 1));
    auto game = Registry::instance().create(spec);
    const auto legal = game->legal_moves();
    std::uint64_t last_total = 0;
    for (std::string line; std::getline(lines, line);) {
        ASSERT_TRUE(line.starts_with("info move ")) << line;
        // Each candidate is a legal move, and the search only grows.
        std::istringstream words(line);
        std::uint64_t total = 0;
        for (std::string w; words >> w;) {
            if (w == "move") {
                words >> w;
                EXPECT_NE(std::find(legal.begin(), legal.end(), w), legal.end()) << w;
            } else if (w == "visits") {
                std::uint64_t v = 0;
                words >> v;
                total += v;
            }
        }
        EXPECT_GE(total, last_total) << line;
        last_total = total;
    }
}

TEST(ProtocolEngine, AnalyzeEndsAtTheEndOfInputAndRefusesAFinishedGame) {
    const std::string spec = two_player_spec();
    if (spec.empty()) GTEST_SKIP() << "no two-player game is registered";
    EngineOptions options;
    options.game = spec;
    options.level = 1;  // one candidate, at once
    const std::string out = run_engine("analyze\n", options);
    ASSERT_TRUE(out.starts_with("=\ninfo move ")) << out;
    EXPECT_TRUE(out.ends_with("\n\n")) << out;
    EXPECT_EQ(count_lines_starting(out, "info move "), 1u);

    // Play random moves to the end, then ask again.
    auto game = Registry::instance().create(spec);
    Rng rng(3);
    std::string input;
    while (!game->terminal()) {
        const auto legal = game->legal_moves();
        const std::string m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        input += "play " + game->player_name(game->to_move()) + " " + m + "\n";
        game->play(m);
    }
    const auto r = replies(run_engine(input + "analyze\n", options));
    EXPECT_EQ(r.back(), "? the game is over (" + game->result() + ")");
}

}  // namespace
}  // namespace asterism
