// Self-play: games of one player against itself, written as game records
// (docs/records.md) and as a training file of positions with the search's
// view of each (docs/learning.md). Game i is a pure function of the
// settings and i, so games can be played in any order, on any number of
// threads or machines, and gathered by index: selfplay_game() returns one
// game's output as bytes for exactly that, and write_selfplay() writes a
// list of them in index order.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "search/match.h"

namespace asterism::learn {

struct SelfplaySettings {
    std::string game;  // spec
    // The player of both seats (search/players.h); each seat gets its own
    // search object, seeded from the game's seed.
    std::string player = "level:6";
    std::uint64_t seed = 1;
    // Uniformly random plies at the start of every game (seeded), so that
    // deterministic searches (alpha-beta) do not play one game N times.
    // These plies have no search and give no training positions.
    int random_plies = 4;
    // A game still going after this many plies is written as unfinished
    // (result 0, Result tag "*"), so a run always ends.
    int max_plies = 1000;
    // Adjudication as in `asterism match` (search/match.h): a game whose
    // searches agree it is decided ends there, with that result and the
    // record's `Termination: adjudication`. Off unless set.
    std::optional<ResignSettings> resign;
    std::optional<DrawSettings> draw;
};

// One game's output: its record and its block of the training file.
struct SelfplayGame {
    int index = 0;
    std::string record;    // the text of a game record
    std::string training;  // the "g" line and "p" lines of docs/learning.md
};

// Plays game `index`. Throws GameError for a bad spec or player.
SelfplayGame selfplay_game(const SelfplaySettings& settings, int index);

// A game's output as one byte string and back, for transports that move
// bytes (a thread pool, MPI's gather); unpack throws GameError on bytes
// that pack did not write.
std::string pack_game(const SelfplayGame& game);
SelfplayGame unpack_game(const std::string& bytes);

// Plays games 0..count-1 on `parallel` threads; `on_game` (if any) is called
// from one thread at a time in index order. The result is in index order
// and does not depend on `parallel`.
std::vector<SelfplayGame> play_selfplay(const SelfplaySettings& settings, int count, int parallel,
                                        const std::function<void(const SelfplayGame&)>& on_game);

// Writes DIR/records/NNNNNN.rec for every game and DIR/positions.txt, the
// training file with its header line, each atomically. Creates DIR.
void write_selfplay(const std::string& dir, const SelfplaySettings& settings,
                    const std::vector<SelfplayGame>& games);

// The training file's first line, naming the format version and the game.
std::string training_header(const std::string& spec);

}  // namespace asterism::learn
