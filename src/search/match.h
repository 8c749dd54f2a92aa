// Engine-against-engine matches with the statistics that strength claims
// need (DESIGN.md habit 7): wins, draws, losses, score, Elo difference with a
// 95% interval, and an optional SPRT stop. The players offer and accept
// draws by the draw policy (search/draw.h), which also makes sure that every
// game ends, even under rules without a draw rule.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "search/agent.h"
#include "search/players.h"

namespace asterism {

struct SprtSettings {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

// Adjudication, as engine testers use it to save the moves of decided games
// (cutechess-cli's -resign and -draw). A game is scored as a win when for
// `plies` plies in a row every search rated the same side's chance at least
// `winrate`; as a draw when, from ply `from` on, `plies` plies in a row were
// all rated within `margin` of 0.5. Players without a search (random,
// greedy) give no rating, which breaks every streak.
struct ResignSettings {
    double winrate = 0.97;
    int plies = 8;
};
struct DrawSettings {
    double margin = 0.02;
    int plies = 20;
    int from = 80;
};

// Follows one game's searches for ResignSettings and DrawSettings.
class Adjudicator {
  public:
    Adjudicator(std::optional<ResignSettings> resign, std::optional<DrawSettings> draw)
        : resign_(resign), draw_(draw) {}
    bool active() const { return resign_ || draw_; }
    bool decided() const { return decided_; }

    // Takes the winrate (for the mover) that the mover's search gave the
    // move it played, which made the game `ply` plies long, or nullopt
    // from a player without a search; returns true, with the result in
    // `out`, when the game is adjudicated.
    bool observe(Player mover, std::optional<double> winrate, int ply, Outcome& out);

  private:
    std::optional<ResignSettings> resign_;
    std::optional<DrawSettings> draw_;
    int streak_first_ = 0, streak_second_ = 0, streak_even_ = 0;
    bool decided_ = false;
};

// The command line's forms: `elo0,elo1[,alpha,beta]`, `W,N` and `M,N,P`.
// Each throws GameError naming the option and the form it expects.
SprtSettings parse_sprt(const std::string& text);
ResignSettings parse_resign(const std::string& text);
DrawSettings parse_draw(const std::string& text);

struct MatchSettings {
    std::string game;      // spec
    std::string a, b;      // player texts
    int games = 100;       // upper bound when SPRT is on
    int random_plies = 2;  // seeded random opening plies, each opening played twice
    int parallel = 1;      // games played at once
    std::uint64_t seed = 1;
    std::optional<SprtSettings> sprt;
    std::optional<ResignSettings> resign;
    std::optional<DrawSettings> draw;
};

struct MatchResult {
    int wins = 0, draws = 0, losses = 0;  // from A's point of view
    int seat_wins[2] = {0, 0};            // games won by the first and the second seat
    int adjudicated_wins = 0, adjudicated_draws = 0;
    int agreed_draws = 0;     // the players agreed a draw (search/draw.h)
    std::uint64_t plies = 0;  // over all games, the random opening included
    int min_plies = 0, max_plies = 0;
    int games() const { return wins + draws + losses; }
    double score() const;                              // A's mean score in [0, 1]
    double elo() const;                                // A minus B
    std::pair<double, double> score_interval() const;  // 95%
    std::pair<double, double> elo_interval() const;    // 95%, from score_interval()
    double llr = 0;                                    // SPRT log-likelihood ratio
    std::string sprt_verdict;                          // "H1 accepted", "H0 accepted" or ""
    // One-player games: each player plays the same deals.
    int solo_a_wins = 0, solo_b_wins = 0, solo_deals = 0;
};

// Plays the match; `on_game` is called after each game with the running result.
MatchResult play_match(const MatchSettings& settings,
                       const std::function<void(const MatchResult&)>& on_game);

// Game `g` of a match (0-based), played as play_match() plays it, as a
// short text; tally_match() adds such texts up, in the order given, into
// the result play_match() would give without SPRT. A game is a function of
// the settings and g alone, so games can be played anywhere (apps/asterism
// spread.h: over MPI ranks) and gathered.
std::string play_match_game(const MatchSettings& settings, int g);
MatchResult tally_match(const MatchSettings& settings, const std::vector<std::string>& reports);

// The 95% Wilson score interval of a proportion of `wins` in `n` trials,
// which stays inside [0, 1] and is honest near 0% and 100% (one-player
// games report win rates per deal that are often close to either).
std::pair<double, double> win_rate_interval(int wins, int n);

// An Elo difference as text for a score in [0, 1]: "+191", "+inf" for 1.
std::string elo_text(double score);

// Log-likelihood ratio of the trinomial results under elo1 against elo0.
double sprt_llr(int wins, int draws, int losses, double elo0, double elo1);

}  // namespace asterism
