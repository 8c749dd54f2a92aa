// Small vocabulary shared by every game: players, outcomes and the error type
// that all bad input turns into. Kept tiny on purpose (see DESIGN.md, habit 2).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace asterism {

// A seat at the table. Two-player games use First and Second; the solitaire
// game has only First. None marks "nobody" (an empty cell, no winner yet).
enum class Player : std::uint8_t { First = 0, Second = 1, None = 2 };

constexpr Player opponent(Player p) {
    return p == Player::First ? Player::Second : (p == Player::Second ? Player::First : p);
}
constexpr int index(Player p) {
    return static_cast<int>(p);
}

// How a game stands. Ongoing until a rule ends it; Win names the winner in
// `winner`; Loss is used only by one-player games (the player failed).
struct Outcome {
    enum class Kind : std::uint8_t { Ongoing, Win, Draw, Loss };
    Kind kind = Kind::Ongoing;
    Player winner = Player::None;

    static constexpr Outcome ongoing() { return {}; }
    static constexpr Outcome win(Player p) { return {Kind::Win, p}; }
    static constexpr Outcome draw() { return {Kind::Draw, Player::None}; }
    static constexpr Outcome loss() { return {Kind::Loss, Player::None}; }
    // An evaluation `v` from the view of `to_move` read as a result, for a
    // game cut short: a win beyond `margin`, a loss below -margin, else a draw.
    static constexpr Outcome by_evaluation(int v, Player to_move, int margin) {
        if (v > margin) return win(to_move);
        if (v < -margin) return win(to_move == Player::First ? Player::Second : Player::First);
        return draw();
    }
    constexpr bool over() const { return kind != Kind::Ongoing; }
    friend constexpr bool operator==(Outcome, Outcome) = default;
};

// Every user-facing failure (unknown game, bad option, unparsable or illegal
// move, malformed position string) is reported by throwing this with a
// one-line message; the front ends turn it into exit code 2 or an HTTP 4xx.
// The message is kept printable and bounded (text.h): control bytes and bad
// UTF-8 are written as \xNN, and it is cut at kMaxMessage bytes, since it
// often quotes what a client sent.
class GameError : public std::runtime_error {
  public:
    explicit GameError(const std::string& message);
    explicit GameError(const char* message);
};

// What Game::view draws: all of it, or only what a move can change.
enum class ViewParts { Whole, Changing };

}  // namespace asterism
