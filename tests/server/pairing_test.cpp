// The tournament pairing library (server/tournaments): the blossom matching
// against brute force, the Berger tables against FIDE's published ones, Swiss
// rounds on hand-made fields and in hundreds of simulated tournaments, and
// the standings' tie-breaks on a hand-computed example.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "server/tournaments/matching.h"
#include "server/tournaments/pairing.h"
#include "server/tournaments/standings.h"

namespace asterism::server::tournaments {
namespace {

// ---- The matching, against brute force.

struct Graph {
    int n = 0;
    std::vector<std::vector<std::int64_t>> weight;  // -1: no edge
};

Graph random_graph(std::mt19937& rng, int n, int max_weight, int density_percent) {
    Graph g{n, std::vector<std::vector<std::int64_t>>(n, std::vector<std::int64_t>(n, -1))};
    std::uniform_int_distribution<int> percent(0, 99), w(0, max_weight);
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            if (percent(rng) < density_percent) g.weight[a][b] = g.weight[b][a] = w(rng);
        }
    }
    return g;
}

// The best total over the matchings of vertices `from`.. given `used`:
// weight when `perfect` is false, else the least cost of a perfect one
// (nullopt-like: INT64_MAX when there is none).
std::int64_t brute_force(const Graph& g, std::vector<char>& used, bool perfect) {
    int v = 0;
    while (v < g.n && used[v]) ++v;
    if (v == g.n) return 0;
    constexpr std::int64_t kImpossible = INT64_MAX;
    used[v] = 1;
    std::int64_t best = perfect ? kImpossible : brute_force(g, used, perfect);
    for (int u = v + 1; u < g.n; ++u) {
        if (used[u] || g.weight[v][u] < 0) continue;
        used[u] = 1;
        const std::int64_t rest = brute_force(g, used, perfect);
        used[u] = 0;
        if (rest == kImpossible) continue;
        const std::int64_t total = rest + g.weight[v][u];
        best = perfect ? std::min(best, total) : std::max(best, total);
    }
    used[v] = 0;
    return best;
}

// Checks that `mate` is a matching of g's edges, and returns its weight.
std::int64_t matched_weight(const Graph& g, const std::vector<int>& mate) {
    EXPECT_EQ(static_cast<int>(mate.size()), g.n);
    std::int64_t total = 0;
    for (int v = 0; v < g.n; ++v) {
        const int m = mate[v];
        if (m < 0) continue;
        EXPECT_EQ(mate[m], v);
        EXPECT_GE(g.weight[v][m], 0) << "matched along a missing edge " << v << "-" << m;
        if (v < m) total += g.weight[v][m];
    }
    return total;
}

TEST(Matching, MaximumWeightEqualsBruteForceOnRandomGraphs) {
    std::mt19937 rng(20240601);
    for (int seed = 0; seed < 3000; ++seed) {
        const int n = 1 + seed % 10;
        const int max_weight = seed % 3 == 0 ? 3 : (seed % 3 == 1 ? 20 : 1000000);
        const Graph g = random_graph(rng, n, max_weight, 30 + seed % 70);
        std::vector<WeightedEdge> edges;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (g.weight[a][b] >= 0) edges.push_back({a, b, g.weight[a][b]});
            }
        }
        std::vector<char> used(n, 0);
        const std::int64_t expected = brute_force(g, used, false);
        ASSERT_EQ(matched_weight(g, maximum_weight_matching(n, edges)), expected)
            << "seed " << seed << " n " << n;
    }
}

