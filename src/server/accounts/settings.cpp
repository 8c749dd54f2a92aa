// An account's own settings (accounts.h): recovery codes, deleting the
// account, mutes and blocks, notification choices and push subscriptions.
#include <array>
#include <ctime>

#include "core/os_random.h"
#include "core/text.h"
#include "server/accounts/accounts.h"
#include "server/accounts/passwords.h"
#include "server/base64url.h"
#include "server/json_args.h"
#include "server/secrets.h"

namespace asterism::server::accounts {

using nlohmann::json;

namespace {

constexpr int kRecoveryCodes = 10;
// Letters and digits that no handwriting confuses (no 0/o, 1/l/i).
constexpr std::string_view kCodeAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";

// A code of 16 characters (79 bits), shown as four groups of four.
std::string recovery_code() {
    std::string out;
    std::array<unsigned char, 16> bytes{};
    os_random_bytes(bytes.data(), bytes.size());
    // 31 letters: the modulo's bias (8 of 256) costs under 0.1 bit a letter.
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i > 0 && i % 4 == 0) out.push_back('-');
        out.push_back(kCodeAlphabet[bytes[i] % kCodeAlphabet.size()]);
    }
    return out;
}

// A code as typed: its letters and digits, lower case; "" for anything
// that cannot be one.
std::string typed_code(std::string_view code) {
    std::string out;
    for (const char c : code) {
        if (c == '-' || c == ' ') continue;
        const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
        if (kCodeAlphabet.find(lower) == std::string_view::npos) return {};
        out.push_back(lower);
    }
    return out.size() == 16 ? out : std::string();
}

// base64url text of exactly `bytes` bytes.
bool base64url_of(const std::string& s, std::size_t bytes) {
    const auto decoded = parse_base64url(s, bytes);
    return decoded && decoded->size() == bytes;
}

}  // namespace

std::string utc_time(std::int64_t ms) {
    const std::time_t t = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char out[32];
    std::strftime(out, sizeof out, "%Y-%m-%d %H:%M UTC", &tm);
    return out;
}

json Accounts::new_recovery_codes(std::int64_t account) {
    json codes = json::array();
    std::vector<std::string> digests;
    for (int i = 0; i < kRecoveryCodes; ++i) {
        const std::string code = recovery_code();
        digests.push_back(digest(typed_code(code)));
        codes.push_back(code);
    }
    store_.set_recovery_codes(account, digests);
    return codes;
}

ApiResponse Accounts::recovery_codes(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    return {200, {{"recovery_codes", new_recovery_codes(me.id)}}};
}

// Signing in with a recovery code (each works once), and with it choosing
// a new password: what a player who lost their passkey or password has.
// Wrong codes are limited apart from wrong passwords (guards.h). A new
// password ends every session of the account, an attacker's among them;
// the recovering browser gets a fresh one.
ApiResponse Accounts::recover(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    const std::string name = get_string(body, "name");
    const std::string code = typed_code(get_string(body, "code"));
    const std::string password = get_string(body, "password", "");
    const std::string key = name_key(name);
    const double at = static_cast<double>(now()) / 1000;
    if (!by_address_.allow(r.client, at)) fail("acc.attempts.address");
    if (!key.empty()) {
        const FailureGuard::Held held = wrong_codes_.refused(key, r.client, at);
        if (held == FailureGuard::Held::network) fail("acc.wrongCodes.network");
        if (held == FailureGuard::Held::account) fail("acc.wrongCodes.account");
    }
    const auto account = key.empty() ? std::nullopt : store_.account_by_key(key);
    if (!password.empty())
        if (const Refusal problem = password_refusal(name, password)) fail(problem);
    if (!account || code.empty() || !store_.use_recovery_code(account->id, digest(code))) {
        if (!key.empty()) wrong_codes_.failed(key, r.client, at);
        fail("acc.recovery");
    }
    wrong_codes_.succeeded(key, r.client);
    std::int64_t sessions_ended = 0;
    if (!password.empty()) {
        HashingSlot slot(hashing_, r.client);
        store_.set_password(account->id, hash_password(password));
        sessions_ended = store_.remove_sessions(account->id);
    }
    ApiResponse out(200, {{"name", account->name},
                          {"codes_left", store_.recovery_codes_left(account->id)},
                          {"password_set", !password.empty()},
                          {"sessions_ended", sessions_ended}});
    start_session(out, account->id);
    return out;
}

