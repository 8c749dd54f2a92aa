// PGN (Portable Game Notation) for the chess-like games, Shatra and Star Pool
// Chess: a file of any number of games read into records (record.h), and
// records written as PGN. docs/records.md, section "PGN", describes both.
//
// Writing follows the PGN standard's export format: the Seven Tag Roster
// (Event, Site, Date, Round, White, Black, Result), then the other tags in
// ASCII order, among them Variant ("Shatra" or "Star Pool Chess"), GameSpec
// (the canonical game spec, so that every option survives) and SetUp "1"
// with FEN (the game's own position string) when the game did not start
// from its usual position; then the moves, numbered in pairs from the start
// position's move number, in the game's own notation, with comments in
// braces, and the result.
//
// Reading is tolerant of what other programs write: tags in any order, move
// numbers or none, NAGs and suffix annotations, variations (skipped),
// comments of both kinds, escape lines, a missing termination marker, and
// the form Shatrabase writes (an SPN tag with Setup "1", a capture chain
// written one jump a token, "pass", cell numbers in either of its
// numberings). Every move is still replayed, and must be legal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "record/record.h"

namespace asterism {

// One game as the PGN text has it, before it is replayed: tags in file
// order, the main line's moves (each with the comments that follow it,
// joined by spaces), the comments before the first move, and the
// termination marker ("1-0", "0-1", "1/2-1/2", "*"; empty when the game had
// none). Lines count from 1.
struct PgnGame {
    std::vector<RecordTag> tags;
    std::vector<RecordMove> moves;
    std::string comment;
    std::string result;
    int line = 0;  // where the game starts
};

// Reads the syntax of a PGN text: every game in it, moves unchecked.
// Throws RecordError naming the line of the first problem.
std::vector<PgnGame> parse_pgn(std::string_view text, std::string_view source = {});

struct PgnReadOptions {
    // The game of a PGN game that names none (no GameSpec and no Variant
    // tag). Empty: the spec a registered game claims for such files
    // (PgnNotation::unnamed_spec): Shatrabase's files name none, so Shatra
    // claims them with its Shatrabase rules and notation.
    std::string default_game;
};

// Turns one parsed game into a record and replays it. `number` (from 1)
// names the game in error messages, which start "SOURCE:LINE: game N: ".
LoadedGame pgn_game_to_record(const PgnGame& game, int number, std::string_view source = {},
                              const PgnReadOptions& options = {});

// parse_pgn, then pgn_game_to_record for every game: one record a game.
std::vector<LoadedGame> read_pgn(std::string_view text, std::string_view source = {},
                                 const PgnReadOptions& options = {});

// Replays a record and writes it as one PGN game, ending with a blank line.
// Throws GameError for a game that PGN does not cover (not a chess-like) and
// RecordError for a record that does not replay.
std::string format_pgn_game(const Record& record);

// Whether PGN covers the game `id`: whether it registers a PGN notation (the
// chess-likes).
bool pgn_covers(std::string_view id);

// Whether a text is PGN rather than an asterism record: its first
// character other than white space (and PGN's '%' escape lines) opens a tag.
bool looks_like_pgn(std::string_view text);

// Reads a PGN file (up to 64 MiB) into records; errors name the file.
std::vector<LoadedGame> load_pgn_file(const std::string& path, const PgnReadOptions& options = {});

}  // namespace asterism
