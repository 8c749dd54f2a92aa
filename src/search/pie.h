// The pie rule's swap decided by searching both games it chooses between
// (docs/strength.md, "The swap"). Where `swap` is legal (*Star's option
// swap, Asterisk's standard game) a search of a few hundred playouts
// seldom visits it: one move among hundreds, its prior a constant or a
// rough count. So the move's budget is split in three: the search of the
// position finds its best other move, and two fresh searches, each rooted
// after one of the two moves (the best other move, the swap), value them
// as the review does (search/review.cpp): both rooted for the other
// player, so that a search's bias for the player it is rooted for is the
// same in both. The swap is played when the mover's value after it is
// higher.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "core/game.h"
#include "search/agent.h"

namespace asterism {

// `inner`, with the swap weighed as above by searches of agents that
// `fresh` makes with the same settings; the three searches share the
// limits given, or `inner`'s own budget a move when none are.
std::unique_ptr<Agent> with_pie_search(std::unique_ptr<Agent> inner,
                                       std::function<std::unique_ptr<Agent>()> fresh);

// The pie rule's move, as *Star and Asterisk write it.
inline constexpr std::string_view kSwapMove = "swap";

// Whether the pie rule's swap is a legal move of `game`.
bool swap_legal(const Game& game);

}  // namespace asterism
