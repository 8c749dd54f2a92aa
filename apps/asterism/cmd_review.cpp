// `asterism review RECORD --level L`: analyses every position of a recorded
// game and prints each move's loss of expected score with its mark and the better
// move (search/review.h; docs/review.md), for researchers; --json prints
// what the server's review returns.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "cli.h"
#include "core/registry.h"
#include "record/pgn.h"
#include "record/record.h"
#include "search/engines.h"
#include "search/review.h"
#include "server/reviews.h"

namespace asterism::cli {

namespace {

struct ReviewOptions {
    std::string path;
    int level = 0;  // 0: the form's review level (review_level_of)
    std::uint64_t seed = 1;
    int threads = 1;
    int check_samples = kCheckSamples;
    bool json = false;
};

// The game of a record file, or the first game of a PGN file.
std::unique_ptr<Game> load_game(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::move(load_record_file(path).game);  // its error names the file
    std::ostringstream text;
    text << in.rdbuf();
    if (looks_like_pgn(text.str())) return std::move(read_pgn(text.str(), path).front().game);
    return std::move(load_record_file(path).game);
}

// Why a move is marked beyond its loss of expected score (the JSON's
// decisive, forced_loss and odds_cut; docs/review.md), in the table's words.
std::string mark_reason(const ReviewedMove& m) {
    std::string why;
    if (m.decisive) why += "; the move that lost the game";
    if (m.forced_loss) why += "; lets the loss be forced";
    if (m.odds_cut > 0)
        why += "; lost position, odds cut " + std::to_string(static_cast<long long>(m.odds_cut)) +
               "-fold";
    return why;
}

// "1 mistake", "2 mistakes", "0 mistakes"; "-1 point".
std::string counted(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 || n == -1 ? one : many);
}

// A percentage in four columns; "<1%" and ">99%" for what is neither 0 nor 1
// but rounds to them (a lost position's odds can still fall threefold).
std::string padded_percent(double w) {
    if (w > 0 && w < 0.005) return " <1%";
    if (w < 1 && w >= 0.995) return ">99%";
    char buf[8];
    std::snprintf(buf, sizeof buf, "%3.0f%%", 100 * w);
    return buf;
}

void print_review(const Review& r, const Game& game, int level) {
    std::printf(
        "Review of %s at level %d. Marks: inaccuracy, mistake, blunder for a loss of "
        "%.0f, %.0f, %.0f points or more of the mover's expected score (before and after:\n"
        "the mover's expected score by the best move and by the move played); after the better "
        "move,\n"
        "why a move is marked beyond its loss, if it is.\n",
        game.spec().c_str(), level, 100 * kInaccuracyLoss, 100 * kMistakeLoss, 100 * kBlunderLoss);
    std::printf("%4s  %-12s %-8s %6s %6s %5s  %-10s %s\n", "ply", "move", "player", "before",
                "after", "loss", "mark", "better");
    for (const ReviewedMove& m : r.moves) {
        const std::string better =
            m.mark == ReviewMark::None
                ? ""
                : m.best + (m.proven.empty() ? "" : " (" + m.proven + ")") + mark_reason(m);
        std::printf("%4d  %-12s %-8s %6s %6s %5.0f  %-10s %s\n", m.ply + 1, m.move.c_str(),
                    game.player_name(m.mover).c_str(), padded_percent(m.before).c_str(),
                    padded_percent(m.after).c_str(), 100 * m.loss, mark_name(m.mark).c_str(),
                    better.c_str());
    }
    for (const PlayerReview& p : r.players)
        std::printf("%s: accuracy %.1f%%, %s, %s, %s\n", game.player_name(p.player).c_str(),
                    p.accuracy, counted(p.inaccuracies, "inaccuracy", "inaccuracies").c_str(),
                    counted(p.mistakes, "mistake", "mistakes").c_str(),
                    counted(p.blunders, "blunder", "blunders").c_str());
    std::printf(
        "Tempo bias taken out of the graph: %s on average.\n",
        counted(static_cast<int>(std::lround(100 * r.tempo_bias)), "point", "points").c_str());
}

int cmd_review(const ReviewOptions& o) {
    const auto game = load_game(o.path);
    if (game->history().empty()) throw GameError("'" + o.path + "' has no moves to review");
    ReviewSettings settings;
    settings.level = o.level ? o.level : review_level_of(*game);
    settings.seed = o.seed;
    settings.threads = o.threads;
    settings.check_samples = o.check_samples;
    // Progress on a terminal, rewritten in place; off one (a log, a pipe),
    // one line at the end rather than a line of carriage returns.
    const bool terminal = isatty(fileno(stderr)) != 0;
    int reviewed = 0, positions = 0;
    const Review r = review_game(*game, settings, [&](int done, int total) {
        reviewed = done;
        positions = total;
        if (!o.json && terminal) std::fprintf(stderr, "\rreviewed %d of %d positions", done, total);
        return true;
    });
    if (!o.json && terminal) std::fprintf(stderr, "\n");
    if (!o.json && !terminal)
        std::fprintf(stderr, "reviewed %d of %d positions\n", reviewed, positions);
    if (o.json)
        std::cout << server::review_json(r, *game).dump() << "\n";
    else
        print_review(r, *game, settings.level);
    return 0;
}

}  // namespace

Runner setup_review(CLI::App& command) {
    auto o = std::make_shared<ReviewOptions>();
    command.add_option("file", o->path, "Record file (docs/records.md) or PGN")->required();
    command
        .add_option("--level", o->level,
                    "Strength of the analysis of each position (default: the form's review "
                    "level, 5; 7 for *Star's 8-ring board and Shatra's seed form)")
        ->check(CLI::Range(2, kMaxLevel));
    command.add_option("--seed", o->seed, "Seed of the searches");
    command.add_option("--threads", o->threads, "Search threads")->check(CLI::Range(1, 256));
    command
        .add_option("--check-samples", o->check_samples,
                    "How many times a *Star or Asterisk mark's check is made, with different "
                    "seeds; the median judgement stands (docs/review.md)")
        ->check(CLI::Range(1, 9));
    command.add_flag("--json", o->json, "Print the review as the server's JSON");
    return [o] { return cmd_review(*o); };
}

}  // namespace asterism::cli
