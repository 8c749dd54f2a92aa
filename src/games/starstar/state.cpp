#include "games/starstar/starstar.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <numeric>

#include "core/registry.h"
#include "core/state_game.h"

namespace asterism::starstar {

namespace {

using Owners = std::array<Cell, kMaxPeri>;

// Scoring sees groups through two questions, which root a cell's group has
// and how many pericells that group contains, answered either by a state's
// incremental union-find or by a one-pass union-find built for a playout.

// The incremental groups of a State: each root's mask has one bit per
// pericell of the group.
struct MaskGroups {
    const UndoableUnionFind<kMaxCells, std::uint64_t>& uf;
    Cell root(Cell c) const { return static_cast<Cell>(uf.find(c)); }
    int peries(Cell root) const { return std::popcount(uf.mask(root)); }
};

// Groups of a finished board built from scratch in one pass (for playouts),
// with path halving. Afterwards root() is valid for pericells only, which is
// all that scoring asks about.
struct FlatGroups {
    std::array<Cell, kMaxCells> parent;
    std::array<std::uint8_t, kMaxCells> count;

    FlatGroups(const Geometry& g, const Player* colour) {
        std::iota(parent.begin(), parent.begin() + g.cells(), Cell{0});
        for (const auto& [a, b] : g.edges())
            if (colour[a] == colour[b]) parent[find(b)] = find(a);
        std::fill(count.begin(), count.begin() + g.cells(), std::uint8_t{0});
        for (int k = 0; k < g.peri_count(); ++k) {
            const Cell c = g.peri_cell(k);
            parent[c] = find(c);
            ++count[parent[c]];
        }
    }
    Cell find(Cell c) {
        while (parent[c] != c) c = parent[c] = parent[parent[c]];
        return c;
    }
    Cell root(Cell c) const { return parent[c]; }
    int peries(Cell root) const { return count[root]; }
};

// Section 4.1 on a full board: a star owns its own pericells; a dead
// group's single pericell goes to the star holding both its perimeter
// neighbours (the rules prove they are one star), named here by the
// clockwise one.
template <class Groups>
Owners full_board_owners(const Geometry& g, const Groups& groups) {
    Owners owner{};
    const int n = g.peri_count();
    for (int k = 0; k < n; ++k) {
        const Cell r = groups.root(g.peri_cell(k));
        owner[k] = groups.peries(r) >= 2 ? r : groups.root(g.peri_cell((k + 1) % n));
    }
    return owner;
}

// Section 4.2 from the owners: stars are groups with two or more pericells.
template <class Groups>
Score tally(const Geometry& g, const Player* stone, const Groups& groups, const Owners& owner,
            bool provisional) {
    Score s;
    s.provisional = provisional;
    std::array<bool, kMaxCells> counted{};
    for (int k = 0; k < g.peri_count(); ++k) {
        const Cell c = g.peri_cell(k);
        if (stone[c] != Player::None) {
            const Cell r = groups.root(c);
            if (groups.peries(r) >= 2 && !counted[r]) {
                counted[r] = true;
                ++s.side[index(stone[r])].stars;
            }
        }
        if (owner[k] == kNoCell) continue;
        SideScore& side = s.side[index(stone[owner[k]])];
        ++side.peries;
        if (g.is_corner(c)) ++side.quarks;
    }
    for (int p = 0; p < 2; ++p) {
        SideScore& me = s.side[p];
        me.quark_point = me.quarks >= 3 ? 1 : 0;
        me.score = me.peries + me.quark_point + 2 * (s.side[1 - p].stars - me.stars);
    }
    return s;
}

Outcome outcome_of(const Score& s) {
    const Player p = s.leader();
    return p == Player::None ? Outcome::draw() : Outcome::win(p);
}

char stone_char(Player p) {
    return p == kBlack ? 'X' : p == kWhite ? 'O' : '.';
}

}  // namespace

Player Score::leader() const {
    if (side[0].score != side[1].score) return side[0].score > side[1].score ? kBlack : kWhite;
    if (side[0].quarks != side[1].quarks) return side[0].quarks > side[1].quarks ? kBlack : kWhite;
    return Player::None;
}

State::State(Rules rules) : rules_(rules), geo_(&Geometry::get(rules.size)) {
    clear();
}

void State::clear() {
    const int n = geo_->cells();
    stone_.fill(Player::None);
    std::iota(empty_.begin(), empty_.begin() + n, Cell{0});
    std::iota(where_.begin(), where_.begin() + n, Cell{0});
    empty_count_ = n;
    ply_ = 0;
    merge_count_ = 0;
    to_move_ = kBlack;
    hash_ = 0;
    groups_.reset(n);
    for (int k = 0; k < geo_->peri_count(); ++k) groups_.set_mask(geo_->peri_cell(k), 1ULL << k);
}

Outcome State::outcome() const {
    return full() ? outcome_of(exact_score()) : Outcome::ongoing();
}

// ---------------------------------------------------------------------------
// Text: moves, positions, names.

std::string State::move_text(Move m) const {
    return m.is_swap() ? std::string("swap") : geo_->name(m.cell);
}

State::Move State::parse_move(std::string_view text) const {
    const std::string shown(text);
    if (text.size() == 4 && std::equal(text.begin(), text.end(), "swap",
                                       [](char a, char b) { return (a | 0x20) == b; })) {
        if (!rules_.swap)
            throw GameError("swap is not allowed: the swap option is off (use starstar:swap=true)");
        if (!swap_legal())
            throw GameError("swap is only legal as White's reply to Black's first stone");
        return Move::swap();
    }
    std::string why;
    const Cell c = geo_->parse(text, &why);
    if (c == kNoCell) throw GameError("cannot read move '" + shown + "': " + why);
    if (stone_[c] != Player::None)
        throw GameError("cell " + geo_->name(c) + " is occupied by a " +
                        (stone_[c] == kBlack ? "black" : "white") + " stone");
    return Move{c};
}

std::string State::position() const {
    std::string out;
    for (Ring x = 1; x <= geo_->rings(); ++x) {
        if (x > 1) out += '/';
        int run = 0;
        for (int i = 0; i < kArms * x; ++i) {
            const Player p = stone_[Geometry::id(x, i)];
            if (p == Player::None) {
                ++run;
                continue;
            }
            if (run > 0) out += std::to_string(run);
            run = 0;
            out += p == kBlack ? 'b' : 'w';
        }
        if (run > 0) out += std::to_string(run);
    }
    out += to_move_ == kBlack ? " b" : " w";
    return out;
}

void State::set_position(std::string_view text) {
    // Parse everything into locals first, so a bad string changes nothing.
    auto bad = [&](const std::string& why) { return GameError("bad *Star position: " + why); };
    std::string_view body = text;
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.front())))
        body.remove_prefix(1);
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back())))
        body.remove_suffix(1);
    const std::size_t space = body.find(' ');
    if (space == std::string_view::npos || body.size() != space + 2 ||
        (body.back() != 'b' && body.back() != 'w'))
        throw bad("expected the rings, a space and the side to move, b or w");
    const Player side = body.back() == 'b' ? kBlack : kWhite;
    body = body.substr(0, space);

    const int rings = geo_->rings();
    std::array<Player, kMaxCells> board;
    board.fill(Player::None);
    Ring x = 1;
    int i = 0;  // cells of ring x read so far
    auto finish_ring = [&] {
        if (i != kArms * x)
            throw bad("ring " + std::to_string(x) + " has " + std::to_string(kArms * x) +
                      " cells, not " + std::to_string(i));
    };
    for (std::size_t pos = 0; pos < body.size(); ++pos) {
        const char ch = body[pos];
        if (ch == '/') {
            finish_ring();
            if (++x > rings)
                throw bad("more than " + std::to_string(rings) + " rings, separated by '/'");
            i = 0;
        } else if (ch >= '1' && ch <= '9') {
            int run = 0;
            while (pos < body.size() && body[pos] >= '0' && body[pos] <= '9' && run <= kMaxCells)
                run = run * 10 + (body[pos++] - '0');
            --pos;
            i += run;
        } else if (ch == 'b' || ch == 'w') {
            if (i < kArms * x) board[Geometry::id(x, i)] = ch == 'b' ? kBlack : kWhite;
            ++i;
        } else {
            throw bad(std::string("unexpected '") + ch + "' in ring " + std::to_string(x) +
                      " (use b, w, a count of empty cells from 1, or '/')");
        }
        if (i > kArms * x)
            throw bad("ring " + std::to_string(x) + " has only " + std::to_string(kArms * x) +
                      " cells");
    }
    finish_ring();
    if (x != rings)
        throw bad("found " + std::to_string(x) + " rings, the board has " + std::to_string(rings));

    clear();
    for (Cell c = 0; c < geo_->cells(); ++c)
        if (board[c] != Player::None) place_stone(c, board[c]);
    merge_count_ = 0;  // the set-up is not undoable
    to_move_ = side;
    if (side == kWhite) hash_ ^= kZobrist.extra(0);
}