TEST(Matching, MinCostPerfectEqualsBruteForceOnRandomGraphs) {
    std::mt19937 rng(7);
    int without = 0;
    for (int seed = 0; seed < 3000; ++seed) {
        const int n = 2 * (1 + seed % 5);
        const int max_cost = seed % 2 == 0 ? 5 : 100000;
        const Graph g = random_graph(rng, n, max_cost, 30 + seed % 70);
        std::vector<CostEdge> edges;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (g.weight[a][b] >= 0) edges.push_back({a, b, g.weight[a][b]});
            }
        }
        std::vector<char> used(n, 0);
        const std::int64_t expected = brute_force(g, used, true);
        const auto got = min_cost_perfect_matching(n, edges);
        if (expected == INT64_MAX) {
            ASSERT_FALSE(got.has_value()) << "seed " << seed;
            ++without;
            continue;
        }
        ASSERT_TRUE(got.has_value()) << "seed " << seed;
        EXPECT_EQ(got->cost, expected) << "seed " << seed;
        EXPECT_EQ(matched_weight(g, got->mate), expected) << "seed " << seed;
    }
    EXPECT_GT(without, 100);  // the random graphs include ones with no perfect matching
}

// Past brute force's reach: the optimum of a larger graph must not depend
// on how its vertices are numbered or its edges listed.
TEST(Matching, LargeGraphsGiveTheSameOptimumUnderAnyNumbering) {
    std::mt19937 rng(99);
    for (int round = 0; round < 40; ++round) {
        const int n = 2 * (20 + round);
        const Graph g = random_graph(rng, n, round % 2 == 0 ? 9 : 1000000, 10 + round % 4 * 20);
        std::vector<int> relabel(n);
        for (int v = 0; v < n; ++v) relabel[v] = v;
        std::shuffle(relabel.begin(), relabel.end(), rng);
        std::vector<CostEdge> edges, renamed;
        for (int a = 0; a < n; ++a) {
            for (int b = a + 1; b < n; ++b) {
                if (g.weight[a][b] < 0) continue;
                edges.push_back({a, b, g.weight[a][b]});
                renamed.push_back({relabel[b], relabel[a], g.weight[a][b]});
            }
        }
        std::shuffle(renamed.begin(), renamed.end(), rng);
        const auto first = min_cost_perfect_matching(n, edges);
        const auto second = min_cost_perfect_matching(n, renamed);
        ASSERT_EQ(first.has_value(), second.has_value()) << "n " << n;
        if (first) {
            EXPECT_EQ(first->cost, second->cost) << "n " << n;
            EXPECT_EQ(matched_weight(g, first->mate), first->cost);
        }
    }
}

// ---- Berger tables, against FIDE's (Handbook C.05, Annex 1), written as
// published: one line a round, "white-black" with numbers from 1.

std::vector<Round> published(int players, const std::vector<std::string>& lines) {
    std::vector<Round> rounds;
    for (const std::string& line : lines) {
        Round round;
        std::istringstream in(line);
        std::string pair;
        while (in >> pair) {
            const std::size_t dash = pair.find('-');
            const int white = std::stoi(pair.substr(0, dash)) - 1;
            const int black = std::stoi(pair.substr(dash + 1)) - 1;
            // With an odd count the highest number is the bye.
            if (white == players) {
                round.bye = black;
            } else if (black == players) {
                round.bye = white;
            } else {
                round.games.push_back({white, black});
            }
        }
        rounds.push_back(round);
    }
    return rounds;
}

void expect_rounds(const std::vector<Round>& got, const std::vector<Round>& expected,
                   std::size_t first = 0) {
    for (std::size_t r = 0; r < expected.size(); ++r) {
        const Round& g = got.at(first + r);
        EXPECT_EQ(g.games, expected[r].games) << "round " << first + r + 1;
        EXPECT_EQ(g.bye, expected[r].bye) << "round " << first + r + 1;
    }
}

const std::vector<std::string> kFour = {"1-4 2-3", "4-3 1-2", "2-4 3-1"};
const std::vector<std::string> kSix = {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3",
                                       "3-6 4-2 5-1"};
const std::vector<std::string> kTen = {
    "1-10 2-9 3-8 4-7 5-6", "10-6 7-5 8-4 9-3 1-2", "2-10 3-1 4-9 5-8 6-7",
    "10-7 8-6 9-5 1-4 2-3", "3-10 4-2 5-1 6-9 7-8", "10-8 9-7 1-6 2-5 3-4",
    "4-10 5-3 6-2 7-1 8-9", "10-9 1-8 2-7 3-6 4-5", "5-10 6-4 7-3 8-2 9-1"};

