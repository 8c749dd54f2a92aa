// A game in which one move obviously throws the win away, for the review
// tests: Asterisk on the small board, random moves until the player to move
// could win at once; that player instead makes a move after which the
// opponent wins at once, and the opponent does.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/rng.h"

namespace asterism::testing {

struct BlunderGame {
    std::string spec;
    std::vector<std::string> moves;  // the whole game; it ends with the opponent's win
    int blunder_ply = 0;             // the ply of the move that throws the win away
};

// A legal move of `g` after which the player to move in `g` has won, if any.
inline std::optional<std::string> winning_move(const Game& g) {
    for (const auto& m : g.legal_moves()) {
        auto after = g.clone();
        after->play(m);
        if (after->outcome().kind == Outcome::Kind::Win && after->outcome().winner == g.to_move())
            return m;
    }
    return std::nullopt;
}

// Searches random games (seeds from 1) for the pattern; the first found.
inline BlunderGame find_blunder_game() {
    const std::string spec = "asterisk:size=8";
    for (std::uint64_t seed = 1; seed < 2000; ++seed) {
        auto g = Registry::instance().create(spec);
        Rng rng(seed);
        BlunderGame found{spec, {}, 0};
        while (!g->terminal()) {
            if (winning_move(*g)) {
                for (const auto& x : g->legal_moves()) {
                    auto after = g->clone();
                    after->play(x);
                    if (after->terminal()) continue;
                    const auto reply = winning_move(*after);
                    if (!reply) continue;
                    found.blunder_ply = static_cast<int>(found.moves.size());
                    found.moves.push_back(x);
                    found.moves.push_back(*reply);
                    return found;
                }
            }
            const auto legal = g->legal_moves();
            const std::string m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
            g->play(m);
            found.moves.push_back(m);
        }
    }
    return {};
}

}  // namespace asterism::testing
