// `asterism puzzles`: positions with a forced win and a unique first move,
// found near the end of finished games and proven by the exact solver,
// written as JSON lines (docs/learn.md, "Puzzles").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "cli.h"
#include "core/registry.h"
#include "learn/puzzles.h"
#include "learn/selfplay.h"
#include "record/file_io.h"
#include "record/record.h"

namespace asterism::cli {

namespace {

struct PuzzleArgs {
    std::string game, from, out, player = "level:3";
    int selfplay = 0, threads = 1, tail = 6, max = 1000;
    std::uint64_t seed = 1;
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

// DIR/records/*.rec (what `asterism selfplay --out DIR` writes) or DIR/*.rec,
// in name order.
PuzzleCandidates from_records(const PuzzleArgs& a) {
    namespace fs = std::filesystem;
    fs::path dir = a.from;
    if (fs::is_directory(dir / "records")) dir /= "records";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw GameError("--from: no folder " + a.from);
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

PuzzleCandidates from_selfplay(const PuzzleArgs& a) {
    learn::SelfplaySettings s;
    s.game = a.game;
    s.player = a.player;
    s.seed = a.seed;
    int done = 0;
    const auto games = learn::play_selfplay(
        s, a.selfplay, a.threads, [&](const auto&) { std::fprintf(stderr, "\r%d games", ++done); });
    std::fprintf(stderr, "\n");
    PuzzleCandidates out;
    for (const auto& g : games) {
        LoadedGame loaded = replay_record(parse_record(g.record, "self-play"), "self-play");
        add_tail(a, loaded,
                 "selfplay " + a.player + " seed " + std::to_string(a.seed) + " game " +
                     std::to_string(g.index),
                 out);
    }
    return out;
}

int run_puzzles(PuzzleArgs& a) {
    learn::PuzzleSettings& s = a.settings;
    if (a.from.empty() == (a.selfplay == 0))
        throw GameError("give exactly one of --from DIR and --selfplay N");
    if (a.selfplay < 0) throw GameError("--selfplay must be at least 1");
    if (a.threads < 1 || a.threads > 64) throw GameError("--threads must be 1 to 64");
    if (a.tail < 1 || a.max < 1) throw GameError("--tail and --max must be at least 1");
    if (s.max_plies < 1 || s.max_plies > 60) throw GameError("--max-plies must be 1 to 60");
    if (s.horizon == 0) s.horizon = s.max_plies;
    if (s.horizon < s.max_plies || s.horizon > 60)
        throw GameError("--horizon must be --max-plies to 60");
    s.spec = Registry::instance().create(a.game)->spec();
    const auto started = std::chrono::steady_clock::now();
    const PuzzleCandidates candidates = a.from.empty() ? from_selfplay(a) : from_records(a);
    const double played =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::map<std::string, int> tally;
    const auto puzzles = learn::find_puzzles(s, candidates, a.threads, a.max, &tally);
    std::string text;
    for (const auto& p : puzzles) text += learn::puzzle_json(p).dump() + "\n";
    write_file_atomically(a.out, text);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf(
        "%zu puzzles from %zu candidate positions in %.1f s (%.1f s of games, %.2f s "
        "a puzzle): %s\n",
        puzzles.size(), candidates.size(), seconds, played,
        puzzles.empty() ? 0.0 : seconds / static_cast<double>(puzzles.size()), a.out.c_str());
    for (const auto& [kind, n] : tally) std::printf("  %s: %d\n", kind.c_str(), n);
    return 0;
}

}  // namespace

Runner setup_puzzles(CLI::App& command) {
    auto a = std::make_shared<PuzzleArgs>();
    learn::PuzzleSettings& s = a->settings;
    s.horizon = 0;
    command.add_option("game", a->game, "Game spec")->required();
    command.add_option("--from", a->from, "Folder of game records (asterism selfplay's --out)");
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
    command.add_option("--min-win-in", s.min_win_in, "Fewest moves of the winner")
        ->capture_default_str();
    command.add_flag("!--first-unique", s.unique_line,
                     "Only the first move need be unique (later steps list other wins)");
    command.add_option("--nodes", s.max_nodes, "Solver budget per position")->capture_default_str();
    command.add_option("--threads", a->threads, "Threads (self-play and proofs)")
        ->capture_default_str();
    command.add_option("--max", a->max, "Stop after this many puzzles")->capture_default_str();
    return [a] { return run_puzzles(*a); };
}

}  // namespace asterism::cli