TEST(Berger, MatchesFidesPublishedTables) {
    for (auto [players, table] : {std::pair{4, &kFour}, std::pair{3, &kFour}, std::pair{6, &kSix},
                                  std::pair{5, &kSix}, std::pair{10, &kTen}, std::pair{9, &kTen}}) {
        SCOPED_TRACE(std::to_string(players) + " players");
        const std::vector<Round> got = berger(players, false);
        ASSERT_EQ(got.size(), table->size());
        expect_rounds(got, published(players, *table));
    }
}

TEST(Berger, DoubleRoundRobinReversesColoursAndSwapsTheFirstCyclesLastTwoRounds) {
    const std::vector<Round> got = berger(6, true);
    ASSERT_EQ(got.size(), 10u);
    expect_rounds(got, published(6, {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "3-6 4-2 5-1",
                                     "6-5 1-4 2-3", "6-1 5-2 4-3", "4-6 3-5 2-1", "6-2 1-3 5-4",
                                     "5-6 4-1 3-2", "6-3 2-4 1-5"}));
}

// Each player's colours round by round (none for the bye).
std::vector<std::vector<Colour>> colour_rows(int players, const std::vector<Round>& rounds) {
    std::vector<std::vector<Colour>> rows(players);
    for (const Round& r : rounds) {
        for (auto& row : rows) row.push_back(Colour::none);
        for (const Game& g : r.games) {
            rows[g.white].back() = Colour::white;
            rows[g.black].back() = Colour::black;
        }
    }
    return rows;
}

// The longest run of one colour, byes skipped (as the Swiss rules count).
int longest_run(const std::vector<Colour>& row) {
    int longest = 0, run = 0;
    Colour last = Colour::none;
    for (Colour c : row) {
        if (c == Colour::none) continue;
        run = c == last ? run + 1 : 1;
        last = c;
        longest = std::max(longest, run);
    }
    return longest;
}

TEST(Berger, EveryPairMeetsOnceOrTwiceWithColoursBalancedForTwoToThirtyPlayers) {
    for (int n = 2; n <= kMaxRoundRobinPlayers; ++n) {
        for (bool twice : {false, true}) {
            SCOPED_TRACE(std::to_string(n) + (twice ? " players, double" : " players"));
            const std::vector<Round> rounds = berger(n, twice);
            const int cycle = n % 2 == 0 ? n - 1 : n;
            ASSERT_EQ(static_cast<int>(rounds.size()), twice ? 2 * cycle : cycle);
            std::vector<std::vector<int>> as_white(n, std::vector<int>(n, 0));
            std::vector<int> byes(n, 0);
            for (const Round& r : rounds) {
                std::vector<int> seen(n, 0);
                for (const Game& g : r.games) {
                    ++seen[g.white];
                    ++seen[g.black];
                    ++as_white[g.white][g.black];
                }
                if (r.bye != kNoPlayer) ++seen[r.bye], ++byes[r.bye];
                EXPECT_EQ(r.bye != kNoPlayer, n % 2 == 1);
                for (int p = 0; p < n; ++p) EXPECT_EQ(seen[p], 1) << "player " << p;
            }
            for (int a = 0; a < n; ++a) {
                EXPECT_EQ(byes[a], n % 2 == 1 ? (twice ? 2 : 1) : 0);
                for (int b = a + 1; b < n; ++b) {
                    const int ab = as_white[a][b], ba = as_white[b][a];
                    if (twice) {
                        EXPECT_TRUE(ab == 1 && ba == 1) << a << " v " << b;
                    } else {
                        EXPECT_EQ(ab + ba, 1) << a << " v " << b;
                    }
                }
            }
            const auto rows = colour_rows(n, rounds);
            for (int p = 0; p < n; ++p) {
                const int whites =
                    static_cast<int>(std::count(rows[p].begin(), rows[p].end(), Colour::white));
                const int blacks =
                    static_cast<int>(std::count(rows[p].begin(), rows[p].end(), Colour::black));
                // Berger's guarantee: in one cycle whites and blacks differ
                // by one at most (n - 1 games: exactly one when that is
                // odd); two cycles balance exactly.
                const int expected = twice || n % 2 == 1 ? 0 : 1;
                EXPECT_EQ(std::abs(whites - blacks), expected) << "player " << p;
                EXPECT_LE(longest_run(rows[p]), 2) << "player " << p;
            }
        }
    }
}

