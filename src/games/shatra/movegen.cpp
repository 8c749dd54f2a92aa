// Legal-move generation (shatra.md section 9): capture chains first, then
// the urgent drop, then quiet moves and drops. This is the hot path of perft
// and playouts, so it works on bit masks and precomputed neighbour tables and
// writes moves straight into the caller's buffer. It is a file apart from
// state.cpp because it is the largest and hottest part of the rules.
#include <bit>
#include <string>

#include "games/shatra/errors.h"
#include "games/shatra/shatra.h"

namespace asterism::shatra {

bool operator==(const Move& a, const Move& b) {
    if (a.from != b.from || a.to != b.to || a.jumps != b.jumps || a.promo != b.promo ||
        a.promo_at != b.promo_at || a.flags != b.flags)
        return false;
    for (int i = 0; i < a.jumps; ++i)
        if (a.path[i] != b.path[i]) return false;
    return true;
}

namespace {

// Directions each long leaper uses, as a bit set over the 8 directions.
constexpr unsigned kSlideDirs[6] = {0, 0xff, 0xff, 0x55, 0xaa, 0};

class Gen {
  public:
    Gen(const Rules& rules, const Pos& p, Move* out)
        : rules_(rules),
          p_(p),
          out_(out),
          us_(p.side),
          them_(p.side ^ 1),
          own_(p.occ[us_]),
          opp_(p.occ[them_]),
          occ_(own_ | opp_),
          temdek_(p.temdek_on(us_)) {
        // Promotion types still available (section 6): fewer on the board
        // than at the start. The Original form always promotes to a batyr,
        // without limit (14.4.3).
        if (rules.original) {
            avail_[navail_++] = kBatyr;
            for (const int c : kEntryOrder[us_])
                if (p.board[static_cast<std::size_t>(c)] == man(kShatra, us_)) {
                    entry_ = c;
                    break;
                }
            return;
        }
        for (int k = kBatyr; k <= kYalkyn; ++k)
            if (p.count[us_][k] < kInitialCount[k])
                avail_[navail_++] = static_cast<std::uint8_t>(k);
    }

    int run() {
        for (Bits b = own_; b; b &= b - 1) captures_from(std::countr_zero(b));
        if (n_) {
            // The biy alone may decline (5.6): add its quiet moves.
            // Shatrabase's Original mode gives the same right to a lone
            // capturer standing on a gate (14.11, D9).
            if (!nonbiy_capture_)
                quiet_from(biy_cell());
            else if (rules_.gate_privilege && capturers_ == 1 && (kGates & bit(capturer_)))
                quiet_from(capturer_);
            return n_;
        }
        if (const Bits urgent = p_.urgent & own_) {
            for (Bits b = urgent; b; b &= b - 1) {
                const int s = std::countr_zero(b);
                if (may_drop(s, kind_of(p_.board[s]))) drops(s, kHalf[us_] & ~occ_);
            }
            if (n_ || rules_.urgent_blocked_loses) return n_;
        }
        for (Bits b = own_; b; b &= b - 1) quiet_from(std::countr_zero(b));
        return n_;
    }

  private:
    int biy_cell() const {
        for (Bits b = own_; b; b &= b - 1)
            if (kind_of(p_.board[std::countr_zero(b)]) == kBiy) return std::countr_zero(b);
        return kNoCell;  // unreachable: only the biy can be the sole capturer
    }

    // kMaxMoves is a bound no position is known to reach (long-leap landing
    // choices multiply along a chain, so it is not proven); a position past
    // it is refused with an error rather than losing moves silently.
    void make_room() {
        if (n_ >= State::kMaxMoves)
            throw error("pos.shatra.tooManyMoves", {{"n", State::kMaxMoves}});
    }

    void push(const Move& m) {
        make_room();
        out_[n_++] = m;
    }

    void push_quiet(int from, int to, int promo, int flags) {
        make_room();
        Move& m = out_[n_++];
        m.from = static_cast<std::uint8_t>(from);
        m.to = static_cast<std::uint8_t>(to);
        m.jumps = 0;
        m.promo = static_cast<std::uint8_t>(promo);
        m.promo_at = 0;
        m.flags = static_cast<std::uint8_t>(flags);
    }

