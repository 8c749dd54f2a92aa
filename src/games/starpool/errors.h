// Star Pool Chess's rows of the engine's error catalogue (core/errors.h): code and
// English template of each message its rules, notation and options write,
// registered in register.cpp; the common rows (the frame of an illegal
// move, a spec, a record) are core/error_table.h's. A code is stable once
// shipped: web/locales/*-errors-engine.js translate it ("err." + code).
#pragma once

#include "core/errors.h"

namespace asterism::starpool {

// clang-format off
inline constexpr EngineErrorEntry kErrorRows[] = {
    {"spec.starpool.setup", "unknown Star Pool setup '{name}' (known: {list})"},
    {"move.starpool.unreadable", "cannot read move '{move}': {why} (write from and to cells: b1-c3, d4xw3, or w1<>a1 for a swap)"},
    {"move.starpool.letter", "no man has the letter {letter}"},
    {"move.starpool.short", "too short"},
    {"move.starpool.separator", "expected '-', 'x' or '<>' after the first cell"},
    {"move.starpool.noMan", "no man on {cell}"},
    {"move.starpool.side", "{cell} holds a {sideGen} man and {side2Gen} is to move"},
    {"move.starpool.kind", "the man on {cell} is a {kind}, not a {kind2}"},
    {"move.starpool.notSwap", "that is not a swap"},
    {"move.starpool.swap", "a swap is written with '<>'"},
    {"move.starpool.cannot", "the {kind} cannot go there"},
    {"move.starpool.check", "the {kind} cannot go there (the King is in check)"},
    {"pos.starpool", "bad Star Pool position '{position}': {why}"},
    {"pos.starpool.man", "unknown man '{ch}'"},
    {"pos.starpool.fewer", "rank {n} does not have nine entries"},
    {"pos.starpool.ranks", "more than nine ranks"},
    {"pos.starpool.more", "rank {n} has more than nine entries"},
    {"pos.starpool.pool", "'*' (the Star Pool) must be the fifth entry of rank 5"},
    {"pos.starpool.run", "an empty run covers e5"},
    {"pos.starpool.e5", "e5 is the Star Pool; write '*' there"},
    {"pos.starpool.shape", "expected nine ranks of nine entries"},
    {"pos.starpool.citadels", "citadels must be four entries in brackets, such as [WWww] or [----]"},
    {"pos.starpool.kings", "King flags must be K, k, Kk or -"},
    {"pos.starpool.clock", "the half-move clock must be a number from {low} to 9999"},
    {"pos.starpool.moveNumber", "the move number must be a number from {low} to 9999"},
    {"pos.starpool.fields", "expected ranks, [citadels], side to move, King flags, and optionally the half-move clock and move number"},
    {"pos.starpool.side", "side to move must be 'w' or 'b'"},
    {"pos.starpool.king", "{sideGen} must have exactly one King"},
    {"pos.starpool.men", "{sideGen} has more than {n} men"},
    {"pos.starpool.check", "the side not to move is in check"},
};
// clang-format on

// A code of these rows or of the common ones, and the throw sites' words
// for them: throw error("code", {...}), reason("code", {...}).
using Code = ModuleCode<kErrorRows>;
inline constexpr ErrorWord<Code> error{};
inline constexpr ReasonWord<Code> reason{};

}  // namespace asterism::starpool