// ---- Swiss rounds on hand-made fields.

constexpr Colour W = Colour::white, B = Colour::black, N = Colour::none;

SwissPlayer player(int score, std::vector<Colour> colours, std::vector<int> opponents,
                   bool had_bye = false) {
    return {score, std::move(colours), std::move(opponents), had_bye};
}

Round expect_paired(const std::vector<SwissPlayer>& field) {
    const SwissPairing got = pair_swiss_round(field);
    EXPECT_TRUE(got.round.has_value()) << got.error;
    EXPECT_FALSE(got.colour_sequence_relaxed);
    return got.round.value_or(Round{});
}

TEST(Swiss, FirstRoundPairsTopHalfAgainstBottomHalfWithAlternatingColours) {
    const std::vector<SwissPlayer> field(8);
    const Round r = expect_paired(field);
    EXPECT_EQ(r.games, (std::vector<Game>{{0, 4}, {5, 1}, {2, 6}, {7, 3}}));
    EXPECT_EQ(r.bye, kNoPlayer);
}

TEST(Swiss, TheByeGoesToTheLowestRankedOfTheLowestScoreWithoutOne) {
    // Round 1 was 0-2 (1-0), 3-1 (1-0), bye 4.
    const std::vector<SwissPlayer> field = {player(2, {W}, {2}), player(0, {B}, {3}),
                                            player(0, {B}, {0}), player(2, {W}, {1}),
                                            player(2, {N}, {}, true)};
    const Round r = expect_paired(field);
    EXPECT_EQ(r.bye, 2);
    // 0 and 3 both want black, so 0 floats to 1 (who wants white) and 3
    // meets 4 (no preference yet).
    EXPECT_EQ(r.games, (std::vector<Game>{{4, 3}, {1, 0}}));
}

TEST(Swiss, NobodyHasASecondBye) {
    // The lowest score has had the bye: the next lowest has it.
    const std::vector<SwissPlayer> field = {player(4, {}, {}), player(2, {}, {}),
                                            player(2, {}, {}, true)};
    const Round r = expect_paired(field);
    EXPECT_EQ(r.bye, 1);
    EXPECT_EQ(r.games, (std::vector<Game>{{0, 2}}));
}

TEST(Swiss, ColourPreferencesChooseBetweenOtherwiseEqualPairings) {
    // Round 1: 0-2 and 3-1, both drawn: 0 and 3 want black, 1 and 2 white.
    const std::vector<SwissPlayer> field = {player(1, {W}, {2}), player(1, {B}, {3}),
                                            player(1, {B}, {0}), player(1, {W}, {1})};
    const Round r = expect_paired(field);
    EXPECT_EQ(r.games, (std::vector<Game>{{1, 0}, {2, 3}}));
}

TEST(Swiss, AStrongPreferenceBeatsAMildOneAndTiesGoByTheLatestDifferentRound) {
    // 0 has one black more (strong: white); 1 only alternates (mild: white).
    EXPECT_EQ(expect_paired({player(2, {B, W, B}, {}), player(4, {W, N, B}, {})}).games,
              (std::vector<Game>{{0, 1}}));
    // Both strong for white; in the latest round where they differed 0 had
    // black, so 0 has white now although 1 is ahead.
    EXPECT_EQ(expect_paired({player(2, {B, W, B}, {}), player(4, {B, B, W}, {})}).games,
              (std::vector<Game>{{0, 1}}));
    // Identical histories: the higher score has its preference.
    EXPECT_EQ(expect_paired({player(2, {B, W, B}, {}), player(4, {B, W, B}, {})}).games,
              (std::vector<Game>{{1, 0}}));
}

