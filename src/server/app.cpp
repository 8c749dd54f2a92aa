// The composition root (app.h).
#include "server/app.h"

#include <filesystem>

#ifndef ASTERISM_WEB_DIR
#define ASTERISM_WEB_DIR "web"
#endif

namespace asterism::server {

std::string default_web_dir() {
    return ASTERISM_WEB_DIR;
}

App::App(const ServeOptions& o)
    : store_(open_store(o)),
      online_(!o.online.data_dir.empty()),
      site_(o.web_dir.empty() ? default_web_dir() : o.web_dir, o.limits, o.host_names) {
    OnlineLimits limits = o.online_limits;
    limits.search = o.limits.search;  // one set of bounds for every search
    games_ = std::make_unique<GameService>(*store_, hub_, limits, o.seed, o.online.clock);
    accounts_ = std::make_unique<accounts::Accounts>(*store_, o.accounts, o.online.clock);
    accounts_->on_deleted(
        [this](std::int64_t account) { games_->forget_account(account, accounts::kDeletedName); });
    chat_ = std::make_unique<Chat>(*store_, *games_, o.chat, o.online.clock);
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
    // Last: the games' threads see everything above set up.
    if (o.online.start_threads) games_->start();
}

App::~App() {
    // The API stops pointing at the games and accounts before they go.
    site_.api().attach(nullptr, false);
    site_.api().attach_accounts(nullptr);
    site_.api().attach_chat(nullptr);
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

Handler::Lane App::lane(const HttpRequest& r) const {
    if (Site::searches(r)) return Lane::Search;
    return Site::stores(r) ? Lane::Disk : Lane::Quick;
}

HttpResponse App::respond(const HttpRequest& request) {
    return site_.respond(request);
}

std::uint64_t App::subscribe(const StreamStart& start, const std::string& client,
                             std::shared_ptr<EventSink> sink, HttpResponse& refusal) {
    EventHub& hub = events();
    const std::uint64_t handle =
        hub.subscribe(start.channel, start.tag, client, std::move(sink), start.last_seen);
    if (handle != 0) return handle;
    refusal =
        hub.streams() >= hub.limits().max_streams
            ? HttpResponse::error(503,
                                  "too many live connections on the server; "
                                  "try again shortly")
            : HttpResponse::error(429, "too many live connections from your address (" +
                                           std::to_string(hub.limits().max_streams_per_client) +
                                           "); close some pages");
    return 0;
}

void App::unsubscribe(std::uint64_t handle) {
    events().unsubscribe(handle);
}

std::size_t App::max_streams() const {
    return hub_.limits().max_streams;
}

void App::stop() {
    api().stop_searches("the server is stopping");
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

Server::Server(const ServeOptions& options) : app_(options), http_(app_, net_options(options)) {}

}  // namespace asterism::server
