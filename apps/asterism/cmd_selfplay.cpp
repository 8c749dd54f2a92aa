// `asterism selfplay`: games of a player against itself, written as records
// and a training file (docs/learning.md).
#include <cstdio>

#include "cli.h"
#include "learn/selfplay.h"
#include "search/match.h"
#include "spread.h"

namespace asterism::cli {

namespace {

struct Args {
    learn::SelfplaySettings settings;
    int games = 10, parallel = 1, level = 0;
    std::string out, resign, draw;
    bool quiet = false;
};

// The games in index order: in this process with a running count, or, in
// asterism-mpi, spread over the job's ranks (spread.h) and gathered on rank
// 0 as packed bytes; game i depends on (seed, i) alone, so both give the
// same files.
std::vector<learn::SelfplayGame> play_games(const Args& a) {
    if (!spread_over_processes()) {
        int done = 0;
        auto games = learn::play_selfplay(a.settings, a.games, a.parallel, [&](const auto&) {
            if (!a.quiet) std::fprintf(stderr, "\r%d games", ++done);
        });
        if (!a.quiet) std::fprintf(stderr, "\n");
        return games;
    }
    const std::vector<std::string> packed = spread(a.games, a.parallel, [&](int i) {
        return learn::pack_game(learn::selfplay_game(a.settings, i));
    });
    std::vector<learn::SelfplayGame> games;
    for (const std::string& bytes : packed) games.push_back(learn::unpack_game(bytes));
    return games;
}

}  // namespace

Runner setup_selfplay(CLI::App& command) {
    auto a = std::make_shared<Args>();
    learn::SelfplaySettings& s = a->settings;
    command.add_option("game", s.game, "Game spec")->required();
    command.add_option("--games", a->games, "Number of games")->capture_default_str();
    command.add_option("--level", a->level, "Strength level of both seats (1-10)");
    command.add_option("--player", s.player, "Player of both seats (overrides --level)")
        ->capture_default_str();
    command.add_option("--parallel", a->parallel, "Games played at once")->capture_default_str();
    command.add_option("--seed", s.seed, "Seed; game i depends on (seed, i) only")
        ->capture_default_str();
    command.add_option("--random-plies", s.random_plies, "Random plies opening each game")
        ->capture_default_str();
    command.add_option("--max-plies", s.max_plies, "Plies after which a game is cut short")
        ->capture_default_str();
    command.add_option("--resign", a->resign,
                       "End a game as won when N plies in a row rated one side at least W: W,N "
                       "(as match's)");
    command.add_option("--draw", a->draw,
                       "End a game as drawn when from ply P on N plies in a row were rated within "
                       "M of 0.5: M,N,P (as match's)");
    command.add_option("--out", a->out, "Output folder (records/ and positions.txt)")->required();
    command.add_flag("--quiet", a->quiet, "No running count");
    return [a] {
        learn::SelfplaySettings& set = a->settings;
        if (a->games < 1) throw GameError("--games must be at least 1");
        if (a->parallel < 1) throw GameError("--parallel must be at least 1");
        if (set.random_plies < 0) throw GameError("--random-plies must be at least 0");
        if (set.max_plies < 1) throw GameError("--max-plies must be at least 1");
        if (!a->resign.empty()) set.resign = parse_resign(a->resign);
        if (!a->draw.empty()) set.draw = parse_draw(a->draw);
        if (a->level != 0) {
            if (a->level < 1 || a->level > 10) throw GameError("--level must be 1 to 10");
            set.player = "level:" + std::to_string(a->level);
        }
        const std::vector<learn::SelfplayGame> games = play_games(*a);
        if (!spread_reports()) return 0;  // an MPI rank other than 0
        int done = 0, positions = 0;
        for (const auto& g : games) {
            ++done;
            for (char c : g.training) positions += c == '\n';
            --positions;  // the "g" line
        }
        learn::write_selfplay(a->out, set, games);
        std::printf("%d games, %d positions: %s/positions.txt, %s/records/\n", done, positions,
                    a->out.c_str(), a->out.c_str());
        return 0;
    };
}

}  // namespace asterism::cli
