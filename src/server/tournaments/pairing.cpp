// Berger tables and Swiss rounds (pairing.h). The Swiss rules become the
// costs of a minimum-cost perfect matching (matching.h): forbidden pairs
// have no edge, and each rule's weight outweighs all the rules below it.
#include "server/tournaments/pairing.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "server/tournaments/matching.h"

namespace asterism::server::tournaments {

namespace {

// ---- Round robin.

void add_game(Round& round, Game g, int players) {
    // With an odd count the number `players` is the dummy: its opponent rests.
    if (g.white == players) {
        round.bye = g.black;
    } else if (g.black == players) {
        round.bye = g.white;
    } else {
        round.games.push_back(g);
    }
}

// One cycle of FIDE's table. With n numbers (players rounded up to even),
// round k (from 0) is round 1 with every number but n turned by k * n/2
// places modulo n - 1; n plays the turned number 1 on board 1, black in
// even rounds (from 0) and white in odd ones.
std::vector<Round> berger_cycle(int players) {
    const int n = players + players % 2;
    const int turn = n / 2, ring = n - 1;
    std::vector<Round> rounds;
    for (int k = 0; k < ring; ++k) {
        Round round;
        const int first = (k * turn) % ring;
        add_game(round, k % 2 == 0 ? Game{first, n - 1} : Game{n - 1, first}, players);
        for (int i = 1; i < n / 2; ++i) {
            add_game(round, {(i + k * turn) % ring, (ring - i + k * turn) % ring}, players);
        }
        rounds.push_back(std::move(round));
    }
    return rounds;
}

// ---- Swiss: what each player may and would like to have.

constexpr int kMild = 1, kStrong = 2, kAbsolute = 3;

Colour opposite(Colour c) {
    if (c == Colour::white) return Colour::black;
    if (c == Colour::black) return Colour::white;
    return Colour::none;
}

struct ColourNeed {
    bool within_limit[2] = {true, true};  // white, black: the difference stays in [-2, 2]
    bool third_in_row[2] = {false, false};
    Colour due = Colour::none;
    int strength = 0;  // 0, kMild, kStrong or kAbsolute
};

int side(Colour c) {
    return c == Colour::white ? 0 : 1;
}

ColourNeed colour_need(const std::vector<Colour>& history) {
    ColourNeed need;
    int difference = 0;
    Colour last = Colour::none, before_last = Colour::none;
    for (Colour c : history) {
        if (c == Colour::none) continue;  // byes and unplayed games break no run
        difference += c == Colour::white ? 1 : -1;
        before_last = last;
        last = c;
    }
    need.within_limit[0] = difference + 1 <= 2;
    need.within_limit[1] = difference - 1 >= -2;
    for (Colour c : {Colour::white, Colour::black}) {
        need.third_in_row[side(c)] = last == c && before_last == c;
    }
    const bool white_ok = need.within_limit[0] && !need.third_in_row[0];
    const bool black_ok = need.within_limit[1] && !need.third_in_row[1];
    if (white_ok != black_ok) {
        need.due = white_ok ? Colour::white : Colour::black;
        need.strength = kAbsolute;
    } else if (!white_ok) {
        // Neither is allowed: only the relaxed pass can pair this player.
    } else if (difference != 0) {
        need.due = difference > 0 ? Colour::black : Colour::white;
        need.strength = kStrong;
    } else if (last != Colour::none) {
        need.due = opposite(last);
        need.strength = kMild;
    }
    return need;
}

// The rules' weights, each larger than everything below it can add up to
// over a whole round.
struct Weights {
    std::int64_t colour = 0;  // a colour preference not met, per strength
    std::int64_t score = 0;   // per squared half-point of a pair's score difference
    std::int64_t bye = 0;     // per half-point the bye's player is above the lowest
    std::int64_t run = 0;     // a colour three times running (relaxed pass only)
};

// a * b, or -1 when it is past the matching's cost limit.
std::int64_t times(std::int64_t a, std::int64_t b) {
    if (a < 0 || b < 0) return -1;
    if (b != 0 && a > kMaxMatchingCost / b) return -1;
    return a * b;
}

std::int64_t plus(std::int64_t a, std::int64_t b) {
    return a < 0 || b < 0 || a > kMaxMatchingCost - b ? -1 : a + b;
}

// Nothing when the field is too large for the matching's cost range.
std::optional<Weights> weights_for(int players, int score_range) {
    const std::int64_t pairs = (players + 1) / 2, n = players, d = score_range;
    const std::int64_t order_total = times(pairs, n);  // the Dutch-order term, at most n a pair
    Weights w;
    w.colour = plus(order_total, 1);
    w.score = plus(times(times(2, pairs), w.colour), w.colour);
    w.bye = times(plus(times(pairs, times(d, d)), 1), w.score);
    w.run = times(plus(d, 1), w.bye);
    if (w.colour < 0 || w.score < 0 || w.bye < 0 || w.run < 0 || times(3, w.run) < 0) {
        return std::nullopt;
    }
    return w;
}

// How one pair would play: who has white, what it costs in colour terms,
// and whether the colours could go either way (decided by the board).
struct Allocation {
    int white = kNoPlayer;
    int black = kNoPlayer;
    int preference_lost = 0;  // the loser's strength (a strong counts 2, a mild 1)
    int runs = 0;             // players given a colour a third time running
    bool either = false;
};

class SwissField {
  public:
    explicit SwissField(const std::vector<SwissPlayer>& players);
    std::string check() const;
    SwissPairing pair() const;

