// An independent, deliberately plain move generator for Shatra, written
// from ../shared/rules/shatra.md without the engine's tables or bit masks:
// the board is a 7x14 grid of letters, regions are tests on file and rank,
// moves are built as text and collected in a set (so a drop and a move with
// the same cells merge by themselves, 8.1), and the chain rules are applied
// as filters over whole enumerated chains. The perft test compares it with
// State::generate() at every node of the first plies of each perft tree.
// Slow on purpose: clarity over speed.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "games/shatra/shatra.h"

namespace asterism::shatra::reference {

struct Sq {
    int f = 0, r = 0;  // file 0..6 (a..g), rank 1..14
    bool operator==(const Sq&) const = default;
};

// Section 1.1: which grid points are cells.
inline bool is_cell(int f, int r) {
    if (f < 0 || f > 6 || r < 1 || r > 14) return false;
    if (r == 4 || r == 11) return f == 3;
    if (r <= 3 || r >= 12) return f >= 2 && f <= 4;
    return true;
}

inline std::string name(Sq s) {
    return std::string(1, static_cast<char>('a' + s.f)) + std::to_string(s.r);
}

class Generator {
  public:
    Generator(const Rules& rules, const Pos& p)
        : rules_(rules), us_(p.side), temdek_on_(p.temdek_on(p.side)) {
        for (int r = 1; r <= 14; ++r)
            for (int f = 0; f < 7; ++f) grid_[r][f] = is_cell(f, r) ? '.' : '#';
        for (int c = 0; c < kCells; ++c) {
            const std::uint8_t m = p.board[static_cast<std::size_t>(c)];
            const Sq s = sq(cell_name(c));
            if (m) grid_[s.r][s.f] = letter(kind_of(m), colour_of(m));
            if (p.urgent & bit(c)) urgent_.push_back(s);
        }
        if (rules.original) {
            // 14.2: closed while an own shatra stands in the own fortress,
            // read off the grid rather than the engine's temdek bits. 14.3:
            // the first of the fixed order still there enters next.
            temdek_on_ = false;
            for (const Sq s : men()) temdek_on_ |= piece(s) == 'S' && fortress(s, us_);
            const char* order[2][9] = {
                {"c3", "d3", "e3", "c2", "d2", "e2", "c1", "d1", "e1"},
                {"e12", "d12", "c12", "e13", "d13", "c13", "e14", "d14", "c14"}};
            for (const char* c : order[us_])
                if (!has_entry_ && mine(sq(c)) && piece(sq(c)) == 'S') {
                    entry_ = sq(c);
                    has_entry_ = true;
                }
        }
        if (p.ep_skip != kNoCell) {
            ep_skip_ = sq(cell_name(p.ep_skip));
            ep_victim_ = sq(cell_name(p.ep_victim));
            has_ep_ = true;
        }
    }

    std::set<std::string> moves() {
        if (count('K', us_) == 0 || count('K', 1 - us_) == 0) return {};
        std::vector<Chain> chains;
        bool non_biy = false;
        for (const Sq s : men()) {
            const auto found = captures(s);
            non_biy |= !found.empty() && piece(s) != 'K';
            chains.insert(chains.end(), found.begin(), found.end());
        }
        std::set<std::string> out;
        for (const auto& c : chains) out.insert(c.text);
        if (!chains.empty()) {
            if (!non_biy)
                for (const Sq s : men())
                    if (piece(s) == 'K') quiet(s, out);
            if (rules_.gate_privilege && non_biy) gate_privilege(out);
            return out;
        }
        std::vector<Sq> urgent;
        for (const Sq s : urgent_)
            if (mine(s)) urgent.push_back(s);
        if (!urgent.empty()) {
            for (const Sq s : urgent)
                if (can_drop(s)) drops(s, us_, out);
            if (!out.empty() || rules_.urgent_blocked_loses) return out;
        }
        for (const Sq s : men()) quiet(s, out);
        return out;
    }