// The account goes with everything kept about its person; its games stay,
// their seats named "deleted player".
ApiResponse Accounts::delete_account(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    const json body = parse_body(r, 4);
    const std::string confirm = get_string(body, "confirm");
    if (name_key(confirm) != name_key(me.name)) fail("acc.deleteConfirm");
    store_.erase_account(me.id, kDeletedName);
    if (on_deleted_) on_deleted_(me.id);
    ApiResponse out(200, {{"deleted", true}});
    out.cookies.push_back(cookie("", true));
    return out;
}

ApiResponse Accounts::relations(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    json list = json::array();
    for (const store::RelationRow& x : store_.relations(me.id))
        list.push_back({{"name", x.name}, {"mute", x.mute || x.block}, {"block", x.block}});
    return {200, {{"relations", list}}};
}

ApiResponse Accounts::set_relation(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    const json body = parse_body(r, 8);
    const store::AccountRow other = player(get_string(body, "name"));
    if (other.id == me.id) fail("acc.own");
    store::RelationRow x = store_.relation(me.id, other.id);
    x.mute = get_bool(body, "mute", x.mute);
    x.block = get_bool(body, "block", x.block);
    store_.set_relation(me.id, other.id, x.mute, x.block);
    return {200, {{"name", other.name}, {"mute", x.mute || x.block}, {"block", x.block}}};
}

json notify_json(int bits) {
    return {{"your_turn", (bits & store::AccountRow::kNotifyTurn) != 0},
            {"challenge", (bits & store::AccountRow::kNotifyChallenge) != 0},
            {"game_over", (bits & store::AccountRow::kNotifyGameOver) != 0}};
}

ApiResponse Accounts::set_notifications(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    const json body = parse_body(r, 8);
    int bits = me.notify;
    const std::array<std::pair<const char*, int>, 3> kinds{{
        {"your_turn", store::AccountRow::kNotifyTurn},
        {"challenge", store::AccountRow::kNotifyChallenge},
        {"game_over", store::AccountRow::kNotifyGameOver},
    }};
    for (const auto& [field, bit] : kinds)
        bits = get_bool(body, field, (bits & bit) != 0) ? bits | bit : bits & ~bit;
    store_.set_notify(me.id, bits);
    return {200, notify_json(bits)};
}

ApiResponse Accounts::push_key() const {
    if (push_.key.empty()) fail("acc.push");
    return {200, {{"key", push_.key}}};
}

ApiResponse Accounts::subscribe_push(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    if (push_.key.empty()) fail("acc.push");
    const json body = parse_body(r, 8);
    const std::string endpoint = get_string(body, "endpoint");
    if (endpoint.size() > 1000 || !valid_utf8(endpoint) ||
        !(endpoint.starts_with("https://") ||
          (push_.allow_http_loopback && endpoint.starts_with("http://127.0.0.1:"))))
        fail("acc.push.endpoint");
    const json keys = body.contains("keys") && body["keys"].is_object() ? body["keys"] : json{};
    const std::string p256dh = keys.value("p256dh", ""), auth = keys.value("auth", "");
    if (!base64url_of(p256dh, 65) || !base64url_of(auth, 16)) fail("acc.push.keys");
    store_.add_push({endpoint, me.id, p256dh, auth, now()}, limits_.push_per_account);
    return {200, {{"subscribed", true}}};
}

ApiResponse Accounts::unsubscribe_push(const ApiRequest& r) {
    const store::AccountRow me = require_account(r);
    const json body = parse_body(r, 4);
    const std::string endpoint = get_string(body, "endpoint");
    bool removed = false;
    for (const store::PushRow& p : store_.pushes(me.id))
        if (p.endpoint == endpoint) removed = store_.remove_push(endpoint);
    return {200, {{"removed", removed}}};
}

// A moderator suspends an account for some days (0 lifts it): its
// sessions end and it cannot sign in until then.
ApiResponse Accounts::suspend(const ApiRequest& r, const std::string& name) {
    const store::AccountRow me = require_account(r);
    if (me.role != "moderator") fail("acc.moderators");
    const store::AccountRow who = player(name);
    // Moderators answer to the operator, not to each other: one cannot
    // silence another (the operator changes roles in the store).
    if (who.role == "moderator" && who.id != me.id) fail("acc.moderatorOnModerator");
    const json body = parse_body(r, 4);
    const std::int64_t days = get_int(body, "days", 0, 0, 3650);
    const std::int64_t until = days == 0 ? 0 : now() + days * 86400000;
    store_.set_suspended(who.id, until);
    return {200, {{"name", who.name}, {"suspended_until", until}}};
}

store::AccountRow Accounts::require_account(const ApiRequest& r) {
    const auto me = signed_in(r);
    if (!me) fail("acc.signedOut");

    return *me;
}

}  // namespace asterism::server::accounts
