// `asterism puzzles`: positions with a forced win and a unique first move,
// found near the end of finished games and proven by the exact solver,
// written as JSON lines (docs/learn.md, "Puzzles").
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <tuple>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "core/registry.h"
#include "learn/puzzles.h"
#include "learn/selfplay.h"
#include "record/file_io.h"
#include "record/record.h"
#include "server/events.h"
#include "server/game_service.h"
#include "store/store.h"

namespace asterism::cli {

namespace {

struct PuzzleArgs {
    std::string game, from, out, player = "level:3";
    int selfplay = 0, threads = 1, tail = 6, max = 1000;
    std::uint64_t seed = 1;
    bool resume = false;
    learn::PuzzleSettings settings;
};

using PuzzleCandidates = std::vector<std::pair<std::string, std::string>>;

// The tail of a game the rules ended with a winner; nothing for a draw or a
// game cut short.
void add_tail(const PuzzleArgs& a, LoadedGame& loaded, const std::string& source,
              PuzzleCandidates& out) {
    const Outcome o = loaded.game->outcome();
    if (o.kind != Outcome::Kind::Win) return;
    const std::vector<std::string> moves = loaded.game->history();
    const auto positions =
        learn::tail_positions(loaded.game->spec(), loaded.start_position, moves, a.tail);
    for (std::size_t k = 0; k < positions.size(); ++k)
        out.emplace_back(positions[k],
                         source + ", " + std::to_string(k + 1) + " plies before its end");
}

void check_spec(const PuzzleArgs& a, const Game& g, const std::string& source) {
    if (g.spec() != Registry::instance().create(a.game)->spec())
        throw GameError(source + " is a game of " + g.spec() + ", not of " + a.game);
}

// The finished online games of `a.game`'s form in a server's database
// `file` (live or a backup; read from a copy), oldest first, so that a
// database that has grown since a run adds candidates at the end of its
// list. Online games only: they are the public archive's, and their ids
// are public; a local game's id is the secret token of whoever plays it
// and never goes into a puzzle's source. A game that does not replay
// (`asterism check` names it) is skipped with a line on stderr.
PuzzleCandidates from_database(const PuzzleArgs& a, const std::string& file) {
    const std::string spec = Registry::instance().create(a.game)->spec();
    PuzzleCandidates out;
    std::size_t games = 0;
    with_database_copy(file, "puzzles", [&](const std::string& copy) {
        store::Store db(copy);
        server::EventHub hub;
        server::GameService service(db, hub, server::GameLimits{}, 1);
        std::vector<store::GameRow> rows = db.games("online", "finished", 1 << 30);
        std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) {
            return std::tie(x.created_ms, x.id) < std::tie(y.created_ms, y.id);
        });
        for (const store::GameRow& row : rows) {
            if (row.spec != spec) continue;
            const std::string source = "server game " + row.id;
            try {
                LoadedGame loaded = replay_record(service.stored_record(row.id), source);
                add_tail(a, loaded, source, out);
                ++games;
            } catch (const std::exception& e) {
                std::fprintf(stderr, "skipped %s: %s\n", source.c_str(), e.what());
            }
        }
    });
    if (games == 0) throw GameError("--from: no finished online game of " + spec + " in " + file);
    return out;
}

// DIR/records/*.rec (what `asterism selfplay --out DIR` writes) or DIR/*.rec,
// in name order.
PuzzleCandidates from_records(const PuzzleArgs& a) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path dir = a.from;
    if (fs::is_directory(dir / "records")) dir /= "records";
    if (!fs::is_directory(dir, ec)) throw GameError("--from: no folder or file " + a.from);
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".rec") files.push_back(e.path());
    if (files.empty()) throw GameError("--from: no .rec files in " + dir.string());
    std::sort(files.begin(), files.end());
    PuzzleCandidates out;
    for (const fs::path& f : files) {
        LoadedGame loaded = load_record_file(f.string());
        check_spec(a, *loaded.game, f.string());
        add_tail(a, loaded, "record " + f.filename().string(), out);
    }
    return out;
}