std::string State::player_name(Player p) const {
    return p == kBlack ? "Black" : p == kWhite ? "White" : "nobody";
}

std::string State::move_help() const {
    const int r = geo_->rings();
    return "Play a cell by its name Nxy: the arm letter * S T A R (clockwise; s t a r also "
           "work), the ring x counted from the centre, 1 to " +
           std::to_string(r) + (r == 10 ? " (ring 10 is written 0)" : "") +
           ", and the offset y, 0 to x-1, clockwise from the arm. Examples: *10 is the "
           "innermost cell on the * arm, S32 is ring 3, two cells past the S arm, and " +
           std::string("*") + std::to_string(r % 10) +
           "0 is a corner. There is no pass; the game ends when the board is full." +
           (rules_.swap ? " White may answer Black's first stone with 'swap', which turns that "
                          "stone white; Black then moves."
                        : "");
}

// ---------------------------------------------------------------------------
// Scoring.

State::Owners State::exact_owners() const {
    return full_board_owners(*geo_, MaskGroups{groups_});
}

State::Owners State::estimate_owners() const {
    // Section 5: provisional stars hold two or more occupied pericells; the
    // other cells form regions under lattice adjacency (no bridge), and a
    // region gives its pericells to the one star it borders, if only one.
    const Geometry& g = *geo_;
    const MaskGroups groups{groups_};
    auto star_root = [&](Cell c) {
        if (stone_[c] == Player::None) return kNoCell;
        const Cell r = groups.root(c);
        return groups.peries(r) >= 2 ? r : kNoCell;
    };
    Owners owner;
    owner.fill(kNoCell);
    std::array<std::int8_t, kMaxCells> region;  // first peri index of the region, or -1
    region.fill(-1);
    std::array<Cell, kMaxPeri> region_owner;
    std::array<Cell, kMaxCells> stack;
    for (int k = 0; k < g.peri_count(); ++k) {
        const Cell c = g.peri_cell(k);
        if (const Cell r = star_root(c); r != kNoCell) {
            owner[k] = r;
            continue;
        }
        if (region[c] < 0) {
            Cell border = kNoCell;
            bool shared = false;
            int top = 0;
            stack[top++] = c;
            region[c] = static_cast<std::int8_t>(k);
            while (top > 0) {
                for (const Cell n : g.lattice_neighbours(stack[--top])) {
                    if (const Cell r = star_root(n); r != kNoCell) {
                        shared |= border != kNoCell && border != r;
                        border = r;
                    } else if (region[n] < 0) {
                        region[n] = static_cast<std::int8_t>(k);
                        stack[top++] = n;
                    }
                }
            }
            region_owner[k] = shared ? kNoCell : border;
        }
        owner[k] = region_owner[region[c]];
    }
    return owner;
}

