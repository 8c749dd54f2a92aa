#include "core/registry.h"
#include "core/errors.h"
#include "core/key_values.h"
#include "core/text.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace asterism {

const char* type_name(OptionSpec::Type t) {
    switch (t) {
        case OptionSpec::Type::Int:
            return "int";
        case OptionSpec::Type::Enum:
            return "enum";
        case OptionSpec::Type::Bool:
            return "bool";
        case OptionSpec::Type::Seed:
            return "seed";
    }
    return "?";
}

nlohmann::json game_info_json(const GameInfo& info) {
    nlohmann::json options = nlohmann::json::array();
    for (const auto& o : info.options)
        options.push_back({{"name", o.name},
                           {"type", type_name(o.type)},
                           {"default", o.default_value},
                           {"allowed", o.allowed},
                           {"help", o.help}});
    return {
        {"id", info.id}, {"title", info.title}, {"summary", info.summary}, {"options", options}};
}

const std::string& Options::get(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) throw GameError("internal: option '" + name + "' was not declared");
    return it->second;
}

int Options::get_int(const std::string& name) const {
    return std::stoi(get(name));
}
bool Options::get_bool(const std::string& name) const {
    return get(name) == "true";
}
std::uint64_t Options::get_u64(const std::string& name) const {
    return std::stoull(get(name));
}

std::string spec_id(std::string_view spec) {
    return std::string(spec.substr(0, spec.find(':')));
}

std::string Game::id() const {
    return spec_id(spec());
}

const GameInfo* registered_options(const Game& game, Options& options) {
    const GameInfo* info = Registry::instance().find(game.id());
    if (!info) return nullptr;
    const std::string spec = game.spec();
    const std::size_t colon = spec.find(':');
    options = Registry::instance().parse_options(
        *info, colon == std::string::npos ? "" : std::string_view(spec).substr(colon + 1));
    return info;
}

int review_level_of(const Game& game) {
    Options options;
    const GameInfo* info = registered_options(game, options);
    return info && info->review_level ? info->review_level(options) : kReviewLevel;
}

std::string Game::result() const {
    Outcome o = outcome();
    switch (o.kind) {
        case Outcome::Kind::Ongoing:
            return "*";
        case Outcome::Kind::Draw:
            return "1/2-1/2";
        case Outcome::Kind::Loss:
            return "loss";
        case Outcome::Kind::Win:
            if (num_players() == 1) return "win";
            return o.winner == Player::First ? "1-0" : "0-1";
    }
    return "*";
}

nlohmann::json Game::view(ViewParts parts) const {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : legal_moves())
        moves.push_back({{"text", m}, {"path", nlohmann::json::array()}, {"label", m}});
    nlohmann::json out = {{"kind", "generic"},
                          {"pieces", nlohmann::json::array()},
                          {"decor", nlohmann::json::array()},
                          {"moves", moves}};
    if (parts == ViewParts::Whole) out["cells"] = nlohmann::json::array();
    return out;
}

Registry& Registry::instance() {
    static Registry registry;
    return registry;
}

void Registry::add(GameInfo info) {
    if (find(info.id)) throw error("spec.registeredTwice", {{"id", info.id}});
    games_.push_back(std::move(info));
}

const GameInfo* Registry::find(std::string_view id) const {
    for (const auto& g : games_)
        if (g.id == id) return &g;
    return nullptr;
}

std::vector<const GameInfo*> Registry::all() const {
    std::vector<const GameInfo*> out;
    for (const auto& g : games_) out.push_back(&g);
    std::sort(out.begin(), out.end(), [](auto* a, auto* b) { return a->id < b->id; });
    return out;
}

