#include "search/match.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <type_traits>

#include "core/registry.h"
#include "search/draw.h"
#include "search/engines.h"
#include "search/players.h"

namespace asterism {
namespace {

double expected_score(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}
double elo_of(double score) {
    score = std::clamp(score, 1e-6, 1 - 1e-6);
    return -400.0 * std::log10(1.0 / score - 1.0);
}

// A comma-separated list of finite numbers, or an empty list if `text` is
// not one.
std::vector<double> number_list(const std::string& text) {
    std::vector<double> v;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t comma = std::min(text.find(',', pos), text.size());
        const std::string item = text.substr(pos, comma - pos);
        std::size_t used = 0;
        try {
            v.push_back(std::stod(item, &used));
        } catch (const std::exception&) {
            return {};
        }
        if (used != item.size() || !std::isfinite(v.back())) return {};
        pos = comma + 1;
    }
    return v;
}

bool whole(double x) {
    return x >= 0 && x <= 1e9 && x == std::floor(x);
}

[[noreturn]] void bad_option(const char* option, const std::string& text, const char* expected) {
    throw GameError(std::string("bad ") + option + " '" + text + "': expected " + expected);
}

}  // namespace

SprtSettings parse_sprt(const std::string& text) {
    const auto x = number_list(text);
    const bool fits =
        (x.size() == 2 || (x.size() == 4 && x[2] > 0 && x[3] > 0 && x[2] < 1 && x[3] < 1)) &&
        x[0] < x[1];
    if (!fits) bad_option("--sprt", text, "elo0,elo1[,alpha,beta] with elo0 < elo1");
    SprtSettings sp{x[0], x[1]};
    if (x.size() == 4) sp.alpha = x[2], sp.beta = x[3];
    return sp;
}

ResignSettings parse_resign(const std::string& text) {
    const auto x = number_list(text);
    if (x.size() != 2 || !(x[0] > 0.5 && x[0] <= 1 && x[1] >= 1 && whole(x[1])))
        bad_option("--resign", text, "W,N with 0.5 < W <= 1 and N >= 1");
    return ResignSettings{x[0], static_cast<int>(x[1])};
}

DrawSettings parse_draw(const std::string& text) {
    const auto x = number_list(text);
    if (x.size() != 3 || !(x[0] >= 0 && x[0] < 0.5 && x[1] >= 1 && whole(x[1]) && whole(x[2])))
        bad_option("--draw", text, "M,N,P with 0 <= M < 0.5, N >= 1, P >= 0");
    return DrawSettings{x[0], static_cast<int>(x[1]), static_cast<int>(x[2])};
}

bool Adjudicator::observe(Player mover, std::optional<double> winrate, int ply, Outcome& out) {
    if (!winrate) {
        streak_first_ = streak_second_ = streak_even_ = 0;
        return false;
    }
    const double first = mover == Player::First ? *winrate : 1 - *winrate;
    if (resign_) {
        streak_first_ = first >= resign_->winrate ? streak_first_ + 1 : 0;
        streak_second_ = 1 - first >= resign_->winrate ? streak_second_ + 1 : 0;
        if (streak_first_ >= resign_->plies || streak_second_ >= resign_->plies) {
            out = Outcome::win(streak_first_ >= resign_->plies ? Player::First : Player::Second);
            return decided_ = true;
        }
    }
    if (draw_) {
        streak_even_ =
            ply >= draw_->from && std::abs(first - 0.5) <= draw_->margin ? streak_even_ + 1 : 0;
        if (streak_even_ >= draw_->plies) {
            out = Outcome::draw();
            return decided_ = true;
        }
    }
    return false;
}

double MatchResult::score() const {
    return games() ? (wins + 0.5 * draws) / games() : 0.5;
}

double MatchResult::elo() const {
    return elo_of(score());
}