Score State::exact_score() const {
    // Ownership by rules 4.1 is only defined once every cell is filled.
    if (!full()) throw GameError("internal: exact *Star score asked for a board that is not full");
    return tally(*geo_, stone_.data(), MaskGroups{groups_}, exact_owners(), false);
}

Score State::estimate() const {
    return tally(*geo_, stone_.data(), MaskGroups{groups_}, estimate_owners(), true);
}

std::vector<StarGroup> State::stars() const {
    const Geometry& g = *geo_;
    const MaskGroups groups{groups_};
    const Owners owner = full() ? exact_owners() : estimate_owners();
    std::vector<StarGroup> out;
    auto entry = [&](Cell root) -> StarGroup& {
        for (auto& s : out)
            if (s.root == root) return s;
        return out.emplace_back(StarGroup{stone_[root], root, groups.peries(root), 0, 0});
    };
    for (int k = 0; k < g.peri_count(); ++k) {
        const Cell c = g.peri_cell(k);
        if (stone_[c] != Player::None && groups.peries(groups.root(c)) >= 2) entry(groups.root(c));
        if (owner[k] == kNoCell) continue;
        StarGroup& s = entry(owner[k]);
        ++s.owned;
        if (g.is_corner(c)) ++s.quarks;
    }
    return out;
}

