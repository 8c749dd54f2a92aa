// Small vocabulary shared by every game: players, outcomes and the error type
// that all bad input turns into. Kept tiny on purpose (see DESIGN.md, habit 2).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include <nlohmann/json_fwd.hpp>

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
struct EngineErrorEntry;

class GameError : public std::runtime_error {
  public:
    // An uncoded line (a tool's own, outside what clients see): it travels
    // as it is, and a client gets it inside the server's "rules.refused".
    explicit GameError(const std::string& message);
    explicit GameError(const char* message);
    // A row of the engine's catalogue (core/errors.h): its code, and the
    // parameters its English template (what()) and a page's translation
    // are made from. Throw sites write error("code", {...}) (errors.h).
    GameError(const EngineErrorEntry& entry, const nlohmann::json& params);
    // A reason built elsewhere ({"code", "params"}, errors.h's reason()),
    // or a plain string for an uncoded line.
    explicit GameError(const nlohmann::json& reason);

    // The code, "" for an uncoded line.
    const std::string& code() const { return code_; }
    // {"code", "params"} of a coded error, or what() as a JSON string for an
    // uncoded one: what a client is sent where this error is a reason
    // inside another message.
    nlohmann::json reason() const;

  private:
    GameError(std::string code, std::shared_ptr<const nlohmann::json> params,
              const std::string& line);

    std::string code_;
    std::shared_ptr<const nlohmann::json> params_;  // null for an uncoded line
};

// What Game::view draws: all of it, or only what a move can change.
enum class ViewParts { Whole, Changing };

}  // namespace asterism
