// Fuzzes the browser UI's JSON API (src/server/api.h): each input line is one
// request, "METHOD PATH BODY", where "$ID" in the path stands for a local
// game that the input's first line creates (a game spec; POST /api/games
// with kind "local"). Whatever the requests,
// the Api must answer every one with a status below 500 (or the 503 of a
// server that holds its maximum of games), and every failure with a message. Searches are slow by
// design, so computer moves and analyses always run at the session's level 1 (their bodies are
// dropped).
#include <string>

#include "fuzz/fuzz_common.h"
#include "server/api.h"
#include "tests/server/api_rig.h"

using namespace asterism;
using namespace asterism::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    const auto newline = text.find('\n');
    if (newline == std::string_view::npos) return 0;
    ApiLimits limits;
    limits.max_body = 4096;
    GameLimits games;
    games.local.max_games = 4;
    ApiRig rig(limits, 1, games);
    Api& api = rig.api;
    const nlohmann::json make = {{"kind", "local"},
                                 {"game", std::string(text.substr(0, newline))},
                                 {"players", {"human", "human"}},
                                 {"level", 1}};
    ApiRequest create;
    create.method = "POST";
    create.path = "/api/games";
    create.body = make.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    create.client = "fuzz";
    create.content_type = "application/json";
    const ApiResponse made = api.handle(create);
    const std::string id = made.status == 201 ? made.body["id"].get<std::string>() : "none";
    std::string_view rest = text.substr(newline + 1);
    for (int n = 0; n < 32 && !rest.empty(); ++n) {
        const auto end = rest.find('\n');
        std::string line(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        ApiRequest r;
        r.content_type = "application/json";
        const auto sp1 = line.find(' ');
        r.method = line.substr(0, sp1);
        if (sp1 != std::string::npos) {
            const auto sp2 = line.find(' ', sp1 + 1);
            r.path = line.substr(sp1 + 1, sp2 == std::string::npos ? sp2 : sp2 - sp1 - 1);
            if (sp2 != std::string::npos) r.body = line.substr(sp2 + 1);
        }
        for (auto at = r.path.find("$ID"); at != std::string::npos; at = r.path.find("$ID"))
            r.path.replace(at, 3, id);
        const auto q = r.path.find("?ply=");
        if (q != std::string::npos) {
            r.query["ply"] = r.path.substr(q + 5);
            r.path.resize(q);
        }
        if (r.path.find("computer") != std::string::npos ||
            r.path.find("analyze") != std::string::npos)
            r.body = "{}";
        const ApiResponse a = api.handle(r);
        // Serialised as the server does (http.cpp): bad UTF-8 replaced.
        const std::string reply =
            a.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        // 503 is the one 5xx the Api gives: the server holds its maximum of
        // games in play (4 here; a corpus input that loads records reaches
        // it: the sanitizer tree's replay, fuzz/replay_main.cpp, found it).
        const bool full = a.status == 503 && reply.find("holds its maximum") != std::string::npos;
        fuzz::check(a.status >= 200 && (a.status < 500 || full),
                    "status below 500 but a full server's 503", line + " -> " + reply);
        fuzz::check(a.status < 300 || a.body.contains("error"), "failures carry a message", line);
    }
    return 0;
}