nlohmann::json State::score() const {
    const Score s = current_score();
    auto side = [](const SideScore& p) {
        return nlohmann::json{{"peries", p.peries},
                              {"quarks", p.quarks},
                              {"quark_point", p.quark_point},
                              {"stars", p.stars},
                              {"score", p.score}};
    };
    return {{"provisional", s.provisional},
            {"black", side(s.side[0])},
            {"white", side(s.side[1])},
            {"margin", s.margin()}};
}

// ---------------------------------------------------------------------------
// Drawing.

std::string State::render() const {
    return draw(false);
}
std::string State::render_labels() const {
    return draw(true);
}

std::string State::draw(bool labels) const {
    // Character cells are about twice as tall as wide, hence the larger x
    // scale; these scales keep every cell of every size on its own spot with
    // at least one blank between neighbours in a row (checked by the tests),
    // and three blanks' room for names in the labelled drawing.
    const Geometry& g = *geo_;
    const double sx = labels ? 4.2 : 2.2, sy = 1.25;
    const int width = labels ? 3 : 1;
    struct Mark {
        long row, col;
        std::string text;
    };
    std::vector<Mark> marks;
    for (Cell c = 0; c < g.cells(); ++c) {
        const Point p = g.point(c);
        std::string text(1, stone_char(stone_[c]));
        if (labels) text = stone_[c] == Player::None ? g.name(c) : " " + text + " ";
        marks.push_back({std::lround(-p.y * sy), std::lround(p.x * sx) - width / 2, text});
    }
    // Arm letters just outside their corners.
    const double out = (g.rings() + 1.0) / g.rings();
    for (Arm s = 0; s < kArms; ++s) {
        const Point p = g.point(g.corner(s));
        marks.push_back({std::lround(-p.y * out * sy), std::lround(p.x * out * sx),
                         std::string(1, kArmLetters[s])});
    }
    long top = marks[0].row, bottom = top, left = marks[0].col, right = left;
    for (const Mark& m : marks) {
        top = std::min(top, m.row);
        bottom = std::max(bottom, m.row);
        left = std::min(left, m.col);
        right = std::max(right, m.col + static_cast<long>(m.text.size()));
    }
    std::vector<std::string> grid(static_cast<std::size_t>(bottom - top + 1),
                                  std::string(static_cast<std::size_t>(right - left), ' '));
    for (const Mark& m : marks)
        grid[static_cast<std::size_t>(m.row - top)].replace(static_cast<std::size_t>(m.col - left),
                                                            m.text.size(), m.text);
    std::string out_text;
    for (auto& line : grid) {
        line.erase(line.find_last_not_of(' ') + 1);
        out_text += line + '\n';
    }

    const Score s = current_score();
    auto side = [&](Player p) {
        const SideScore& v = s.side[index(p)];
        return player_name(p) + " " + std::to_string(v.score) + " (peries " +
               std::to_string(v.peries) + ", quarks " + std::to_string(v.quarks) + ", stars " +
               std::to_string(v.stars) + ")";
    };
    if (full()) {
        const Player w = s.leader();
        out_text +=
            "Game over: " + (w == Player::None ? std::string("draw") : player_name(w) + " wins") +
            ".\nFinal score: " + side(kBlack) + ", " + side(kWhite) + ".\n";
    } else {
        out_text += player_name(to_move_) + " (" + stone_char(to_move_) + ") to move, " +
                    std::to_string(empty_count_) + " empty cells" +
                    (swap_legal() ? ", swap allowed" : "") + ".\nEstimate: " + side(kBlack) + ", " +
                    side(kWhite) + ".\n";
    }
    return out_text;
}

// ---------------------------------------------------------------------------
// Random playouts.

