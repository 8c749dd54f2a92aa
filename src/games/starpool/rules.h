// The rules of Star Pool Chess that are data: the ten men, their promotions,
// the end pawns' double step and the start positions, and the variant
// options (`Rules`) that pick among them. Everything the spec
// (shared/rules/starpool.md) marks DECIDED, or reconstructs from a lost
// diagram, lives here so that a correction touches this file only; the move
// tables in board.cpp are built from it.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace asterism {
struct OptionSpec;
class Options;
}  // namespace asterism

namespace asterism::starpool {

// Kinds of men, in the order of kMen below.
enum Kind : std::uint8_t {
    kKing,
    kGeneral,
    kCaptain,
    kElephant,
    kKnight,
    kRook,
    kWizard,
    kPawn,
    kSergeant,
    kLieutenant,
    kKinds,
    kNoKind = 0xFF
};

// Directions as White sees the board (north is towards Black); Black's men
// use the mirror images, north and south exchanged (spec 1.2).
enum Dir : std::uint8_t { kN, kNE, kE, kSE, kS, kSW, kW, kNW };
using DirSet = std::uint8_t;

constexpr DirSet dirs(std::initializer_list<Dir> list) {
    DirSet s = 0;
    for (Dir d : list) s = static_cast<DirSet>(s | (1u << d));
    return s;
}
inline constexpr DirSet kOrthogonal = dirs({kN, kE, kS, kW});
inline constexpr DirSet kDiagonal = dirs({kNE, kSE, kSW, kNW});
inline constexpr DirSet kAllDirs = kOrthogonal | kDiagonal;
inline constexpr DirSet kForward = dirs({kN});
inline constexpr DirSet kForwardDiagonal = dirs({kNE, kNW});

// A leap (spec 1.2.4): `orthogonal` unit steps in one of `dirs`, then
// `diagonal` unit steps on a diagonal leading outward from that direction
// (the two diagonals that share its component). With no orthogonal leg,
// `dirs` lists the diagonal directions. Intermediate points are never
// blocked and citadel links are not used.
struct LeapDef {
    std::uint8_t orthogonal = 0;
    std::uint8_t diagonal = 0;
    DirSet dirs = 0;
};

// One man (spec section 2). Unit steps are single moves by rules 1.2.1-3
// (the pool is skipped orthogonally and passed through or left for the
// citadel diagonally; from a citadel, orthogonal steps follow the links).
// Slides repeat unit steps and, from a citadel, make one link step.
struct ManDef {
    char letter;
    std::string_view name;
    int value;                    // material, for score() only (not a rule)
    DirSet step;                  // unit steps that move or capture
    DirSet quiet_step;            // unit steps to an empty cell only
    DirSet capture_step;          // unit steps that must capture
    DirSet slide;                 // slides that move or capture
    std::array<LeapDef, 2> leap;  // leaps that move or capture
    LeapDef first_move_leap;      // also allowed while the man is unmoved and
                                  // not in check; only the King has the flag
    bool swaps;                   // may swap with an adjacent friendly man (2.1)
    bool double_step;             // two quiet forward steps from kDoubleStepCells
};

// The order of this table is the Kind enum above.
inline constexpr std::array<ManDef, 10> kMen{{
    // King: one step anywhere; on its first move, a Knight's leap.
    {'K', "King", 0, kAllDirs, 0, 0, 0, {}, {1, 1, kOrthogonal}, false, false},
    // General (Shogi Dragon King): slides orthogonally, one diagonal step.
    {'G', "General", 8, kDiagonal, 0, 0, kOrthogonal, {}, {}, false, false},
    // Captain (Shogi Dragon Horse): slides diagonally, one orthogonal step.
    {'C', "Captain", 7, kOrthogonal, 0, 0, kDiagonal, {}, {}, false, false},
    // Great Elephant (FfWAfD): diagonal or forward, one step or a jump of two.
    {'E',
     "Great Elephant",
     4,
     kDiagonal | kForward,
     0,
     0,
     0,
     {{{0, 2, kDiagonal}, {2, 0, kForward}}},
     {},
     false,
     false},
    // Knight: one orthogonal unit step, then one diagonal step outward.
    {'N', "Knight", 3, 0, 0, 0, 0, {{{1, 1, kOrthogonal}}}, {}, false, false},
    // Rook: slides orthogonally (a link step in a citadel).
    {'R', "Rook", 5, 0, 0, 0, kOrthogonal, {}, {}, false, false},
    // Wizard: one diagonal step, or the (1,3) leap; swaps.
    {'W', "Wizard", 4, kDiagonal, 0, 0, 0, {{{2, 1, kOrthogonal}}}, {}, true, false},
    // Pawn: steps forward, captures diagonally forward; end pawns step two.
    {'P', "Pawn", 1, 0, kForward, kForwardDiagonal, 0, {}, {}, false, true},
    // Sergeant (Ferz).
    {'S', "Sergeant", 2, kDiagonal, 0, 0, 0, {}, {}, false, false},
    // Lieutenant (Wazir).
    {'L', "Lieutenant", 2, kOrthogonal, 0, 0, 0, {}, {}, false, false},
}};

// The kind a man letter names (either case), or kNoKind.
constexpr int kind_of_letter(char c) {
    const char upper = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    for (int k = 0; k < kKinds; ++k)
        if (kMen[static_cast<std::size_t>(k)].letter == upper) return k;
    return kNoKind;
}

// Where a promotion happens, seen from the promoting side (spec section 4):
// the rank where the enemy Pawns start, the enemy back rank, an enemy
// citadel reached any way, or an enemy citadel reached by the pool's citadel
// option.
enum class Zone : std::uint8_t { PawnRank, BackRank, Citadel, CitadelViaPool };

struct PromotionDef {
    char man;
    Zone zone;
    char becomes;
};

// Compulsory and immediate, on arrival by the man's own move; the first row
// that matches applies (spec section 4 and 9.5).
inline constexpr std::array<PromotionDef, 7> kPromotions{{
    {'P', Zone::CitadelViaPool, 'C'},
    {'P', Zone::Citadel, 'S'},
    {'P', Zone::PawnRank, 'S'},
    {'S', Zone::BackRank, 'C'},
    {'S', Zone::Citadel, 'C'},
    {'L', Zone::BackRank, 'G'},
    {'L', Zone::Citadel, 'G'},
}};

// White's ranks; Black's are 10 minus these (spec 3 and 4: the seed's
// "6th/3rd" is Makruk's numbering of the enemy pawns' starting rank).
inline constexpr int kPawnRank = 7;
inline constexpr int kBackRank = 9;
// White's end pawns' double-step cells; Black's are the mirror images
// (spec 9.4).
inline constexpr std::array<std::string_view, 2> kDoubleStepCells{"a3", "i3"};

// Start positions by preset name (spec section 3 and 6).
struct SetupDef {
    std::string_view name;
    std::string_view position;
};
inline constexpr std::array<SetupDef, 1> kSetups{{
    {"standard", "rnelklenr/9/ppppppppp/9/4*4/9/PPPPPPPPP/9/RNELKLENR [WWww] w Kk 0 1"},
}};

// The variant options: today only the start position, a preset of kSetups.
struct Rules {
    std::string setup = "standard";
    std::string start;  // position string of the preset
    // The preset of that name from kSetups; throws GameError if unknown.
    static Rules preset(std::string_view name);
};

// The option list for the registry: `setup`, one value per kSetups entry.
std::vector<OptionSpec> option_specs();

// Builds the rules from validated options.
Rules rules_from_options(const Options& options);

}  // namespace asterism::starpool
