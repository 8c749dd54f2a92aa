// The composition root (app.h).
#include "server/app.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "core/text.h"
#include "server/installed.h"
#include "server/net/limits.h"
#include "server/secrets.h"

#ifndef ASTERISM_WEB_DIR
#define ASTERISM_WEB_DIR "web"
#endif

namespace asterism::server {

std::string default_web_dir() {
    return installed_or("web", ASTERISM_WEB_DIR);
}

App::App(const ServeOptions& o)
    : thinking_(std::make_unique<FairPool>(o.thinking)),
      store_(open_store(o)),
      online_(!o.online.data_dir.empty()),
      metrics_token_(o.metrics_token),
      log_format_(o.log_format),
      site_(o.web_dir.empty() ? default_web_dir() : o.web_dir, o.limits, o.host_names) {
    GameLimits limits = o.game_limits;
    limits.search = o.limits.search;  // one set of bounds for every search
    games_ = std::make_unique<GameService>(*store_, hub_, limits, o.seed, o.online.clock,
                                           thinking_.get());
    accounts_ = std::make_unique<accounts::Accounts>(*store_, o.accounts, o.online.clock);
    accounts_->on_deleted(
        [this](std::int64_t account) { games_->forget_account(account, accounts::kDeletedName); });
    chat_ = std::make_unique<Chat>(*store_, *games_, o.chat, o.online.clock);
    tournaments_ =
        std::make_unique<TournamentService>(*store_, *games_, hub_, o.tournaments, o.online.clock);
    games_->on_tournament_end(
        [t = tournaments_.get()](const std::string& id, const std::string& game) {
            t->game_ended(id, game);
        });
    if (o.push.enabled) {
        if (!online_) throw GameError("--push needs a data folder (not --no-online)");
        notifications_ = std::make_unique<notify::Notifications>(
            *store_, notify::vapid_key(o.online.data_dir), o.push);
        accounts_->enable_push({notifications_->public_key(), o.push.allow_http_loopback});
        games_->on_notice(
            [n = notifications_.get()](const GameService::Notice& notice) { n->tell(notice); });
    }
    site_.api().attach(games_.get(), online_);
    site_.api().attach_accounts(accounts_.get());
    site_.api().attach_chat(chat_.get());
    site_.api().attach_tournaments(tournaments_.get());
    puzzles_ = std::make_unique<puzzles::PuzzleService>(
        store_.get(), puzzles::PuzzleOptions{.dir = {}, .clock = o.online.clock});
    site_.api().attach_puzzles(puzzles_.get());
    // Last: the games' threads see everything above set up.
    if (o.online.start_threads) {
        games_->start();
        tournaments_->start();
    }
}

App::~App() {
    // Whatever still thinks stops (stop() raised the searches' flags, when
    // the server stopped; raised here for a server never started) and its
    // threads are joined before the games and the API go.
    api().stop_searches("stop.server");
    thinking_->stop();
    // The API stops pointing at the games and accounts before they go.
    site_.api().attach(nullptr, false);
    site_.api().attach_accounts(nullptr);
    site_.api().attach_chat(nullptr);
    site_.api().attach_tournaments(nullptr);
    site_.api().attach_puzzles(nullptr);
    // The games stop calling into the tournaments before those go.
    games_->on_tournament_end({});
}

// The data folder (created if missing, private to the server's user: the
// seats' digests are inside), one server's only, and its database; without
// one, a database in memory for the local games.
std::unique_ptr<store::Store> App::open_store(const ServeOptions& o) {
    namespace fs = std::filesystem;
    const std::string& dir = o.online.data_dir;
    if (dir.empty()) return std::make_unique<store::Store>(":memory:");
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw GameError("cannot use the data folder '" + dir +
                        "': " + (ec ? ec.message() : "not a folder"));
    fs::permissions(dir, fs::perms::owner_all, ec);
    lock_ = std::make_unique<store::FolderLock>(dir);
    return std::make_unique<store::Store>((fs::path(dir) / "asterism.db").string(), o.online.sync);
}

// The lane a request's route declares (routes.h); the pages' files are quick.
Handler::Lane App::lane(const HttpRequest& r) const {
    if (r.path == "/health") return Lane::Disk;  // it takes the store's write lock
    return site_.api().lane(r.method, r.path);
}

HttpResponse App::respond(const HttpRequest& request) {
    if (request.path == "/health" || request.path == "/metrics") {
        HttpResponse out = operations(request);
        add_security_headers(out);
        return out;
    }
    const auto start = std::chrono::steady_clock::now();
    HttpResponse out = site_.respond(request);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    const std::string route = Metrics::route_of(request.method, request.path);
    metrics_.observe(route, out.status, took.count());
    if (!log_format_.empty()) log(request, route, out.status, took.count());
    return out;
}

void App::log(const HttpRequest& request, const std::string& route, int status, double seconds) {
    const auto now = std::chrono::system_clock::now();
    const std::int64_t ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    const double taken_ms = std::round(seconds * 1e5) / 100;
    std::string line;
    if (log_format_ == "json") {
        line = nlohmann::json{{"at", ms},       {"event", "request"}, {"client", request.client},
                              {"route", route}, {"status", status},   {"ms", taken_ms}}
                   .dump();
    } else {
        char ms_text[32];
        std::snprintf(ms_text, sizeof ms_text, "%.2f", taken_ms);
        const std::time_t t = static_cast<std::time_t>(ms / 1000);
        std::tm tm{};
        gmtime_r(&t, &tm);
        char at[40];
        std::strftime(at, sizeof at, "%Y-%m-%dT%H:%M:%S", &tm);
        line = std::string(at) + "." + std::to_string(1000 + ms % 1000).substr(1) + "Z " +
               request.client + " " + route + " " + std::to_string(status) + " " + ms_text + " ms";
    }
    line += "\n";
    // One write per line, so that lines of several threads never mix.
    std::fwrite(line.data(), 1, line.size(), stderr);
}

// The operator's routes: for the loopback interface (a scraper on the same
// machine) or the bearer token; refused like any request from a host this
// site does not answer (a page elsewhere rebinding its name to 127.0.0.1).
HttpResponse App::operations(const HttpRequest& request) {
    if (auto no = site_.refused(request)) return std::move(*no);
    if (request.method != "GET" && request.method != "HEAD") {
        HttpResponse out =
            HttpResponse::error("ops.method", {{"path", printable(request.path, 20)}});
        out.headers.emplace_back("Allow", "GET, HEAD");
        return out;
    }
    const std::string* auth = request.header("authorization");
    const bool token = !metrics_token_.empty() && auth && auth->starts_with("Bearer ") &&
                       same_digest(digest(auth->substr(7)), digest(metrics_token_));
    if (!token && !request.local) return HttpResponse::error("ops.forbidden");
    HttpResponse out;
    out.headers.emplace_back("Cache-Control", "no-store");
    if (request.path == "/metrics") {
        out.content_type = "text/plain; version=0.0.4; charset=utf-8";
        out.body = metrics_text();
        return out;
    }
    const bool writable = store_->writable();
    const GameService::Stats g = games_->stats();
    const LaneStats l = lanes_ ? lanes_() : LaneStats{};
    out.status = writable ? 200 : 503;
    out.body = nlohmann::json{{"status", writable ? "ok" : "failing"},
                              {"store", writable ? "writable" : "not writable"},
                              {"games", g.open + g.playing + g.local},
                              {"streams", hub_.streams()},
                              {"computer_moves_queued", g.computer_queued},
                              {"reviews_running", g.reviews},
                              {"requests_queued", l.quick_queued + l.disk_queued},
                              {"searches_queued", l.search_queued},
                              {"searches_running", l.search_busy},
                              {"tournaments_running", tournaments_->running()}}
                   .dump();
    return out;
}

namespace {

// The transport's lanes: requests waiting for a thread and being answered.
void write_lanes(std::string& out, const LaneStats& l) {
    const struct {
        const char* name;
        std::size_t queued, busy;
    } lanes[] = {{"quick", l.quick_queued, l.quick_busy},
                 {"store", l.disk_queued, l.disk_busy},
                 {"search", l.search_queued, l.search_busy}};
    out +=
        "# HELP asterism_lane_queued Requests waiting for a thread, by lane.\n"
        "# TYPE asterism_lane_queued gauge\n";
    for (const auto& lane : lanes)
        out += "asterism_lane_queued{lane=\"" + std::string(lane.name) + "\"} " +
               std::to_string(lane.queued) + "\n";
    out +=
        "# HELP asterism_lane_busy Requests being answered, by lane (search: searches "
        "running).\n# TYPE asterism_lane_busy gauge\n";
    for (const auto& lane : lanes)
        out += "asterism_lane_busy{lane=\"" + std::string(lane.name) + "\"} " +
               std::to_string(lane.busy) + "\n";
}

}  // namespace

std::string App::metrics_text() {
    const GameService::Stats g = games_->stats();
    std::string out = metrics_.text();
    out +=
        "# HELP asterism_games Games held in memory, by status (finished ones are in the "
        "archive).\n# TYPE asterism_games gauge\n";
    out += "asterism_games{status=\"open\"} " + std::to_string(g.open) + "\n";
    out += "asterism_games{status=\"playing\"} " + std::to_string(g.playing) + "\n";
    out += "asterism_games{status=\"local\"} " + std::to_string(g.local) + "\n";
    write_metric(out, "asterism_games_finished", "gauge",
                 static_cast<double>(store_->count("online", "finished")),
                 "Finished online games in the archive.");
    write_metric(out, "asterism_moves_total", "counter", static_cast<double>(g.moves),
                 "Moves stored since the server started.");
    write_metric(out, "asterism_streams", "gauge", static_cast<double>(hub_.streams()),
                 "Live event streams open.");
    write_metric(out, "asterism_computer_moves_queued", "gauge",
                 static_cast<double>(g.computer_queued),
                 "Computer moves waiting for a thread (online and local games).");
    write_metric(out, "asterism_reviews_running", "gauge", g.reviews, "Game reviews running.");
    write_metric(out, "asterism_tournaments_running", "gauge",
                 static_cast<double>(tournaments_->running()), "Tournaments running.");
    write_lanes(out, lanes_ ? lanes_() : LaneStats{});
    if (notifications_) {
        const notify::Notifier& n = notifications_->sender();
        write_metric(out, "asterism_push_sent_total", "counter", static_cast<double>(n.sent()),
                     "Web Push messages a push service took.");
        write_metric(out, "asterism_push_failed_total", "counter", static_cast<double>(n.failed()),
                     "Web Push messages that failed.");
        write_metric(out, "asterism_push_dropped_total", "counter",
                     static_cast<double>(n.dropped()), "Web Push messages dropped (queue full).");
    }
    out +=
        "# HELP asterism_store_commit_seconds Time to store one change of a game.\n"
        "# TYPE asterism_store_commit_seconds histogram\n";
    g.commits.write(out, "asterism_store_commit_seconds", "");
    return out;
}

std::uint64_t App::subscribe(const StreamStart& start, const std::string& client,
                             std::shared_ptr<EventSink> sink, HttpResponse& refusal) {
    EventHub& hub = events();
    const std::uint64_t handle =
        hub.subscribe(start.channel, start.tag, client, std::move(sink), start.last_seen);
    if (handle != 0) return handle;
    refusal = hub.streams() >= hub.limits().max_streams
                  ? HttpResponse::error("limit.streams")
                  : HttpResponse::error("limit.streams.yours",
                                        {{"n", hub.limits().max_streams_per_client}});

    return 0;
}

void App::unsubscribe(std::uint64_t handle) {
    events().unsubscribe(handle);
}

std::size_t App::max_streams() const {
    return hub_.limits().max_streams;
}

void App::stop() {
    api().stop_searches("stop.server");
    thinking_->stop();
}

namespace {

NetOptions net_options(const ServeOptions& o) {
    NetOptions n;
    n.host = o.host;
    n.port = o.port;
    n.limits = o.server;
    n.http.max_body = o.limits.max_body;
    return n;
}

}  // namespace

Server::Server(const ServeOptions& options) : app_(options), http_(app_, net_options(options)) {
    app_.watch_lanes([this] { return http_.lanes(); });
}

}  // namespace asterism::server
