// The browser UI's JSON API (api.h; routes in docs/server.md).
#include "server/api.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <random>
#include <semaphore>
#include <thread>
#include <vector>

#include "core/os_random.h"
#include "core/registry.h"
#include "core/text.h"
#include "record/pgn.h"
#include "record/record.h"
#include "search/agent.h"
#include "search/engines.h"

namespace asterism::server {

using nlohmann::json;

// A game in play and what the API keeps about it. `mutex` guards every
// field but `last_used`, which the Api's table lock guards.
struct Api::Session {
    std::mutex mutex;
    std::unique_ptr<Game> game;
    std::string start_position;  // empty: the game's usual start
    Record record;               // tags kept for saving (players, date, ...)
    std::array<std::string, 2> seats{"human", "computer"};
    int level = 3;
    std::uint64_t next_seed = 1;
    std::uint64_t last_used = 0;
};

namespace {

// A failure with its HTTP status; route() throws it, handle() answers it.
struct HttpError {
    int status;
    std::string message;
    std::string allow;  // for 405
};

[[noreturn]] void fail(int status, const std::string& message) {
    throw HttpError{status, message, {}};
}

// Searches are the only slow requests; this many may run at once, so that a
// burst of computer moves cannot oversubscribe the machine. The others wait.
std::counting_semaphore<256>& search_slots() {
    static std::counting_semaphore<256> slots(
        static_cast<std::ptrdiff_t>(std::clamp(std::thread::hardware_concurrency(), 1u, 256u)));
    return slots;
}

struct SearchSlot {
    SearchSlot() { search_slots().acquire(); }
    ~SearchSlot() { search_slots().release(); }
    SearchSlot(const SearchSlot&) = delete;
    SearchSlot& operator=(const SearchSlot&) = delete;
};

// How deep the arrays and objects of a JSON text nest, counted without
// parsing it, so that a body of a million '[' costs nothing to refuse.
int json_depth(std::string_view text) {
    int depth = 0, deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

json parse_body(const ApiRequest& r, int max_depth) {
    if (r.body.empty()) return json::object();
    if (json_depth(r.body) > max_depth)
        fail(400, "the JSON body nests deeper than " + std::to_string(max_depth) + " levels");
    json j;
    try {
        j = json::parse(r.body);
    } catch (const json::parse_error& e) {
        // The library's message names the byte where reading stopped.
        std::string what = e.what();
        const auto at = what.find("parse error");
        fail(400, "malformed JSON: " + (at == std::string::npos ? what : what.substr(at)));
    }
    if (!j.is_object()) fail(400, "the request body must be a JSON object");
    return j;
}

std::string get_string(const json& j, const std::string& key, const std::string& fallback = {}) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    if (!j[key].is_string()) fail(400, "'" + key + "' must be a string");
    return j[key].get<std::string>();
}

long long get_int(const json& j, const std::string& key, long long fallback, long long lo,
                  long long hi) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    long long v = 0;
    if (j[key].is_number_integer())
        v = j[key].get<long long>();
    else if (j[key].is_number_unsigned())
        v = j[key].get<unsigned long long>() > static_cast<unsigned long long>(hi)
                ? hi + 1
                : static_cast<long long>(j[key].get<unsigned long long>());
    else
        fail(400, "'" + key + "' must be an integer");
    if (v < lo || v > hi)
        fail(400, "'" + key + "' must be from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
}

double get_number(const json& j, const std::string& key, double fallback, double lo, double hi) {
    if (!j.contains(key) || j[key].is_null()) return fallback;
    if (!j[key].is_number()) fail(400, "'" + key + "' must be a number");
    const double v = j[key].get<double>();
    if (!(v >= lo && v <= hi))
        fail(400, "'" + key + "' must be from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v;
}

// The spec of a new game: `game` is an id or a whole spec, `options` an
// object of further key/value pairs (strings, numbers or booleans).
std::string spec_from(const json& body) {
    std::string spec = get_string(body, "game");
    if (spec.empty()) fail(400, "'game' is missing: name a game, e.g. \"starstar\"");
    if (!body.contains("options") || body["options"].is_null()) return spec;
    if (!body["options"].is_object()) fail(400, "'options' must be an object");
    std::string extra;
    for (const auto& [key, value] : body["options"].items()) {
        std::string text;
        if (value.is_string())
            text = value.get<std::string>();
        else if (value.is_boolean())
            text = value.get<bool>() ? "true" : "false";
        else if (value.is_number_integer() || value.is_number_unsigned())
            text = value.dump();
        else
            fail(400, "option '" + key + "' must be a string, a number or a boolean");
        // Separators inside a value would be read as further options.
        if (key.find_first_of(",=:") != std::string::npos ||
            text.find_first_of(",=:") != std::string::npos)
            fail(400, "option '" + key + "' contains ',', '=' or ':'");
        extra += (extra.empty() ? "" : ",") + key + "=" + text;
    }
    if (extra.empty()) return spec;
    return spec + (spec.find(':') == std::string::npos ? ":" : ",") + extra;
}

// Seats: "human" or "computer", one per player.
void read_seats(const json& body, std::array<std::string, 2>& seats, int& level) {
    level = static_cast<int>(get_int(body, "level", level, 1, kMaxLevel));
    if (!body.contains("players") || body["players"].is_null()) return;
    const json& p = body["players"];
    if (!p.is_array() || p.size() < 1 || p.size() > 2)
        fail(400, "'players' must be a list of one or two of \"human\" and \"computer\"");
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (!p[i].is_string() || (p[i] != "human" && p[i] != "computer"))
            fail(400, "each player must be \"human\" or \"computer\"");
        seats[i] = p[i].get<std::string>();
    }
}

// The name a record downloads under: "GAME-DATE.rec" with only letters,
// digits, '.', '_' and '-' from the Date tag, which a loaded record may set
// to anything ("../../x" must not become a path).
std::string download_name(const std::string& game_id, const std::string& date) {
    std::string safe;
    for (const char c : date.substr(0, 32)) {
        const bool ok =
            std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
        if (!ok && !safe.empty() && safe.back() == '_') continue;
        safe.push_back(ok ? c : '_');
    }
    while (!safe.empty() && (safe.front() == '.' || safe.front() == '_')) safe.erase(0, 1);
    return game_id + (safe.empty() ? "" : "-" + safe) + ".rec";
}

std::string outcome_text(const Game& g) {
    const Outcome o = g.outcome();
    switch (o.kind) {
        case Outcome::Kind::Ongoing:
            return "";
        case Outcome::Kind::Draw:
            return "Draw";
        case Outcome::Kind::Loss:
            return "Lost";
        case Outcome::Kind::Win:
            return g.num_players() == 1 ? "Won" : g.player_name(o.winner) + " wins";
    }
    return "";
}

// Everything the UI shows about a session: `game` is the game as it is now,
// `shown` the position being looked at (the same game, or a copy taken back
// to an earlier ply while the player browses the move list).
json describe(const std::string& id, const Game& game, const Game& shown, int shown_ply,
              const std::array<std::string, 2>& seats, int level) {
    json players = json::array();
    for (int p = 0; p < game.num_players(); ++p)
        players.push_back({{"name", game.player_name(static_cast<Player>(p))},
                           {"seat", seats[static_cast<std::size_t>(p)]}});
    const Player to_move = shown.to_move();
    const std::string game_id = game.spec().substr(0, game.spec().find(':'));
    const GameInfo* info = Registry::instance().find(game_id);
    return {{"id", id},
            {"game", game.spec()},
            {"game_id", game_id},
            {"title", info ? info->title : game_id},
            {"players", players},
            {"level", level},
            {"history", game.history()},
            {"ply", game.history().size()},
            {"shown_ply", shown_ply},
            {"to_move", to_move == Player::None ? -1 : index(to_move)},
            {"terminal", shown.terminal()},
            {"result", shown.result()},
            {"outcome", outcome_text(shown)},
            {"score", shown.score()},
            {"position", shown.position()},
            {"move_help", game.move_help()},
            {"view", shown.view()}};
}

}  // namespace

Api::Api(ApiLimits limits, std::uint64_t seed) : limits_(limits) {
    if (seed == 0) {
        std::random_device device;
        seed = (std::uint64_t{device()} << 32) ^ device();
    }
    rng_.reseed(seed);
}

Api::~Api() = default;

std::size_t Api::session_count() const {
    std::lock_guard lock(mutex_);
    return sessions_.size();
}

std::shared_ptr<Api::Session> Api::find(const std::string& id) {
    std::lock_guard lock(mutex_);
    const auto it = sessions_.find(id);
    if (it == sessions_.end())
        fail(404, "no game " + quote(id) + " (it may have ended long ago; start a new one)");
    it->second->last_used = ++clock_;
    return it->second;
}

std::string Api::add(std::shared_ptr<Session> session) {
    std::lock_guard lock(mutex_);
    // The least recently used games make room; a request still working on
    // one keeps it alive through its shared_ptr until it finishes.
    while (!sessions_.empty() && sessions_.size() >= limits_.max_sessions) {
        auto oldest = sessions_.begin();
        for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
            if (it->second->last_used < oldest->second->last_used) oldest = it;
        sessions_.erase(oldest);
    }
    std::string id;
    do {
        id = random_token();
    } while (sessions_.count(id));
    session->last_used = ++clock_;
    session->next_seed = rng_.next() | 1;
    sessions_[id] = std::move(session);
    return id;
}

ApiResponse Api::handle(const ApiRequest& request) {
    try {
        if (request.body.size() > limits_.max_body)
            fail(413, "the request body is " + std::to_string(request.body.size()) +
                          " bytes; the limit is " + std::to_string(limits_.max_body));
        return route(request);
    } catch (const HttpError& e) {
        return {e.status, {{"error", e.message}}, e.allow};
    } catch (const GameError& e) {
        return {400, {{"error", e.what()}}};
    } catch (const json::exception& e) {
        // A JSON value of an unexpected type that a check above missed.
        return {400, {{"error", std::string("bad JSON value: ") + e.what()}}};
    } catch (const std::exception& e) {
        return {500, {{"error", std::string("internal error: ") + e.what()}}};
    }
}

ApiResponse Api::route(const ApiRequest& r) {
    // Split "/api/sessions/ID/action" into its parts.
    std::vector<std::string> parts;
    for (std::size_t at = 0; at <= r.path.size();) {
        const std::size_t next = std::min(r.path.find('/', at), r.path.size());
        if (next > at) parts.push_back(r.path.substr(at, next - at));
        at = next + 1;
    }
    if (parts.empty() || parts[0] != "api") fail(404, "no such page: " + printable(r.path, 200));
    // A path takes one method (GET also answers HEAD, which the HTTP layer
    // turns into GET); the reply to another names the ones it takes.
    auto method_is = [&](const char* m, const char* allow = nullptr) {
        if (r.method == m) return true;
        const std::string allowed = allow ? allow : (std::string(m) == "GET" ? "GET, HEAD" : m);
        throw HttpError{
            405, printable(r.path, 200) + " takes " + allowed + ", not " + printable(r.method, 16),
            allowed};
    };

    if (parts.size() == 2 && parts[1] == "catalog") {
        method_is("GET");
        json games = json::array();
        for (const GameInfo* info : Registry::instance().all()) {
            json g = game_info_json(*info);
            g["search"] = has_engine(info->id);
            games.push_back(std::move(g));
        }
        return {200, {{"games", games}, {"levels", {{"min", 1}, {"max", kMaxLevel}}}}};
    }

    if (parts.size() == 2 && parts[1] == "records") {
        // Load a record: a new session continuing it.
        method_is("POST");
        const json body = parse_body(r, limits_.max_json_depth);
        const std::string text = get_string(body, "record");
        if (text.empty()) fail(400, "'record' is missing: send the record's text");
        // A PGN text (docs/records.md, "PGN") loads its first game.
        LoadedGame loaded = looks_like_pgn(text)
                                ? std::move(read_pgn(text, "record").front())
                                : replay_record(parse_record(text, "record"), "record");
        auto s = std::make_shared<Session>();
        read_seats(body, s->seats, s->level);
        s->game = std::move(loaded.game);
        s->start_position = std::move(loaded.start_position);
        s->record = std::move(loaded.record);
        const Game& g = *s->game;
        const int ply = static_cast<int>(g.history().size());
        json state = describe("", g, g, ply, s->seats, s->level);
        state["id"] = add(s);
        return {201, state};
    }

    if (parts.size() >= 2 && parts[1] == "sessions") {
        if (parts.size() == 2) {
            method_is("POST");
            const json body = parse_body(r, limits_.max_json_depth);
            auto s = std::make_shared<Session>();
            s->game = Registry::instance().create(spec_from(body));
            const std::string position = get_string(body, "position");
            if (!position.empty()) {
                s->game->set_position(position);
                s->start_position = s->game->position();
            }
            read_seats(body, s->seats, s->level);
            const Game& g = *s->game;
            json state = describe("", g, g, 0, s->seats, s->level);
            state["id"] = add(s);
            return {201, state};
        }
        const std::string& id = parts[2];
        const std::shared_ptr<Session> s = find(id);
        const std::string action = parts.size() > 3 ? parts[3] : "";
        if (parts.size() > 4) fail(404, "no such page: " + printable(r.path, 200));

        auto state_of = [&](const Session& session) {
            const Game& g = *session.game;
            return describe(id, g, g, static_cast<int>(g.history().size()), session.seats,
                            session.level);
        };

        if (action.empty() && r.method == "DELETE") {
            std::lock_guard lock(mutex_);
            sessions_.erase(id);
            return {200, {{"deleted", id}}};
        }
        if (action.empty()) {
            method_is("GET", "GET, HEAD, DELETE");
            std::lock_guard lock(s->mutex);
            const Game& g = *s->game;
            const int ply = static_cast<int>(g.history().size());
            const auto it = r.query.find("ply");
            if (it == r.query.end()) return {200, state_of(*s)};
            // Browsing: the position after `ply` moves, on a copy.
            int shown = -1;
            if (std::sscanf(it->second.c_str(), "%d", &shown) != 1 || shown < 0 || shown > ply ||
                std::to_string(shown) != it->second)
                fail(400, "'ply' must be a whole number from 0 to " + std::to_string(ply));
            auto copy = g.clone();
            for (int k = ply; k > shown; --k) copy->undo();
            return {200, describe(id, g, *copy, shown, s->seats, s->level)};
        }
        if (action == "legal") {
            method_is("GET");
            std::lock_guard lock(s->mutex);
            return {200, {{"moves", s->game->legal_moves()}}};
        }
        if (action == "move") {
            method_is("POST");
            const json body = parse_body(r, limits_.max_json_depth);
            const std::string move = get_string(body, "move");
            if (move.empty())
                fail(400, "'move' is missing: send the move's text, e.g. {\"move\": \"*10\"}");
            std::lock_guard lock(s->mutex);
            s->game->play(move);
            return {200, state_of(*s)};
        }
        if (action == "undo") {
            method_is("POST");
            const json body = parse_body(r, limits_.max_json_depth);
            const long long count = get_int(body, "count", 1, 1, 100000);
            const bool to_human = body.contains("to_human") && body["to_human"] == true;
            std::lock_guard lock(s->mutex);
            Game& g = *s->game;
            if (g.history().empty()) fail(400, "nothing to undo");
            if (to_human) {
                // Back to and including the last move made by a person, so
                // that a person is to move again (or to the start).
                while (g.undo()) {
                    const Player p = g.to_move();
                    if (p != Player::None &&
                        s->seats[static_cast<std::size_t>(index(p))] == "human")
                        break;
                }
            } else {
                for (long long k = 0; k < count && g.undo(); ++k) {
                }
            }
            return {200, state_of(*s)};
        }
        if (action == "players") {
            method_is("POST");
            const json body = parse_body(r, limits_.max_json_depth);
            std::lock_guard lock(s->mutex);
            auto seats = s->seats;
            int level = s->level;
            read_seats(body, seats, level);
            s->seats = seats;
            s->level = level;
            return {200, state_of(*s)};
        }
        if (action == "record" || action == "pgn") {
            method_is("GET");
            std::lock_guard lock(s->mutex);
            Record record = s->record;
            const Game& g = *s->game;
            for (int p = 0; p < g.num_players(); ++p) {
                const bool human = s->seats[static_cast<std::size_t>(p)] == "human";
                record.set_tag(p == 0 ? tag::kFirst : tag::kSecond, human ? "human" : "asterism");
                if (human)
                    record.erase_tag(p == 0 ? tag::kFirstLevel : tag::kSecondLevel);
                else
                    record.set_tag(p == 0 ? tag::kFirstLevel : tag::kSecondLevel,
                                   "level " + std::to_string(s->level));
            }
            update_record(record, g, s->start_position);
            if (record.tag_value(tag::kDate).empty()) record.set_tag(tag::kDate, today_utc());
            const std::string game_id = g.spec().substr(0, g.spec().find(':'));
            std::string name = download_name(game_id, record.tag_value(tag::kDate));
            if (action == "record")
                return {200, {{"record", format_record(record)}, {"filename", name}}};
            // PGN covers the chess-likes only: another game is a 400.
            name.replace(name.size() - 4, 4, ".pgn");
            return {200, {{"pgn", format_pgn_game(record)}, {"filename", name}}};
        }
        if (action == "computer" || action == "analyze") {
            method_is("POST");
            const json body = parse_body(r, limits_.max_json_depth);
            // Search on a copy without holding the session, so that the page
            // can still read the game meanwhile; the move is played only if
            // the game has not changed in between.
            std::unique_ptr<Game> copy;
            std::uint64_t seed = 0;
            int level = 0;
            {
                std::lock_guard lock(s->mutex);
                if (s->game->terminal())
                    fail(400, "the game is over (" + s->game->result() + "); no more moves");
                copy = s->game->clone();
                seed = s->next_seed++;
                level = s->level;
            }
            EngineSettings settings;
            settings.level = static_cast<int>(get_int(body, "level", level, 1, kMaxLevel));
            settings.seed = seed;
            Rng rng(seed);
            if (action == "computer") {
                std::string move;
                {
                    SearchSlot slot;
                    move = make_engine(*copy, settings)->choose(*copy, rng);
                }
                std::lock_guard lock(s->mutex);
                if (s->game->hash() != copy->hash() ||
                    s->game->history().size() != copy->history().size())
                    fail(409, "the game changed while the computer was thinking; ask again");
                s->game->play(move);
                json state = state_of(*s);
                state["move"] = move;
                return {200, state};
            }
            settings.limits.playouts = static_cast<std::uint64_t>(
                get_int(body, "playouts", 0, 0, static_cast<long long>(limits_.max_playouts)));
            settings.limits.seconds = get_number(body, "seconds", 0, 0, limits_.max_seconds);
            const auto start = std::chrono::steady_clock::now();
            Analysis a;
            {
                SearchSlot slot;
                auto agent = make_engine(*copy, settings);
                // Whatever the engine's own effort, stop at the server's cap.
                a = agent->analyze(*copy, rng, settings.limits, [&](const Analysis&) {
                    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                               .count() < limits_.max_seconds;
                });
            }
            json candidates = json::array();
            for (const Candidate& c : a.candidates) {
                if (static_cast<int>(candidates.size()) >= limits_.max_candidates) break;
                candidates.push_back(
                    {{"move", c.move}, {"visits", c.visits}, {"winrate", c.winrate}, {"pv", c.pv}});
            }
            const Player mover = copy->to_move();
            json out = {{"ply", copy->history().size()},
                        {"to_move", index(mover)},
                        {"candidates", candidates},
                        {"playouts", a.playouts},
                        {"unit", a.unit},
                        {"seconds", a.seconds},
                        {"level", settings.level}};
            // The best move's winrate, turned to the first player's view for
            // the graph (one-player games: the player's own chance).
            if (!a.candidates.empty()) {
                const double w = a.candidates.front().winrate;
                out["winrate_first"] = mover == Player::Second ? 1 - w : w;
            }
            return {200, out};
        }
        fail(404, "no such page: " + printable(r.path, 200));
    }
    fail(404, "no such page: " + printable(r.path, 200));
}

}  // namespace asterism::server
