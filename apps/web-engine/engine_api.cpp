// The page's engine (docs/wasm.md): the WebAssembly module web/engine/
// holds, loaded by a Web Worker. One exported function takes a request as
// JSON text and returns the answer as JSON text, so that the module's face
// is as small as the worker's messages and needs no binding generator:
//
//   {"op":"games"}                       every game and its options
//   {"op":"state","spec":S,"position":P,"moves":[...]}
//                                        the position, legal moves, result
//   {"op":"choose", ...,"player":"level:6","seed":N}
//                                        the move that player plays, as the
//                                        server's computer would (same seed)
//   {"op":"analyse", ...,"level":10,"effort":N,"seed":N,"ownership":true}
//                                        candidates, winrate and ownership
//   {"op":"game"|"change"|"record"|"view", ...}
//                                        a local game held in the page, as
//                                        /api/games answers (local_game.h)
//   {"op":"review", ...,"level":5,"seed":N}
//                                        the review of every move played, as
//                                        `asterism review --json` prints it
//
// The answer is {"ok":true,...} or {"ok":false,"error":"one line"}, with
// the "code" and "params" of a coded error of the engine (core/errors.h). It lives
// until the next call: the worker copies it out at once.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include <new>
#include <string>

#include <nlohmann/json.hpp>

#include "core/errors.h"
#include "core/registry.h"
#include "local_game.h"
#include "search/agent.h"
#include "search/engines.h"
#include "search/players.h"
#include "search/review.h"
#include "server/reviews.h"

// Tells the page how far an analysis has got, if it listens
// (Module.onProgress, which the worker sets).
// clang-format off
EM_JS(void, asterism_progress, (const char* analysis_text), {
    if (Module["onProgress"]) Module["onProgress"](UTF8ToString(analysis_text));
});
// clang-format on