  private:
    enum class Pass : std::int8_t { strict, relaxed, colour_blind };
    int count() const { return static_cast<int>(players_.size()); }
    bool allowed(int p, Colour c, Pass pass) const;
    std::optional<Allocation> allocate(int a, int b, Pass pass) const;
    Allocation orient(int a, int b, Colour for_a) const;
    Colour preference_of_first(int a, int b) const;
    int order_cost(int a, int b) const;
    std::optional<std::vector<int>> match(Pass pass, const Weights& w) const;
    Round round_from(const std::vector<int>& mate, Pass pass) const;

    const std::vector<SwissPlayer>& players_;
    std::vector<ColourNeed> needs_;
    std::vector<int> place_;       // position in the order by score, then rank
    std::vector<int> in_group_;    // position within the player's score group
    std::vector<int> group_size_;  // the size of the player's score group
};

SwissField::SwissField(const std::vector<SwissPlayer>& players)
    : players_(players),
      place_(players.size()),
      in_group_(players.size()),
      group_size_(players.size()) {
    std::vector<int> order(players.size());
    for (int p = 0; p < count(); ++p) {
        order[p] = p;
        needs_.push_back(colour_need(players[p].colours));
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return players[a].score > players[b].score; });
    for (int i = 0, start = 0; i < count(); ++i) {
        place_[order[i]] = i;
        if (i > 0 && players[order[i]].score != players[order[i - 1]].score) start = i;
        in_group_[order[i]] = i - start;
        int end = i;
        while (end < count() && players[order[end]].score == players[order[i]].score) ++end;
        group_size_[order[i]] = end - start;
    }
}

std::string SwissField::check() const {
    for (int p = 0; p < count(); ++p) {
        if (players_[p].score < 0) return "player " + std::to_string(p) + " has a negative score";
        for (int o : players_[p].opponents) {
            if (o < 0 || o >= count() || o == p) {
                return "player " + std::to_string(p) + " lists an unknown opponent " +
                       std::to_string(o);
            }
        }
    }
    return {};
}

bool SwissField::allowed(int p, Colour c, Pass pass) const {
    const ColourNeed& need = needs_[p];
    switch (pass) {
        case Pass::strict:
            return need.within_limit[side(c)] && !need.third_in_row[side(c)];
        case Pass::relaxed:
            return need.within_limit[side(c)];
        case Pass::colour_blind:
            break;
    }
    return true;
}

// Whether a, when paired with b, gets white or black by the preference
// rules (pairing.h), or none when neither minds.
Colour SwissField::preference_of_first(int a, int b) const {
    const ColourNeed &na = needs_[a], &nb = needs_[b];
    if (na.due == Colour::none) return opposite(nb.due);
    if (nb.due == Colour::none || na.due != nb.due) return na.due;
    if (na.strength != nb.strength) return na.strength > nb.strength ? na.due : opposite(na.due);
    const std::vector<Colour>&ca = players_[a].colours, &cb = players_[b].colours;
    for (std::size_t r = std::min(ca.size(), cb.size()); r-- > 0;) {
        if (ca[r] != Colour::none && cb[r] != Colour::none && ca[r] != cb[r]) {
            return opposite(ca[r]);
        }
    }
    const bool a_first =
        players_[a].score != players_[b].score ? players_[a].score > players_[b].score : a < b;
    return a_first ? na.due : opposite(na.due);
}

Allocation SwissField::orient(int a, int b, Colour for_a) const {
    Allocation out;
    out.white = for_a == Colour::white ? a : b;
    out.black = for_a == Colour::white ? b : a;
    for (auto [p, c] : {std::pair{out.white, Colour::white}, std::pair{out.black, Colour::black}}) {
        const ColourNeed& need = needs_[p];
        if (need.due != Colour::none && need.due != c) {
            out.preference_lost += std::min(need.strength, kStrong);
        }
        if (need.third_in_row[side(c)]) ++out.runs;
    }
    return out;
}

std::optional<Allocation> SwissField::allocate(int a, int b, Pass pass) const {
    const bool a_white = allowed(a, Colour::white, pass) && allowed(b, Colour::black, pass);
    const bool a_black = allowed(a, Colour::black, pass) && allowed(b, Colour::white, pass);
    if (!a_white && !a_black) return std::nullopt;
    if (a_white != a_black) return orient(a, b, a_white ? Colour::white : Colour::black);
    const Allocation as_white = orient(a, b, Colour::white);
    const Allocation as_black = orient(a, b, Colour::black);
    if (as_white.runs != as_black.runs) {
        return as_white.runs < as_black.runs ? as_white : as_black;
    }
    const Colour for_a = preference_of_first(a, b);
    if (for_a == Colour::none) {
        Allocation either = as_white;
        either.either = true;
        return either;
    }
    return for_a == Colour::white ? as_white : as_black;
}

// The Dutch order within score groups (pairing.h): 0 for the ideal pair.
int SwissField::order_cost(int a, int b) const {
    if (place_[a] > place_[b]) std::swap(a, b);
    if (players_[a].score == players_[b].score) {
        const int apart = in_group_[b] - in_group_[a];
        return std::abs(apart - group_size_[a] / 2);
    }
    // a floats down (best the lowest of its group), b up (best the highest).
    return (group_size_[a] - 1 - in_group_[a]) + in_group_[b];
}

// The players' partners in the cheapest pairing of this pass (the index
// count() stands for the bye), or nothing when there is none.
std::optional<std::vector<int>> SwissField::match(Pass pass, const Weights& w) const {
    const int n = count();
    std::vector<std::vector<char>> met(n, std::vector<char>(n, 0));
    for (int p = 0; p < n; ++p) {
        for (int o : players_[p].opponents) met[p][o] = met[o][p] = 1;
    }
    std::vector<CostEdge> edges;
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            if (met[a][b]) continue;
            const std::optional<Allocation> colours = allocate(a, b, pass);
            if (!colours) continue;
            const std::int64_t d = players_[a].score - players_[b].score;
            edges.push_back({a, b,
                             colours->runs * w.run + d * d * w.score +
                                 colours->preference_lost * w.colour + order_cost(a, b)});
        }
    }
    if (n % 2 == 1) {
        int lowest = -1;
        for (const SwissPlayer& p : players_) {
            if (!p.had_bye && (lowest < 0 || p.score < lowest)) lowest = p.score;
        }
        for (int p = 0; p < n; ++p) {
            if (players_[p].had_bye) continue;
            edges.push_back(
                {p, n, (players_[p].score - lowest) * w.bye + (group_size_[p] - 1 - in_group_[p])});
        }
    }
    std::optional<PerfectMatching> m = min_cost_perfect_matching(n + n % 2, edges);
    if (!m) return std::nullopt;
    return m->mate;
}

