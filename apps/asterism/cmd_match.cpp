// `asterism match`: two players against each other, with statistics.
#include <cstdio>

#include "cli.h"
#include "search/engines.h"
#include "search/match.h"
#include "spread.h"

namespace asterism::cli {

namespace {

// The games spread over the processes of an MPI job (asterism-mpi; spread.h):
// each rank plays its share, `parallel` at a time, and rank 0 adds up the
// reports in game order. The SPRT stop needs the results as they come, so
// it is refused here rather than approximated.
MatchResult spread_match(const MatchSettings& settings) {
    const std::vector<std::string> reports = spread(
        settings.games, settings.parallel, [&](int g) { return play_match_game(settings, g); });
    return tally_match(settings, reports);
}

int cmd_match(const MatchSettings& settings, bool quiet) {
    if (spread_over_processes() && settings.sprt)
        throw GameError("--sprt is not available when the games are spread over MPI ranks");
    const MatchResult r = spread_over_processes()
                              ? spread_match(settings)
                              : play_match(settings, [&](const MatchResult& so_far) {
                                    if (quiet) return;
                                    std::fprintf(stderr, "\r%d games: +%d =%d -%d", so_far.games(),
                                                 so_far.wins, so_far.draws, so_far.losses);
                                });
    if (!spread_reports()) return 0;
    if (!quiet && !spread_over_processes()) std::fprintf(stderr, "\n");
    std::printf("game:    %s\n", settings.game.c_str());
    std::printf("A:       %s\nB:       %s\n", settings.a.c_str(), settings.b.c_str());
    if (r.solo_deals > 0) {
        std::printf("deals:   %d  A won %d (%.2f%%)  B won %d (%.2f%%)\n", r.solo_deals,
                    r.solo_a_wins, 100.0 * r.solo_a_wins / r.solo_deals, r.solo_b_wins,
                    100.0 * r.solo_b_wins / r.solo_deals);
        const auto [a_lo, a_hi] = win_rate_interval(r.solo_a_wins, r.solo_deals);
        const auto [b_lo, b_hi] = win_rate_interval(r.solo_b_wins, r.solo_deals);
        std::printf("95%%:     A %.2f%% to %.2f%%  B %.2f%% to %.2f%%\n", 100 * a_lo, 100 * a_hi,
                    100 * b_lo, 100 * b_hi);
    }
    std::printf("games:   %d  A wins %d, draws %d, A losses %d\n", r.games(), r.wins, r.draws,
                r.losses);
    if (r.solo_deals == 0)
        std::printf("seats:   the first seat won %d, the second %d\n", r.seat_wins[0],
                    r.seat_wins[1]);
    if (r.games() > 0 && r.solo_deals == 0)
        std::printf("plies:   mean %.1f, from %d to %d\n", static_cast<double>(r.plies) / r.games(),
                    r.min_plies, r.max_plies);
    if (settings.resign || settings.draw)
        std::printf("adjudicated: %d wins, %d draws\n", r.adjudicated_wins, r.adjudicated_draws);
    if (r.solo_deals == 0) std::printf("agreed:  %d draws by agreement\n", r.agreed_draws);
    std::printf("score:   %.3f\n", r.score());
    const auto [score_lo, score_hi] = r.score_interval();
    std::printf("elo:     %s  (95%% interval %s to %s)\n", elo_text(r.score()).c_str(),
                elo_text(score_lo).c_str(), elo_text(score_hi).c_str());
    if (settings.sprt)
        std::printf("sprt:    llr %.2f  %s\n", r.llr,
                    r.sprt_verdict.empty() ? "no decision" : r.sprt_verdict.c_str());
    return 0;
}

}  // namespace

Runner setup_match(CLI::App& command) {
    struct Args {
        MatchSettings settings;
        std::string sprt, resign, draw;
        bool quiet = false;
    };
    auto a = std::make_shared<Args>();
    MatchSettings& s = a->settings;
    s.b = "random";
    command.add_option("game", s.game, "Game spec")->required();
    command.add_option("--a", s.a, "Player A (e.g. level:5, mcts:playouts=1000)")->required();
    command.add_option("--b", s.b, "Player B (unused for one-player games)")->capture_default_str();
    command.add_option("--games", s.games, "Number of games (maximum with --sprt)")
        ->capture_default_str();
    command
        .add_option("--random-plies", s.random_plies,
                    "Random opening plies; each opening is played with both colours")
        ->capture_default_str();
    command.add_option("--parallel", s.parallel, "Games played at once")->capture_default_str();
    command.add_option("--seed", s.seed, "Seed")->capture_default_str();
    command.add_option("--sprt", a->sprt, "Stop early: elo0,elo1[,alpha,beta]");
    command.add_option("--resign", a->resign,
                       "Adjudicate a win when N plies in a row rated one side at least W: W,N "
                       "(e.g. 0.97,8)");
    command.add_option("--draw", a->draw,
                       "Adjudicate a draw when from ply P on N plies in a row were rated within "
                       "M of 0.5: M,N,P (e.g. 0.02,20,80)");
    command.add_flag("--quiet", a->quiet, "No running count");
    return [a] {
        MatchSettings& m = a->settings;
        if (!a->sprt.empty()) m.sprt = parse_sprt(a->sprt);
        if (!a->resign.empty()) m.resign = parse_resign(a->resign);
        if (!a->draw.empty()) m.draw = parse_draw(a->draw);
        if (m.games < 1) throw GameError("--games must be at least 1");
        if (m.parallel < 1) throw GameError("--parallel must be at least 1");
        if (m.parallel > max_threads())
            throw GameError("--parallel must be at most " + std::to_string(max_threads()));
        return cmd_match(m, a->quiet);
    };
}

}  // namespace asterism::cli
