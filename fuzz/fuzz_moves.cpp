// Fuzzes the move parsers of every game through the type-erased face. Input:
// a game spec on the first line, then words. A word "@N" plays legal move
// number N (mod the count), which lets the fuzzer reach deep positions; any
// other word is parsed as move text. A refused move must leave the game
// unchanged; an accepted one must be undoable and its own text must play it
// again; and undoing every move must lead back to the start position.
// Hashes stand for positions inside the loop, because writing position
// strings under the sanitizers would slow the run several times over.
#include <charconv>

#include "fuzz/fuzz_common.h"

using namespace asterism;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto in = fuzz::game_input(fuzz::as_text(data, size));
    if (!in.game) return 0;
    Game& game = *in.game;
    const std::string start = game.position();
    std::string_view rest = in.rest;
    std::size_t played = 0;
    while (!rest.empty()) {
        const auto begin = rest.find_first_not_of(" \t\r\n");
        if (begin == std::string_view::npos) break;
        rest.remove_prefix(begin);
        const auto end = std::min(rest.find_first_of(" \t\r\n"), rest.size());
        std::string word(rest.substr(0, end));
        rest.remove_prefix(end);

        if (word.size() > 1 && word[0] == '@') {
            const auto legal = game.legal_moves();
            fuzz::check(legal.empty() == game.terminal(), "no legal moves exactly at the end",
                        game.position());
            unsigned n = 0;
            std::from_chars(word.data() + 1, word.data() + word.size(), n);
            if (legal.empty()) continue;
            word = legal[n % legal.size()];
        }
        const std::uint64_t before = game.hash();
        try {
            game.play(word);
        } catch (const GameError&) {
            fuzz::check(game.hash() == before && game.history().size() == played,
                        "a refused move changed the game", word);
            continue;
        }
        ++played;
        const std::string text = game.history().back();
        const std::uint64_t after = game.hash();
        fuzz::check(game.undo() && game.hash() == before, "undo restores", word);
        try {
            game.play(text);
        } catch (const GameError& e) {
            fuzz::check(false, "a move's own text is refused", text + ": " + e.what());
        }
        fuzz::check(game.hash() == after, "the move's text plays the same move", text);
    }
    while (played > 0 && game.undo()) --played;
    fuzz::check(played == 0 && game.position() == start, "undoing every move restores the start",
                game.position());
    return 0;
}