    // A shatra reaching its promotion rank must take an available type; with
    // none available it stays and waits (section 6).
    void push_shatra_step(int from, int to, int flags) {
        if ((kPromo[us_] & bit(to)) && navail_) {
            for (int i = 0; i < navail_; ++i) push_quiet(from, to, avail_[i], flags);
        } else {
            push_quiet(from, to, 0, flags);
        }
    }

    void drops(int from, Bits cells) {
        for (; cells; cells &= cells - 1) push_quiet(from, std::countr_zero(cells), 0, Move::kDrop);
    }

    // Gate men drop only where the gate_drops rule allows (11.9, 13); the
    // biy on its own gate with the temdek on always may (4.1).
    bool may_drop(int s, int kind) const {
        if (!(kGates & bit(s)) || rules_.gate_drops) return true;
        return kind == kBiy && s == kGate[us_] && temdek_;
    }

    // ---- quiet moves and drops (sections 3 and 4) ---------------------------

    Bits slide_targets(int s, unsigned dirs) const {
        Bits t = 0;
        for (int d = 0; d < kDirs; ++d) {
            if (!(dirs >> d & 1)) continue;
            for (int c = kGeo.step[s][d]; c != kNoCell && !(occ_ & bit(c)); c = kGeo.step[c][d])
                t |= bit(c);
        }
        return t;
    }

    void quiet_from(int s) {
        if (rules_.original) return quiet_original(s);
        const int kind = kind_of(p_.board[s]);
        const Bits empty = ~occ_ & kAllCells;
        if ((kHome[us_] & bit(s)) && temdek_) {
            // A reserve man: no ordinary moves, only drops (4.1) and the
            // great-road run (3.6). A run that ends in the own half is both
            // a drop and an ordinary move, and counts as the move (8.1), so
            // those cells are not offered as drops.
            Bits run = 0;
            if (rules_.great_road && (kind == kBatyr || kind == kTura) && kGeo.file[s] == 3) {
                const int d = forward(us_);
                for (int c = kGeo.step[s][d]; c != kNoCell && (empty & bit(c)); c = kGeo.step[c][d])
                    if (!(kHome[us_] & bit(c))) run |= bit(c);
            }
            if (may_drop(s, kind)) drops(s, kHalf[us_] & empty & ~run);
            for (Bits b = run; b; b &= b - 1) push_quiet(s, std::countr_zero(b), 0, 0);
            return;
        }
        Bits targets;
        if (kind == kShatra) {
            targets = kSteps.shatra[rules_.king_beyond_ditch][us_][s] & empty;
            if (rules_.tower_squares && (kTower[us_] & bit(s))) targets |= kFortress[them_] & empty;
        } else if (kind == kBiy) {
            targets = kSteps.king[s] & empty;
        } else {
            targets = slide_targets(s, kSlideDirs[kind]);
        }
        // The home-area restriction (section 3): not back into the own home
        // area while the temdek is on, except the biy onto its gate.
        if (temdek_)
            targets &= ~kHome[us_] | (kind == kBiy && rules_.biy_gate_return ? bit(kGate[us_]) : 0);
        if (kind == kShatra) {
            for (Bits b = targets; b; b &= b - 1) push_shatra_step(s, std::countr_zero(b), 0);
            if (kFirstRank[us_] & bit(s)) {
                const int one = kGeo.step[s][forward(us_)];
                const int two = kGeo.step[one][forward(us_)];
                if ((empty & bit(one)) && (empty & bit(two)))
                    push_quiet(s, two, 0, Move::kDoubleStep);
            }
            // A shatra back in its own home area (by a capture) once the
            // temdek is off regains the drop right like any man (4.2); only
            // the enemy home area is closed to shatra drops (11.8).
            if ((kHome[us_] & bit(s)) && may_drop(s, kind)) drops(s, kHalf[us_] & empty & ~targets);
            return;
        }
        for (Bits b = targets; b; b &= b - 1) push_quiet(s, std::countr_zero(b), 0, 0);
        // Drops from the own home area once the temdek is off, and from the
        // enemy home area for all but shatras (4.2, 11.8). A drop to a cell
        // the man could also reach by moving is that move (8.1).
        if (!may_drop(s, kind)) return;
        if (kHome[us_] & bit(s)) drops(s, kHalf[us_] & empty & ~targets);
        if ((kHome[them_] & bit(s)) && rules_.enemy_drops != EnemyDrops::None &&
            (kind != kShatra || rules_.enemy_drops == EnemyDrops::All))
            drops(s, kHalf[them_] & empty & ~targets);
    }