  private:
    struct Chain {
        std::string text;
        int jumps = 0;
        std::string first;  // the start and first landing, for the maximum rule
    };

    static Sq sq(const std::string& n) { return {n[0] - 'a', std::stoi(n.substr(1))}; }
    static char letter(int kind, int colour) {
        const char c = " KQRBS"[kind];
        return colour == kWhite ? c : static_cast<char>(c - 'A' + 'a');
    }
    char at(Sq s) const { return is_cell(s.f, s.r) ? grid_[s.r][s.f] : '#'; }
    static char piece(char c) { return c >= 'a' ? static_cast<char>(c - 'a' + 'A') : c; }
    char piece(Sq s) const { return piece(at(s)); }
    static int colour(char c) { return c >= 'a' ? kBlack : kWhite; }
    bool man(Sq s) const { return at(s) != '.' && at(s) != '#'; }
    bool mine(Sq s) const { return man(s) && colour(at(s)) == us_; }
    bool enemy(Sq s) const { return man(s) && colour(at(s)) != us_; }
    bool empty(Sq s) const { return at(s) == '.'; }
    int count(char kind, int col) const {
        int n = 0;
        for (int r = 1; r <= 14; ++r)
            for (int f = 0; f < 7; ++f)
                if (man({f, r}) && piece(grid_[r][f]) == kind && colour(grid_[r][f]) == col) ++n;
        return n;
    }
    std::vector<Sq> men() const {
        std::vector<Sq> out;
        for (int r = 1; r <= 14; ++r)
            for (int f = 0; f < 7; ++f)
                if (mine({f, r})) out.push_back({f, r});
        return out;
    }

    // Regions (1.1), for colour c.
    static bool home(Sq s, int c) { return c == kWhite ? s.r <= 4 : s.r >= 11; }
    static bool fortress(Sq s, int c) { return c == kWhite ? s.r <= 3 : s.r >= 12; }
    static bool gate(Sq s, int c) { return s.f == 3 && s.r == (c == kWhite ? 4 : 11); }
    static bool half(Sq s, int c) {
        return c == kWhite ? s.r >= 5 && s.r <= 7 : s.r >= 8 && s.r <= 10;
    }
    static bool promo_rank(Sq s, int c) { return s.r == (c == kWhite ? 14 : 1); }
    int fwd() const { return us_ == kWhite ? 1 : -1; }
    // Rank counted from the own side: 1 is the own back rank.
    int own_rank(Sq s) const { return us_ == kWhite ? s.r : 15 - s.r; }

    // 14.11 D9: a lone capturer (not the biy) standing on a gate may also
    // make its non-capturing moves.
    void gate_privilege(std::set<std::string>& out) const {
        std::vector<Sq> capturers;
        for (const Sq s : men())
            if (!captures(s).empty()) capturers.push_back(s);
        if (capturers.size() == 1 && (gate(capturers[0], kWhite) || gate(capturers[0], kBlack)))
            quiet(capturers[0], out);
    }

    std::vector<char> available() const {
        if (rules_.original) return {'Q'};  // 14.4.3: always a batyr
        std::vector<char> out;
        if (count('Q', us_) < 1) out.push_back('Q');
        if (count('R', us_) < 2) out.push_back('R');
        if (count('B', us_) < 2) out.push_back('B');
        return out;
    }

    // ---- quiet moves (3, 4) ----

