// An exact solver of short forced wins, generic over a game's State: does
// one player (the attacker) force a win within a number of plies, whatever
// the other side does? It is a depth-limited AND/OR search over every legal
// move, with no evaluation and no forward pruning: an OR node (the attacker
// to move) is a win when one move wins, an AND node (the defender to move)
// when every reply still loses, and a node at the ply limit that the rules
// have not ended is not a win. So a Proof::Win is a proof by exhaustion, and
// a Proof::NoWin proves only "no forced win within the limit" (a longer win
// may exist). Proof::Never is the stronger answer when every line that
// matters ended within the limit: no forced win at all, as in the placement
// games near a full board.
//
// The transposition table (SolverLimits::table) keys on the State's hash
// alone, which is right only for games whose outcome within the limit does
// not depend on the path to a position (the placement games); the
// chess-likes, whose repetition and no-progress counts are path-dependent,
// search without it. A search that spends its node budget answers
// Proof::Unknown, never a guess. Puzzles (learn/puzzles.h) are built on it.
#pragma once

#include <cstdint>
#include <vector>

#include "core/state_concept.h"
#include "core/types.h"

namespace asterism {

// Win: a forced win within the limit. NoWin: none within the limit. Never:
// none at all (the search reached the end of the game on every line it
// needed). Unknown: the node budget ran out.
enum class Proof : std::uint8_t { Unknown, Win, NoWin, Never };

constexpr bool wins(Proof p) {
    return p == Proof::Win;
}
constexpr bool refuted(Proof p) {
    return p == Proof::NoWin || p == Proof::Never;
}

struct SolverLimits {
    std::uint64_t max_nodes = 1'000'000;  // per budget (reset_budget), all searches together
    int max_plies = 16;                   // the deepest limit any call may ask for
    bool table = false;                   // see the head of this file
    int table_bits = 18;                  // 2^bits entries of 16 bytes
};

template <class S>
requires GameState<S>
class WinSolver {
  public:
    using Move = typename S::Move;

    WinSolver(Player attacker, SolverLimits limits)
        : attacker_(attacker),
          limits_(limits),
          moves_(static_cast<std::size_t>(S::kMaxMoves) *
                 static_cast<std::size_t>(limits.max_plies + 1)) {
        if (limits_.table) table_.resize(std::size_t{1} << limits_.table_bits);
    }

    Player attacker() const { return attacker_; }
    std::uint64_t nodes() const { return nodes_; }
    // A fresh budget of SolverLimits::max_nodes; the table is kept.
    void reset_budget() { nodes_ = 0; }

    // Whether the attacker forces a win within `plies` plies of `s` (which
    // is restored before the call returns).
    Proof wins_within(S& s, int plies) {
        if (plies > limits_.max_plies) plies = limits_.max_plies;
        return search(s, plies, 0);
    }

    // The fewest plies within which the attacker forces a win, at most
    // `max_plies`: that count, or -1 with `proof` saying why not (NoWin,
    // Never or Unknown).
    int shortest_win(S& s, int max_plies, Proof& proof) {
        proof = Proof::NoWin;
        for (int d = 0; d <= max_plies && d <= limits_.max_plies; ++d) {
            proof = search(s, d, 0);
            if (proof == Proof::Win) return d;
            if (proof != Proof::NoWin) return -1;
        }
        return -1;
    }

    // The legal moves of `s`, in the order the search tries them.
    std::vector<Move> legal(const S& s) const {
        std::vector<Move> out(static_cast<std::size_t>(S::kMaxMoves));
        out.resize(static_cast<std::size_t>(s.generate(out.data())));
        return out;
    }

  private:
    // One slot of the table: the hash, the fewest plies known to win (127:
    // none known) and the most plies known not to win (-1: none known,
    // kNever: no win at all).
    struct Entry {
        std::uint64_t key = 0;
        std::int8_t win_at = 127;
        std::int8_t no_win_at = -1;
    };

    static constexpr std::int8_t kNever = 127;

    Proof search(S& s, int depth, int height) {
        if (++nodes_ > limits_.max_nodes) return Proof::Unknown;
        const Outcome o = s.outcome();
        if (o.over())
            return o.kind == Outcome::Kind::Win && o.winner == attacker_ ? Proof::Win
                                                                         : Proof::Never;
        if (depth <= 0) return Proof::NoWin;
        Entry* e = nullptr;
        if (!table_.empty()) {
            const std::uint64_t key = s.hash();
            e = &table_[key & (table_.size() - 1)];
            if (e->key == key) {
                if (e->win_at <= depth) return Proof::Win;
                if (e->no_win_at == kNever) return Proof::Never;
                if (e->no_win_at >= depth) return Proof::NoWin;
            } else {
                *e = Entry{key};
            }
        }
        const bool attacking = s.to_move() == attacker_;
        Move* moves = moves_.data() + static_cast<std::size_t>(height) * S::kMaxMoves;
        const int n = s.generate(moves);
        // The attacker needs one winning move, and fails for good only when
        // every move fails for good; the defender needs one reply that holds.
        Proof result = attacking ? Proof::Never : Proof::Win;
        for (int i = 0; i < n; ++i) {
            s.apply(moves[i]);
            const Proof p = search(s, depth - 1, height + 1);
            s.undo();
            if (p == Proof::Unknown) return Proof::Unknown;
            if (attacking ? p == Proof::Win : refuted(p)) {
                result = p;
                break;
            }
            if (attacking && p == Proof::NoWin) result = Proof::NoWin;
        }
        if (e && e->key == s.hash()) {
            if (result == Proof::Win && depth < e->win_at)
                e->win_at = static_cast<std::int8_t>(depth);
            if (result == Proof::Never) e->no_win_at = kNever;
            if (result == Proof::NoWin && depth > e->no_win_at)
                e->no_win_at = static_cast<std::int8_t>(depth);
        }
        return result;
    }

    Player attacker_;
    SolverLimits limits_;
    std::vector<Move> moves_;  // one block of kMaxMoves per height
    std::vector<Entry> table_;
    std::uint64_t nodes_ = 0;
};

}  // namespace asterism
