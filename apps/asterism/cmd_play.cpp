// `asterism play`: a game in the terminal. The game in progress is a Table
// (table/table.h); this file only reads the prompt, looks the command up in
// a table of prompt commands (usage, arguments, handler, as the engine
// protocol's are), and prints.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>

#include "cli.h"
#include "core/registry.h"
#include "core/text.h"
#include "protocol/engine.h"
#include "search/engines.h"
#include "search/players.h"
#include "table/table.h"

namespace asterism::cli {

namespace {

// The level the default computer opponent plays at: strong enough to be a
// real opponent, quick enough to answer within a second or two.
constexpr int kDefaultPlayLevel = 6;

std::string percent(double x) {
    return std::to_string(static_cast<int>(std::lround(100 * x))) + "%";
}

// One line per candidate: the move, its win rate for the player to move,
// the search effort behind it, and the principal variation.
void print_candidates(const Analysis& a, std::size_t count) {
    if (a.candidates.empty() || (a.playouts == 0 && a.candidates.front().visits == 0)) {
        std::cout << "  (this player does not search: no win rates to show)\n";
        return;
    }
    for (std::size_t i = 0; i < std::min(count, a.candidates.size()); ++i) {
        const Candidate& c = a.candidates[i];
        std::cout << "  " << c.move;
        if (c.proven != 0) std::cout << "  proven " << proven_text(c) << ",";
        std::cout << "  win rate " << percent(c.winrate) << ", " << c.visits
                  << (a.unit == "nodes" ? " nodes" : " visits") << ", pv:";
        for (const auto& m : c.pv) std::cout << " " << m;
        std::cout << "\n";
    }
    std::cout << "  (" << a.playouts << " " << a.unit << " in " << std::fixed
              << std::setprecision(2) << a.seconds << " s)\n";
    std::cout.unsetf(std::ios::floatfield);
}

// Asks the person holding `who`'s seat whether they accept a draw; no at the
// end of the input.
bool person_accepts_draw(const Game& game, Player who) {
    for (;;) {
        std::cout << game.player_name(who) << ", do you accept a draw? (yes/no)> " << std::flush;
        std::string answer;
        if (read_line(std::cin, answer, kMaxCommandLine) == LineRead::End) {
            std::cout << "\n";
            return false;
        }
        std::istringstream words(answer);
        words >> answer;
        if (answer == "yes" || answer == "y" || answer == "accept") return true;
        if (answer == "no" || answer == "n" || answer == "decline") return false;
        std::cout << "Please answer yes or no.\n";
    }
}

class PlaySession {
  public:
    PlaySession(Table table, std::uint64_t seed)
        : table_(std::move(table)), seed_(seed), rng_(seed) {
        table_.set_seed(seed);
    }

    // Plays until the input ends or the player quits.
    void run();
    Table& table() { return table_; }

  private:
    using Args = std::vector<std::string>;
    struct Command {
        std::string_view usage;  // the name, then its arguments
        std::string_view help;
        std::size_t min_args, max_args;
        bool when_over;  // allowed once the game is over
        void (PlaySession::*handler)(const Args&);
        std::string_view name() const { return usage.substr(0, usage.find(' ')); }
    };
    static const std::vector<Command>& commands();
    static constexpr std::size_t kRest = static_cast<std::size_t>(-1);  // the rest of the line

    void execute(const std::string& line);
    void computer_moves();
    void announce_end();
    std::string board() const {
        return labels_ ? table_.game().render_labels() : table_.game().render();
    }
    // "White (6)" for a computer at level 6, "White (random)", "White (human)".
    std::string seat_label(Player p) const {
        const Seat& s = table_.seat(p);
        const int level = player_level(s.player);
        return table_.game().player_name(p) + " (" +
               (level > 0 ? std::to_string(level) : s.text()) + ")";
    }
    int hint_level() const;

