#include "protocol/engine.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <istream>
#include <optional>
#include <ostream>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "core/text.h"
#include "protocol/engine_text.h"
#include "protocol/gtp.h"
#include "record/record.h"
#include "search/agent.h"
#include "search/draw.h"
#include "table/table.h"

#ifndef ASTERISM_VERSION
#define ASTERISM_VERSION "unknown"
#endif

namespace asterism {

// The commands' words: colours, numbers, analysis lines (engine_text.h).
using namespace engine_text;

namespace {

using Clock = std::chrono::steady_clock;

// An analysis runs until the next command stops it; the agents take a zero
// limit to mean "your usual effort", so "forever" is a very long time.
constexpr double kAnalyseForever = 1e9;
// How often analyze reports by default, in centiseconds (as lz-analyze).
constexpr int kDefaultInterval = 100;
std::string too_long_message(std::size_t limit) {
    return "line too long: the limit is " + std::to_string(limit) + " bytes";
}

}  // namespace

class Engine::Session {
  public:
    Session(std::istream& in, std::ostream& out, EngineOptions options)
        : in_(in), out_(out), options_(std::move(options)), seed_(options_.seed), rng_(seed_) {
        set_level(options_.level);
        if (!options_.game.empty()) new_game(Table(Registry::instance().create(options_.game)));
    }

    void run() {
        // The analysis thread writes replies while this thread waits for
        // input; a stream tied to the output would flush it from here at the
        // same time, so the tie is cut while the engine runs.
        std::ostream* tied = in_.tie(nullptr);
        std::string line;
        while (!quit_) {
            if (pending_) {
                line = std::move(*pending_);
                pending_.reset();
            } else {
                const LineRead got = read_line(in_, line, options_.max_line);
                if (got == LineRead::End) break;
                if (got == LineRead::TooLong) {
                    reply(false, {}, too_long_message(options_.max_line));
                    continue;
                }
            }
            execute(line);
        }
        in_.tie(tied);
    }

  private:
    // A handler returns the reply's text, or nothing when it has replied by
    // itself (analyze); it throws GameError for an error reply.
    using Handler = std::optional<std::string> (Session::*)(const gtp::CommandLine&);
    struct Command {
        std::string_view usage;  // the name, then the arguments
        std::size_t min_args;
        std::size_t max_args;
        Handler handler;
        std::string_view name() const { return usage.substr(0, usage.find(' ')); }
    };
    static constexpr std::size_t kAny = static_cast<std::size_t>(-1);

    static const std::vector<Command>& commands() {
        static const std::vector<Command> table{
            {"protocol_version", 0, 0, &Session::cmd_protocol_version},
            {"name", 0, 0, &Session::cmd_name},
            {"version", 0, 0, &Session::cmd_version},
            {"known_command NAME", 1, 1, &Session::cmd_known_command},
            {"list_commands", 0, 0, &Session::cmd_list_commands},
            {"quit", 0, 0, &Session::cmd_quit},
            {"game SPEC", 1, 1, &Session::cmd_game},
            {"clear_board", 0, 0, &Session::cmd_clear_board},
            {"play COLOR MOVE", 2, 2, &Session::cmd_play},
            {"genmove COLOR", 1, 1, &Session::cmd_genmove},
            {"undo", 0, 0, &Session::cmd_undo},
            {"showboard", 0, 0, &Session::cmd_showboard},
            {"legal_moves", 0, 0, &Session::cmd_legal_moves},
            {"side_to_move", 0, 0, &Session::cmd_side_to_move},
            {"history", 0, 0, &Session::cmd_history},
            {"result", 0, 0, &Session::cmd_result},
            {"final_score", 0, 0, &Session::cmd_final_score},
            {"position", 0, 0, &Session::cmd_position},
            {"set_position POSITION", 1, kAny, &Session::cmd_set_position},
            {"loadrecord FILE", 1, kAny, &Session::cmd_loadrecord},
            {"saverecord FILE", 1, kAny, &Session::cmd_saverecord},
            {"time_settings none | absolute MAIN | fischer MAIN INCREMENT | MAIN BYO_YOMI STONES",
             1, 4, &Session::cmd_time_settings},
            {"time_left COLOR TIME [STONES]", 2, 3, &Session::cmd_time_left},
            {"level N", 1, 1, &Session::cmd_level},
            {"set_seed N", 1, 1, &Session::cmd_set_seed},
            {"analyze [COLOR] [INTERVAL] [ownership true|false]", 0, 4, &Session::cmd_analyze},
            {"offer_draw COLOR", 1, 1, &Session::cmd_offer_draw},
            {"draw_offered", 0, 0, &Session::cmd_draw_offered},
        };
        return table;
    }

    static const Command* find_command(std::string_view name) {
        for (const auto& c : commands())
            if (c.name() == name) return &c;
        return nullptr;
    }

