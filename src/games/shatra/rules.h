// Shatra rules options (../shared/rules/shatra.md, sections 0, 13 and 14):
// one field per point on which the presets differ, the four named presets,
// and the conversion from the registry's option text.
//
// The Original form (section 14, preset `original`) has other men, another
// start position, a closed home area instead of the temdek and a fixed entry
// order; those are not points one could mix into the extended form, so
// `original` is a flag that only the preset sets. The points where it departs
// from Shatrabase's Original mode (14.12) are ordinary fields below, settable
// like the others.
//
// How a preset and single options combine: `rules` picks the preset, and
// every other rules option defaults to "preset", meaning "as the preset
// says". Any other value overrides that one point only, so
// `shatra:rules=altai,max_capture=on` is the Altai rules plus the seed's
// maximum-capture rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace asterism::shatra {

enum class Preset : std::uint8_t { Seed, Altai, Shatrabase, Original };

// Which landing cells of a long leap are legal (sections 5.3, 11.2, 13).
enum class Landing : std::uint8_t {
    Any,       // every landing cell (the chain goes on from it if it can)
    Continue,  // only cells from which the man can capture again, if any
    Nearest,   // only the nearest such cell, if any (Shatrabase)
};

// Which men standing in the enemy's home area may be put onto the enemy's
// half instead of moving (4.2, 11.8; 14.4.2, 14.5.3, 14.6.3 and D5).
enum class EnemyDrops : std::uint8_t {
    Pieces,  // every man but a shatra (the extended presets)
    None,    // no man (original)
    All,     // every man, shatras too (Shatrabase's Original mode)
};

// How moves and positions are written (reading accepts every form).
enum class Notation : std::uint8_t {
    Algebraic,   // c5-c7, c3:e5:g7, e13-d14=R; position strings of 8.2
    Numeric,     // the traditional 1-62 numbers: 46-32, 54:38:22
    Shatrabase,  // Rd2-e7, Bg6:d9:b7, c12:c14R; SPN position strings (13.1)
};

struct Rules {
    Preset preset = Preset::Seed;
    bool king_beyond_ditch = true;       // 0/3.5: shatra steps like a king beyond the ditch
    bool max_capture = true;             // 0/5.1: chains after the first jump must be longest
    Landing landing = Landing::Any;      // 0/5.3
    bool great_road = false;             // 3.6
    bool mid_chain_promotion = true;     // 5.4 / 11.3
    bool promote_taking_biy = false;     // 6 / 13: a shatra that takes the biy on its
                                         // promotion rank is exchanged (Shatrabase)
    bool gate_drops = true;              // 11.9: men on a gate may be dropped
    bool urgent_blocked_loses = false;   // 11.12: true = an urgent man that cannot drop
                                         // leaves its side without moves
    bool tower_squares = false;          // 10 / 11.14
    bool promote_at_jump = false;        // 11.15: delayed promotion inside the capturing jump
    bool biy_gate_into_fortress = true;  // 5.5: a biy capturing from its own gate may
                                         // land in its own fortress (temdek on)
    bool ep_exclusive = false;           // 13: en passant hides the plain capture of the victim
    bool draws = true;                   // 7: repetition, bare biys, 100 plies
    EnemyDrops enemy_drops = EnemyDrops::Pieces;  // 4.2, 11.8, 14.11 D5
    bool biy_gate_return = true;                  // 4.1 / 14.2.2, D1: the biy may step or capture
                                                  // back onto its own gate while the temdek is on
                                                  // (the home area closed)
    bool gate_privilege = false;                  // 14.11 D9: a lone capturer on a gate may decline
    // 14.11 D4 (Original form): a shatra's jump from its own fortress may
    // land in its own home area, and the man is then urgent (4.4).
    bool fortress_landing = false;
    // Section 14, set by the preset only: the biy-and-shatras material and
    // start, the closed home area, the entry order, shatra steps forward,
    // diagonally forward and sideways on every rank, promotion to a batyr
    // without limit, and the two-biys draw.
    bool original = false;
    Notation notation = Notation::Algebraic;

    static Rules of(Preset p);
};

// The option list for the registry: `rules`, one option per rules point
// and `notation`.
std::vector<OptionSpec> option_specs();

// Builds the rules from validated options (see the top of this file).
Rules rules_from_options(const Options& options);

const char* preset_name(Preset p);

}  // namespace asterism::shatra
