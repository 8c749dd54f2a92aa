#include "games/shatra/rules.h"

#include <array>
#include <string_view>

namespace asterism::shatra {

Rules Rules::of(Preset p) {
    Rules r;
    r.preset = p;
    if (p == Preset::Seed) return r;
    if (p == Preset::Original) {
        // Section 14: free capture choice, any landing cell, promotion in
        // the middle of a chain (to a batyr, so taking the biy on the far
        // rank promotes too), no great road, and the departures from
        // Shatrabase of 14.12: no enemy-area drops, no biy back onto its
        // gate while the home area is closed, no gate privilege.
        r.original = true;
        r.king_beyond_ditch = false;
        r.max_capture = false;
        r.promote_taking_biy = true;
        r.enemy_drops = EnemyDrops::None;
        r.biy_gate_return = false;
        return r;
    }
    // The Altai rules (section 0) ...
    r.king_beyond_ditch = false;
    r.max_capture = false;
    r.landing = Landing::Continue;
    r.great_road = true;
    if (p == Preset::Altai) return r;
    // ... and Shatrabase's changes to them (section 13).
    r.landing = Landing::Nearest;
    r.mid_chain_promotion = false;
    r.promote_taking_biy = true;
    r.gate_drops = false;
    r.urgent_blocked_loses = true;
    r.tower_squares = true;
    r.promote_at_jump = true;
    r.great_road = false;
    r.biy_gate_into_fortress = false;
    r.ep_exclusive = true;
    r.draws = false;
    return r;
}

const char* preset_name(Preset p) {
    switch (p) {
        case Preset::Seed:
            return "seed";
        case Preset::Altai:
            return "altai";
        case Preset::Shatrabase:
            return "shatrabase";
        case Preset::Original:
            return "original";
    }
    return "?";
}

namespace {

using Type = OptionSpec::Type;

// One rules point: its option name, its two or three non-preset values and
// how each sets the field. The first listed value is the seed's; a point
// with two values leaves the third empty.
struct Point {
    const char* name;
    std::array<std::string_view, 3> values;
    const char* help;
    void (*set)(Rules&, int value_index);