// What --from names: a server's database file, a server's data folder
// (it holds asterism.db), or a folder of records.
PuzzleCandidates from_given(const PuzzleArgs& a) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_regular_file(a.from, ec)) return from_database(a, a.from);
    if (fs::is_regular_file(fs::path(a.from) / "asterism.db", ec))
        return from_database(a, database_in(a.from));
    return from_records(a);
}

std::string games_path(const PuzzleArgs& a) {
    return a.out + ".games";
}

// The self-play games' records, game i in OUT.games/i.rec, written as each
// game ends: a game depends only on the seed and its index, so a resumed
// run (or one with a larger --selfplay) plays only the games it has not
// got. The threads take the missing games in turn.
std::vector<std::string> selfplay_records(const PuzzleArgs& a, const learn::SelfplaySettings& s) {
    namespace fs = std::filesystem;
    const fs::path dir = games_path(a);
    fs::create_directories(dir);
    auto file = [&](int i) { return (dir / (std::to_string(i) + ".rec")).string(); };
    std::vector<std::string> records(static_cast<std::size_t>(a.selfplay));
    std::vector<int> missing;
    for (int i = 0; i < a.selfplay; ++i) {
        if (fs::exists(file(i)))
            records[static_cast<std::size_t>(i)] = read_text_file(file(i), std::size_t{1} << 24);
        else
            missing.push_back(i);
    }
    const bool terminal = isatty(fileno(stderr)) != 0;
    std::atomic<std::size_t> next{0};
    std::mutex lock;
    std::string error;
    int done = a.selfplay - static_cast<int>(missing.size());
    auto work = [&] {
        for (std::size_t k; (k = next.fetch_add(1)) < missing.size();) {
            try {
                const learn::SelfplayGame g = learn::selfplay_game(s, missing[k]);
                write_file_atomically(file(g.index), g.record);
                const std::lock_guard<std::mutex> hold(lock);
                records[static_cast<std::size_t>(g.index)] = g.record;
                if (terminal) std::fprintf(stderr, "\r%d of %d games", ++done, a.selfplay);
            } catch (const GameError& e) {
                const std::lock_guard<std::mutex> hold(lock);
                if (error.empty()) error = e.what();
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < a.threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (!error.empty()) throw GameError(error);
    std::fprintf(stderr, terminal ? "\n" : "%d games played\n", a.selfplay);
    return records;
}

PuzzleCandidates from_selfplay(const PuzzleArgs& a) {
    learn::SelfplaySettings s;
    s.game = a.game;
    s.player = a.player;
    s.seed = a.seed;
    const auto records = selfplay_records(a, s);
    PuzzleCandidates out;
    for (std::size_t i = 0; i < records.size(); ++i) {
        LoadedGame loaded = replay_record(parse_record(records[i], "self-play"), "self-play");
        add_tail(a, loaded,
                 "selfplay " + a.player + " seed " + std::to_string(a.seed) + " game " +
                     std::to_string(i),
                 out);
    }
    return out;
}

// What must match for --resume to go on with a run: everything that
// decides the candidates' order and the proofs, but --selfplay and --max,
// which only make the list of candidates and the set longer (games and
// puzzles come in order), and --threads, which changes nothing.
std::string run_key(const PuzzleArgs& a) {
    const learn::PuzzleSettings& s = a.settings;
    std::ostringstream key;
    key << s.spec << " from=" << a.from << " player=" << a.player << " seed=" << a.seed
        << " tail=" << a.tail << " max-plies=" << s.max_plies << " horizon=" << s.horizon
        << " min-win-in=" << s.min_win_in << " nodes=" << s.max_nodes
        << " unique-line=" << s.unique_line << " min-long=" << s.min_long_percent;
    if (s.fastest) key << " fastest=1";  // absent from the runs made before it
    return key.str();
}

std::string state_path(const PuzzleArgs& a) {
    return a.out + ".state";
}

void write_state(const PuzzleArgs& a, const learn::PuzzleProgress& p) {
    const nlohmann::json state = {{"run", run_key(a)}, {"decided", p.decided}, {"kept", p.kept},
                                  {"sharp", p.sharp},  {"long", p.long_wins},  {"tally", p.tally}};
    write_file_atomically(state_path(a), state.dump() + "\n");
}

// The progress of the run --resume continues, with --out cut back to the
// puzzles it had kept (a kill between a line and its state leaves one line
// more); a fresh start when there is no state file.
learn::PuzzleProgress resume_state(const PuzzleArgs& a) {
    learn::PuzzleProgress p;
    if (!std::filesystem::exists(state_path(a))) return p;
    nlohmann::json state;
    try {
        state = nlohmann::json::parse(read_text_file(state_path(a), 1 << 20));
        if (state.at("run").get<std::string>() != run_key(a))
            throw GameError("--resume: " + state_path(a) + " is of another run (" +
                            state.at("run").get<std::string>() + ")");
        p.decided = state.at("decided").get<std::size_t>();
        p.kept = state.at("kept").get<int>();
        p.sharp = state.at("sharp").get<int>();
        p.long_wins = state.at("long").get<int>();
        p.tally = state.at("tally").get<std::map<std::string, int>>();
    } catch (const nlohmann::json::exception& e) {
        throw GameError("--resume: cannot read " + state_path(a) + ": " + e.what());
    }
    std::istringstream in(read_text_file(a.out, std::size_t{1} << 32));
    std::string text, line;
    for (int n = 0; n < p.kept; ++n) {
        if (!std::getline(in, line)) throw GameError("--resume: " + a.out + " lost puzzles");
        text += line + "\n";
    }
    write_file_atomically(a.out, text);
    return p;
}

std::string clock_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

// The progress line: on a terminal one line rewritten at most four times
// a second, elsewhere a plain line a minute. The time left is the sooner of
// the two ends this run's pace predicts: --max puzzles, or no candidates.
class Ticker {
  public:
    Ticker(const learn::PuzzleProgress& start, int max)
        : decided0_(start.decided),
          kept0_(start.kept),
          max_(max),
          terminal_(isatty(fileno(stderr)) != 0) {}

    void operator()(const learn::PuzzleProgress& p, bool last) {
        const double now = seconds();
        if (!last && now - shown_ < (terminal_ ? 0.25 : 60.0)) return;
        shown_ = now;
        double left = -1;
        if (p.decided > decided0_)
            left = now / static_cast<double>(p.decided - decided0_) *
                   static_cast<double>(p.candidates - p.decided);
        if (p.kept > kept0_) left = std::min(left, now / (p.kept - kept0_) * (max_ - p.kept));
        std::fprintf(
            stderr, "%s%zu of %zu candidates tried, %d of %d puzzles, %s elapsed, %s left%s",
            terminal_ ? "\r" : "", p.decided, p.candidates, p.kept, max_, clock_text(now).c_str(),
            left < 0 ? "?" : clock_text(left).c_str(), terminal_ && !last ? "  " : "\n");
    }

  private:
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    }
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    std::size_t decided0_;
    int kept0_, max_;
    bool terminal_;
    double shown_ = -1e9;
};

void check_args(PuzzleArgs& a) {
    learn::PuzzleSettings& s = a.settings;
    if (a.from.empty() == (a.selfplay == 0))
        throw GameError("give exactly one of --from DIR and --selfplay N");
    if (a.selfplay < 0) throw GameError("--selfplay must be at least 1");
    if (a.threads < 1 || a.threads > 64) throw GameError("--threads must be 1 to 64");
    if (a.tail < 1 || a.max < 1) throw GameError("--tail and --max must be at least 1");
    if (s.max_plies < 1 || s.max_plies > 60) throw GameError("--max-plies must be 1 to 60");
    if (s.horizon == 0) s.horizon = s.max_plies;
    if (s.min_long_percent < 0 || s.min_long_percent > 100)
        throw GameError("--min-long must be 0 to 100");
    if (s.horizon < s.max_plies || s.horizon > 60)
        throw GameError("--horizon must be --max-plies to 60");
    s.spec = Registry::instance().create(a.game)->spec();
}

// Every kept puzzle is appended to --out and every decision to the state
// file beside it as the run goes, so that --resume can go on from there.
int run_puzzles(PuzzleArgs& a) {
    check_args(a);
    const auto started = std::chrono::steady_clock::now();
    learn::PuzzleProgress progress = a.resume ? resume_state(a) : learn::PuzzleProgress{};
    if (!a.resume) {
        std::filesystem::remove(state_path(a));
        std::filesystem::remove_all(games_path(a));
        write_file_atomically(a.out, "");
    }
    const PuzzleCandidates candidates = a.from.empty() ? from_selfplay(a) : from_given(a);
    const double played =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::ofstream out(a.out, std::ios::app | std::ios::binary);
    if (!out) throw GameError("cannot write " + a.out);
    Ticker tick(progress, a.max);
    const auto puzzles =
        learn::find_puzzles(a.settings, candidates, a.threads, a.max, progress,
                            [&](const learn::PuzzleProgress& p, const learn::Puzzle* kept) {
                                if (kept)
                                    out << learn::puzzle_json(*kept).dump() << "\n" << std::flush;
                                write_state(a, p);
                                tick(p, false);
                            });
    write_state(a, progress);
    tick(progress, true);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf(
        "%d puzzles (%zu new) from %zu candidate positions in %.1f s (%.1f s of games, %.2f s "
        "a new puzzle): %s\n",
        progress.kept, puzzles.size(), progress.candidates, seconds, played,
        puzzles.empty() ? 0.0 : seconds / static_cast<double>(puzzles.size()), a.out.c_str());
    for (const auto& [kind, n] : progress.tally) std::printf("  %s: %d\n", kind.c_str(), n);
    return 0;
}

}  // namespace

Runner setup_puzzles(CLI::App& command) {
    auto a = std::make_shared<PuzzleArgs>();
    learn::PuzzleSettings& s = a->settings;
    s.horizon = 0;
    command.add_option("game", a->game, "Game spec")->required();
    command.add_option("--from", a->from,
                       "Folder of game records (asterism selfplay's --out), or a server's data "
                       "folder or database file (its finished online games)");
    command.add_option("--selfplay", a->selfplay, "Play this many self-play games first");
    command.add_option("--player", a->player, "The self-play games' player")->capture_default_str();
    command.add_option("--seed", a->seed, "The self-play games' seed")->capture_default_str();
    command.add_option("--out", a->out, "The puzzles, one JSON line each")->required();
    command.add_option("--tail", a->tail, "Positions tried before each game's end")
        ->capture_default_str();
    command.add_option("--max-plies", s.max_plies, "Longest solution, in plies")
        ->capture_default_str();
    command.add_option("--horizon", s.horizon,
                       "Plies within which other moves are proven not to win (default: "
                       "--max-plies)");
    command.add_flag("--fastest", s.fastest,
                     "Each puzzle's horizon is its solution's length: the first move is the "
                     "one fastest win");
    command.add_option("--min-win-in", s.min_win_in, "Fewest moves of the winner")
        ->capture_default_str();
    command.add_flag("!--first-unique", s.unique_line,
                     "Only the first move need be unique (later steps list other wins)");
    command
        .add_option("--min-long", s.min_long_percent,
                    "Keep a win in one or two only while at least this percentage of the "
                    "puzzles win in three or more")
        ->capture_default_str();
    command.add_option("--nodes", s.max_nodes, "Solver budget per position")->capture_default_str();
    command.add_option("--threads", a->threads, "Threads (self-play and proofs)")
        ->capture_default_str();
    command.add_option("--max", a->max, "Stop after this many puzzles")->capture_default_str();
    command.add_flag("--resume", a->resume,
                     "Go on from where an interrupted run with --out stopped (OUT.state)");
    return [a] { return run_puzzles(*a); };
}

}  // namespace asterism::cli
