// What reaches a signed-in player whose page is closed (docs/accounts.md,
// "Notifications"): "your turn", "challenge received" and "game over", as
// Web Push messages to every browser the account subscribed, unless the
// player turned that kind off. The operator turns push on (`serve --push`);
// the VAPID key is made once and kept in the data folder (vapid.pem, mode
// 0600). Sending never blocks a game: the notices go to a bounded queue
// (webpush.h's Notifier) and a push service that says a subscription is
// gone (404, 410) has it forgotten.
#pragma once

#include <memory>
#include <string>

#include "server/game_service.h"
#include "server/notify/webpush.h"
#include "store/store.h"

namespace asterism::server::notify {

struct PushOptions {
    bool enabled = false;
    std::string subject;               // mailto:... or https://... (RFC 8292)
    bool allow_http_loopback = false;  // tests: a push service on 127.0.0.1 over http
    std::size_t queue = 1000;          // notices waiting to be sent (dropped beyond)
};

// The data folder's VAPID key, made (mode 0600) the first time.
VapidKey vapid_key(const std::string& data_dir);

class Notifications {
  public:
    Notifications(store::Store& store, VapidKey key, const PushOptions& options);
    std::string public_key() const { return public_key_; }
    // Sends `n` to each of its account's subscriptions, if the account
    // wants that kind.
    void tell(const GameService::Notice& n);
    const Notifier& sender() const { return *sender_; }

  private:
    store::Store& store_;
    std::string public_key_;
    std::unique_ptr<Notifier> sender_;
};

}  // namespace asterism::server::notify
