// What a game's concrete State must provide to be a game here: the contract
// of StateGame (state_game.h), which wraps it in the type-erased face, and
// of perft. A State that misses a member fails the static_assert where the
// game binds its search (src/engines/<game>.cpp), at the game's own line,
// instead of deep inside a template. The searches add their own concepts
// (search/concepts.h).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "core/types.h"

namespace asterism {

template <class S>
concept GameState = std::is_trivially_copyable_v<typename S::Move> && std::copy_constructible<S> &&
    requires(S s, const S cs, typename S::Move m, typename S::Move* out, std::string_view text,
             Rng& rng, std::uint64_t* moves, Player p) {
    { S::kMaxMoves } -> std::convertible_to<int>;
    { S::kPlayers } -> std::convertible_to<int>;
    { cs.generate(out) } -> std::same_as<int>;
    s.apply(m);
    s.undo();
    { cs.ply() } -> std::convertible_to<int>;
    { cs.outcome() } -> std::same_as<Outcome>;
    { cs.to_move() } -> std::same_as<Player>;
    { cs.hash() } -> std::convertible_to<std::uint64_t>;
    { cs.move_text(m) } -> std::convertible_to<std::string>;
    { cs.parse_move(text) } -> std::same_as<typename S::Move>;
    { cs.position() } -> std::convertible_to<std::string>;
    s.set_position(text);
    { cs.score() } -> std::convertible_to<nlohmann::json>;
    { cs.render() } -> std::convertible_to<std::string>;
    { cs.player_name(p) } -> std::convertible_to<std::string>;
    { cs.move_help() } -> std::convertible_to<std::string>;
    { cs.random_playout(rng, moves) } -> std::same_as<Outcome>;
};

}  // namespace asterism
