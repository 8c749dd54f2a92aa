// Passkeys of accounts: the two ceremonies' routes (accounts.h, webauthn.h).
//
// A ceremony begins with a challenge of 256 bits from the OS, kept by the
// server (bounded in number and for five minutes) and used once; it ends
// when the browser's answer names that challenge and verifies. Signed out,
// a registration makes a new account with only a passkey.
#include <algorithm>
#include <chrono>

#include "core/os_random.h"
#include "core/text.h"
#include "server/accounts/accounts.h"
#include "server/accounts/webauthn.h"
#include "server/json_args.h"
#include "server/text.h"

namespace asterism::server::accounts {

using nlohmann::json;

namespace {

const json& credential_of(const json& body) {
    const auto it = body.find("credential");
    if (it == body.end() || !it->is_object() || !it->contains("response") ||
        !(*it)["response"].is_object())
        fail("pk.credential");
    return *it;
}

std::string field(const json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) fail("pk.field", {{"field", key}});
    return it->get<std::string>();
}

std::string random_bytes(std::size_t n) {
    std::string out(n, '\0');
    os_random_bytes(out.data(), n);
    return out;
}

}  // namespace

// The page's origin and the relying party's id: the public URL's, else the
// request's Host (which the site has checked) over http.
std::pair<std::string, std::string> Accounts::origin_and_rp(const ApiRequest& r) const {
    std::string origin = limits_.public_origin;
    if (origin.empty()) {
        if (r.host.empty()) fail("pk.noHost");
        origin = "http://" + r.host;
    }
    std::string host = origin.substr(origin.find("://") + 3);
    if (host.starts_with('[')) fail("pk.host");
    host = host.substr(0, host.find(':'));
    return {origin, host};
}

void Accounts::drop_ceremony(std::map<std::string, Ceremony>::iterator it) {
    const auto count = ceremony_count_.find(it->second.network);
    if (count != ceremony_count_.end() && --count->second == 0) ceremony_count_.erase(count);
    ceremonies_.erase(it);
}

