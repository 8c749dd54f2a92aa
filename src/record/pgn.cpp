// PGN read into records (pgn.h's pgn_game_to_record and read_pgn): a scanned
// game's tags made record tags, its game named by GameSpec or Variant, its
// moves put in the game's own notation, then replayed.
#include "record/pgn.h"

#include <cctype>
#include <map>

#include "core/errors.h"
#include "core/registry.h"
#include "record/file_io.h"
#include "record/pgn_text.h"

namespace asterism {

using namespace pgn;

namespace {

// A PGN database can hold thousands of games; anything far bigger than
// that is not a game file, and refusing it keeps memory use bounded.
constexpr std::size_t kMaxPgnBytes = std::size_t{64} << 20;

// Letters and digits only, lower case: "Star Pool Chess", "star-pool" and
// "starpool" are one name.
std::string squeeze(std::string_view s) {
    std::string out;
    for (const char c : s)
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const GameInfo* variant_by_name(std::string_view name) {
    const std::string key = squeeze(name);
    for (const GameInfo* v : pgn_games())
        if (key == squeeze(v->pgn->variant) || key == squeeze(v->id)) return v;
    return nullptr;
}

// The spec of a PGN game that names no game: the caller's, else the one a
// registered game claims (PgnNotation::unnamed_spec).
std::string unnamed_game_spec(const PgnReadOptions& options) {
    if (!options.default_game.empty()) return options.default_game;
    for (const GameInfo* v : pgn_games())
        if (!v->pgn->unnamed_spec.empty()) return v->pgn->unnamed_spec;
    return {};
}

bool unknown_value(std::string_view v) {
    return v.empty() || v == "?";
}

}  // namespace

namespace {

// The moves of another program's file in the game's own notation, as the
// game rewrites them (PgnNotation::foreign_moves).
void foreign_moves(const PgnNotation& notation, std::vector<RecordMove>& moves) {
    if (!notation.foreign_moves) return;
    std::vector<std::string> texts;
    for (const RecordMove& m : moves) texts.push_back(m.move);
    notation.foreign_moves(texts);
    for (std::size_t i = 0; i < moves.size(); ++i) moves[i].move = std::move(texts[i]);
}

// A PGN tag name as a record tag key: letters, digits and '_', starting
// with a letter.
std::string record_key(std::string_view name) {
    std::string key;
    for (const char c : name) key += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (!std::isalpha(static_cast<unsigned char>(key.front()))) key.insert(0, "T");
    return key;
}

}  // namespace

namespace {

// The record's tags from the PGN game's, in the order a record lists them,
// but for the Result tag, which the caller settles; `spec` and `spec_line`
// name the game.
Record record_tags(const PgnGame& game, const std::map<std::string, const RecordTag*>& tags,
                   const std::string& spec, int spec_line) {
    auto known = [&](std::string_view key) -> const RecordTag* {
        const auto it = tags.find(std::string(key));
        return it == tags.end() || unknown_value(it->second->value) ? nullptr : it->second;
    };
    Record record;
    record.tags.push_back({std::string(tag::kGame), spec, spec_line});
    const RecordTag* position = known("FEN");
    if (!position && known("SPN") && known("SPN")->value != "0") position = known("SPN");
    if (position)
        record.tags.push_back({std::string(tag::kPosition), position->value, position->line});
    const std::pair<std::string_view, std::string_view> renamed[] = {
        {"Event", "Event"},
        {"Site", "Site"},
        {"Round", "Round"},
        {"White", tag::kFirst},
        {"WhiteLevel", tag::kFirstLevel},
        {"Black", tag::kSecond},
        {"BlackLevel", tag::kSecondLevel},
    };
    for (const auto& [from, to] : renamed)
        if (const RecordTag* t = known(from))
            record.tags.push_back({std::string(to), t->value, t->line});
    if (const RecordTag* t = known("Date")) {
        const std::string date =
            is_date(t->value, '.') ? swap_separator(t->value, '.', '-') : t->value;
        // A date of question marks only is no date.
        if (date.find_first_not_of("?-") != std::string::npos)
            record.tags.push_back({std::string(tag::kDate), date, t->line});
    }
    for (const auto& t : game.tags) {
        if (contains(std::begin(kMappedPgnTags), std::end(kMappedPgnTags), t.key) ||
            unknown_value(t.value))
            continue;
        const std::string key = record_key(t.key);
        if (!record.find_tag(key)) record.tags.push_back({key, t.value, t.line});
    }
    if (!game.comment.empty() && !record.find_tag(kComment))
        record.tags.push_back({std::string(kComment), game.comment, game.line});
    return record;
}

}  // namespace

namespace {

// The game's result and the line that says it: the termination marker, or
// the Result tag when the marker is missing or '*'.
std::pair<std::string, int> pgn_result(const PgnGame& game, const RecordTag* tag) {
    if (tag && (game.result.empty() || game.result == "*"))
        return {normal_result(tag->value), tag->line};
    return {game.result, game.moves.empty() ? game.line : game.moves.back().line};
}

}  // namespace

namespace {

// One PGN game being read: its tags by key (each at most once) and the error
// that names the game and a line.
class PgnReading {
  public:
    PgnReading(const PgnGame& game, int number, std::string_view source)
        : number_(number), source_(source) {
        for (const auto& t : game.tags)
            if (const auto [it, fresh] = tags_.emplace(t.key, &t); !fresh)
                throw fail(t.line,
                           reason("rec.tagTwice", {{"key", t.key}, {"n", it->second->line}}));
    }
    RecordError fail(int line, const nlohmann::json& why) const {
        return RecordError(source_, line, reason("pgn.game", {{"n", number_}, {"why", why}}));
    }
    // The tag `key` if given with a known value ('?' and '-' are unknown).
    const RecordTag* known(std::string_view key) const {
        const auto it = tags_.find(std::string(key));
        return it == tags_.end() || unknown_value(it->second->value) ? nullptr : it->second;
    }
    const std::map<std::string, const RecordTag*>& tags() const { return tags_; }