TEST(Swiss, AnOddScoreGroupFloatsItsLowestRankedDownToTheNextGroupsHighest) {
    // Round 1: 0-3, 4-1, 2-5, won by 0, 1 and 2.
    const std::vector<SwissPlayer> field = {player(2, {W}, {3}), player(2, {B}, {4}),
                                            player(2, {W}, {5}), player(0, {B}, {0}),
                                            player(0, {W}, {1}), player(0, {B}, {2})};
    const Round r = expect_paired(field);
    EXPECT_EQ(r.games, (std::vector<Game>{{1, 0}, {3, 2}, {5, 4}}));
}

TEST(Swiss, PlayersWhoMetFloatRatherThanMeetAgain) {
    // Round 1: 0-1 drawn, 3-2 won by 2, 4-5 won by 4.
    const std::vector<SwissPlayer> field = {player(1, {W}, {1}), player(1, {B}, {0}),
                                            player(2, {B}, {3}), player(0, {W}, {2}),
                                            player(2, {W}, {5}), player(0, {B}, {4})};
    const Round r = expect_paired(field);
    // 0 and 1 may not meet again: each floats up to a leader (the colours
    // choose 2 for 0 and 4 for 1), and the two losers meet.
    EXPECT_EQ(r.games, (std::vector<Game>{{2, 0}, {1, 4}, {5, 3}}));
}

TEST(Swiss, AThirdColourInARowIsGivenOnlyWhenNothingElsePairs) {
    // Both have had white twice running (and may not go past +2): one of
    // them must, the higher ranked keeps black.
    const SwissPairing got = pair_swiss_round({player(2, {B, W, W}, {}), player(2, {B, W, W}, {})});
    ASSERT_TRUE(got.round.has_value()) << got.error;
    EXPECT_TRUE(got.colour_sequence_relaxed);
    EXPECT_EQ(got.round->games, (std::vector<Game>{{1, 0}}));
}

TEST(Swiss, SaysWhyWhenThereIsNoLegalPairing) {
    const SwissPairing rematch = pair_swiss_round({player(2, {W}, {1}), player(0, {B}, {0})});
    EXPECT_FALSE(rematch.round.has_value());
    EXPECT_EQ(rematch.error, "no pairing of the 2 players avoids a rematch");
    const SwissPairing colours = pair_swiss_round({player(2, {W, W}, {}), player(2, {W, W}, {})});
    EXPECT_FALSE(colours.round.has_value());
    EXPECT_EQ(colours.error, "no pairing of the 2 players keeps every colour difference within 2");
    const SwissPairing byes = pair_swiss_round(
        {player(2, {}, {}, true), player(2, {}, {}, true), player(2, {}, {}, true)});
    EXPECT_FALSE(byes.round.has_value());
    EXPECT_EQ(byes.error, "no pairing of the 3 players avoids a rematch or a second bye");
    EXPECT_TRUE(pair_swiss_round({player(0, {}, {5})}).error.find("unknown opponent") !=
                std::string::npos);
}

// ---- Swiss tournaments simulated: the hard rules hold in every round.

struct Simulation {
    int tournaments = 0;
    int rounds_paired = 0;
    int ended_early = 0;
    int ended_early_with_rounds_below_half = 0;
    int relaxed_rounds = 0;
};

