// A slow, independent move generator for Star Pool Chess, written from the
// wording of shared/rules/starpool.md with none of the engine's machinery:
// no move tables, no bitboards, no pins. Each man's moves are walked on
// coordinates, and a move is legal if no enemy move (generated the same way)
// could then land on the mover's King. Tests compare the engine with it move
// for move, including the man that stands on the destination afterwards
// (so promotions are compared too).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "games/starpool/starpool.h"

namespace asterism::starpool::testing {

class Reference {
  public:
    explicit Reference(const State& s) {
        for (int y = 0; y < 11; ++y)
            for (int x = 0; x < 11; ++x) {
                board_[x][y] = '.';
                if (!cell({x, y})) continue;
                const Piece p = s.at(static_cast<Cell>(y * 11 + x));
                if (p == kNoPiece) continue;
                const char c = "KGCENRWPSL"[kind_of(p)];
                board_[x][y] = side_of(p) == 0 ? c : static_cast<char>(c - 'A' + 'a');
            }
        white_ = s.to_move() == Player::First;
        unmoved_[0] = s.king_unmoved(Player::First);
        unmoved_[1] = s.king_unmoved(Player::Second);
    }

    // Legal moves as "<move text>=<man on the destination afterwards>",
    // sorted; none when either side has only its King (spec 9.10).
    std::vector<std::string> legal() const {
        std::vector<std::string> out;
        if (bare(true) || bare(false)) return out;
        const bool check = attacked_king(white_);
        for (const Cand& c : candidates(white_, check, false)) {
            Reference next = *this;
            const char result = next.play(c);
            if (next.attacked_king(white_)) continue;
            out.push_back(name(c.from) +
                          (c.swap            ? "<>"
                           : at(c.to) == '.' ? "-"
                                             : "x") +
                          name(c.to) + "=" + result);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }

  private:
    struct Pt {
        int x, y;
        bool operator==(const Pt&) const = default;
        Pt operator+(Pt o) const { return {x + o.x, y + o.y}; }
    };
    struct Cand {
        Pt from, to;
        bool swap = false;
        bool via_option = false;
    };
    enum Mode { kMoveOrCapture, kQuietOnly, kCaptureOnly };

    static constexpr Pt kPool{5, 5};
    static bool citadel(Pt p) { return (p.x == 0 || p.x == 10) && (p.y == 0 || p.y == 10); }
    static bool cell(Pt p) {
        return citadel(p) || (p.x >= 1 && p.x <= 9 && p.y >= 1 && p.y <= 9 && !(p == kPool));
    }
    static bool diagonal(Pt d) { return d.x != 0 && d.y != 0; }
    static std::string name(Pt p) {
        if (citadel(p)) return p.y == 0 ? (p.x == 0 ? "w1" : "w2") : (p.x == 10 ? "w3" : "w4");
        return {static_cast<char>('a' + p.x - 1), static_cast<char>('0' + p.y)};
    }
    // The citadel at the end of the diagonal leaving the pool in direction d.
    static Pt far_citadel(Pt d) { return {5 + 5 * d.x, 5 + 5 * d.y}; }

    char at(Pt p) const { return cell(p) ? board_[p.x][p.y] : '#'; }
    static bool is_white(char c) { return c >= 'A' && c <= 'Z'; }
    bool own(Pt p, bool white) const {
        return at(p) != '.' && at(p) != '#' && is_white(at(p)) == white;
    }
    bool enemy(Pt p, bool white) const {
        return at(p) != '.' && at(p) != '#' && is_white(at(p)) != white;
    }
    bool bare(bool white) const {
        for (int x = 0; x < 11; ++x)
            for (int y = 0; y < 11; ++y)
                if (own({x, y}, white) && (at({x, y}) | 32) != 'k') return false;
        return true;
    }

    // Adds a destination if the mode allows it there.
    void add(std::vector<Cand>& out, Pt from, Pt to, bool white, Mode mode,
             bool option = false) const {
        if (!cell(to) || own(to, white)) return;
        if (mode == kQuietOnly && at(to) != '.') return;
        if (mode == kCaptureOnly && at(to) == '.') return;
        out.push_back({from, to, false, option});
    }

    // A one-cell move in direction d: across the pool orthogonally; through
    // it or into the far citadel diagonally (not when starting in a
    // citadel); from a citadel orthogonally only along a link.
    void step(std::vector<Cand>& out, Pt from, Pt d, bool white, Mode mode) const {
        if (!diagonal(d) && citadel(from)) {
            add(out, from, {from.x + 10 * d.x, from.y + 10 * d.y}, white, mode);
            return;
        }
        Pt to = from + d;
        if (to == kPool) {
            if (diagonal(d) && !citadel(from)) add(out, from, far_citadel(d), white, mode, true);
            to = to + d;
        }
        add(out, from, to, white, mode);
    }

    // A leap through fixed unit legs; only the last, if diagonal, may end
    // in the far citadel instead of passing the pool.
    void leap(std::vector<Cand>& out, Pt from, const std::vector<Pt>& legs, bool white) const {
        Pt p = from;
        for (std::size_t i = 0; i < legs.size(); ++i) {
            p = p + legs[i];
            if (!(p == kPool)) continue;
            if (i + 1 == legs.size() && diagonal(legs[i]) && !citadel(from))
                add(out, from, far_citadel(legs[i]), white, kMoveOrCapture, true);
            p = p + legs[i];
        }
        add(out, from, p, white, kMoveOrCapture);
    }

    void slide(std::vector<Cand>& out, Pt from, Pt d, bool white) const {
        if (!diagonal(d) && citadel(from)) return step(out, from, d, white, kMoveOrCapture);
        bool reached_pool = false;
        for (Pt p = from + d;; p = p + d) {
            if (p == kPool) {
                reached_pool = true;
                continue;
            }
            if (!cell(p) || own(p, white)) break;
            add(out, from, p, white, kMoveOrCapture);
            if (at(p) != '.') break;
        }
        if (reached_pool && diagonal(d) && !citadel(from))
            add(out, from, far_citadel(d), white, kMoveOrCapture, true);
    }

    // Every move of `white`'s men, pseudo-legal; with `attack_only` the
    // swaps are left out and an unmoved King's leap counts even in check.
    std::vector<Cand> candidates(bool white, bool in_check, bool attack_only) const {
        static const Pt orth[4] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        static const Pt diag[4] = {{1, 1}, {1, -1}, {-1, -1}, {-1, 1}};
        const Pt fwd{0, white ? 1 : -1};
        std::vector<Cand> out;
        auto outward = [&](Pt o) {
            return std::vector<Pt>{o.x ? Pt{o.x, 1} : Pt{1, o.y}, o.x ? Pt{o.x, -1} : Pt{-1, o.y}};
        };
        for (int x = 0; x < 11; ++x) {
            for (int y = 0; y < 11; ++y) {
                const Pt f{x, y};
                if (!own(f, white)) continue;
                auto knight = [&](int orth_legs) {
                    for (Pt o : orth)
                        for (Pt d : outward(o)) {
                            std::vector<Pt> legs(static_cast<std::size_t>(orth_legs), o);
                            legs.push_back(d);
                            leap(out, f, legs, white);
                        }
                };
                switch (at(f) | 32) {
                    case 'k':
                        for (Pt d : orth) step(out, f, d, white, kMoveOrCapture);
                        for (Pt d : diag) step(out, f, d, white, kMoveOrCapture);
                        if (unmoved_[white ? 0 : 1] && (attack_only || !in_check)) knight(1);
                        break;
                    case 'g':
                        for (Pt d : orth) slide(out, f, d, white);
                        for (Pt d : diag) step(out, f, d, white, kMoveOrCapture);
                        break;
                    case 'c':
                        for (Pt d : diag) slide(out, f, d, white);
                        for (Pt d : orth) step(out, f, d, white, kMoveOrCapture);
                        break;
                    case 'e':
                        step(out, f, fwd, white, kMoveOrCapture);
                        leap(out, f, {fwd, fwd}, white);
                        for (Pt d : diag) {
                            step(out, f, d, white, kMoveOrCapture);
                            leap(out, f, {d, d}, white);
                        }
                        break;
                    case 'n':
                        knight(1);
                        break;
                    case 'r':
                        for (Pt d : orth) slide(out, f, d, white);
                        break;
                    case 'w':
                        for (Pt d : diag) step(out, f, d, white, kMoveOrCapture);
                        knight(2);
                        if (attack_only) break;
                        for (Pt d : {orth[0], orth[1], orth[2], orth[3], diag[0], diag[1], diag[2],
                                     diag[3]}) {
                            Pt q = f + d;
                            if (q == kPool) q = q + d;
                            if (own(q, white) && (at(q) | 32) != 'w') out.push_back({f, q, true});
                        }
                        break;
                    case 'p': {
                        step(out, f, fwd, white, kQuietOnly);
                        step(out, f, {1, fwd.y}, white, kCaptureOnly);
                        step(out, f, {-1, fwd.y}, white, kCaptureOnly);
                        const int start_rank = white ? 3 : 7;
                        if ((x == 1 || x == 9) && y == start_rank && at(f + fwd) == '.')
                            add(out, f, f + fwd + fwd, white, kQuietOnly);
                        break;
                    }
                    case 's':
                        for (Pt d : diag) step(out, f, d, white, kMoveOrCapture);
                        break;
                    case 'l':
                        for (Pt d : orth) step(out, f, d, white, kMoveOrCapture);
                        break;
                }
            }
        }
        return out;
    }

    Pt king(bool white) const {
        for (int x = 0; x < 11; ++x)
            for (int y = 0; y < 11; ++y)
                if (own({x, y}, white) && (at({x, y}) | 32) == 'k') return {x, y};
        return {-1, -1};
    }

    bool attacked_king(bool white) const {
        const Pt k = king(white);
        for (const Cand& c : candidates(!white, false, true))
            if (c.to == k) return true;
        return false;
    }

    // Plays a candidate; returns the man on the destination afterwards.
    char play(const Cand& c) {
        char man = at(c.from);
        const bool white = is_white(man);
        if (c.swap) {
            std::swap(board_[c.from.x][c.from.y], board_[c.to.x][c.to.y]);
            if ((at(c.from) | 32) == 'k') unmoved_[white ? 0 : 1] = false;
        } else {
            const bool enemy_citadel = citadel(c.to) && c.to.y == (white ? 10 : 0);
            const bool back_rank = !citadel(c.to) && c.to.y == (white ? 9 : 1);
            const bool pawn_rank = !citadel(c.to) && c.to.y == (white ? 7 : 3);
            char promoted = 0;
            switch (man | 32) {
                case 'p':
                    if (enemy_citadel) promoted = c.via_option ? 'c' : 's';
                    if (pawn_rank) promoted = 's';
                    break;
                case 's':
                    if (enemy_citadel || back_rank) promoted = 'c';
                    break;
                case 'l':
                    if (enemy_citadel || back_rank) promoted = 'g';
                    break;
                case 'k':
                    unmoved_[white ? 0 : 1] = false;
                    break;
            }
            if (promoted) man = white ? static_cast<char>(promoted - 32) : promoted;
            board_[c.to.x][c.to.y] = man;
            board_[c.from.x][c.from.y] = '.';
        }
        return at(c.to);
    }

    char board_[11][11];
    bool white_ = true;
    bool unmoved_[2] = {false, false};
};

// The engine's legal moves in the same form as Reference::legal().
inline std::vector<std::string> engine_moves(State s) {
    State::Move moves[State::kMaxMoves];
    const int n = s.generate(moves);
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) {
        const std::string text = s.move_text(moves[i]);
        s.apply(moves[i]);
        const Piece p = s.at(moves[i].to);
        const char c = "KGCENRWPSL"[kind_of(p)];
        out.push_back(text + "=" + (side_of(p) == 0 ? c : static_cast<char>(c - 'A' + 'a')));
        s.undo();
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace asterism::starpool::testing
