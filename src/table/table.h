// A game in progress, as every front end holds it (`asterism play`, the
// engine protocol, `asterism serve`): the game and where it started, who
// holds each seat, the undo policy, the clock, resignation and draws by
// agreement, and the record with its tags written one way. Front ends only
// translate their own input to these calls and the results back.
//
// A seat is held by a person or by the computer with a player in the one
// grammar of search/players.h ("level:6", "mcts:playouts=5000", "random").
// Later, a remote person (online play) is a person whose moves come over
// the network; the table does not care where a person sits.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"
#include "record/record.h"
#include "search/agent.h"
#include "search/draw.h"
#include "table/time_control.h"

namespace asterism {

struct Seat {
    enum class Kind { Person, Computer };
    Kind kind = Kind::Person;
    std::string player;  // a computer's player, canonical ("level:6"); empty for a person

    bool computer() const { return kind == Kind::Computer; }
    // "human", or the computer's player: the form `--first`, the API and
    // records use.
    std::string text() const { return computer() ? player : "human"; }
    static Seat person() { return {}; }
    static Seat computer_player(const std::string& player);
};

// "human" (or "person") or a player of search/players.h, checked against the
// game (a search it lacks, a bad key); throws GameError.
Seat parse_seat(const std::string& text, const Game& game);

// What a computer does at its turn, decided on a copy of the game so that a
// server can search without holding the table (plan_computer_turn), then
// carried out on the table (Table::apply).
struct ComputerTurn {
    Player player = Player::None;
    std::optional<bool> answered_draw;  // its answer to a standing offer, if any
    std::optional<std::string> move;    // none when it accepted a draw instead
    std::optional<Analysis> analysis;   // the search behind the move
    bool offers_draw = false;           // with its move (search/draw.h)
};

struct TurnOptions {
    // Analyse the position and play the analysis's best move (the terminal
    // shows the thinking), rather than let the player choose its move (which
    // may differ: a search's final choice can weigh margins).
    bool analyse = true;
    // The seat is the computer's own: it answers offers and makes them. A
    // person's seat played by the computer on request does neither.
    bool answer_draws = true;
};

// The computer `agent` to move in `game` with `draws` standing: answers an
// offer made to it, chooses its move and decides whether to offer a draw.
ComputerTurn plan_computer_turn(const Game& game, const DrawOffers& draws, Agent& agent, Rng& rng,
                                TurnOptions options = {});

// Whether the computer `agent`, holding `who`'s seat, accepts a draw offered
// to it now, by its search (search/draw.h).
bool computer_accepts_offer(const Game& game, Player who, Agent& agent, Rng& rng);

// How a game ended, for a client to say in its own words: `kind` is
// "wins", "resigns", "time" (lost on time), "draw", "agreed" (a draw by
// agreement), "won" or "lost" (a game of one player), "" while it goes on;
// `side` is the player it names ("White", "First"), "" for none.
struct OutcomeWords {
    std::string kind;
    std::string side;
    // The English line: "White wins", "Draw by agreement", "Won".
    std::string text() const;
};

// The outcome of a game its rules ended.
OutcomeWords outcome_words(const Game& game);

// "White wins", "Draw", "Won", "Lost" for a game its rules ended; "" while
// it goes on.
std::string outcome_text(const Game& game);

enum class UndoTo {
    OneMove,       // take back the last move
    PersonToMove,  // back to and including the last move of a person, so that a person is to move
};

class Table {
  public:
    // A new game; `start_position` empty for the game's usual start.
    explicit Table(std::unique_ptr<Game> game, std::string start_position = {}, Record record = {});
    // A recorded game, continued: its tags kept, an agreed draw or a
    // resignation in its Result kept.
    explicit Table(LoadedGame loaded);

    Game& game() { return *game_; }
    const Game& game() const { return *game_; }
    const std::string& start_position() const { return start_position_; }

    // ---- seats ----------------------------------------------------------------
    const Seat& seat(Player p) const { return seats_[static_cast<std::size_t>(index(p))]; }
    void set_seat(Player p, Seat seat);
    bool computer_to_move() const;
    // The computer's player in seat `p`, made on first use with the table's
    // seed (and made again when the seat changes).
    Agent& agent(Player p);
    void set_seed(std::uint64_t seed) { seed_ = seed; }

    // ---- play -----------------------------------------------------------------
    bool over() const;
    std::string result() const;          // "1-0", "1/2-1/2", ... with resignation and agreement
    OutcomeWords outcome_words() const;  // with resignation, time and agreement
    std::string outcome_text() const;    // "White wins", "Draw by agreement", "White resigns"
    // "the game is over (1/2-1/2, draw by agreement)": what a move after the end is told.
    std::string over_message() const;
    // The same as a reason of the engine's catalogue (core/errors.h), for a
    // client to read in its own words.
    nlohmann::json over_reason() const;
    // A move for the side to move; throws GameError (illegal, or the game is over).
    void play(std::string_view move);
    // The computer to move plays its turn (plan_computer_turn + apply).
    ComputerTurn computer_turn(Rng& rng);
    // Carries out a turn planned on a copy; throws GameError if the game
    // has moved on since.
    void apply(const ComputerTurn& turn);
    // Takes moves back; returns how many (0 when there was nothing). An
    // agreement, a resignation and every offer go with them.
    int undo(UndoTo to, int count = 1);
    // Back to the start, seats kept.
    void restart();
    // A new start position (the game's own position string); the moves,
    // offers and any resignation go. Throws GameError, then unchanged.
    void set_position(std::string_view position);
    void resign(Player p);
    // `p` ran out of time (online play keeps the clock): `p` loses, unless the
    // game is over already. Written as Termination "time forfeit".
    void lose_on_time(Player p);
    // The side that resigned or lost on time; None while neither happened.
    Player resigned() const { return resigned_; }
    bool lost_on_time() const { return resigned_ != Player::None && on_time_; }

    // ---- draws ----------------------------------------------------------------
    const DrawOffers& draws() const { return draws_; }
    // `by` offers a draw. A computer opponent answers at once by its search
    // (the answer is returned); a person's answer comes with answer_draw().
    std::optional<bool> offer_draw(Player by, Rng& rng);
    // The person the standing offer is made to accepts or declines it.
    void answer_draw(bool accept);
    // A computer's decision on a copy (as for moves), carried out.
    void apply_draw_answer(Player by, bool accepted);

    // ---- clock ----------------------------------------------------------------
    GameClock& clock() { return clock_; }
    const GameClock& clock() const { return clock_; }

    // ---- record ---------------------------------------------------------------
    // The record of the game as it stands: the kept tags, First/Second
    // ("human" or "asterism") and FirstLevel/SecondLevel (the computer's
    // player), Game, Position, Result and Termination, today's Date unless
    // it has one, and TimeControl when a clock is set.
    Record record() const;
    // Writes record() atomically (temporary file, rename); throws GameError.
    void save(const std::string& path);

  private:
    void check_playing() const;

    std::unique_ptr<Game> game_;
    std::string start_position_;
    Record record_;  // tags kept from a loaded record or set by a front end
    std::array<Seat, 2> seats_;
    std::array<std::unique_ptr<Agent>, 2> agents_;
    std::uint64_t seed_ = 1;
    DrawOffers draws_;
    Player resigned_ = Player::None;
    bool on_time_ = false;  // resigned_ lost on time rather than resigned
    GameClock clock_;
};

}  // namespace asterism