    int size() const { return values[2].empty() ? 2 : 3; }
};

// A constant table, initialised at compile time: the registration calls
// option_specs() during static initialisation, which may come before the
// dynamic initialisers of this file have run.
constexpr Point kPoints[] = {
    {"beyond_ditch",
     {"king", "forward"},
     "shatra beyond the ditch: king = one step any way (seed), forward = forward, "
     "diagonally forward or sideways (altai, shatrabase)",
     [](Rules& r, int v) { r.king_beyond_ditch = v == 0; }},
    {"max_capture",
     {"on", "off"},
     "after the first jump a chain must take the most men (seed: on)",
     [](Rules& r, int v) { r.max_capture = v == 0; }},
    {"landing",
     {"any", "continue", "nearest"},
     "long-leap landing cells: any (seed, original), continue = cells that go on capturing if any "
     "(altai), nearest such cell (shatrabase)",
     [](Rules& r, int v) { r.landing = static_cast<Landing>(v); }},
    {"great_road",
     {"off", "on"},
     "a reserve batyr or tura on the d-file may run up the great road (altai: on)",
     [](Rules& r, int v) { r.great_road = v == 1; }},
    {"mid_chain_promotion",
     {"on", "off"},
     "a shatra promotes when it lands on its promotion rank inside a chain "
     "(off: only where the chain ends; shatrabase)",
     [](Rules& r, int v) { r.mid_chain_promotion = v == 0; }},
    {"biy_capture_promotion",
     {"off", "on"},
     "a shatra that takes the biy on its promotion rank is exchanged for an available "
     "type, one move per type (shatrabase: on); off: the game ends with it unpromoted",
     [](Rules& r, int v) { r.promote_taking_biy = v == 1; }},
    {"gate_drops",
     {"on", "off"},
     "men on a gate may be dropped (off: only the biy on its own gate, temdek on; "
     "shatrabase)",
     [](Rules& r, int v) { r.gate_drops = v == 0; }},
    {"urgent_blocked",
     {"suspend", "lose"},
     "an urgent man with no empty cell to drop to: suspend the rule for the turn, or "
     "leave the side without moves (shatrabase)",
     [](Rules& r, int v) { r.urgent_blocked_loses = v == 1; }},
    {"tower_squares",
     {"off", "on"},
     "a shatra on the enemy's far field corner may move into the enemy fortress "
     "(shatrabase: on)",
     [](Rules& r, int v) { r.tower_squares = v == 1; }},
    {"delayed_promotion",
     {"turn_end", "jump"},
     "a waiting shatra promotes at the end of the turn that captured its piece, or at "
     "once inside the jump (shatrabase)",
     [](Rules& r, int v) { r.promote_at_jump = v == 1; }},
    {"biy_gate_capture",
     {"any", "outward"},
     "a biy capturing from its own gate (temdek on) may land in its own fortress, or "
     "only outside it (shatrabase)",
     [](Rules& r, int v) { r.biy_gate_into_fortress = v == 0; }},
    {"ep_exclusive",
     {"off", "on"},
     "while a shatra can take en passant, its plain capture of the same victim is not "
     "offered (shatrabase: on)",
     [](Rules& r, int v) { r.ep_exclusive = v == 1; }},
    {"draws",
     {"on", "off"},
     "draws by threefold repetition, bare biys and 100 plies without progress "
     "(shatrabase: off)",
     [](Rules& r, int v) { r.draws = v == 0; }},
    {"enemy_drops",
     {"pieces", "none", "all"},
     "men in the enemy's home area that may be put onto the enemy's half: every man but a "
     "shatra (seed, altai, shatrabase), none (original), all (Shatrabase's Original mode)",
     [](Rules& r, int v) { r.enemy_drops = static_cast<EnemyDrops>(v); }},
    {"biy_gate_return",
     {"on", "off"},
     "the biy may step or capture back onto its own gate while its temdek is on or its home "
     "area closed (off: original, as the Altai players rule; on: Shatrabase)",
     [](Rules& r, int v) { r.biy_gate_return = v == 0; }},
    {"gate_privilege",
     {"off", "on"},
     "a man on a gate that alone can capture may make a non-capturing move instead, like the "
     "biy (on: Shatrabase's Original mode)",
     [](Rules& r, int v) { r.gate_privilege = v == 1; }},
    {"fortress_landing",
     {"never", "from_fortress"},
     "Original form: a shatra's jump may never land in its own home area, or may when it "
     "starts in the own fortress, and the man must then be put out on the next turn without "
     "a capture (from_fortress: Shatrabase's Original mode)",
     [](Rules& r, int v) { r.fortress_landing = v == 1; }},
};

// A function, not a global: the registration calls option_specs() during
// static initialisation, possibly before globals of this file exist.
const std::vector<std::string>& notations() {
    static const std::vector<std::string> list = {"algebraic", "numeric", "shatrabase"};
    return list;
}

}  // namespace

std::vector<OptionSpec> option_specs() {
    std::vector<OptionSpec> out;
    out.push_back({"rules",
                   Type::Enum,
                   "seed",
                   {"seed", "altai", "shatrabase", "original"},
                   "ruleset preset (shatra.md sections 0, 13 and 14): seed, altai and shatrabase "
                   "are the extended form (biy, batyr, turas, yalkyns, shatras); original is the "
                   "form the Altai players play today (biy and 23 shatras); the options below "
                   "default to 'preset' and override single points"});
    for (const Point& p : kPoints) {
        std::vector<std::string> allowed = {"preset"};
        for (int i = 0; i < p.size(); ++i)
            allowed.emplace_back(p.values[static_cast<std::size_t>(i)]);
        out.push_back({p.name, Type::Enum, "preset", allowed, p.help, true});
    }
    out.push_back({"notation", Type::Enum, "algebraic", notations(),
                   "how moves and positions are written: algebraic (c3:e5), numeric "
                   "(traditional 1-62 cells) or shatrabase (Shatrabase moves and SPN)"});
    return out;
}

Rules rules_from_options(const Options& options) {
    const std::string& preset = options.get("rules");
    Rules r = Rules::of(preset == "altai"        ? Preset::Altai
                        : preset == "shatrabase" ? Preset::Shatrabase
                        : preset == "original"   ? Preset::Original
                                                 : Preset::Seed);
    for (const Point& p : kPoints) {
        const std::string& value = options.get(p.name);
        for (int i = 0; i < p.size(); ++i)
            if (value == p.values[static_cast<std::size_t>(i)]) p.set(r, i);
    }
    const std::string& notation = options.get("notation");
    for (int i = 0; i < static_cast<int>(notations().size()); ++i)
        if (notation == notations()[static_cast<std::size_t>(i)])
            r.notation = static_cast<Notation>(i);
    return r;
}

}  // namespace asterism::shatra