    void cmd_help(const Args&);
    void cmd_notation(const Args&) { std::cout << table_.game().move_help() << "\n"; }
    void cmd_board(const Args&) { std::cout << board(); }
    void cmd_names(const Args&);
    void cmd_think(const Args&);
    void cmd_moves(const Args&);
    void cmd_legal(const Args&);
    void cmd_score(const Args&) { std::cout << table_.game().score().dump(2) << "\n"; }
    void cmd_position(const Args&) { std::cout << table_.game().position() << "\n"; }
    void cmd_new(const Args&);
    void cmd_undo(const Args&);
    void cmd_draw(const Args&);
    void cmd_resign(const Args&);
    void cmd_hint(const Args&);
    void cmd_level(const Args&);
    void cmd_save(const Args&);
    void cmd_quit(const Args&) { quit_ = true; }

    Table table_;
    std::uint64_t seed_;
    Rng rng_;
    bool labels_ = true, think_ = false, announced_ = false, quit_ = false;
};

const std::vector<PlaySession::Command>& PlaySession::commands() {
    static const std::vector<Command> table{
        {"undo", "take back your last move (and the computer's reply)", 0, 0, true,
         &PlaySession::cmd_undo},
        {"draw", "offer a draw: the computer answers by its search, a person is asked", 0, 0, false,
         &PlaySession::cmd_draw},
        {"resign", "give up the game", 0, 0, false, &PlaySession::cmd_resign},
        {"hint", "ask the computer for the best moves here, with win rates", 0, 0, false,
         &PlaySession::cmd_hint},
        {"think", "show or hide the computer's thinking after its moves", 0, 0, true,
         &PlaySession::cmd_think},
        {"level N", "set the computer's strength, 1 (random) to 10 (strongest)", 1, 1, true,
         &PlaySession::cmd_level},
        {"names", "show or hide the cell names on the board (*Star)", 0, 0, true,
         &PlaySession::cmd_names},
        {"moves", "the moves played so far", 0, 0, true, &PlaySession::cmd_moves},
        {"legal", "the legal moves here", 0, 0, true, &PlaySession::cmd_legal},
        {"board", "draw the board again", 0, 0, true, &PlaySession::cmd_board},
        {"score", "the score (an estimate until the game is over, where the game says so)", 0, 0,
         true, &PlaySession::cmd_score},
        {"position", "the position string", 0, 0, true, &PlaySession::cmd_position},
        {"notation", "how moves are written in this game", 0, 0, true, &PlaySession::cmd_notation},
        {"new", "start again", 0, 0, true, &PlaySession::cmd_new},
        {"save FILE", "write the game record to FILE", 1, kRest, true, &PlaySession::cmd_save},
        {"help", "this text", 0, 0, true, &PlaySession::cmd_help},
        {"quit", "leave", 0, 0, true, &PlaySession::cmd_quit},
    };
    return table;
}

void PlaySession::run() {
    const Game& g = table_.game();
    std::cout << "asterism: " << g.spec() << "\n";
    for (int p = 0; p < g.num_players(); ++p)
        std::cout << "  " << g.player_name(static_cast<Player>(p)) << ": "
                  << table_.seat(static_cast<Player>(p)).text() << "\n";
    std::cout << "Type 'help' for commands.\n\n" << board();
    while (!quit_) {
        if (table_.over()) {
            announce_end();
        } else if (table_.computer_to_move()) {
            computer_moves();
            continue;
        }
        std::cout << (table_.over()
                          ? ""
                          : table_.game().player_name(table_.game().to_move()) + " to move")
                  << "> " << std::flush;
        std::string line;
        const LineRead got = read_line(std::cin, line, kMaxCommandLine);
        if (got == LineRead::End) {
            std::cout << "\n";
            break;
        }
        if (got == LineRead::TooLong)
            std::cout << "error: line too long (the limit is " << kMaxCommandLine << " bytes)\n";
        else
            execute(line);
    }
}

void PlaySession::execute(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    Args args;
    while (in >> word) args.push_back(word);
    if (args.empty()) return;
    const std::string name = args.front() == "?"      ? "help"
                             : args.front() == "exit" ? "quit"
                                                      : args.front();
    args.erase(args.begin());
    const auto& all = commands();
    const auto c =
        std::find_if(all.begin(), all.end(), [&](const Command& k) { return k.name() == name; });
    try {
        if (c == all.end()) {
            // Not a command: a move.
            if (!args.empty()) throw GameError("one move or command per line ('help' lists them)");
            if (table_.over()) throw GameError("the game is over; try 'undo', 'new' or 'quit'");
            table_.play(name);
            std::cout << "\n" << board();
            return;
        }
        if (args.size() < c->min_args || args.size() > c->max_args) {
            if (c->name() == "level") throw GameError("usage: level N, with N from 1 to 10");
            throw GameError(c->min_args > 0 ? "usage: " + std::string(c->usage)
                                            : "one move or command per line ('help' lists them)");
        }
        if (!c->when_over && table_.over())
            throw GameError("the game is over; try 'undo', 'new' or 'quit'");
        (this->*(c->handler))(args);
    } catch (const GameError& e) {
        std::cout << "error: " << e.what() << "\n";
    }
}

void PlaySession::announce_end() {
    if (announced_) return;
    const std::string result = table_.result();
    std::cout << "Game over: "
              << (table_.draws().agreed()             ? result + " (draw by agreement)"
                  : table_.resigned() != Player::None ? result + " (" + table_.outcome_text() + ")"
                                                      : result)
              << "\n"
              << table_.game().score().dump() << "\n"
              << "Type 'undo', 'new' or 'quit'.\n";
    announced_ = true;
}

// The computer in the seat to move answers a draw offer that stands against
// it, then moves, and may offer a draw with its move; a person it offers one
// to is asked at once.
void PlaySession::computer_moves() {
    const ComputerTurn turn = table_.computer_turn(rng_);
    const Player p = turn.player;
    if (turn.answered_draw)
        std::cout << seat_label(p) << (*turn.answered_draw ? " accepts" : " declines")
                  << " the draw.\n";
    if (!turn.move) return;
    std::cout << seat_label(p) << " plays " << *turn.move << "\n";
    // A proven result is news whether or not the thinking is shown.
    if (turn.analysis && !turn.analysis->candidates.empty())
        if (const std::string proven = proven_text(turn.analysis->candidates.front());
            !proven.empty())
            std::cout << seat_label(p) << " has a proven " << proven << " (plies, this move "
                      << "included).\n";
    if (turn.offers_draw) {
        std::cout << seat_label(p) << " offers a draw.\n";
        // Another computer answers at its turn, with its own search.
        const Player other = opponent(p);
        if (!table_.seat(other).computer())
            table_.answer_draw(person_accepts_draw(table_.game(), other));
    }
    if (turn.analysis && think_) print_candidates(*turn.analysis, 3);
    std::cout << "\n" << board();
}

void PlaySession::cmd_help(const Args&) {
    std::cout << "Commands:\n"
              << "  <move>     play a move (see 'notation')\n";
    for (const Command& c : commands())
        std::cout << "  " << std::left << std::setw(10) << c.usage << " " << c.help << "\n";
}

void PlaySession::cmd_names(const Args&) {
    labels_ = !labels_;
    std::cout << board();
}

void PlaySession::cmd_think(const Args&) {
    think_ = !think_;
    std::cout << "The computer's thinking is " << (think_ ? "shown" : "hidden") << ".\n";
}

void PlaySession::cmd_moves(const Args&) {
    const auto h = table_.game().history();
    if (h.empty()) {
        std::cout << "No moves yet.\n";
        return;
    }
    for (std::size_t i = 0; i < h.size(); ++i)
        std::cout << (i + 1) << ". " << h[i] << (i + 1 < h.size() ? "  " : "\n");
}

void PlaySession::cmd_legal(const Args&) {
    const auto legal = table_.game().legal_moves();
    for (std::size_t i = 0; i < legal.size(); ++i)
        std::cout << legal[i] << ((i + 1) % 12 == 0 ? "\n" : " ");
    std::cout << "\n(" << legal.size() << " moves)\n";
}

void PlaySession::cmd_new(const Args&) {
    table_.restart();
    announced_ = false;
    std::cout << board();
}

// Back to and including the last move of a person, so that a person is to
// move again.
void PlaySession::cmd_undo(const Args&) {
    if (table_.undo(UndoTo::PersonToMove) == 0) throw GameError("nothing to undo");
    announced_ = false;
    std::cout << board();
}

// A person offers a draw at the prompt: a computer opponent answers by its
// search, a person is asked.
void PlaySession::cmd_draw(const Args&) {
    const Player by = table_.game().to_move();
    const Player other = opponent(by);
    const std::optional<bool> answer = table_.offer_draw(by, rng_);
    if (answer)
        std::cout << seat_label(other) << (*answer ? " accepts" : " declines") << " the draw.\n";
    else
        table_.answer_draw(person_accepts_draw(table_.game(), other));
}

void PlaySession::cmd_resign(const Args&) {
    table_.resign(table_.game().to_move());
}

// Hints come at the strongest computer seat's level, and at least the
// default level, so that a hint is worth asking for.
int PlaySession::hint_level() const {
    int level = kDefaultPlayLevel;
    for (int p = 0; p < table_.game().num_players(); ++p)
        level = std::max(level, player_level(table_.seat(static_cast<Player>(p)).player));
    return level;
}

void PlaySession::cmd_hint(const Args&) {
    EngineSettings settings;
    settings.level = hint_level();
    settings.seed = seed_;
    auto adviser = make_engine(table_.game(), settings);
    std::cout << "Level " << settings.level << " suggests:\n";
    print_candidates(adviser->analyze(table_.game(), rng_, {}, nullptr), 3);
}

void PlaySession::cmd_level(const Args& args) {
    const int level = player_level(args[0]);
    if (level < 1 || level > kMaxLevel || args[0].find(':') != std::string::npos)
        throw GameError("usage: level N, with N from 1 to 10");
    int changed = 0;
    for (int p = 0; p < table_.game().num_players(); ++p)
        if (table_.seat(static_cast<Player>(p)).computer()) {
            table_.set_seat(static_cast<Player>(p), Seat::computer_player(args[0]));
            ++changed;
        }
    if (!changed) throw GameError("no computer player in this game");
    std::cout << "The computer now plays at level " << level << ".\n";
}

void PlaySession::cmd_save(const Args& args) {
    std::string path;
    for (const auto& a : args) path += (path.empty() ? "" : " ") + a;
    table_.save(path);
    std::cout << "Saved to " << path << ".\n";
}

struct PlayArgs {
    std::string spec = "starstar";
    std::string first = "human", second = std::to_string(kDefaultPlayLevel);
    std::uint64_t seed = 1;
    std::string load_path, save_path;
};

int cmd_play(const PlayArgs& a) {
    Table table = a.load_path.empty() ? Table(Registry::instance().create(a.spec))
                                      : Table(load_record_file(a.load_path));
    const std::string seats[2] = {a.first, a.second};
    for (int p = 0; p < table.game().num_players(); ++p)
        table.set_seat(static_cast<Player>(p), parse_seat(seats[p], table.game()));
    PlaySession session(std::move(table), a.seed);
    session.run();
    if (!a.save_path.empty()) {
        session.table().save(a.save_path);
        std::cout << "Saved to " << a.save_path << ".\n";
    }
    return 0;
}

}  // namespace

Runner setup_play(CLI::App& command) {
    auto a = std::make_shared<PlayArgs>();
    auto* game = command.add_option("game", a->spec, "Game spec (default starstar)");
    command.add_option("--load", a->load_path, "Continue the game recorded in this file")
        ->excludes(game);
    command.add_option("--save", a->save_path, "Write the game record to this file at the end");
    command.add_option("--first", a->first, "First player: human or a player (level:6, random...)")
        ->capture_default_str();
    command.add_option("--second", a->second, "Second player: human or a player (level:6...)")
        ->capture_default_str();
    command.add_option("--seed", a->seed, "Seed for the computer players")->capture_default_str();
    return with_search_threads(command, [a] { return cmd_play(*a); });
}

}  // namespace asterism::cli