// The round from the matching: boards by the pair's higher score, lower
// score and better place; colours by the allocation rules.
Round SwissField::round_from(const std::vector<int>& mate, Pass pass) const {
    Round round;
    std::vector<std::pair<int, int>> pairs;
    for (int p = 0; p < count(); ++p) {
        if (mate[p] == count()) round.bye = p;
        if (mate[p] < count() && p < mate[p]) pairs.emplace_back(p, mate[p]);
    }
    auto key = [&](const std::pair<int, int>& pr) {
        const int sa = players_[pr.first].score, sb = players_[pr.second].score;
        return std::tuple(-std::max(sa, sb), -std::min(sa, sb),
                          std::min(place_[pr.first], place_[pr.second]));
    };
    std::sort(pairs.begin(), pairs.end(),
              [&](const auto& x, const auto& y) { return key(x) < key(y); });
    for (std::size_t board = 0; board < pairs.size(); ++board) {
        auto [a, b] = pairs[board];
        const Allocation colours = *allocate(a, b, pass);
        if (!colours.either) {
            round.games.push_back({colours.white, colours.black});
            continue;
        }
        if (place_[a] > place_[b]) std::swap(a, b);  // a is the higher placed
        round.games.push_back(board % 2 == 0 ? Game{a, b} : Game{b, a});
    }
    return round;
}