  private:
    int number_;
    std::string_view source_;
    std::map<std::string, const RecordTag*> tags_;
};

struct PgnGameSpec {
    std::string spec;
    int line = 0;
    const GameInfo* variant = nullptr;
    bool from_spec_tag = false;
};

// The game: GameSpec names it exactly, Variant by name, else the default.
PgnGameSpec pgn_game_spec(const PgnReading& reading, const PgnGame& game,
                          const PgnReadOptions& options) {
    const RecordTag* spec_tag = reading.known(kGameSpec);
    const RecordTag* variant_tag = reading.known(kVariant);
    const GameInfo* named = variant_tag ? variant_by_name(variant_tag->value) : nullptr;
    if (variant_tag && !named)
        throw reading.fail(
            variant_tag->line,
            reason("pgn.variant", {{"name", variant_tag->value}, {"list", pgn_game_words(true)}}));
    PgnGameSpec out;
    out.from_spec_tag = spec_tag != nullptr;
    out.spec = spec_tag ? spec_tag->value : named ? named->id : unnamed_game_spec(options);
    out.line = spec_tag ? spec_tag->line : variant_tag ? variant_tag->line : game.line;
    out.variant = variant_by_id(spec_id(out.spec));
    if (!out.variant)
        throw reading.fail(out.line, reason("pgn.notCovered",
                                            {{"spec", out.spec}, {"list", pgn_game_words(false)}}));
    if (named && named != out.variant)
        throw reading.fail(
            variant_tag->line,
            reason("pgn.mismatch", {{"variant", variant_tag->value}, {"spec", out.spec}}));
    return out;
}

}  // namespace

LoadedGame pgn_game_to_record(const PgnGame& game, int number, std::string_view source,
                              const PgnReadOptions& options) {
    const PgnReading reading(game, number, source);
    const PgnGameSpec spec = pgn_game_spec(reading, game, options);
    Record record = record_tags(game, reading.tags(), spec.spec, spec.line);
    for (const auto& m : game.moves)
        record.moves.push_back(
            {replace_all(m.move, spec.variant->pgn->replacement, spec.variant->pgn->reserved),
             m.comment, m.line});
    if (!spec.from_spec_tag) foreign_moves(*spec.variant->pgn, record.moves);

    // An unfinished result ('*' or none) is settled by replaying.
    const auto [result, result_line] = pgn_result(game, reading.known("Result"));
    if (!result.empty() && !is_result(result))
        throw reading.fail(result_line, reason("pgn.result", {{"result", result}}));
    const std::size_t result_at =
        record.find_tag(tag::kDate)
            ? static_cast<std::size_t>(record.find_tag(tag::kDate) - record.tags.data()) + 1
            : record.tags.size();
    const bool decided = !result.empty() && result != "*";
    if (decided)
        record.tags.insert(record.tags.begin() + static_cast<std::ptrdiff_t>(result_at),
                           {std::string(tag::kResult), result, result_line});

    LoadedGame loaded;
    try {
        loaded = replay_record(std::move(record));
    } catch (const RecordError& e) {
        // What is wrong, placed again in the PGN text and this game.
        throw reading.fail(e.line() > 0 ? e.line() : game.line, e.why());
    }
    if (!decided)
        loaded.record.tags.insert(
            loaded.record.tags.begin() + static_cast<std::ptrdiff_t>(result_at),
            {std::string(tag::kResult), loaded.game->result(), result_line});
    return loaded;
}

bool pgn_covers(std::string_view id) {
    return variant_by_id(id) != nullptr;
}

std::vector<LoadedGame> read_pgn(std::string_view text, std::string_view source,
                                 const PgnReadOptions& options) {
    const std::vector<PgnGame> games = parse_pgn(text, source);
    if (games.empty()) throw RecordError(source, 0, reason("pgn.none"));
    std::vector<LoadedGame> out;
    out.reserve(games.size());
    for (std::size_t i = 0; i < games.size(); ++i)
        out.push_back(pgn_game_to_record(games[i], static_cast<int>(i) + 1, source, options));
    return out;
}

std::vector<LoadedGame> load_pgn_file(const std::string& path, const PgnReadOptions& options) {
    return read_pgn(read_text_file(path, kMaxPgnBytes), path, options);
}

}  // namespace asterism