    void reply(bool success, const std::string& id, std::string_view text) {
        out_ << gtp::format_reply(success, id, text) << std::flush;
    }

    void execute(std::string_view raw) {
        const auto cmd = gtp::parse_command_line(raw);
        if (!cmd) return;
        try {
            if (cmd->name.empty()) throw GameError("missing command after the id");
            const Command* c = find_command(cmd->name);
            if (!c) throw GameError("unknown command");
            if (cmd->args.size() < c->min_args || cmd->args.size() > c->max_args)
                throw GameError("usage: " + std::string(c->usage));
            if (auto text = (this->*(c->handler))(*cmd)) reply(true, cmd->id, *text);
        } catch (const std::exception& e) {
            reply(false, cmd->id, e.what());
        }
    }

    // ---- state ------------------------------------------------------------

    Table& table() {
        if (!table_) throw GameError("no game selected; use 'game SPEC' first");
        return *table_;
    }
    Game& game() { return table().game(); }

    // A new game in progress; the time control stays as the controller set it.
    void new_game(Table table) {
        const TimeControl control = table_ ? table_->clock().control() : TimeControl{};
        table_.emplace(std::move(table));
        table_->clock().set_control(control);
        player_.reset();
    }

    void check_not_over() {
        if (table().over()) throw GameError(table_->over_message());
    }

    void set_level(int level) {
        if (level < 1 || level > options_.max_level)
            throw GameError("level must be 1 to " + std::to_string(options_.max_level) + ", not " +
                            std::to_string(level));
        level_ = level;
        player_.reset();
    }

    // The player named by a COLOR argument, who must be the one to move.
    Player mover(const std::string& color) {
        Game& g = game();
        check_not_over();
        const Player p = parse_color(g, color);
        if (p != g.to_move())
            throw GameError("it is " + color_name(g, g.to_move()) + "'s turn, not " +
                            color_name(g, p) + "'s");
        return p;
    }

    // The strongest player for this game at the current level. Below level
    // 10 it has one thread, so that its moves follow from the seed; level
    // 10 and analyses take the process's threads (`asterism engine
    // --threads`, every core unless given; search/engines.h).
    std::unique_ptr<Agent> level_agent(bool ownership = false) {
        EngineSettings settings;
        settings.level = level_;
        settings.seed = seed_;
        settings.ownership = ownership;
        return make_engine(game(), settings);
    }

    // ---- commands ----------------------------------------------------------

    std::optional<std::string> cmd_protocol_version(const gtp::CommandLine&) { return "2"; }
    std::optional<std::string> cmd_name(const gtp::CommandLine&) { return "asterism"; }
    std::optional<std::string> cmd_version(const gtp::CommandLine&) { return ASTERISM_VERSION; }

    std::optional<std::string> cmd_known_command(const gtp::CommandLine& c) {
        return find_command(c.args[0]) ? "true" : "false";
    }

    std::optional<std::string> cmd_list_commands(const gtp::CommandLine&) {
        std::string out;
        for (const auto& c : commands()) out += std::string(c.name()) + "\n";
        return out;
    }

    std::optional<std::string> cmd_quit(const gtp::CommandLine&) {
        quit_ = true;
        return "";
    }

    std::optional<std::string> cmd_game(const gtp::CommandLine& c) {
        new_game(Table(Registry::instance().create(c.args[0])));
        return game().spec();
    }

    std::optional<std::string> cmd_clear_board(const gtp::CommandLine&) {
        new_game(Table(Registry::instance().create(game().spec())));
        return "";
    }

    std::optional<std::string> cmd_play(const gtp::CommandLine& c) {
        mover(c.args[0]);
        table().play(c.args[1]);
        return "";
    }

    std::optional<std::string> cmd_genmove(const gtp::CommandLine& c) {
        const Player p = mover(c.args[0]);
        // The player lives as long as the game and the level, so that a
        // search can keep its tree from one move to the next.
        if (!player_) player_ = level_agent();
        Table& t = table();
        const double budget = t.clock().budget(p);
        const auto start = Clock::now();
        std::string move;
        std::optional<Analysis> analysis;
        if (budget > 0) {
            // The level still caps the effort; the clock caps the time.
            SearchLimits limits;
            limits.seconds = budget;
            limits.playouts = player_->level_effort();
            analysis = player_->analyze(t.game(), rng_, limits, nullptr);
            move = analysis->candidates.front().move;
        } else {
            move = player_->choose(t.game(), rng_);
        }
        t.clock().spend(p, std::chrono::duration<double>(Clock::now() - start).count());
        // The engine holds the seat it moves for, at its level, in the record.
        const Seat seat = Seat::computer_player("level:" + std::to_string(level_));
        if (t.seat(p).player != seat.player) t.set_seat(p, seat);
        ComputerTurn turn;
        turn.player = p;
        turn.move = move;
        turn.offers_draw = offers_draw(p, move, analysis);
        t.apply(turn);
        return move;
    }