    // The Original form's quiet moves (14.3-14.6). Only the first fortress
    // shatra of the entry order moves: onto any empty cell of the own half.
    // Other shatras step forward, diagonally forward or sideways and promote
    // to a batyr on the far rank. The biy and batyrs move as usual, never
    // into their own home area while it is closed (save a biy returning to
    // its gate under biy_gate_return), and from their own home area may
    // also be put onto the own half; a drop to a cell the man could reach by
    // moving is that move (8.1).
    void quiet_original(int s) {
        const int kind = kind_of(p_.board[s]);
        const Bits empty = ~occ_ & kAllCells;
        if (kind == kShatra) {
            if (kHome[us_] & bit(s)) {
                if (s == entry_) drops(s, kHalf[us_] & empty);
                return;
            }
            const Bits targets = kSteps.shatra[StepMasks::kOriginal][us_][s] & empty;
            for (Bits b = targets; b; b &= b - 1) {
                const int to = std::countr_zero(b);
                push_quiet(s, to, (kPromo[us_] & bit(to)) ? kBatyr : 0, 0);
            }
            if ((kHome[them_] & bit(s)) && rules_.enemy_drops == EnemyDrops::All)
                drops(s, kHalf[them_] & empty & ~targets);
            return;
        }
        Bits targets = kind == kBiy ? kSteps.king[s] & empty : slide_targets(s, kSlideDirs[kind]);
        if (temdek_)
            targets &= ~kHome[us_] | (kind == kBiy && rules_.biy_gate_return ? bit(kGate[us_]) : 0);
        for (Bits b = targets; b; b &= b - 1) push_quiet(s, std::countr_zero(b), 0, 0);
        if ((kHome[us_] & bit(s)) && may_drop(s, kind)) drops(s, kHalf[us_] & empty & ~targets);
        if ((kHome[them_] & bit(s)) && rules_.enemy_drops != EnemyDrops::None)
            drops(s, kHalf[them_] & empty & ~targets);
    }

    // ---- captures (section 5) -------------------------------------------------

    // Section 5.5: a jump that starts outside the own home area may not land
    // in it while the temdek is on, except the biy onto its gate.
    //
    // The Original form (14.7.2): a shatra never lands in its own home
    // area (save a jump from the fortress under fortress_landing); the biy
    // and batyrs not while it is closed (the biy onto its gate under
    // biy_gate_return, as Shatrabase allows).
    bool landing_ok(int at, int land, int kind) const {
        if (rules_.original) {
            if (!(kHome[us_] & bit(land))) return true;
            // Shatrabase lets a jump from the own fortress land at home (D4).
            if (kind == kShatra) return rules_.fortress_landing && (kFortress[us_] & bit(at));
            return !temdek_ || (kind == kBiy && rules_.biy_gate_return && land == kGate[us_]);
        }
        if (!temdek_ || !(kHome[us_] & bit(land))) return true;
        if (kHome[us_] & bit(at))
            return rules_.biy_gate_into_fortress || kind != kBiy || at != kGate[us_] ||
                   !(kFortress[us_] & bit(land));
        return kind == kBiy && rules_.biy_gate_return && land == kGate[us_];
    }

    bool victim_ok(int c) const { return (opp_ & ~jumped_ & bit(c)) != 0; }