    bool can_drop(Sq s) const {
        const bool on_gate = gate(s, kWhite) || gate(s, kBlack);
        if (!on_gate || rules_.gate_drops) return true;
        return piece(s) == 'K' && gate(s, us_) && temdek_on_;
    }
    void drops(Sq s, int side, std::set<std::string>& out) const {
        for (int r = 1; r <= 14; ++r)
            for (int f = 0; f < 7; ++f)
                if (half({f, r}, side) && empty({f, r})) out.insert(name(s) + "-" + name({f, r}));
    }
    void add(Sq from, Sq to, std::set<std::string>& out) const {
        if (temdek_on_ && home(to, us_) &&
            !(piece(from) == 'K' && gate(to, us_) && rules_.biy_gate_return))
            return;
        if (piece(from) == 'S' && promo_rank(to, us_) && !available().empty()) {
            for (const char k : available()) out.insert(name(from) + "-" + name(to) + "=" + k);
            return;
        }
        out.insert(name(from) + "-" + name(to));
    }
    // Section 14: the entry move of the first fortress shatra, shatra steps
    // forward, diagonally forward and sideways everywhere, and the biy and
    // batyrs moving, put down from their own home area, and (enemy_drops)
    // from the enemy's.
    void quiet_original(Sq s, std::set<std::string>& out) const {
        const char k = piece(s);
        const std::vector<std::pair<int, int>> all = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                                      {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
        const int F = fwd();
        if (k == 'S' && fortress(s, us_)) {
            if (has_entry_ && s == entry_) drops(s, us_, out);
            return;
        }
        const auto dirs =
            k == 'S' ? std::vector<std::pair<int, int>>{{0, F}, {1, F}, {-1, F}, {1, 0}, {-1, 0}}
                     : all;
        for (const auto& [df, dr] : dirs)
            for (Sq t{s.f + df, s.r + dr}; empty(t); t = {t.f + df, t.r + dr}) {
                add(s, t, out);
                if (k != 'Q') break;
            }
        if (home(s, us_) && k != 'S' && can_drop(s)) drops(s, us_, out);
        if (home(s, 1 - us_) && rules_.enemy_drops != EnemyDrops::None &&
            (k != 'S' || rules_.enemy_drops == EnemyDrops::All))
            drops(s, 1 - us_, out);
    }

    void quiet(Sq s, std::set<std::string>& out) const {
        const char k = piece(s);
        if (rules_.original) return quiet_original(s, out);
        if (home(s, us_) && temdek_on_) {
            if (can_drop(s)) drops(s, us_, out);
            if (rules_.great_road && (k == 'Q' || k == 'R') && s.f == 3)
                for (Sq t{3, s.r + fwd()}; empty(t); t.r += fwd())
                    if (!home(t, us_)) out.insert(name(s) + "-" + name(t));
            return;
        }
        std::vector<std::pair<int, int>> dirs;
        const std::vector<std::pair<int, int>> all = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                                      {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
        if (k == 'S') {
            const int r = own_rank(s), F = fwd();
            if (r <= 6)
                dirs = {{0, F}};
            else if (r == 7)
                dirs = {{0, F}, {1, F}, {-1, F}};
            else if (r == 14)
                dirs = {{1, 0}, {-1, 0}};
            else if (rules_.king_beyond_ditch)
                dirs = all;
            else
                dirs = {{0, F}, {1, F}, {-1, F}, {1, 0}, {-1, 0}};
            for (const auto& [df, dr] : dirs)
                if (empty({s.f + df, s.r + dr})) add(s, {s.f + df, s.r + dr}, out);
            if (r == 5 && empty({s.f, s.r + F}) && empty({s.f, s.r + 2 * F}))
                add(s, {s.f, s.r + 2 * F}, out);
            const bool tower = rules_.tower_squares && (s.f == 0 || s.f == 6) && r == 10;
            if (tower)
                for (int rr = 1; rr <= 14; ++rr)
                    for (int f = 0; f < 7; ++f)
                        if (fortress({f, rr}, 1 - us_) && empty({f, rr})) add(s, {f, rr}, out);
            // Own home area after the temdek is off: the drop right (4.2).
            if (can_drop(s) && home(s, us_)) drops(s, us_, out);
            return;
        }
        if (k == 'R')
            dirs = {all[0], all[2], all[4], all[6]};
        else if (k == 'B')
            dirs = {all[1], all[3], all[5], all[7]};
        else
            dirs = all;
        for (const auto& [df, dr] : dirs)
            for (Sq t{s.f + df, s.r + dr}; empty(t); t = {t.f + df, t.r + dr}) {
                add(s, t, out);
                if (k == 'K') break;
            }
        if (!can_drop(s)) return;
        if (home(s, us_)) drops(s, us_, out);
        if (home(s, 1 - us_) && rules_.enemy_drops != EnemyDrops::None &&
            (k != 'S' || rules_.enemy_drops == EnemyDrops::All))
            drops(s, 1 - us_, out);
    }

    // ---- captures (5) ----

    struct Jump {
        Sq victim, land;
    };

    bool landing_allowed(Sq from, Sq land, char k) const {
        if (rules_.original && home(land, us_)) {
            // 14.7.2: a shatra never (D4: Shatrabase's jump from the own
            // fortress may); the biy and batyrs not while closed.
            if (k == 'S') return rules_.fortress_landing && fortress(from, us_);
            return !temdek_on_ || (k == 'K' && gate(land, us_) && rules_.biy_gate_return);
        }
        if (!temdek_on_ || !home(land, us_)) return true;
        if (home(from, us_)) {
            // 13: Shatrabase's biy from its own gate stays out of its fortress.
            return !(k == 'K' && gate(from, us_) && fortress(land, us_) &&
                     !rules_.biy_gate_into_fortress);
        }
        return k == 'K' && gate(land, us_) && rules_.biy_gate_return;
    }

    // Every jump for a man of kind k on `from`; `jumped` men block and cannot
    // be taken again; `start` is the chain's starting cell, empty meanwhile.
    std::vector<Jump> jumps(Sq from, char k, const std::vector<Sq>& jumped, Sq start,
                            bool first) const {
        auto free_cell = [&](Sq s) { return empty(s) || s == start; };
        auto was_jumped = [&](Sq s) {
            return std::find(jumped.begin(), jumped.end(), s) != jumped.end();
        };
        std::vector<Jump> out;
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                if (!df && !dr) continue;
                const bool diagonal = df && dr;
                if ((k == 'R' && diagonal) || (k == 'B' && !diagonal)) continue;
                Sq v{from.f + df, from.r + dr};
                if (k == 'Q' || k == 'R' || k == 'B')
                    while (free_cell(v)) v = {v.f + df, v.r + dr};
                Sq victim = v;
                if (!enemy(v) || was_jumped(v)) {
                    // 5.7: the skipped cell stands for the double-stepped shatra.
                    if (!(first && k == 'S' && has_ep_ && v == ep_skip_)) continue;
                    victim = ep_victim_;
                } else if (first && k == 'S' && rules_.ep_exclusive && has_ep_ && v == ep_victim_ &&
                           ep_beside(from)) {
                    continue;
                }
                for (Sq l{v.f + df, v.r + dr}; free_cell(l); l = {l.f + df, l.r + dr}) {
                    if (landing_allowed(from, l, k)) out.push_back({victim, l});
                    if (k == 'K' || k == 'S') break;
                }
            }
        return out;
    }

    // 13: a shatra beside the skipped cell or beside the victim that can take
    // en passant.
    bool ep_beside(Sq s) const {
        const int df = ep_skip_.f - s.f, dr = ep_skip_.r - s.r;
        if (std::abs(df) > 1 || std::abs(dr) > 1) return false;
        if (s.r != ep_skip_.r && s.r != ep_victim_.r) return false;
        return empty({ep_skip_.f + df, ep_skip_.r + dr});
    }

    std::vector<Chain> captures(Sq start) const {
        std::vector<Chain> out;
        const char k0 = piece(start);
        std::function<void(Sq, char, std::vector<Sq>&, std::string, char, std::string)> walk =
            [&](Sq at, char k, std::vector<Sq>& jumped, std::string text, char promo,
                std::string first) {
                auto js = jumps(at, k, jumped, start, jumped.empty());
                // 5.3 / 13: landing rules for long leaps, per jumped man. A
                // leap over the biy ends the chain (5.8), so it never goes on.
                if (rules_.landing != Landing::Any && k != 'K' && k != 'S') {
                    std::vector<Jump> kept;
                    for (const Jump& j : js) {
                        std::vector<Jump> same, going_on;
                        for (const Jump& o : js)
                            if (o.victim == j.victim) same.push_back(o);
                        for (const Jump& o : same) {
                            if (piece(o.victim) == 'K') continue;
                            jumped.push_back(o.victim);
                            if (!jumps(o.land, k, jumped, start, false).empty())
                                going_on.push_back(o);
                            jumped.pop_back();
                        }
                        if (going_on.empty())
                            kept.push_back(j);
                        else if (rules_.landing == Landing::Continue) {
                            for (const Jump& o : going_on)
                                if (o.land == j.land) kept.push_back(j);
                        } else {
                            // Nearest: the going-on landing closest to the victim.
                            Jump best = going_on[0];
                            for (const Jump& o : going_on)
                                if (std::abs(o.land.f - o.victim.f) +
                                        std::abs(o.land.r - o.victim.r) <
                                    std::abs(best.land.f - best.victim.f) +
                                        std::abs(best.land.r - best.victim.r))
                                    best = o;
                            if (best.land == j.land) kept.push_back(j);
                        }
                    }
                    js = kept;
                }
                if (js.empty()) {
                    if (jumped.empty()) return;
                    if (k0 != 'K') finish(text, promo, at, k, jumped, first, out);
                    return;
                }
                for (const Jump& j : js) {
                    jumped.push_back(j.victim);
                    const std::string t = text + ":" + name(j.land);
                    const std::string f = jumped.size() == 1 ? t : first;
                    if (piece(j.victim) == 'K') {
                        // 5.8: the game ends at once. A shatra that lands on
                        // its promotion rank promotes only where the rules
                        // say so (6, 13).
                        if (rules_.promote_taking_biy && k == 'S')
                            finish(t, promo, j.land, k, jumped, f, out);
                        else
                            out.push_back({t, static_cast<int>(jumped.size()), f});
                    } else {
                        if (k0 == 'K') out.push_back({t, static_cast<int>(jumped.size()), f});
                        const bool promote = k == 'S' && rules_.mid_chain_promotion &&
                                             promo_rank(j.land, us_) && !available().empty();
                        if (promote)
                            for (const char p : available())
                                walk(j.land, p, jumped, t + "=" + p, p, f);
                        else
                            walk(j.land, k, jumped, t, promo, f);
                    }
                    jumped.pop_back();
                }
            };
        std::vector<Sq> jumped;
        walk(start, k0, jumped, name(start), 0, "");
        if (!rules_.max_capture || k0 == 'K') return out;
        std::vector<Chain> longest;
        for (const Chain& c : out) {
            bool best = true;
            for (const Chain& o : out)
                if (o.first == c.first && o.jumps > c.jumps) best = false;
            if (best) longest.push_back(c);
        }
        return longest;
    }

    void finish(const std::string& text, char promo, Sq at, char k, const std::vector<Sq>& jumped,
                const std::string& first, std::vector<Chain>& out) const {
        const int n = static_cast<int>(jumped.size());
        if (k == 'S' && !promo && promo_rank(at, us_) && !available().empty()) {
            for (const char p : available()) out.push_back({text + "=" + p, n, first});
            return;
        }
        out.push_back({text, n, first});
    }

    const Rules& rules_;
    int us_;
    bool temdek_on_;
    char grid_[15][7] = {};
    std::vector<Sq> urgent_;
    Sq ep_skip_, ep_victim_;
    bool has_ep_ = false;
    Sq entry_;
    bool has_entry_ = false;
};

inline std::vector<std::string> legal_moves(const State& s) {
    const auto set = Generator(s.rules(), s.pos()).moves();
    return {set.begin(), set.end()};
}

}  // namespace asterism::shatra::reference