// Plays one tournament of `n` players and `rounds` rounds with random
// results, checking each round; returns the round it could not pair, or 0.
int simulate(int n, int rounds, std::mt19937& rng, Simulation& sim) {
    std::vector<SwissPlayer> players(n);
    std::vector<FinishedGame> games;
    std::vector<ByeAward> byes;
    std::uniform_int_distribution<int> outcome(0, 99);
    for (int round = 1; round <= rounds; ++round) {
        const SwissPairing paired = pair_swiss_round(players);
        if (!paired.round) return round;
        ++sim.rounds_paired;
        if (paired.colour_sequence_relaxed) ++sim.relaxed_rounds;
        std::vector<int> seen(n, 0);
        for (const Game& g : paired.round->games) {
            ++seen[g.white], ++seen[g.black];
            const auto& met = players[g.white].opponents;
            EXPECT_EQ(std::count(met.begin(), met.end(), g.black), 0) << "a rematch";
            const int r = outcome(rng);
            const GameResult result = r < 40   ? GameResult::white_won
                                      : r < 70 ? GameResult::draw
                                               : GameResult::black_won;
            games.push_back({round, g.white, g.black, result});
        }
        const int bye = paired.round->bye;
        EXPECT_EQ(bye != kNoPlayer, n % 2 == 1);
        if (bye != kNoPlayer) {
            ++seen[bye];
            EXPECT_FALSE(players[bye].had_bye) << "a second bye";
            byes.push_back({round, bye, 2});
        }
        for (int p = 0; p < n; ++p) EXPECT_EQ(seen[p], 1) << "player " << p;
        players = swiss_players(compute_standings(n, games, byes));
        for (const SwissPlayer& p : players) {
            const int whites = static_cast<int>(std::count(p.colours.begin(), p.colours.end(), W));
            const int blacks = static_cast<int>(std::count(p.colours.begin(), p.colours.end(), B));
            EXPECT_LE(std::abs(whites - blacks), 2);
            if (!paired.colour_sequence_relaxed) {
                EXPECT_LE(longest_run(p.colours), 2);
            }
        }
    }
    return 0;
}

TEST(Swiss, TwoHundredSimulatedTournamentsKeepEveryHardRule) {
    const auto start = std::chrono::steady_clock::now();
    std::mt19937 rng(29);
    Simulation sim;
    std::string early;
    for (int t = 0; t < 200; ++t) {
        const int n = 2 + static_cast<int>(rng() % 59);
        const int rounds = std::min(9, n - 1);
        ++sim.tournaments;
        if (const int stuck = simulate(n, rounds, rng, sim)) {
            early += " " + std::to_string(n) + " players in round " + std::to_string(stuck) + ";";
            ++sim.ended_early;
            if (2 * rounds < n) ++sim.ended_early_with_rounds_below_half;
        }
        if (HasFailure()) break;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "%d tournaments, %d rounds paired, %d ended early (%d with rounds < players/2), "
        "%d rounds with a colour three times running, %.2f s\nended early:%s\n",
        sim.tournaments, sim.rounds_paired, sim.ended_early, sim.ended_early_with_rounds_below_half,
        sim.relaxed_rounds, seconds, early.c_str());
    EXPECT_EQ(sim.ended_early_with_rounds_below_half, 0);
    EXPECT_LE(sim.ended_early, 10);  // only small fields playing nearly a round robin
}

// ---- Standings.