namespace asterism::web_engine {

namespace {

using nlohmann::json;

// The game a request names: its spec, a start position (or the game's own)
// and the moves played since, each named by its number if it is bad.
std::unique_ptr<Game> requested_game(const json& request) {
    auto game = Registry::instance().create(request.at("spec").get<std::string>());
    const std::string position = request.value("position", std::string());
    if (!position.empty()) game->set_position(position);
    int number = 0;
    for (const auto& move : request.value("moves", json::array())) {
        ++number;
        const std::string text = move.get<std::string>();
        try {
            game->play(text);
        } catch (const GameError& e) {
            throw error("rec.move", {{"n", number}, {"move", text}, {"why", e.reason()}});
        }
    }
    return game;
}

// The 64-bit hash as hex text: a JSON number beyond 2^53 would lose bits in
// JavaScript.
std::string hex(std::uint64_t value) {
    static const char digits[] = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, value >>= 4)
        out[static_cast<std::size_t>(i)] = digits[value & 15];
    return out;
}

json state(const Game& g) {
    return {{"spec", g.spec()},
            {"position", g.position()},
            {"to_move", g.to_move() == Player::None ? "none" : g.player_name(g.to_move())},
            {"legal", g.legal_moves()},
            {"terminal", g.terminal()},
            {"result", g.result()},
            {"score", g.score()},
            {"history", g.history()},
            {"hash", hex(g.hash())}};
}

// The move the named player chooses with this seed: the server's computer
// makes its player and its random numbers from the game's seed the same way
// (server/games/computer.cpp), so a level plays the same move in both homes.
json choose(const json& request) {
    auto game = requested_game(request);
    if (game->terminal()) throw GameError("the game is over");
    const std::uint64_t seed = request.value("seed", std::uint64_t{1});
    const std::string player = request.value("player", std::string("level:6"));
    auto agent = make_player(player, *game, seed);
    Rng rng(seed);
    return {{"move", agent->choose(*game, rng)}, {"player", canonical_player(player)}};
}

json candidate_json(const Candidate& c) {
    return {{"move", c.move},
            {"visits", c.visits},
            {"winrate", c.winrate},
            {"pv", c.pv},
            {"proven", c.proven},
            {"proven_plies", c.proven_plies},
            {"proven_text", proven_text(c)}};
}

// The ownership map as the server gives it (docs/server.md), *Star's
// expected scores and peries included.
json ownership_json(const OwnershipEstimate& e) {
    json out = {{"samples", e.samples}, {"first", e.first}, {"second", e.second}};
    if (e.scored) {
        out["score"] = {e.score[0], e.score[1]};
        out["peries"] = {e.territory[0], e.territory[1]};
    }
    return out;
}

json analysis_json(const Analysis& a) {
    json out = {{"candidates", json::array()},
                {"effort", a.playouts},
                {"unit", a.unit},
                {"seconds", a.seconds},
                {"root_winrate", a.root_winrate},
                {"root_visits", a.root_visits}};
    for (const Candidate& c : a.candidates) out["candidates"].push_back(candidate_json(c));
    if (!a.ownership.empty()) out["ownership"] = ownership_json(a.ownership);
    return out;
}

// The analysis with what the server's answer has beside it (api_searches.cpp):
// the position's ply, the player to move and the best move's win rate from
// the first player's side, for the page's graph.
json analysis_of_position(const Analysis& a, const Game& game) {
    json out = analysis_json(a);
    const Player mover = game.to_move();
    out["ply"] = game.history().size();
    out["to_move"] = index(mover);
    if (!a.candidates.empty()) {
        const double w = a.candidates.front().winrate;
        out["winrate_first"] = mover == Player::Second ? 1 - w : w;
    }
    return out;
}

void report_progress(const Analysis& a) {
    const std::string text = analysis_json(a).dump();
    asterism_progress(text.c_str());
}

// The request's level, one of `lowest`..kMaxLevel.
int requested_level(const json& request, int fallback, int lowest) {
    const int level = request.value("level", fallback);
    if (level < lowest || level > kMaxLevel)
        throw GameError("'level' must be a whole number from " + std::to_string(lowest) + " to " +
                        std::to_string(kMaxLevel));
    return level;
}

// An analysis by the game's own search at a level (10 unless named), with
// the level's effort or `effort` playouts or nodes, one thread.
json analyse(const json& request) {
    auto game = requested_game(request);
    if (game->terminal()) throw GameError("the game is over");
    EngineSettings settings;
    settings.level = requested_level(request, kMaxLevel, 1);
    settings.seed = request.value("seed", std::uint64_t{1});
    settings.threads = 1;
    settings.limits.playouts = request.value("effort", std::uint64_t{0});
    settings.ownership = request.value("ownership", false);
    auto agent = make_engine(*game, settings);
    Rng rng(settings.seed);
    const Analysis a = agent->analyze(*game, rng, {}, [](const Analysis& so_far) {
        report_progress(so_far);
        return true;
    });
    json out = analysis_of_position(a, *game);
    out["level"] = settings.level;
    return out;
}

// The review of every move played (search/review.h), by the one function the
// server and `asterism review` call, so that the three agree: `review` is
// what `asterism review --json` prints for the same game, level and seed.
// Progress goes to the page as {"done":d,"total":t} after each position.
json review(const json& request) {
    auto game = requested_game(request);
    if (game->history().empty()) throw GameError("the game has no moves to review");
    ReviewSettings settings;
    settings.level = requested_level(request, 5, 2);
    settings.seed = request.value("seed", std::uint64_t{1});
    settings.threads = 1;
    const Review r = review_game(*game, settings, [](int done, int total) {
        const std::string text = json{{"done", done}, {"total", total}}.dump();
        asterism_progress(text.c_str());
        return true;
    });
    return {{"level", settings.level}, {"review", server::review_json(r, *game)}};
}

json answer(const json& request) {
    const std::string op = request.value("op", std::string());
    if (op == "games") {
        json all = json::array();
        for (const GameInfo* info : Registry::instance().all())
            all.push_back(game_info_json(*info));
        return {{"games", all}};
    }
    if (op == "state") return state(*requested_game(request));
    if (op == "choose") return choose(request);
    if (op == "analyse") return analyse(request);
    if (op == "review") return review(request);
    // A local game held in the page (local_game.h).
    if (op == "game") return local_state(request);
    if (op == "view") return local_view(request);
    if (op == "change") return local_change(request);
    if (op == "record") return local_record(request);
    throw GameError("unknown op '" + op +
                    "' (games, state, choose, analyse, review, game, change, record, view)");
}

}  // namespace

}  // namespace asterism::web_engine

extern "C" EMSCRIPTEN_KEEPALIVE const char* asterism_request(const char* request_text) {
    using nlohmann::json;
    static std::string reply;
    json out;
    try {
        out = asterism::web_engine::answer(json::parse(request_text));
        out["ok"] = true;
    } catch (const std::bad_alloc&) {
        // The module's memory is capped (cmake/wasm.cmake): a search that
        // needs more ends here, in one line, and the worker starts afresh.
        out = {{"ok", false},
               {"error", "the engine ran out of memory (" +
                             std::to_string(emscripten_get_heap_max() >> 20) + " MB)"},
               {"memory", true}};
    } catch (const asterism::GameError& e) {
        // The rules engine's error as the server sends it: the line, and
        // for a coded one its code and parameters (core/errors.h), which
        // the page translates.
        out = {{"ok", false}, {"error", e.what()}};
        if (const json reason = e.reason(); reason.is_object()) {
            out["code"] = reason["code"];
            out["params"] = reason["params"];
        }
    } catch (const std::exception& e) {
        out = {{"ok", false}, {"error", e.what()}};
    }
    reply = out.dump();
    return reply.c_str();
}
