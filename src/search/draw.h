// Draws by agreement: when a computer player offers one and when it accepts
// one, and the bookkeeping of offers in a game in play. Every front end (the
// terminal game, matches, the engine protocol, the server) asks these
// functions, so the computer behaves alike wherever it plays.
//
// The rules of the policy (DrawPolicy holds the numbers):
//
//   offer   a computer offers a draw together with its move when the game
//           has lasted `ply_cap` plies, or when the position it moved from
//           or the one it moved to has occurred `forced_repetitions` times,
//           or when one of them has occurred `offer_repetitions` times and
//           its own search rates the position within `even_margin` of an
//           even game. After an offer it waits `reoffer_plies` plies before
//           it offers again, so that a person who declined is not asked at
//           every move.
//   accept  a computer accepts an offer under the same two hard rules, or
//           when its search rates the position at most `losing` for
//           itself, or, in a position that has occurred at least
//           `accept_repetitions` times, within `even_margin` of even.
//
// The two hard rules depend on no evaluation, so that every game between
// two computers ends: in a cycle of repeated positions at the fifth
// occurrence, and in any game by ply_cap + reoffer_plies at the latest.
// One-player games have no draws.
#pragma once

#include <functional>
#include <optional>

#include "core/game.h"
#include "search/agent.h"

namespace asterism {

struct DrawPolicy {
    double even_margin = 0.05;   // win rates from 0.45 to 0.55 are "dead even"
    double losing = 0.2;         // a win rate at most this is a lost game
    int offer_repetitions = 3;   // with an even rating
    int accept_repetitions = 2;  // an offer is accepted on an even rating from here
    int forced_repetitions = 5;  // whatever the rating
    // Whatever the rating. Long enough for every game that ends by its own
    // rules (Shatra's longest measured game between two computers with the
    // draw rules on lasted 970 plies, docs/strength.md); it matters only
    // where a game has no draw rule (Shatra's shatrabase preset, draws=off).
    int ply_cap = 2000;
    int reoffer_plies = 20;
};

// How often the current position, or the one before the last move if that
// has occurred more often, has occurred in the game (since its start or
// since its position was set), counting by the game's position hash: 1 for
// a position seen once. Both positions count because an offer made with a
// move is answered after it: the offerer and the one who answers then judge
// the same pair of positions.
int repetitions(const Game& game);

// A search's rating, asked for only when a rule needs it: the deciding
// computer's chance of winning from 0 to 1, or nullopt for a player that
// does not search.
using DrawRating = std::function<std::optional<double>()>;

// Whether a computer that has just played its move in `game` offers a draw
// with it. `last_offer_ply` is the length of the game at that computer's
// previous offer, or -1.
bool computer_offers_draw(const Game& game, int last_offer_ply, const DrawRating& rating,
                          const DrawPolicy& policy = {});

// Whether a computer accepts a draw offered to it in `game`.
bool computer_accepts_draw(const Game& game, const DrawRating& rating,
                           const DrawPolicy& policy = {});

// The rating of `game` for `who` by `agent`'s own search at its usual
// effort (the side to move need not be `who`); nullopt when the agent does
// not search (random, greedy) or the game is over.
std::optional<double> search_rating(Agent& agent, const Game& game, Player who, Rng& rng);

// The rating an analysis gives the player it was made for: its best
// candidate's win rate, or nullopt when no search stands behind it.
std::optional<double> analysis_rating(const Analysis& analysis);

// Offers in a game in play. An offer stands until the player it was made to
// accepts it, declines it, or plays a move (which declines it); an accepted
// offer ends the game as a draw by agreement. Taking back a move or starting
// again clears everything.
class DrawOffers {
  public:
    // The player whose offer stands, or Player::None.
    Player offered_by() const { return offered_by_; }
    bool agreed() const { return agreed_; }
    // The length of the game at `p`'s last offer, or -1.
    int last_offer_ply(Player p) const;

    void offer(Player by, int ply);
    void accept();   // the standing offer is taken: the game is drawn
    void decline();  // the standing offer lapses
    // A move by `mover` has been played: an offer made to `mover` lapses.
    void moved(Player mover);
    void clear();
    // A game that was agreed drawn before it was loaded (a record).
    void set_agreed() { agreed_ = true; }

  private:
    Player offered_by_ = Player::None;
    bool agreed_ = false;
    int last_offer_[2] = {-1, -1};
};

}  // namespace asterism
