// Fuzzes the HTTP layer of `asterism serve` as the server runs it: the input
// is the raw byte stream of one connection, fed to the request parser in
// pieces whose sizes the input's first byte chooses, and every complete
// request is answered by the Site (the API and the UI's static files from
// the source tree's web/) and written out as the server writes it. Whatever
// the bytes: no crash, no exception, every answer a well-formed response
// with a valid status and a JSON body that is valid UTF-8 for every failure,
// no 5xx but the parser's 501 and 505 (the server's "busy" replies never
// happen here), the parser's buffer never above one request's worth, and no
// body holding a byte of a file outside the UI's folder: the fuzzer serves a
// copy of web/ with a canary file beside it, two symbolic links that lead to
// it, and watches every body for the canary's text and /etc/passwd's.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/text.h"
#include "fuzz/fuzz_common.h"
#include "server/game_service.h"
#include "server/site.h"
#include "store/store.h"

using namespace asterism;
using namespace asterism::server;

namespace {

constexpr std::string_view kCanary = "canary-b41d07-outside-the-web-folder";

// A copy of the UI's folder in a fresh temporary folder, with the canary
// beside it; removed when the fuzzer exits.
std::string web_copy() {
    namespace fs = std::filesystem;
    static const fs::path root = [] {
        const fs::path dir =
            fs::temp_directory_path() / ("asterism-fuzz-http-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        fs::copy(ASTERISM_WEB_DIR, dir / "web", fs::copy_options::recursive);
        std::ofstream(dir / "canary.html") << kCanary;
        std::ofstream(dir / "canary.js") << kCanary;
        fs::create_symlink("../canary.html", dir / "web" / "leak.html");
        fs::create_directory_symlink("..", dir / "web" / "up");
        std::atexit([] { fs::remove_all(root); });
        return dir;
    }();
    return (root / "web").string();
}

// The site with the game service behind it, as the server builds them
// (app.h), on a store in memory.
struct FuzzSite {
    FuzzSite() : store(":memory:"), games(store, hub, limits(), 1), site(web_copy(), api_limits()) {
        site.api().attach(&games, true);
    }
    static GameLimits limits() {
        GameLimits l;
        l.local.max_games = 4;
        // A full table evicts at once here: the server's 503 for a table of
        // games all in use (a capacity answer, not a fault) would stop the
        // fuzzer at its fifth game.
        l.local.evict_seconds = 0;
        return l;
    }
    static ApiLimits api_limits() {
        ApiLimits l;
        l.max_body = 4096;
        return l;
    }
    store::Store store;
    EventHub hub;
    GameService games;
    Site site;
};

Site& site() {
    static FuzzSite s;
    return s.site;
}

void check_response(const HttpResponse& r, const HttpRequest* request) {
    const std::string detail = request ? request->target : std::string("(parser)");
    fuzz::check(r.status >= 200 && r.status < 600, "a valid status", detail);
    // The parser's 501 (chunked bodies) and 505 (other HTTP versions) say
    // what is not implemented; anything else in 5xx would be a bug.
    const bool not_implemented = !request && (r.status == 501 || r.status == 505);
    fuzz::check(r.status < 500 || not_implemented, "no 5xx",
                detail + " -> " + r.body.substr(0, 200));
    if (r.status >= 400) {
        fuzz::check(valid_utf8(r.body), "an error body is UTF-8", r.body.substr(0, 200));
        const auto j = nlohmann::json::parse(r.body, nullptr, false);
        fuzz::check(j.is_object() && j.contains("error"), "an error body is {error}", r.body);
    }
    // A file is only ever served with 200; an error's message may quote
    // what the client sent, canary-like text included.
    if (r.status == 200) {
        fuzz::check(r.body.find(kCanary) == std::string::npos,
                    "no file from outside the web folder", detail);
        fuzz::check(r.body.find("root:x:0:0") == std::string::npos, "no /etc/passwd", detail);
    }
    const std::string bytes = serialize(r, true, request && request->method == "HEAD");
    fuzz::check(bytes.rfind("HTTP/1.1 ", 0) == 0, "a status line", bytes.substr(0, 40));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t piece = 1 + data[0] % 64;
    std::string_view rest = fuzz::as_text(data + 1, size - 1);
    HttpLimits limits;
    limits.max_head = 1024;
    limits.max_request_line = 512;
    limits.max_body = 4096;
    RequestParser parser(limits);
    int answered = 0;
    while (!rest.empty() && answered < 16) {
        parser.feed(rest.substr(0, piece));
        rest.remove_prefix(std::min(piece, rest.size()));
        for (;;) {
            RequestParser::Result r = parser.next();
            parser.take_continue();
            if (r.error) {
                check_response(*r.error, nullptr);
                return 0;  // the server closes the connection here
            }
            if (!r.request) break;
            // Searches are slow by design; the fuzzer leaves them out.
            if (site().api().lane(r.request->method, r.request->path) == Handler::Lane::Search)
                continue;
            r.request->client = "fuzz";
            check_response(site().respond(*r.request), &*r.request);
            ++answered;
        }
        fuzz::check(parser.buffered() <= limits.max_head + limits.max_body + piece,
                    "the parser holds one request at most");
    }
    return 0;
}
