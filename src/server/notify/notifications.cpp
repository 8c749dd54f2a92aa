// Notifications of a player whose page is closed (notifications.h).
#include "server/notify/notifications.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace asterism::server::notify {

VapidKey vapid_key(const std::string& data_dir) {
    const auto file = std::filesystem::path(data_dir) / "vapid.pem";
    if (std::filesystem::exists(file)) {
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        try {
            return VapidKey::from_pem(text.str());
        } catch (const std::exception& e) {
            throw GameError(file.string() + ": " + e.what());
        }
    }
    VapidKey key = VapidKey::generate();
    // Written private from the first byte: the key signs for this site.
    const std::string partial = file.string() + ".partial";
    const mode_t old = ::umask(077);
    {
        std::ofstream out(partial, std::ios::trunc);
        out << key.pem();
        if (!out) {
            ::umask(old);
            throw GameError("cannot write " + partial);
        }
    }
    ::umask(old);
    std::filesystem::rename(partial, file);
    return key;
}

Notifications::Notifications(store::Store& store, VapidKey key, const PushOptions& options)
    : store_(store), public_key_(key.public_key_b64url()) {
    PostOptions post;
    post.allow_http_loopback = options.allow_http_loopback;
    sender_ = std::make_unique<Notifier>(
        std::move(key), options.subject,
        [this](const std::string& endpoint) { store_.remove_push(endpoint); }, post, options.queue);
}

namespace {

int bit_of(const std::string& kind) {
    if (kind == "your_turn") return store::AccountRow::kNotifyTurn;
    if (kind == "challenge") return store::AccountRow::kNotifyChallenge;
    return store::AccountRow::kNotifyGameOver;
}

}  // namespace

void Notifications::tell(const GameService::Notice& n) {
    const auto account = store_.account(n.account);
    if (!account || (account->notify & bit_of(n.kind)) == 0) return;
    const std::string payload = nlohmann::json{
        {"kind", n.kind},
        {"title", n.title},
        {"body", n.body},
        {"url", n.url},
        {"tag", n.tag}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    for (const store::PushRow& p : store_.pushes(n.account))
        sender_->enqueue({p.endpoint, p.p256dh, p.auth}, payload, std::to_string(n.account));
}

}  // namespace asterism::server::notify