TEST(Standings, ScoresBuchholzAndSonnebornBergerOfAHandComputedSwiss) {
    // Five players, three rounds, a bye each round and one forfeit.
    const std::vector<FinishedGame> games = {
        {1, 0, 2, GameResult::white_won}, {1, 3, 1, GameResult::draw},
        {2, 1, 0, GameResult::black_won}, {2, 4, 3, GameResult::white_won},
        {3, 0, 4, GameResult::draw},      {3, 2, 1, GameResult::white_won, true}};
    const std::vector<ByeAward> byes = {{1, 4, 2}, {2, 2, 2}, {3, 3, 2}};
    const Standings s = compute_standings(5, games, byes);
    // Scores: 0 W W D = 5; 1 D L (forfeit) L = 1; 2 L bye (forfeit) W = 4;
    // 3 D L bye = 3; 4 bye W D = 5. Buchholz counts played games only:
    // 0: 4 + 1 + 5 = 10; 1: 3 + 5 = 8; 2: 5; 3: 1 + 5 = 6; 4: 3 + 5 = 8.
    // Sonneborn-Berger in quarter-points (opponent's score x result):
    // 0: 4x2 + 1x2 + 5x1 = 15; 1: 3x1 = 3; 2: 0; 3: 1x1 = 1; 4: 3x2 + 5x1 = 11.
    const std::vector<Standing> expected = {
        {0, 5, 10, 15}, {4, 5, 8, 11}, {2, 4, 5, 0}, {3, 3, 6, 1}, {1, 1, 8, 3}};
    ASSERT_EQ(s.order.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(s.order[i].player, expected[i].player) << "place " << i + 1;
        EXPECT_EQ(s.order[i].score, expected[i].score) << "place " << i + 1;
        EXPECT_EQ(s.order[i].buchholz, expected[i].buchholz) << "place " << i + 1;
        EXPECT_EQ(s.order[i].sonneborn_berger, expected[i].sonneborn_berger) << "place " << i + 1;
    }
    // The crosstable row of player 2: lost to 0 with black, a bye, a forfeit win.
    ASSERT_EQ(s.crosstable[2].size(), 3u);
    const CrosstableEntry& r1 = s.crosstable[2][0];
    EXPECT_TRUE(r1.kind == EntryKind::played && r1.opponent == 0 && r1.colour == B &&
                r1.half_points == 0);
    EXPECT_TRUE(s.crosstable[2][1].kind == EntryKind::bye && s.crosstable[2][1].half_points == 2);
    const CrosstableEntry& r3 = s.crosstable[2][2];
    EXPECT_TRUE(r3.kind == EntryKind::forfeit && r3.opponent == 1 && r3.colour == W &&
                r3.half_points == 2);
    // And the Swiss view of it: forfeits count as met, not as colours.
    const SwissPlayer two = swiss_players(s)[2];
    EXPECT_EQ(two.score, 4);
    EXPECT_EQ(two.colours, (std::vector<Colour>{B, N, N}));
    EXPECT_EQ(two.opponents, (std::vector<int>{0, 1}));
    EXPECT_TRUE(two.had_bye);
}

TEST(Standings, SonnebornBergerBreaksAnEqualBuchholzThenNamesThenIndices) {
    // A round robin of four: 0 and 1 tie on 4 half-points and Buchholz 8;
    // 1 beat the stronger player, so it is ahead on Sonneborn-Berger
    // (11 quarter-points against 9).
    const std::vector<FinishedGame> games = {
        {1, 1, 2, GameResult::white_won}, {1, 0, 3, GameResult::white_won},
        {2, 3, 1, GameResult::draw},      {2, 2, 0, GameResult::draw},
        {3, 0, 1, GameResult::draw},      {3, 2, 3, GameResult::white_won}};
    const Standings s = compute_standings(4, games, {});
    std::vector<int> order;
    for (const Standing& st : s.order) order.push_back(st.player);
    EXPECT_EQ(order, (std::vector<int>{1, 0, 2, 3}));
    EXPECT_EQ(s.order[0].buchholz, 8);
    EXPECT_EQ(s.order[1].buchholz, 8);
    EXPECT_EQ(s.order[0].sonneborn_berger, 11);
    EXPECT_EQ(s.order[1].sonneborn_berger, 9);

    // Two draws between two players: everything ties, names decide, then indices.
    const std::vector<FinishedGame> drawn = {{1, 0, 1, GameResult::draw},
                                             {2, 1, 0, GameResult::draw}};
    EXPECT_EQ(compute_standings(2, drawn, {}, {"zed", "amy"}).order[0].player, 1);
    EXPECT_EQ(compute_standings(2, drawn, {}).order[0].player, 0);
}

TEST(Standings, ReadsResultsAndRefusesImpossibleRecords) {
    EXPECT_EQ(parse_result("1-0"), GameResult::white_won);
    EXPECT_EQ(parse_result("0-1"), GameResult::black_won);
    EXPECT_EQ(parse_result("1/2-1/2"), GameResult::draw);
    EXPECT_FALSE(parse_result("½-½").has_value());
    EXPECT_THROW(compute_standings(2, {{1, 0, 2, GameResult::draw}}, {}), std::invalid_argument);
    EXPECT_THROW(compute_standings(3, {{1, 0, 1, GameResult::draw}}, {{1, 1, 2}}),
                 std::invalid_argument);
}

}  // namespace
}  // namespace asterism::server::tournaments