std::pair<double, double> MatchResult::score_interval() const {
    const int n = games();
    if (n == 0) return {0, 1};
    const double s = score();
    const double var =
        (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
    const double se = std::sqrt(var / n);
    const double lo = s - 1.959964 * se, hi = s + 1.959964 * se;
    // The normal approximation collapses when every game went one way (no
    // variance) and overshoots near 0 and 1; the Wilson interval, with
    // draws counted as half wins, stays honest there.
    if (var <= 0 || lo <= 0 || hi >= 1) {
        const double z = 1.959964;
        const double centre = (s + z * z / (2.0 * n)) / (1 + z * z / n);
        const double half =
            z * std::sqrt(s * (1 - s) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
        return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
    }
    return {lo, hi};
}

std::pair<double, double> MatchResult::elo_interval() const {
    const auto [lo, hi] = score_interval();
    return {elo_of(lo), elo_of(hi)};
}

std::string elo_text(double score) {
    // Interval ends computed as 1 or 0 can miss by a rounding error.
    if (score >= 1 - 1e-9) return "+inf";
    if (score <= 1e-9) return "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.0f", elo_of(score));
    return buf;
}

std::pair<double, double> win_rate_interval(int wins, int n) {
    if (n <= 0) return {0, 1};
    const double z = 1.959964, p = static_cast<double>(wins) / n;
    const double centre = (p + z * z / (2.0 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double sprt_llr(int wins, int draws, int losses, double elo0, double elo1) {
    const int n = wins + draws + losses;
    if (n == 0 || wins + draws == 0 || losses + draws == 0) return 0;
    const double s = (wins + 0.5 * draws) / n;
    const double var =
        (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
    if (var <= 0) return 0;
    const double s0 = expected_score(elo0), s1 = expected_score(elo1);
    // The normal approximation of the generalised SPRT (as used by fishtest).
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

namespace {

// Plays one game out between `agents` (by seat). The players answer each
// other's draw offers by the draw policy (search/draw.h); `agreed` is set
// when they agree a draw, which ends the game. Returns the adjudicated
// outcome, or an ongoing one when the rules or an agreement ended the game.
Outcome play_out(Game& game, std::unique_ptr<Agent> (&agents)[2], Rng& rng, Adjudicator& judge,
                 bool solo, bool& agreed) {
    DrawOffers draws;
    Outcome o;
    while (!game.terminal()) {
        const Player mover = game.to_move();
        Agent& agent = *agents[index(mover)];
        // The mover's analysis, made once when a rating or the adjudicator
        // needs one; otherwise the player chooses as it would anyway.
        std::optional<Analysis> searched;
        auto analysis = [&]() -> const Analysis& {
            if (!searched) searched = agent.analyze(game, rng, {}, nullptr);
            if (searched->candidates.empty())
                throw GameError("internal: " + agent.name() + " found no move");
            return *searched;
        };
        if (!solo && draws.offered_by() == opponent(mover)) {
            if (computer_accepts_draw(game, [&] { return analysis_rating(analysis()); })) {
                draws.accept();
                agreed = true;
                return o;
            }
            draws.decline();
        }
        const bool judged = judge.active() && !solo;
        game.play(searched || judged ? analysis().candidates.front().move
                                     : agent.choose(game, rng));
        if (judged && judge.observe(mover, analysis_rating(*searched),
                                    static_cast<int>(game.history().size()), o))
            return o;
        if (solo) continue;
        // The rating of the move just played is its analysis's, if it had
        // one; otherwise the player rates the position it left.
        const DrawRating rating = [&]() -> std::optional<double> {
            if (searched) return analysis_rating(*searched);
            return search_rating(agent, game, mover, rng);
        };
        if (computer_offers_draw(game, draws.last_offer_ply(mover), rating))
            draws.offer(mover, static_cast<int>(game.history().size()));
    }
    return o;
}

}  // namespace

namespace {

// What one game (or, for a one-player game, one deal played by both players)
// gave: A's score (1 win, 0.5 draw, 0 loss) in `a`, or for a deal which of A
// and B won it in `a` and `b`; the seat (0 first, 1 second) that won a
// two-player game, -1 for a draw; whether it was adjudicated or agreed drawn.
struct GameReport {
    double a = 0, b = 0;
    int seat_won = -1;
    bool adjudicated = false, agreed = false;
    int plies = 0;
};

// Everything the games of one match share, fixed before the first starts.
struct MatchPlan {
    const MatchSettings& settings;
    bool solo = false;      // a one-player game: each deal is played by A and by B
    bool has_seed = false;  // the game has a `seed` option choosing its deal
};

// Plays game `g` once (or, alone, twice: A's round and B's round).
GameReport play_game(const MatchPlan& plan, int g) {
    const MatchSettings& settings = plan.settings;
    const bool solo = plan.solo;
    const auto game_seed = settings.seed + static_cast<std::uint64_t>(g);
    // One-player games: every deal (the game's seed option) is played once by
    // each player.
    const std::string spec =
        solo && plan.has_seed
            ? Registry::instance().with_option(settings.game, "seed", std::to_string(game_seed))
            : settings.game;
    GameReport report;
    for (int r = 0; r < (solo ? 2 : 1); ++r) {
        auto game = Registry::instance().create(spec);
        Rng rng(settings.seed * 1000003 + static_cast<std::uint64_t>(g / 2));
        // Each opening is played twice, with colours swapped.
        for (int p = 0; p < settings.random_plies && !game->terminal() && !solo; ++p) {
            const auto legal = game->legal_moves();
            game->play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
        const bool a_first = solo ? r == 0 : g % 2 == 0;
        std::unique_ptr<Agent> agents[2];
        agents[0] = make_player(a_first ? settings.a : settings.b, *game, game_seed);
        if (!solo) agents[1] = make_player(a_first ? settings.b : settings.a, *game, game_seed + 7);
        Rng play_rng(settings.seed + static_cast<std::uint64_t>(g) * 31 +
                     static_cast<std::uint64_t>(r));
        Adjudicator judge(settings.resign, settings.draw);
        Outcome o = play_out(*game, agents, play_rng, judge, solo, report.agreed);
        if (!o.over()) o = report.agreed ? Outcome::draw() : game->outcome();
        report.adjudicated = judge.decided();
        report.plies = static_cast<int>(game->history().size());
        const bool won = o.kind == Outcome::Kind::Win;
        report.seat_won = won ? (o.winner == Player::First ? 0 : 1) : -1;
        if (solo)
            (r == 0 ? report.a : report.b) = won ? 1 : 0;
        else if (won)
            report.a = (o.winner == Player::First) == a_first ? 1.0 : 0.0;
        else
            report.a = o.kind == Outcome::Kind::Loss ? 0.0 : 0.5;
    }
    return report;
}

// Adds one game's report to the running result.
void tally(MatchResult& result, const GameReport& report, bool solo) {
    if (report.adjudicated)
        ++(report.seat_won < 0 ? result.adjudicated_draws : result.adjudicated_wins);
    if (report.agreed) ++result.agreed_draws;
    result.min_plies = result.games() ? std::min(result.min_plies, report.plies) : report.plies;
    result.max_plies = std::max(result.max_plies, report.plies);
    result.plies += static_cast<std::uint64_t>(report.plies);
    if (!solo && report.seat_won >= 0) ++result.seat_wins[report.seat_won];
    // A's score against B; alone, deal by deal: who alone won it.
    double a = report.a;
    if (solo) {
        ++result.solo_deals;
        result.solo_a_wins += static_cast<int>(report.a);
        result.solo_b_wins += static_cast<int>(report.b);
        a = report.a > report.b ? 1.0 : report.a < report.b ? 0.0 : 0.5;
    }
    ++(a == 1 ? result.wins : a == 0 ? result.losses : result.draws);
}

// Updates the SPRT's log-likelihood ratio; true once a hypothesis is accepted.
bool sprt_decided(MatchResult& result, const SprtSettings& sp) {
    result.llr = sprt_llr(result.wins, result.draws, result.losses, sp.elo0, sp.elo1);
    const double lower = std::log(sp.beta / (1 - sp.alpha));
    const double upper = std::log((1 - sp.beta) / sp.alpha);
    if (result.llr >= upper) result.sprt_verdict = "H1 accepted";
    if (result.llr <= lower) result.sprt_verdict = "H0 accepted";
    return !result.sprt_verdict.empty();
}

// The plan of a match, with both players checked (before any thread starts).
MatchPlan plan_match(const MatchSettings& settings) {
    auto probe = Registry::instance().create(settings.game);
    MatchPlan plan{settings};
    plan.solo = probe->num_players() == 1;
    const GameInfo* info = Registry::instance().find(probe->id());
    plan.has_seed = std::any_of(info->options.begin(), info->options.end(),
                                [](const OptionSpec& o) { return o.name == "seed"; });
    make_player(settings.a, *probe, settings.seed);
    if (!plan.solo) make_player(settings.b, *probe, settings.seed);
    return plan;
}

// A report as text: its fields in order, separated by spaces (A's and B's
// scores are 0, 0.5 or 1, exact in decimal).
std::string encode(const GameReport& r) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.1f %.1f %d %d %d %d", r.a, r.b, r.seat_won,
                  r.adjudicated ? 1 : 0, r.agreed ? 1 : 0, r.plies);
    return buf;
}

GameReport decode(const std::string& text) {
    GameReport r;
    int adjudicated = 0, agreed = 0;
    if (std::sscanf(text.c_str(), "%lf %lf %d %d %d %d", &r.a, &r.b, &r.seat_won, &adjudicated,
                    &agreed, &r.plies) != 6)
        throw GameError("internal: bad game report '" + text + "'");
    r.adjudicated = adjudicated != 0;
    r.agreed = agreed != 0;
    return r;
}

}  // namespace

std::string play_match_game(const MatchSettings& settings, int g) {
    return encode(play_game(plan_match(settings), g));
}

MatchResult tally_match(const MatchSettings& settings, const std::vector<std::string>& reports) {
    const MatchPlan plan = plan_match(settings);
    MatchResult result;
    for (const std::string& text : reports) tally(result, decode(text), plan.solo);
    return result;
}

MatchResult play_match(const MatchSettings& settings,
                       const std::function<void(const MatchResult&)>& on_game) {
    const MatchPlan plan = plan_match(settings);
    MatchResult result;
    std::mutex mutex;
    int next_game = 0;
    bool stop = false;
    auto worker = [&] {
        for (;;) {
            int g;
            {
                std::lock_guard<std::mutex> lock(mutex);
                if (stop || next_game >= settings.games) return;
                g = next_game++;
            }
            const GameReport report = play_game(plan, g);
            std::lock_guard<std::mutex> lock(mutex);
            tally(result, report, plan.solo);
            if (settings.sprt && sprt_decided(result, *settings.sprt)) stop = true;
            if (on_game) on_game(result);
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::max(1, settings.parallel); ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    return result;
}

}  // namespace asterism