SwissPairing SwissField::pair() const {
    SwissPairing out;
    out.error = check();
    if (!out.error.empty()) return out;
    int lo = 0, hi = 0;
    for (int p = 0; p < count(); ++p) {
        lo = p == 0 ? players_[p].score : std::min(lo, players_[p].score);
        hi = std::max(hi, players_[p].score);
    }
    const std::optional<Weights> w = weights_for(count(), hi - lo);
    if (!w) {
        out.error = "too many players or too wide a score range to pair";
        return out;
    }
    for (Pass pass : {Pass::strict, Pass::relaxed}) {
        if (const auto mate = match(pass, *w)) {
            out.round = round_from(*mate, pass);
            for (const Game& g : out.round->games) {
                if (needs_[g.white].third_in_row[0] || needs_[g.black].third_in_row[1]) {
                    out.colour_sequence_relaxed = true;
                }
            }
            return out;
        }
    }
    const std::string field = std::to_string(count()) + " players";
    out.error = match(Pass::colour_blind, *w)
                    ? "no pairing of the " + field + " keeps every colour difference within 2"
                    : "no pairing of the " + field + " avoids a rematch" +
                          (count() % 2 == 1 ? " or a second bye" : "");
    return out;
}

}  // namespace

std::vector<Round> berger(int players, bool double_round) {
    if (players < 2 || players > kMaxRoundRobinPlayers) {
        throw std::invalid_argument("berger: " + std::to_string(players) + " players (2 to " +
                                    std::to_string(kMaxRoundRobinPlayers) + ")");
    }
    std::vector<Round> rounds = berger_cycle(players);
    if (!double_round) return rounds;
    std::vector<Round> second = rounds;
    for (Round& r : second) {
        for (Game& g : r.games) std::swap(g.white, g.black);
    }
    if (rounds.size() >= 2) std::swap(rounds[rounds.size() - 1], rounds[rounds.size() - 2]);
    rounds.insert(rounds.end(), second.begin(), second.end());
    return rounds;
}

SwissPairing pair_swiss_round(const std::vector<SwissPlayer>& players) {
    return SwissField(players).pair();
}

}  // namespace asterism::server::tournaments
