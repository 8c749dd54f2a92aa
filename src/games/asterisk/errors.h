// Asterisk's rows of the engine's error catalogue (core/errors.h): code and
// English template of each message its rules, notation and options write,
// registered in register.cpp; the common rows (the frame of an illegal
// move, a spec, a record) are core/error_table.h's. A code is stable once
// shipped: web/locales/*-errors-engine.js translate it ("err." + code).
#pragma once

#include "core/errors.h"

namespace asterism::asterisk {

// clang-format off
inline constexpr EngineErrorEntry kErrorRows[] = {
    {"board.ast.size", "Asterisk has no board of side {n} (sizes: 8, 11, 12, 15, 20)"},
    {"move.ast.pure", "there are no {type} pieces (the pure types dha and lce do not exist)"},
    {"move.ast.type", "'{type}' is not a piece type (dhe, dca, dce, lha, lhe, lca)"},
    {"move.ast.cell", "'{cell}' is not a cell of the side-{n} board (a1 to {last}, column letter at most the row number)"},
    {"move.ast.occupied", "{cell} is occupied ({type})"},
    {"move.ast.supply", "no {type} left in the supply"},
    {"move.ast.opening", "the opening's three pieces must differ in type; {type} is already on the board"},
    {"move.ast.swap.standard", "swap is only legal as the second player's first turn"},
    {"move.ast.swap.pie", "swap is only legal as the first player's answer to the second player's first placement"},
    {"move.ast.swap.noPie", "swap needs the option pie=true in Inverted"},
    {"move.ast.swap.solitaire", "there is no swap in Solitaire"},
    {"move.ast.form", "'{move}' is not a move: write TYPE@CELL such as dhe@c5"},
    {"move.ast.form.swap", "'{move}' is not a move: write TYPE@CELL such as dhe@c5, or swap"},
    {"move.ast.drawn", "the drawn piece is {type}, not {type2}"},
    {"move.ast.first", "'{move}' is not a move: the first turn hands a piece over, e.g. >dhe"},
    {"move.ast.handed", "a piece has been handed over already ({type}): write CELL>TYPE such as c5>dhe"},
    {"move.ast.mustHand", "placing {type} on {cell} does not end the game, so a piece must be handed over: write {cell}>TYPE"},
    {"move.ast.ends", "placing {type} on {cell} ends the game; write {cell} alone"},
    {"spec.ast.goals", "option first_goals is for the two-player modes (solitaire has no goals)"},
    {"spec.ast.pie", "option pie=true is for mode=inverted only"},
    {"spec.ast.setup", "option setup=B is for mode=solitaire only"},
    {"spec.ast.seed", "option seed is for mode=solitaire only (it deals the pieces)"},
    {"pos.ast.fields.solitaire", "bad position: expected {n} fields (board and draw queue), got {count}"},
    {"pos.ast.fields.standard", "bad position: expected {n} fields (board, side to move and P1's goal set), got {count}"},
    {"pos.ast.fields.inverted", "bad position: expected {n} fields (board, side to move, P1's goal set and handed piece), got {count}"},
    {"pos.ast.rowCells", "bad position: row {r} has {n} cells, expected {m}"},
    {"pos.ast.char", "bad position: '{ch}' in row {r} (use . or a type digit 1-6)"},
    {"pos.ast.rows", "bad position: {n} rows, expected {m}"},
    {"pos.ast.moreRows", "bad position: more than {n} rows"},
    {"pos.ast.queue", "bad position: '{ch}' in the draw queue (use type digits 1-6, or - for none)"},
    {"pos.ast.side", "bad position: side to move '{x}' (use 1 or 2)"},
    {"pos.ast.goals", "bad position: goal set '{x}' (use D or L, the first player's)"},
    {"pos.ast.hand", "bad position: handed piece '{x}' (use a type digit 1-6, or - for none)"},
    {"pos.ast.draw", "bad position: {n} pieces to draw for {m} empty cells"},
    {"pos.ast.opening", "bad position: the first player makes the three opening placements"},
    {"pos.ast.differ", "bad position: the opening pieces must differ in type"},
    {"pos.ast.finished", "bad position: a finished game has no handed piece"},
    {"pos.ast.noHand", "bad position: only the first turn starts without a handed piece"},
    {"pos.ast.second", "bad position: the second player places the first piece"},
    {"pos.ast.wrongSide", "bad position: wrong side to move for {n} pieces without the pie swap"},
    {"pos.ast.count", "bad position: {n} {type} pieces, but the side-{size} set has {full}"},
};
// clang-format on

// A code of these rows or of the common ones, and the throw sites' words
// for them: throw error("code", {...}), reason("code", {...}).
using Code = ModuleCode<kErrorRows>;
inline constexpr ErrorWord<Code> error{};
inline constexpr ReasonWord<Code> reason{};

}  // namespace asterism::asterisk