    std::optional<std::string> cmd_undo(const gtp::CommandLine&) {
        // An agreement or an offer goes with the move taken back.
        if (table().undo(UndoTo::OneMove) == 0) throw GameError("nothing to undo");
        return "";
    }

    std::optional<std::string> cmd_showboard(const gtp::CommandLine&) {
        // The board goes below the '=' line. (Built by appending: GCC 12
        // reports a false -Wrestrict for "\n" + std::string.)
        std::string board = "\n";
        board += game().render();
        return board;
    }

    std::optional<std::string> cmd_legal_moves(const gtp::CommandLine&) {
        if (table().draws().agreed()) return "";
        return join(game().legal_moves(), " ");
    }

    std::optional<std::string> cmd_side_to_move(const gtp::CommandLine&) {
        return table().draws().agreed() ? "none" : color_name(game(), game().to_move());
    }

    std::optional<std::string> cmd_history(const gtp::CommandLine&) {
        return join(game().history(), " ");
    }

    std::optional<std::string> cmd_result(const gtp::CommandLine&) { return table().result(); }

    std::optional<std::string> cmd_final_score(const gtp::CommandLine&) {
        return table().result() + " " + game().score().dump();
    }

    std::optional<std::string> cmd_position(const gtp::CommandLine&) { return game().position(); }

    std::optional<std::string> cmd_set_position(const gtp::CommandLine& c) {
        table().set_position(c.rest);
        return "";
    }

    void check_files_allowed() const {
        if (!options_.allow_files) throw GameError("files are disabled in this engine");
    }

    std::optional<std::string> cmd_loadrecord(const gtp::CommandLine& c) {
        check_files_allowed();
        new_game(Table(load_record_file(c.rest)));
        return "";
    }

    std::optional<std::string> cmd_saverecord(const gtp::CommandLine& c) {
        check_files_allowed();
        table().save(c.rest);
        return "";
    }

    std::optional<std::string> cmd_time_settings(const gtp::CommandLine& c) {
        const auto& a = c.args;
        TimeControl tc;
        auto expect = [&](std::size_t n) {
            if (a.size() != n)
                throw GameError("usage: " + std::string(find_command(c.name)->usage));
        };
        if (a[0] == "none") {
            expect(1);
        } else if (a[0] == "absolute") {
            expect(2);
            tc.kind = TimeControl::Kind::Absolute;
            tc.main = parse_seconds(a[1]);
        } else if (a[0] == "fischer") {
            expect(3);
            tc.kind = TimeControl::Kind::Fischer;
            tc.main = parse_seconds(a[1]);
            tc.increment = parse_seconds(a[2]);
        } else {
            // GTP 2: byo-yomi time 0 means absolute time; stones 0 with a
            // positive byo-yomi time means no limit at all.
            expect(3);
            tc.main = parse_seconds(a[0]);
            tc.byo_yomi = parse_seconds(a[1]);
            tc.stones = parse_count(a[2], "stone count");
            if (tc.byo_yomi == 0)
                tc.kind = TimeControl::Kind::Absolute;
            else if (tc.stones > 0)
                tc.kind = TimeControl::Kind::Canadian;
        }
        table().clock().set_control(tc);
        return "";
    }

    std::optional<std::string> cmd_time_left(const gtp::CommandLine& c) {
        const Player p = parse_color(game(), c.args[0]);
        const double seconds = parse_seconds(c.args[1]);
        const int stones = c.args.size() > 2 ? parse_count(c.args[2], "stone count") : 0;
        table().clock().set_left(p, seconds, stones);
        return "";
    }

    std::optional<std::string> cmd_level(const gtp::CommandLine& c) {
        set_level(parse_number<int>(c.args[0], "level"));
        return "";
    }

    std::optional<std::string> cmd_set_seed(const gtp::CommandLine& c) {
        seed_ = parse_number<std::uint64_t>(c.args[0], "seed");
        rng_.reseed(seed_);
        player_.reset();
        return "";
    }

    std::optional<std::string> cmd_analyze(const gtp::CommandLine& c) {
        int interval_cs = kDefaultInterval;
        std::optional<std::string> color;
        bool ownership = false;
        for (std::size_t i = 0; i < c.args.size(); ++i) {
            const std::string& arg = c.args[i];
            if (lower(arg) == "ownership") {
                // KataGo's key-value form: "ownership true".
                const std::string value = i + 1 < c.args.size() ? lower(c.args[++i]) : "";
                if (value != "true" && value != "false")
                    throw GameError("'ownership' must be followed by true or false");
                ownership = value == "true";
            } else if (std::isdigit(static_cast<unsigned char>(arg[0]))) {
                interval_cs = parse_count(arg, "interval");
            } else {
                color = arg;
            }
        }
        if (color)
            mover(*color);
        else
            check_not_over();
        // A player of its own, so that genmove afterwards does not depend on
        // how long the analysis ran.
        auto agent = level_agent(ownership);
        reply_and_stream(c.id, *agent, std::chrono::milliseconds(10 * interval_cs));
        return std::nullopt;
    }