    // Whether the long leaper `kind` standing on `at` could jump again.
    bool can_leap(int at, int kind) const {
        for (int d = 0; d < kDirs; ++d) {
            if (!(kSlideDirs[kind] >> d & 1)) continue;
            int v = kGeo.step[at][d];
            while (v != kNoCell && !(chain_occ_ & bit(v))) v = kGeo.step[v][d];
            if (v == kNoCell || !victim_ok(v)) continue;
            for (int l = kGeo.step[v][d]; l != kNoCell && !(chain_occ_ & bit(l));
                 l = kGeo.step[l][d])
                if (landing_ok(at, l, kind)) return true;
        }
        return false;
    }

    void captures_from(int s) {
        const int kind = kind_of(p_.board[s]);
        // A short leaper's first jump is over a neighbour: an enemy man, or
        // the cell a shatra's double step skipped (5.7). With neither beside
        // it, it has no capture; most men most of the time.
        if ((kind == kShatra || kind == kBiy) && !(kSteps.king[s] & opp_) &&
            (kind == kBiy || p_.ep_skip == kNoCell || !(kSteps.king[s] & bit(p_.ep_skip))))
            return;
        cur_.from = static_cast<std::uint8_t>(s);
        cur_.promo = cur_.promo_at = cur_.flags = 0;
        chain_occ_ = occ_ & ~bit(s);  // the start cell is empty during the chain
        jumped_ = 0;
        // The maximum rule binds every man but the biy (0, 5.6).
        max_rule_ = rules_.max_capture && kind != kBiy;
        // Shatrabase: the en-passant taker's plain capture of the same victim
        // is hidden (13) when it stands beside the victim or the skipped cell.
        hide_plain_ep_ = false;
        if (rules_.ep_exclusive && kind == kShatra && p_.ep_skip != kNoCell) {
            const int d = kGeo.dir_to[s][p_.ep_skip];
            if (d != kNoDir && kGeo.step[s][d] == p_.ep_skip &&
                (kGeo.rank[s] == kGeo.rank[p_.ep_skip] ||
                 kGeo.rank[s] == kGeo.rank[p_.ep_victim])) {
                const int land = kGeo.step[p_.ep_skip][d];
                hide_plain_ep_ = land != kNoCell && !(chain_occ_ & bit(land));
            }
        }
        const int before = n_;
        extend(s, kind, 0);
        if (n_ > before) {
            if (kind != kBiy) nonbiy_capture_ = true;
            ++capturers_;
            capturer_ = s;
        }
    }

    // Explores every jump from `at` for a man of `kind` that has made
    // `depth` jumps; emits the chain when no jump is left.
    void extend(int at, int kind, int depth) {
        bool any = false;
        if (kind == kBiy || kind == kShatra) {
            for (int d = 0; d < kDirs; ++d) {
                const int v = kGeo.step[at][d];
                if (v == kNoCell) continue;
                int victim = v;
                if (!victim_ok(v)) {
                    // En passant (5.7): the skipped cell stands for the
                    // shatra that moved, for the first jump of a shatra.
                    if (depth != 0 || kind != kShatra || v != p_.ep_skip) continue;
                    victim = p_.ep_victim;
                } else if (depth == 0 && hide_plain_ep_ && v == p_.ep_victim) {
                    continue;
                }
                const int land = kGeo.step[v][d];
                if (land == kNoCell || (chain_occ_ & bit(land)) || !landing_ok(at, land, kind))
                    continue;
                any = true;
                jump(victim, land, kind, depth);
            }
        } else {
            for (int d = 0; d < kDirs; ++d) {
                if (!(kSlideDirs[kind] >> d & 1)) continue;
                int v = kGeo.step[at][d];
                while (v != kNoCell && !(chain_occ_ & bit(v))) v = kGeo.step[v][d];
                if (v == kNoCell || !victim_ok(v)) continue;
                std::uint8_t lands[kRanks];
                int nl = 0;
                for (int l = kGeo.step[v][d]; l != kNoCell && !(chain_occ_ & bit(l));
                     l = kGeo.step[l][d])
                    if (landing_ok(at, l, kind)) lands[nl++] = static_cast<std::uint8_t>(l);
                if (nl == 0) continue;
                if (rules_.landing != Landing::Any) nl = filter_landings(lands, nl, v, kind);
                any = true;
                for (int i = 0; i < nl; ++i) jump(v, lands[i], kind, depth);
            }
        }
        if (!any && depth > 0 && kind != kBiy) emit(depth, kind);
    }

