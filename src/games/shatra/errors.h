// Shatra's rows of the engine's error catalogue (core/errors.h): code and
// English template of each message its rules, notation and options write,
// registered in register.cpp; the common rows (the frame of an illegal
// move, a spec, a record) are core/error_table.h's. A code is stable once
// shipped: web/locales/*-errors-engine.js translate it ("err." + code).
#pragma once

#include "core/errors.h"

namespace asterism::shatra {

// clang-format off
inline constexpr EngineErrorEntry kErrorRows[] = {
    {"move.shatra.unreadable", "cannot read move '{move}': {why} (moves look like c5-c7, c3:e5:g7 or e13-d14=Q)"},
    {"move.shatra.empty", "it is empty"},
    {"move.shatra.separator", "'-' or ':' expected at '{rest}'"},
    {"move.shatra.mixes", "it mixes '-' and ':'"},
    {"move.shatra.long", "it is too long"},
    {"move.shatra.promotesTwice", "it promotes twice"},
    {"move.shatra.noTarget", "it has no target cell"},
    {"move.shatra.noCell", "a cell is missing"},
    {"move.shatra.noPromotion", "a promotion piece is missing"},
    {"move.shatra.promotion", "promotion is to Q, R or B"},
    {"move.shatra.paren", "')' expected"},
    {"move.shatra.noMan", "no {sideGen} man on {cell}"},
    {"move.shatra.kind", "the man on {cell} is a {kind}"},
    {"move.shatra.which", "say which piece to promote to (=Q, =R or =B)"},
    {"move.shatra.unavailable", "that promotion piece is not available"},
    {"move.shatra.capture", "a capture is compulsory"},
    {"pos.shatra", "bad position '{position}': {why}"},
    {"pos.shatra.chainMarks", "marks men jumped in a chain in progress; a chain is one move here, so give the position before or after it"},
    {"pos.shatra.unexpected", "unexpected '{ch}' in '{group}'"},
    {"pos.shatra.cells", "'{group}' should describe {n} cells"},
    {"pos.shatra.number", "bad cell number '{field}'"},
    {"pos.shatra.many.biy", "too many {sideGen} biys"},
    {"pos.shatra.many.batyr", "too many {sideGen} batyrs"},
    {"pos.shatra.many.tura", "too many {sideGen} turas"},
    {"pos.shatra.many.yalkyn", "too many {sideGen} yalkyns"},
    {"pos.shatra.many.shatra", "too many {sideGen} shatras"},
    {"pos.shatra.original", "the Original form has no turas or yalkyns"},
    {"pos.shatra.more23", "{sideGen} has more than 23 shatras and batyrs"},
    {"pos.shatra.stand", "a {sideGen} shatra cannot stand on {cell} (it would have been promoted, or moved backward)"},
    {"pos.shatra.closed", "{sideGen}'s home area is closed (a {sideGen} shatra stands in its fortress), so the temdek field should say {t}"},
    {"pos.shatra.open", "{sideGen}'s home area is open (a {sideGen} shatra does not stand in its fortress), so the temdek field should not say {t}"},
    {"pos.shatra.noBiy", "there is no biy"},
    {"pos.shatra.urgentCapture", "urgent mark on {cell}, which holds no shatra that captured into its home"},
    {"pos.shatra.urgentReserve", "urgent mark on {cell}, which holds no reserve man"},
    {"pos.shatra.noEp", "the Original form has no en passant"},
    {"pos.shatra.temdek", "{sideGen}'s temdek is on with no man in its home area"},
    {"pos.shatra.ep", "no double step passed the en-passant cell {cell}"},
    {"pos.shatra.ranks", "the board needs 14 ranks separated by '/' (or SPN's 10 groups)"},
    {"pos.shatra.fields", "too many fields"},
    {"pos.shatra.temdeks", "temdeks are written T, t, Tt or -"},
    {"pos.shatra.chain", "a chain in progress cannot be set up; a whole chain is one move here"},
    {"pos.shatra.clock", "bad half-move clock"},
    {"pos.shatra.moveNumber", "bad move number"},
    {"pos.shatra.short", "expected the board, the side to move and the temdeks"},
    {"pos.shatra.side", "side to move must be w or b"},
    {"pos.shatra.tooManyMoves", "this position has more than {n} legal moves, which asterism does not support"},
    {"action.shatra.chains", "more than {n} capture chains from {from} to {to}; integer actions cannot name them all"},
};
// clang-format on

// A code of these rows or of the common ones, and the throw sites' words
// for them: throw error("code", {...}), reason("code", {...}).
using Code = ModuleCode<kErrorRows>;
inline constexpr ErrorWord<Code> error{};
inline constexpr ReasonWord<Code> reason{};

}  // namespace asterism::shatra