    // ---- draws by agreement (search/draw.h) -----------------------------------

    // The rating of the game for `who` by a player of the current level, on
    // a copy of the random state so that later genmoves do not depend on
    // whether a draw was ever considered.
    std::optional<double> rating_for(const Game& g, Player who) {
        auto agent = level_agent();
        Rng rng = rng_;
        return search_rating(*agent, g, who, rng);
    }

    // Whether the engine, having chosen `move` for `p`, offers a draw with
    // it by the policy; the offer stands until the next move.
    bool offers_draw(Player p, const std::string& move, const std::optional<Analysis>& analysis) {
        if (game().num_players() != 2) return false;
        auto after = game().clone();
        after->play(move);
        const DrawRating rating = [&] {
            return analysis ? analysis_rating(*analysis) : rating_for(*after, p);
        };
        return computer_offers_draw(*after, table().draws().last_offer_ply(p), rating);
    }

    // A draw is offered to COLOR, the side the engine answers for. Its own
    // offer standing, made with its last genmove, it accepts; otherwise it
    // answers by the draw policy.
    std::optional<std::string> cmd_offer_draw(const gtp::CommandLine& c) {
        Game& g = game();
        check_not_over();
        if (g.num_players() != 2) throw GameError("a one-player game has no draws");
        const Player who = parse_color(g, c.args[0]);
        Table& t = table();
        if (t.draws().offered_by() == who) {
            t.answer_draw(true);
            return "accept";
        }
        if (!computer_accepts_draw(g, [&] { return rating_for(g, who); })) return "decline";
        t.apply_draw_answer(opponent(who), true);
        return "accept";
    }

    std::optional<std::string> cmd_draw_offered(const gtp::CommandLine&) {
        game();
        return table().draws().offered_by() != Player::None ? "true" : "false";
    }

    // Starts the reply, runs the analysis on a second thread that writes an
    // update every `interval`, and ends the reply when the next line arrives
    // (which run() then answers) or the input ends.
    void reply_and_stream(const std::string& id, Agent& agent, Clock::duration interval) {
        out_ << "=" << id << "\n" << std::flush;
        std::atomic<bool> stop{false};
        const std::unique_ptr<Game> position = game().clone();
        Rng rng = rng_;  // a copy, for the same reason as the player
        std::thread worker([&] {
            auto last = Clock::now();
            bool shown_any = false, shown_last = false;
            // A search may report before it has expanded anything; an empty
            // line would end the reply, so such a report is not shown.
            auto show = [&](const Analysis& a) {
                if (a.candidates.empty()) return false;
                out_ << info_line(a, position->to_move()) << std::flush;
                last = Clock::now();
                shown_any = true;
                return true;
            };
            // The first update is always shown, even when the next command
            // is already waiting, so that every analysis says something.
            auto progress = [&](const Analysis& a) {
                const bool due = !shown_any || (!stop.load() && Clock::now() - last >= interval);
                shown_last = due && show(a);
                return !stop.load();
            };
            SearchLimits limits;
            limits.seconds = kAnalyseForever;
            try {
                const Analysis done = agent.analyze(*position, rng, limits, progress);
                if (!shown_any || (!stop.load() && !shown_last)) show(done);
            } catch (const std::exception&) {
                // The reply has begun, so an error cannot be reported in it;
                // the stream simply ends with the next command.
            }
        });
        std::string next;
        const LineRead got = read_line(in_, next, options_.max_line);
        stop.store(true);
        worker.join();
        out_ << "\n" << std::flush;
        if (got == LineRead::Ok) pending_ = std::move(next);
        if (got == LineRead::TooLong) reply(false, {}, too_long_message(options_.max_line));
    }

    std::istream& in_;
    std::ostream& out_;
    EngineOptions options_;
    std::optional<Table> table_;  // the game in progress, once a game is chosen
    std::uint64_t seed_;
    Rng rng_;
    int level_ = kDefaultEngineLevel;
    std::unique_ptr<Agent> player_;  // made on the first genmove of a game at a level
    bool quit_ = false;
    std::optional<std::string> pending_;  // a line read while analysing, not yet answered
};

Engine::Engine(std::istream& in, std::ostream& out, EngineOptions options)
    : session_(std::make_unique<Session>(in, out, std::move(options))) {}

Engine::~Engine() = default;

void Engine::run() {
    session_->run();
}

}  // namespace asterism