    // The landing rules of 5.3 and 13: keep the cells from which the man can
    // capture again (all of them, or the nearest), if there are any. A leap
    // over the enemy biy ends the chain (5.8), so no landing goes on and
    // every one stays.
    int filter_landings(std::uint8_t* lands, int nl, int victim, int kind) {
        if (kind_of(p_.board[victim]) == kBiy) return nl;
        jumped_ |= bit(victim);
        int kept = 0;
        for (int i = 0; i < nl; ++i) {
            if (!can_leap(lands[i], kind)) continue;
            lands[kept++] = lands[i];
            if (rules_.landing == Landing::Nearest) break;
        }
        jumped_ &= ~bit(victim);
        return kept ? kept : nl;
    }

    void jump(int victim, int land, int kind, int depth) {
        if (depth == 0) {
            // Each first jump starts its own group for the maximum rule.
            group_start_ = n_;
            group_max_ = 0;
        }
        cur_.path[depth] = static_cast<std::uint8_t>(land);
        jumped_ |= bit(victim);
        if (kind_of(p_.board[victim]) == kBiy) {
            // Taking the biy ends the game at once (5.8). Only with
            // promote_taking_biy does a shatra landing on its promotion
            // rank still choose its new type (6, as Shatrabase does).
            emit(depth + 1, rules_.promote_taking_biy ? kind : kBiy);
        } else {
            if (kind == kBiy) emit(depth + 1, kBiy);  // the biy may stop anywhere (5.6)
            if (kind == kShatra && rules_.mid_chain_promotion && (kPromo[us_] & bit(land)) &&
                navail_) {
                // Promoted on the spot; the chain goes on with the new
                // piece's powers (5.4), one branch per available type.
                for (int i = 0; i < navail_; ++i) {
                    cur_.promo = avail_[i];
                    cur_.promo_at = static_cast<std::uint8_t>(depth + 1);
                    extend(land, avail_[i], depth + 1);
                }
                cur_.promo = cur_.promo_at = 0;
            } else {
                extend(land, kind, depth + 1);
            }
        }
        jumped_ &= ~bit(victim);
    }

    // Records the current chain of `depth` jumps made by a man now of `kind`
    // (kBiy also marks a chain ended by taking the enemy biy without a
    // promotion).
    void emit(int depth, int kind) {
        if (max_rule_) {
            if (depth < group_max_) return;
            if (depth > group_max_) {
                n_ = group_start_;
                group_max_ = depth;
            }
        }
        cur_.jumps = static_cast<std::uint8_t>(depth);
        cur_.to = cur_.path[depth - 1];
        if (kind == kShatra && (kPromo[us_] & bit(cur_.to)) && navail_) {
            // Promotion where the chain ends (the only kind with
            // mid_chain_promotion off).
            for (int i = 0; i < navail_; ++i) {
                cur_.promo = avail_[i];
                cur_.promo_at = static_cast<std::uint8_t>(depth);
                push(cur_);
            }
            cur_.promo = cur_.promo_at = 0;
        } else {
            push(cur_);
        }
    }

    const Rules& rules_;
    const Pos& p_;
    Move* out_;
    int n_ = 0;
    const int us_, them_;
    const Bits own_, opp_, occ_;
    const bool temdek_;
    std::uint8_t avail_[3] = {};
    int navail_ = 0;
    bool nonbiy_capture_ = false;
    int capturers_ = 0;       // men with at least one capture
    int capturer_ = kNoCell;  // the last of them
    int entry_ = kNoCell;     // the Original form: the fortress shatra that enters next

    // The chain being explored.
    Move cur_{};
    Bits chain_occ_ = 0;
    Bits jumped_ = 0;
    bool max_rule_ = false;
    bool hide_plain_ep_ = false;
    int group_start_ = 0;
    int group_max_ = 0;
};

}  // namespace

int State::generate(Move* out) const {
    if (pos_.status != Pos::kOngoing) return 0;
    return Gen(rules_, pos_, out).run();
}

}  // namespace asterism::shatra