namespace {

std::string normalise_value(const GameInfo& info, const OptionSpec& opt, std::string value) {
    auto bad = [&](const nlohmann::json& why) {
        return error("spec.bad",
                     {{"key", opt.name}, {"value", value}, {"game", info.id}, {"why", why}});
    };
    switch (opt.type) {
        case OptionSpec::Type::Bool:
            if (value == "true" || value == "on" || value == "1" || value == "yes") return "true";
            if (value == "false" || value == "off" || value == "0" || value == "no") return "false";
            throw bad(reason("spec.bool"));
        case OptionSpec::Type::Seed: {
            std::uint64_t v = 0;
            auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (value.empty() || ec != std::errc() || ptr != value.data() + value.size())
                throw bad(reason("spec.unsigned"));
            return std::to_string(v);
        }
        case OptionSpec::Type::Int:
        case OptionSpec::Type::Enum: {
            std::string lower = value;
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            for (const auto& a : opt.allowed) {
                std::string al = a;
                std::transform(al.begin(), al.end(), al.begin(),
                               [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
                if (al == lower) return a;
            }
            std::string list;
            for (const auto& a : opt.allowed) list += (list.empty() ? "" : ", ") + a;
            throw bad(reason("spec.allowed", {{"list", list}}));
        }
    }
    throw bad(reason("spec.type"));
}

}  // namespace

Options Registry::parse_options(const GameInfo& info, std::string_view text) const {
    std::map<std::string, std::string> values;
    for (const auto& opt : info.options) values[opt.name] = opt.default_value;
    std::map<std::string, bool> seen;
    if (!text.empty() && text.back() == ',') throw error("spec.emptyEnd", {{"game", info.id}});
    for (const KeyValue& kv : split_key_values(text)) {
        if (kv.item.empty()) throw error("spec.empty", {{"game", info.id}});
        if (!kv.has_equals) throw error("spec.form", {{"item", kv.item}, {"game", info.id}});
        auto it = std::find_if(info.options.begin(), info.options.end(),
                               [&](const OptionSpec& o) { return o.name == kv.key; });
        if (it == info.options.end()) {
            std::string list;
            for (const auto& o : info.options) list += (list.empty() ? "" : ", ") + o.name;
            if (list.empty())
                throw error("spec.unknown.none", {{"key", kv.key}, {"game", info.id}});
            throw error("spec.unknown", {{"key", kv.key}, {"game", info.id}, {"list", list}});
        }
        if (seen[kv.key]) throw error("spec.twice", {{"key", kv.key}, {"game", info.id}});
        seen[kv.key] = true;
        values[kv.key] = normalise_value(info, *it, kv.value);
    }
    return Options(std::move(values));
}

std::unique_ptr<Game> Registry::create(std::string_view spec) const {
    auto colon = spec.find(':');
    std::string_view id = spec.substr(0, colon);
    const GameInfo* info = find(id);
    if (!info) {
        std::string list;
        for (const auto& g : games_) list += (list.empty() ? "" : ", ") + g.id;
        throw error("spec.game", {{"id", printable(id, kMaxQuoted)}, {"list", list}});
    }
    std::string_view rest =
        colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
    if (colon != std::string_view::npos && rest.empty())
        throw error("spec.emptyList", {{"spec", std::string(spec)}});
    return info->make(parse_options(*info, rest));
}

std::string Registry::with_option(std::string_view spec, const std::string& key,
                                  const std::string& value) const {
    const std::string canonical = create(spec)->spec();
    const auto colon = canonical.find(':');
    const GameInfo* info = find(canonical.substr(0, colon));
    // Keep every other option as it is and put the new value last.
    std::string options;
    const std::string rest = colon == std::string::npos ? "" : canonical.substr(colon + 1);
    for (const KeyValue& kv : split_key_values(rest))
        if (kv.key != key) options += kv.item + ",";
    return canonical_spec(*info, parse_options(*info, options + key + "=" + value));
}

std::string canonical_spec(const GameInfo& info, const Options& options) {
    std::string out = info.id;
    char sep = ':';
    for (const auto& opt : info.options) {
        if (opt.omit_at_default && options.get(opt.name) == opt.default_value) continue;
        out += sep;
        out += opt.name + "=" + options.get(opt.name);
        sep = ',';
    }
    return out;
}

}  // namespace asterism