// A new ceremony for the network that begins it. One network holds at most
// its share; when the table is full, the network holding the most gives up
// its oldest, so that a newcomer from another network always finds room.
std::string Accounts::begin_ceremony(Ceremony c) {
    const std::string challenge = base64url(random_bytes(32));
    std::lock_guard lock(mutex_);
    const std::int64_t at = now();
    for (auto it = ceremonies_.begin(); it != ceremonies_.end();) {
        const auto next = std::next(it);
        if (it->second.expires_ms < at) drop_ceremony(it);
        it = next;
    }
    const auto mine = ceremony_count_.find(c.network);
    if (mine != ceremony_count_.end() && mine->second >= limits_.ceremonies_per_network)
        fail("pk.ceremonies");
    if (ceremonies_.size() >= limits_.max_ceremonies && !ceremony_count_.empty()) {
        const auto most =
            std::max_element(ceremony_count_.begin(), ceremony_count_.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
        const std::string crowded = most->first;
        auto oldest = ceremonies_.end();
        for (auto it = ceremonies_.begin(); it != ceremonies_.end(); ++it)
            if (it->second.network == crowded &&
                (oldest == ceremonies_.end() || it->second.order < oldest->second.order))
                oldest = it;
        if (oldest != ceremonies_.end()) drop_ceremony(oldest);
    }
    if (ceremonies_.size() >= limits_.max_ceremonies) fail("limit.ceremonies");
    c.expires_ms = at + static_cast<std::int64_t>(limits_.ceremony_seconds * 1000);
    c.order = ++ceremonies_begun_;
    ++ceremony_count_[c.network];
    ceremonies_[challenge] = std::move(c);
    return challenge;
}

// The ceremony the browser's client data names, taken (a challenge is
// used once); 400 when there is none of that kind or it expired.
Accounts::Ceremony Accounts::end_ceremony(const std::string& client_data_b64,
                                          const std::string& kind) {
    std::string challenge;
    try {
        const json j = json::parse(from_base64url(client_data_b64, 4096));
        challenge = j.value("challenge", "");
    } catch (const std::exception&) {
        fail("pk.clientData");
    }
    std::lock_guard lock(mutex_);
    const auto it = ceremonies_.find(challenge);
    if (it == ceremonies_.end() || it->second.kind != kind || it->second.expires_ms < now())
        kind == "register" ? fail("pk.expired.register") : fail("pk.expired.login");
    Ceremony c = it->second;
    c.challenge = challenge;
    drop_ceremony(it);
    return c;
}

ApiResponse Accounts::passkey_register_begin(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    Ceremony c{"register", 0, "", 0, "", r.client, 0};
    json exclude = json::array();
    std::string user_name;
    if (const auto me = signed_in(r)) {
        c.account = me->id;
        user_name = me->name;
        const auto keys = store_.passkeys(me->id);
        if (keys.size() >= limits_.passkeys_per_account) fail("pk.most", {{"n", keys.size()}});
        for (const auto& k : keys) exclude.push_back({{"type", "public-key"}, {"id", k.id}});
    } else {
        c.name = new_name(get_string(body, "name")).name;
        user_name = c.name;
    }
    const auto [origin, rp] = origin_and_rp(r);
    c.origin = origin;
    c.rp = rp;
    const std::string challenge = begin_ceremony(c);
    return {
        200,
        {{"publicKey",
          {{"challenge", challenge},
           {"rp", {{"id", rp}, {"name", "asterism"}}},
           {"user",
            {{"id", base64url(random_bytes(16))}, {"name", user_name}, {"displayName", user_name}}},
           {"pubKeyCredParams",
            {{{"type", "public-key"}, {"alg", kES256}}, {{"type", "public-key"}, {"alg", kEdDSA}}}},
           {"excludeCredentials", exclude},
           {"authenticatorSelection",
            {{"residentKey", "required"}, {"userVerification", "preferred"}}},
           {"attestation", "none"},
           {"timeout", static_cast<int>(limits_.ceremony_seconds * 1000)}}}}};
}

ApiResponse Accounts::passkey_register_finish(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    const json& cred = credential_of(body);
    // The label is checked first, so that a refused one spends no ceremony.
    TextRule label_rule;
    label_rule.max_characters = 60;
    label_rule.may_be_empty = true;
    std::string label = checked_text("label", get_string(body, "label", "passkey"), label_rule);
    if (label.empty()) label = "passkey";
    const std::string client_data = field(cred["response"], "clientDataJSON");
    const Ceremony c = end_ceremony(client_data, "register");
    const auto me = signed_in(r);
    if (c.account != 0 && (!me || me->id != c.account)) fail("pk.otherAccount");
    NewCredential made;
    try {
        made = verify_registration(client_data, field(cred["response"], "attestationObject"),
                                   {"webauthn.create", c.challenge, c.rp, c.origin});
    } catch (const WebAuthnError& e) {
        fail("pk.notAccepted", {{"why", e.reason}});
    }
    std::int64_t account = c.account;
    std::string name = me ? me->name : c.name;
    if (account == 0) {
        // A new account, with only this passkey.
        if (!new_accounts_.allow(r.client, static_cast<double>(now()) / 1000))
            fail("acc.newAccounts");
        store::AccountRow row{0, c.name, "", now()};
        if (!store_.create_account(row, name_key(c.name), name_skeletons(c.name)))
            fail("acc.taken", {{"name", printable(c.name, kMaxQuoted)}});
        account = row.id;
    }
    if (!store_.add_passkey({made.id, account, base64url(made.public_key), made.alg,
                             made.sign_count, label, now()}))
        fail("pk.registered");
    ApiResponse out(201, {{"name", name}, {"passkey", made.id}});
    if (!me) start_session(out, account);
    return out;
}

ApiResponse Accounts::passkey_login_begin(const ApiRequest& r) {
    parse_body(r, 8);
    const auto [origin, rp] = origin_and_rp(r);
    const std::string challenge = begin_ceremony({"login", 0, "", 0, "", r.client, 0, origin, rp});
    return {200,
            {{"publicKey",
              {{"challenge", challenge},
               {"rpId", rp},
               {"allowCredentials", json::array()},
               {"userVerification", "preferred"},
               {"timeout", static_cast<int>(limits_.ceremony_seconds * 1000)}}}}};
}

ApiResponse Accounts::passkey_login_finish(const ApiRequest& r) {
    const json body = parse_body(r, 8);
    if (!by_address_.allow(r.client, static_cast<double>(now()) / 1000))
        fail("acc.attempts.address");
    const json& cred = credential_of(body);
    const json& response = cred["response"];
    const std::string client_data = field(response, "clientDataJSON");
    const Ceremony c = end_ceremony(client_data, "login");
    const auto key = store_.passkey(field(cred, "id"));
    if (!key) fail("pk.noAccount");
    std::uint32_t count = 0;
    try {
        count = verify_assertion(from_base64url(key->public_key, 1024), key->alg,
                                 static_cast<std::uint32_t>(key->sign_count), client_data,
                                 field(response, "authenticatorData"), field(response, "signature"),
                                 {"webauthn.get", c.challenge, c.rp, c.origin});
    } catch (const WebAuthnError& e) {
        fail("pk.notSignedIn", {{"why", e.reason}});
    }
    store_.set_sign_count(key->id, count);
    const auto account = store_.account(key->account);
    if (!account) fail("pk.noAccount");
    ApiResponse out(200, {{"name", account->name}, {"created", account->created_ms}});
    start_session(out, account->id);
    return out;
}

ApiResponse Accounts::list_passkeys(const ApiRequest& r) {
    const auto me = signed_in(r);
    if (!me) fail("acc.signedOut");

    json list = json::array();
    for (const auto& k : store_.passkeys(me->id))
        list.push_back({{"id", k.id},
                        {"label", k.label},
                        {"alg", k.alg == kES256 ? "ES256" : "EdDSA"},
                        {"created", k.created_ms}});
    return {200, {{"passkeys", list}}};
}

}  // namespace asterism::server::accounts