Outcome State::fill_and_score(Rng& rng, std::array<Player, kMaxCells>& colour, std::uint64_t* moves,
                              int* margin) const {
    const Geometry& g = *geo_;
    colour = stone_;
    std::array<Cell, kMaxCells> pool;
    const int left = empty_count_;
    std::copy(empty_.begin(), empty_.begin() + left, pool.begin());
    Player next = to_move_;
    std::uint64_t played = static_cast<std::uint64_t>(left);
    if (swap_legal() &&
        rng.below(static_cast<std::uint32_t>(left + 1)) == static_cast<std::uint32_t>(left)) {
        colour[empty_[g.cells() - 1]] = kWhite;
        next = kBlack;
        ++played;
    }
    // Alternating moves on uniformly random cells end in a board where the
    // side to move holds a uniformly random ceil(left/2) of the empty cells.
    // So give it every cell, then hand a random floor(left/2) of them to the
    // opponent with a partial Fisher-Yates shuffle: half the random numbers.
    for (int k = 0; k < left; ++k) colour[pool[k]] = next;
    const Player other = opponent(next);
    for (int k = 0; k < left / 2; ++k) {
        const int j = k + static_cast<int>(rng.below(static_cast<std::uint32_t>(left - k)));
        std::swap(pool[k], pool[j]);
        colour[pool[k]] = other;
    }
    if (moves) *moves = played;
    return score_filled(colour, margin);
}

Outcome State::score_filled(const std::array<Player, kMaxCells>& colour, int* margin) const {
    const Geometry& g = *geo_;
    const FlatGroups groups(g, colour.data());
    const Score score = tally(g, colour.data(), groups, full_board_owners(g, groups), false);
    if (margin) *margin = score.margin();
    return outcome_of(score);
}

Outcome State::policy_playout(Rng& rng, std::array<Player, kMaxCells>& colour,
                              std::array<Cell, kMaxCells + 1>& order, int* count,
                              int* margin) const {
    const Geometry& g = *geo_;
    colour = stone_;
    // The empty cells in a pool with its inverse, so that a chosen reply can
    // be taken out of the pool in O(1) as well as a random cell.
    std::array<Cell, kMaxCells> pool, slot;
    int left = empty_count_;
    for (int k = 0; k < left; ++k) {
        pool[k] = empty_[k];
        slot[empty_[k]] = static_cast<Cell>(k);
    }
    int n = 0;
    Player next = to_move_;
    if (swap_legal() &&
        rng.below(static_cast<std::uint32_t>(left + 1)) == static_cast<std::uint32_t>(left)) {
        colour[empty_[g.cells() - 1]] = kWhite;
        order[n++] = kSwapCell;
        next = kBlack;
    }
    Cell last = ply_ > 0 && !steps_[ply_ - 1].move.is_swap() ? steps_[ply_ - 1].cell : kNoCell;
    while (left > 0) {
        Cell reply = kNoCell;
        if (last != kNoCell)
            for (const Bridge& br : g.bridges(last))
                if (colour[br.a] == next && colour[br.b] == next &&
                    colour[br.other] == Player::None) {
                    reply = br.other;
                    break;
                }
        const int k = reply != kNoCell
                          ? slot[reply]
                          : static_cast<int>(rng.below(static_cast<std::uint32_t>(left)));
        const Cell c = pool[k];
        pool[k] = pool[--left];
        slot[pool[k]] = static_cast<Cell>(k);
        colour[c] = next;
        order[n++] = c;
        last = c;
        next = opponent(next);
    }
    *count = n;
    return score_filled(colour, margin);
}

// ---------------------------------------------------------------------------
// Registration.

namespace {

const GameRegistration kRegistration{GameInfo{
    .id = "starstar",
    .title = "*Star",
    .summary = "Ea Ea's connection game on a five-sided ring board: build stars that own the "
               "perimeter",
    .options = {{.name = "size",
                 .type = OptionSpec::Type::Int,
                 .default_value = "10",
                 .allowed = {"6", "8", "10"},
                 .help = "rings on the board: 6, 8 or 10 (105, 180 or 275 cells)"},
                {.name = "swap",
                 .type = OptionSpec::Type::Bool,
                 .default_value = "false",
                 .allowed = {},
                 .help = "pie rule: White may answer Black's first stone with swap"}},
    .make = [](const Options& options) -> std::unique_ptr<Game> {
        const GameInfo& info = *Registry::instance().find("starstar");
        return std::make_unique<StateGame<State>>(
            canonical_spec(info, options),
            State(Rules{options.get_int("size"), options.get_bool("swap")}));
    },
    .bench_specs = {"starstar:size=6", "starstar:size=8", "starstar:size=10"},
}};

}  // namespace

}  // namespace asterism::starstar
