// The rows of the rules engine's common error catalogue (errors.h): code
// and English template, for the messages that name no game (each game keeps
// its own rows in games/<game>/errors.h). A code is stable once shipped: a
// page's locale files translate it (web/locales/*-errors-engine.js, key
// "err." + code), so rename none; reword the English freely (the CLI's
// tests read the line). A parameter named "why" holds a nested reason
// {code, params}; "side..." a side's name ("White"), shown in the page's
// words, its genitive where the name ends in "Gen"; "kind..." a man's kind
// ("Rook"). Grouped by the module that throws it.
#pragma once

namespace asterism {

// clang-format off
inline constexpr EngineErrorEntry kEngineErrorRows[] = {
    // A game in play and how it ended (src/table/table.cpp).
    {"game.person", "{sideGen} is played by a person"},
    {"game.oneResign", "a one-player game cannot be resigned"},
    {"game.oneClock", "a one-player game has no clock to lose on"},
    {"game.oneDraws", "a one-player game has no draws"},
    {"game.noOffer", "no draw offer stands"},
    {"game.changed", "the game changed while the computer was thinking"},
    {"over", "the game is over"},
    {"over.result", "the game is over ({result})"},
    {"over.agreed", "the game is over ({result}, draw by agreement)"},
    {"over.resigned", "the game is over ({result}, {sideGen} resigns)"},
    {"over.time", "the game is over ({result}, {sideGen} loses on time)"},
    {"over.rules.noMoves", "{why}; no more moves"},

    // A table's events (src/table/table_events.cpp).
    {"table.seat", "bad seat {n}"},
    {"table.event", "a {type} event it cannot read: {why}"},
    {"table.loaded", "a record loaded into a game in play"},

    // Files read and written (src/record/file_io.cpp); {system} is the
    // system's own words (strerror).
    {"file.read", "cannot read {path}: {system}"},
    {"file.large", "cannot read {path}: larger than {n} bytes"},
    {"file.emptyName", "cannot write a file with an empty name"},
    {"file.write", "cannot write {path}: {system}"},

    // The frames of a move the rules refuse (src/games/*/notation.cpp), a
    // game's own reason inside ({why}).
    {"move.unreadable", "cannot read move '{move}': {why}"},
    {"move.illegal", "illegal move '{move}'"},
    {"move.illegal.why", "illegal move '{move}': {why}"},
    {"move.notCell", "'{cell}' is not a cell"},

    // The integer actions and batches of the learning interface
    // (src/core/state_game.h, state_batch.h; the Python module's).
    {"action.none", "{id} has no integer actions"},
    {"observation.none", "{id} has no observation tensor"},
    {"action.range", "action {action} is out of range (0 to {max})"},
    {"action.illegal", "action {action} is not legal here"},
    {"batch.size", "a batch needs at least one game"},
    {"batch.maxPlies", "max_plies must be 0 (no limit) or more"},
    {"batch.over", "the game is over; a batch cannot start here"},
    {"batch.width", "legal_actions: width {width} is below the {n} legal actions"},
    {"batch.observation", "this game has no observation tensor"},
    {"batch.action", "game {i}: action {action} is not legal"},

    // A computer player by name: "level:6", "mcts:playouts=2000"
    // (src/search/players.cpp, engines.cpp, engine_maker.h).
    {"player.form", "bad player '{player}': expected key=value, got '{item}'"},
    {"player.number", "bad player '{player}': {key} must be a number from 0 to 2^53"},
    {"player.key", "bad player '{player}': unknown key '{key}' (known: {list})"},
    {"player.knowledge", "bad player '{player}': knowledge must be 0 to {max}"},
    {"player.pie", "bad player '{player}': pie must be 0 or 1"},
    {"player.threads", "bad player '{player}': threads must be a whole number from 1 to {max}"},
    {"player.level", "bad player '{player}': expected level:N with N from 1 to 10"},
    {"player.abLevel", "bad player '{player}': level must be 2 to {max}"},
    {"player.noAlphaBeta", "no alpha-beta search is registered for {game}"},
    {"player.expand", "bad player '{player}': expand must be at least 1"},
    {"player.pool", "bad player '{player}': pool must be at least 1000"},
    {"player.noTree", "no tree search is registered for {game}"},
    {"player.mc", "the mc player is for two-player games only (its playouts would see the hidden draw order); use greedy or random"},
    {"player.unknown", "unknown player '{player}' (known: human, random, greedy, mc, a level 1-10, level:N, mcts:..., uct:..., ab:...)"},
    {"player.options", "player '{player}' takes no options"},
    {"player.bound", "player '{player}': {key} may be at most {max} on this server"},
    {"engine.threads", "threads must be at least 1"},
    {"engine.level", "level must be 1 to {max}, not {level}"},

    // An event of a local game the page's engine replays
    // (apps/web-engine/local_game.cpp).
    {"local.event", "event {n}: {why}"},

    // A game spec: "game:key=value,..." (src/core/registry.cpp).
    {"spec.game", "unknown game '{id}' (known: {list})"},
    {"spec.emptyList", "empty option list after ':' in '{spec}'"},
    {"spec.emptyEnd", "empty option at the end of the spec for {game}"},
    {"spec.empty", "empty option in spec for {game}"},
    {"spec.form", "option '{item}' for {game} needs the form key=value"},
    {"spec.unknown", "unknown option '{key}' for {game} (options: {list})"},
    {"spec.unknown.none", "unknown option '{key}' for {game} (it has no options)"},
    {"spec.twice", "option '{key}' given twice for {game}"},
    {"spec.bad", "bad option {key}={value} for {game}: {why}"},
    {"spec.bool", "expected true or false"},
    {"spec.unsigned", "expected an unsigned integer"},
    {"spec.allowed", "allowed values are {list}"},
    {"spec.type", "unknown option type"},
    {"spec.registeredTwice", "game '{id}' registered twice"},

    // A record loaded (src/record/record.cpp): "record:LINE: ...", or
    // "record: ..." for the whole text.
    {"rec.line", "{source}:{line}: {why}"},
    {"rec.lineOnly", "line {line}: {why}"},
    {"rec.whole", "{source}: {why}"},
    {"rec.control", "control character (byte {n}) in the record"},
    {"rec.moveLine", "a move line starts with its number and a dot, as in '1. MOVE'"},
    {"rec.number", "expected move number {n}, found {found}"},
    {"rec.noMove", "move {n} has no move"},
    {"rec.oneMove", "one move per line: found '{text}' after {n}."},
    {"rec.tagOrMove", "expected a tag ('Key: value') or a numbered move ('1. MOVE'), found '{text}'"},
    {"rec.tagLate", "tag '{key}' after the moves; tags come first"},
    {"rec.tagTwice", "tag '{key}' given twice (first on line {n})"},
    {"rec.noGame", "no 'Game:' tag naming the game"},
    {"rec.onePlayer", "a one-player game cannot be drawn by agreement"},
    {"rec.movesEnd", "the moves end the game ({result}), so no agreement ended it"},
    {"rec.agreedResult", "a game ended by agreement needs 'Result: 1/2-1/2'"},
    {"rec.move", "move {n} '{move}': {why}"},
    {"rec.result", "unknown result '{result}' (use *, 1-0, 0-1, 1/2-1/2, win or loss)"},
    {"rec.says", "the record says {result} but the moves end in {result2}"},

    // A PGN text loaded (src/record/pgn.cpp).
    {"pgn.game", "game {n}: {why}"},
    {"pgn.variationOpen", "a variation '(' is not closed by ')'"},
    {"pgn.tagInVariation", "a tag inside a variation: is a ')' missing?"},
    {"pgn.variationFirst", "a variation '(' before any move"},
    {"pgn.close", "')' without a '(' before it"},
    {"pgn.unexpected", "unexpected '{ch}' in the moves"},
    {"pgn.tagName", "a tag name is expected after '['"},
    {"pgn.tagValue", "tag '{name}' has no value in double quotes"},
    {"pgn.tagQuote", "the value of tag '{name}' is not closed by '\"'"},
    {"pgn.tagClose", "tag '{name}' is not closed by ']'"},
    {"pgn.comment", "a comment '{' is not closed by '}'"},
    {"pgn.continues", "'{token}' continues a capture, but no move is before it"},
    {"pgn.null", "null move '{token}': these games have no passing move"},
    {"pgn.variant", "unknown Variant '{name}': asterism reads PGN of {list}"},
    {"pgn.notCovered", "'{spec}' is not a game that PGN covers ({list})"},
    {"pgn.mismatch", "the Variant tag says '{variant}' but GameSpec names '{spec}'"},
    {"pgn.result", "unknown result '{result}' (use 1-0, 0-1, 1/2-1/2 or *)"},
    {"pgn.none", "no game in the PGN text"},
    {"pgn.format", "PGN covers the chess-like games ({list}), not {id}; asterism's own records (docs/records.md) hold every game"},
};
// clang-format on

}  // namespace asterism
