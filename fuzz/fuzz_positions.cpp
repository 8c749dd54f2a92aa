// Fuzzes the position-string readers of every game. Input: a game spec on
// the first line, then a position string. A refused string must leave the
// game unchanged; an accepted one must write back to a string that reads to
// the same position and hash, and the position must be fit to play from:
// legal moves exactly when the game is not over, each of them undoable, and
// a random game from it that ends.
#include "fuzz/fuzz_common.h"

using namespace asterism;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto in = fuzz::game_input(fuzz::as_text(data, size));
    if (!in.game) return 0;
    Game& game = *in.game;
    std::string_view text = in.rest;
    if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    const std::string start = game.position();
    try {
        game.set_position(text);
    } catch (const GameError&) {
        fuzz::check(game.position() == start, "a refused position changed the game", text);
        return 0;
    }
    const std::string written = game.position();
    auto again = Registry::instance().create(in.spec);
    try {
        again->set_position(written);
    } catch (const GameError& e) {
        fuzz::check(false, "a written position is refused", written + ": " + e.what());
    }
    fuzz::check(again->position() == written, "position strings round-trip", written);
    fuzz::check(again->hash() == game.hash(), "the same position has the same hash", written);

    const auto legal = game.legal_moves();
    fuzz::check(legal.empty() == game.terminal(), "no legal moves exactly at the end", written);
    game.render();
    game.score();
    game.result();
    for (std::size_t i = 0; i < legal.size() && i < 32; ++i) {
        game.play(legal[i]);
        game.undo();
        fuzz::check(game.position() == written, "undo restores", legal[i]);
    }
    Rng rng(size);
    game.random_playouts(rng, 1, 1.0);
    return 0;
}
