// Passkeys (docs/accounts.md): the two WebAuthn ceremonies through the API,
// with a software authenticator written here (OpenSSL keys, libcbor for the
// attestation object), for ES256 and EdDSA; and what a hostile client can
// try: another site's origin or relying party, a replayed challenge, a
// forged signature, a cloned authenticator, another account's ceremony.
#include <cbor.h>
#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "server/accounts/accounts.h"
#include "server/accounts/webauthn.h"
#include "server/api_rig.h"

namespace asterism::server {
namespace {

using nlohmann::json;
using namespace accounts;

std::string sha256(const std::string& s) {
    unsigned char out[32];
    unsigned int n = 0;
    EVP_Digest(s.data(), s.size(), out, &n, EVP_sha256(), nullptr);
    return std::string(reinterpret_cast<char*>(out), n);
}

std::string be(std::uint32_t v, int bytes) {
    std::string out;
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
    return out;
}

std::string serialized(cbor_item_t* item) {
    unsigned char* buffer = nullptr;
    std::size_t size = 0;
    const std::size_t n = cbor_serialize_alloc(item, &buffer, &size);
    std::string out(reinterpret_cast<char*>(buffer), n);
    free(buffer);
    cbor_decref(&item);
    return out;
}

cbor_item_t* bytes(const std::string& s) {
    return cbor_build_bytestring(reinterpret_cast<const unsigned char*>(s.data()), s.size());
}

// Adds a pair to `map`, which takes its own references (cbor_map_add), so
// the builder's are released here.
void put(cbor_item_t* map, cbor_item_t* key, cbor_item_t* value) {
    cbor_map_add(map, {key, value});
    cbor_decref(&key);
    cbor_decref(&value);
}

cbor_item_t* integer(int v) {
    return v >= 0 ? cbor_build_uint8(static_cast<std::uint8_t>(v))
                  : cbor_build_negint8(static_cast<std::uint8_t>(-1 - v));
}

// A software authenticator holding one key.
class Authenticator {
  public:
    explicit Authenticator(int alg) : alg_(alg) {
        key_.reset(alg == kES256 ? EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")
                                 : EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
        id_ = "cred-" + std::to_string(alg) + "-" + std::to_string(++made_);
    }

    std::string cose_key() const {
        cbor_item_t* map = cbor_new_definite_map(alg_ == kES256 ? 5 : 4);
        if (alg_ == kES256) {
            unsigned char x[32], y[32];
            BIGNUM *bx = nullptr, *by = nullptr;
            EVP_PKEY_get_bn_param(key_.get(), OSSL_PKEY_PARAM_EC_PUB_X, &bx);
            EVP_PKEY_get_bn_param(key_.get(), OSSL_PKEY_PARAM_EC_PUB_Y, &by);
            BN_bn2binpad(bx, x, 32);
            BN_bn2binpad(by, y, 32);
            BN_free(bx);
            BN_free(by);
            put(map, integer(1), integer(2));
            put(map, integer(3), integer(kES256));
            put(map, integer(-1), integer(1));
            put(map, integer(-2), bytes(std::string(reinterpret_cast<char*>(x), 32)));
            put(map, integer(-3), bytes(std::string(reinterpret_cast<char*>(y), 32)));
        } else {
            unsigned char x[32];
            std::size_t n = 32;
            EVP_PKEY_get_raw_public_key(key_.get(), x, &n);
            put(map, integer(1), integer(1));
            put(map, integer(3), integer(kEdDSA));
            put(map, integer(-1), integer(6));
            put(map, integer(-2), bytes(std::string(reinterpret_cast<char*>(x), 32)));
        }
        return serialized(map);
    }

    static std::string client_data(const std::string& type, const std::string& challenge,
                                   const std::string& origin) {
        return json{{"type", type}, {"challenge", challenge}, {"origin", origin}}.dump();
    }

    // navigator.credentials.create's answer, as the page sends it.
    json create(const json& options, const std::string& origin, const std::string& rp_id = "") {
        const json& pk = options["publicKey"];
        const std::string rp = rp_id.empty() ? pk["rp"]["id"].get<std::string>() : rp_id;
        const std::string auth = sha256(rp) + std::string(1, '\x45') + be(count_, 4) +
                                 std::string(16, '\0') +
                                 be(static_cast<std::uint32_t>(id_.size()), 2) + id_ + cose_key();
        cbor_item_t* att = cbor_new_definite_map(3);
        put(att, cbor_build_string("fmt"), cbor_build_string("none"));
        put(att, cbor_build_string("attStmt"), cbor_new_definite_map(0));
        put(att, cbor_build_string("authData"), bytes(auth));
        return {{"credential",
                 {{"id", base64url(id_)},
                  {"type", "public-key"},
                  {"response",
                   {{"clientDataJSON",
                     base64url(client_data("webauthn.create", pk["challenge"], origin))},
                    {"attestationObject", base64url(serialized(att))}}}}}};
    }

    // navigator.credentials.get's answer.
    json get(const json& options, const std::string& origin, bool count_up = true) {
        const json& pk = options["publicKey"];
        if (count_up) ++count_;
        const std::string auth =
            sha256(pk["rpId"].get<std::string>()) + std::string(1, '\x05') + be(count_, 4);
        const std::string cd = client_data("webauthn.get", pk["challenge"], origin);
        const std::string message = auth + sha256(cd);
        EVP_MD_CTX* ctx = EVP_MD_CTX_new();
        EVP_DigestSignInit(ctx, nullptr, alg_ == kES256 ? EVP_sha256() : nullptr, nullptr,
                           key_.get());
        std::size_t n = 0;
        EVP_DigestSign(ctx, nullptr, &n, reinterpret_cast<const unsigned char*>(message.data()),
                       message.size());
        std::string sig(n, '\0');
        EVP_DigestSign(ctx, reinterpret_cast<unsigned char*>(sig.data()), &n,
                       reinterpret_cast<const unsigned char*>(message.data()), message.size());
        sig.resize(n);
        EVP_MD_CTX_free(ctx);
        return {{"credential",
                 {{"id", base64url(id_)},
                  {"type", "public-key"},
                  {"response",
                   {{"clientDataJSON", base64url(cd)},
                    {"authenticatorData", base64url(auth)},
                    {"signature", base64url(sig)}}}}}};
    }

    std::uint32_t count_ = 0;

  private:
    struct Free {
        void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
    };
    int alg_;
    std::unique_ptr<EVP_PKEY, Free> key_;
    std::string id_;
    static inline int made_ = 0;
};

struct Rig {
    explicit Rig(AccountLimits limits = {}) : accounts(api.store, limits, [this] { return now; }) {
        api.api.attach_accounts(&accounts);
    }
    ~Rig() { api.api.attach_accounts(nullptr); }
    ApiResponse call(const std::string& method, const std::string& path, const json& body = {},
                     const std::string& cookie = {}, const std::string& host = "localhost:8080") {
        ApiRequest r;
        r.method = method;
        r.path = path;
        r.body = body.is_null() ? "" : body.dump();
        r.client = client;
        r.content_type = "application/json";
        r.cookie = cookie;
        r.host = host;
        return api.api.handle(r);
    }
    static std::string cookie_of(const ApiResponse& r) {
        return r.cookies.empty() ? "" : r.cookies[0].substr(0, r.cookies[0].find(';'));
    }
    std::int64_t now = 1'800'000'000'000;
    std::string client = "203.0.113.7";  // the network the next calls come from
    ApiRig api;
    Accounts accounts;
};

const std::string kOrigin = "http://localhost:8080";

TEST(Passkeys, ANewAccountWithOnlyAPasskeySignsUpAndInForBothAlgorithms) {
    for (const int alg : {kES256, kEdDSA}) {
        Rig rig;
        Authenticator device(alg);
        const ApiResponse begun =
            rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Aigul"}});
        ASSERT_EQ(begun.status, 200) << begun.body.dump();
        EXPECT_EQ(begun.body["publicKey"]["rp"]["id"], "localhost");
        EXPECT_EQ(begun.body["publicKey"]["attestation"], "none");
        const ApiResponse made = rig.call("POST", "/api/account/passkey/register/finish",
                                          device.create(begun.body, kOrigin));
        ASSERT_EQ(made.status, 201) << made.body.dump();
        EXPECT_EQ(rig.call("GET", "/api/account", {}, Rig::cookie_of(made)).body["name"], "Aigul");
        // No password signs in to it.
        EXPECT_EQ(
            rig.call("POST", "/api/account/login", {{"name", "aigul"}, {"password", ""}}).status,
            401);
        const ApiResponse asked =
            rig.call("POST", "/api/account/passkey/login/begin", json::object());
        ASSERT_EQ(asked.status, 200);
        const ApiResponse in =
            rig.call("POST", "/api/account/passkey/login/finish", device.get(asked.body, kOrigin));
        ASSERT_EQ(in.status, 200) << in.body.dump();
        EXPECT_EQ(in.body["name"], "Aigul");
        EXPECT_EQ(rig.call("GET", "/api/account", {}, Rig::cookie_of(in)).status, 200);
        const ApiResponse keys = rig.call("GET", "/api/account/passkeys", {}, Rig::cookie_of(in));
        ASSERT_EQ(keys.body["passkeys"].size(), 1u);
        EXPECT_EQ(keys.body["passkeys"][0]["alg"], alg == kES256 ? "ES256" : "EdDSA");
    }
}

TEST(Passkeys, ASignedInAccountAddsAPasskeyBesideItsPassword) {
    Rig rig;
    const ApiResponse up = rig.call("POST", "/api/account/register",
                                    {{"name", "Bolot"}, {"password", "correct horse"}});
    const std::string cookie = Rig::cookie_of(up);
    Authenticator device(kES256);
    const ApiResponse begun =
        rig.call("POST", "/api/account/passkey/register/begin", json::object(), cookie);
    ASSERT_EQ(begun.status, 200) << begun.body.dump();
    // Another person (signed out) cannot finish Bolot's ceremony.
    EXPECT_EQ(
        rig.call("POST", "/api/account/passkey/register/finish", device.create(begun.body, kOrigin))
            .status,
        403);
    const ApiResponse again =
        rig.call("POST", "/api/account/passkey/register/begin", json::object(), cookie);
    const ApiResponse added = rig.call("POST", "/api/account/passkey/register/finish",
                                       device.create(again.body, kOrigin), cookie);
    ASSERT_EQ(added.status, 201) << added.body.dump();
    EXPECT_TRUE(added.cookies.empty());  // already signed in
    // The same authenticator's credential cannot be registered twice.
    const ApiResponse third =
        rig.call("POST", "/api/account/passkey/register/begin", json::object(), cookie);
    EXPECT_EQ(third.body["publicKey"]["excludeCredentials"].size(), 1u);
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/register/finish",
                       device.create(third.body, kOrigin), cookie)
                  .status,
              409);
}

TEST(Passkeys, CeremoniesFromElsewhereOrReplayedAreRefused) {
    Rig rig;
    Authenticator device(kES256);
    auto begin = [&] {
        return rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Chechek"}}).body;
    };
    auto finish = [&](const json& answer) {
        return rig.call("POST", "/api/account/passkey/register/finish", answer);
    };
    // Each says why by the reason's code (kReasonRows), which a page translates.
    const ApiResponse elsewhere = finish(device.create(begin(), "https://evil.example"));
    EXPECT_EQ(elsewhere.status, 400);
    EXPECT_EQ(elsewhere.body["code"], "pk.notAccepted") << elsewhere.body.dump();
    EXPECT_EQ(elsewhere.body["params"]["why"]["code"], "pk.origin") << elsewhere.body.dump();
    EXPECT_EQ(elsewhere.body["params"]["why"]["params"]["origin"], "'https://evil.example'");
    EXPECT_NE(elsewhere.body["error"].get<std::string>().find(
                  "the ceremony ran on 'https://evil.example', not on "),
              std::string::npos)
        << elsewhere.body.dump();
    const ApiResponse other_party = finish(device.create(begin(), kOrigin, "evil.example"));
    EXPECT_EQ(other_party.status, 400);
    EXPECT_EQ(other_party.body["params"]["why"]["code"], "pk.site") << other_party.body.dump();
    // Issue 41, Info: the site and relying party are the ceremony's, fixed
    // when it began, not those of the finishing request's Host.
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/register/finish",
                       device.create(begin(), "http://other.localhost:8080", "other.localhost"), {},
                       "other.localhost:8080")
                  .status,
              400);
    // A challenge the server never issued, and one used already.
    json forged = begin();
    forged["publicKey"]["challenge"] = base64url("made up by the client, 32 bytes!");
    const ApiResponse made_up = finish(device.create(forged, kOrigin));
    EXPECT_EQ(made_up.status, 400);
    EXPECT_EQ(made_up.body["code"], "pk.expired.register") << made_up.body.dump();
    const json options = begin();
    ASSERT_EQ(finish(device.create(options, kOrigin)).status, 201);
    EXPECT_EQ(finish(device.create(options, kOrigin)).status, 400);
    // Expired: five minutes is the limit.
    const json late = rig.call("POST", "/api/account/passkey/login/begin", json::object()).body;
    rig.now += 301'000;
    EXPECT_EQ(
        rig.call("POST", "/api/account/passkey/login/finish", device.get(late, kOrigin)).status,
        400);
}

TEST(Passkeys, ForgedSignaturesAndClonedAuthenticatorsDoNotSignIn) {
    Rig rig;
    Authenticator device(kEdDSA), stranger(kEdDSA);
    const json begun =
        rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Dmitri"}}).body;
    ASSERT_EQ(
        rig.call("POST", "/api/account/passkey/register/finish", device.create(begun, kOrigin))
            .status,
        201);
    auto login = [&](Authenticator& a, bool count_up = true, const std::string& origin = kOrigin,
                     bool tamper = false) {
        const json asked =
            rig.call("POST", "/api/account/passkey/login/begin", json::object()).body;
        json answer = a.get(asked, origin, count_up);
        if (tamper) answer["credential"]["response"]["signature"] = base64url(std::string(64, 'x'));
        return rig.call("POST", "/api/account/passkey/login/finish", answer);
    };
    EXPECT_EQ(login(device).status, 200);
    EXPECT_EQ(login(device, true, kOrigin, true).status, 401);            // a forged signature
    EXPECT_EQ(login(device, true, "http://localhost:9999").status, 401);  // another origin
    EXPECT_EQ(login(stranger).status, 401);                               // a key no account has
    device.count_ = 1;  // the count the server last accepted, signed again: a copy
    EXPECT_EQ(login(device, false).status, 401);
    const ApiResponse last = login(device);
    EXPECT_EQ(last.status, 200) << last.body.dump();
}

// One network holds at most its share of the ceremonies under way; a full
// table takes the oldest of the network holding the most, so that a newcomer
// from another network always begins one.
TEST(Passkeys, OneNetworkCannotTakeEveryCeremony) {
    AccountLimits small;
    small.max_ceremonies = 10;
    Rig rig(small);
    Authenticator first_device(kES256), other_device(kES256);
    rig.client = "198.51.100.1";
    const json crowded_first =
        rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Asel"}}).body;
    for (int i = 0; i < 5; ++i)
        ASSERT_EQ(rig.call("POST", "/api/account/passkey/login/begin", json::object()).status, 200);
    rig.client = "198.51.100.2";
    const json other_first =
        rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Baktygul"}}).body;
    for (int i = 0; i < 3; ++i)
        ASSERT_EQ(rig.call("POST", "/api/account/passkey/login/begin", json::object()).status, 200);
    // The table is full (6 + 4); a newcomer still begins one.
    rig.client = "2001:db8:1:2::/64";
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/login/begin", json::object()).status, 200);
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Cholpon"}}).status,
              200);
    // The crowded network lost its oldest; the other kept all of its own.
    rig.client = "198.51.100.1";
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/register/finish",
                       first_device.create(crowded_first, kOrigin))
                  .status,
              400);
    rig.client = "198.51.100.2";
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/register/finish",
                       other_device.create(other_first, kOrigin))
                  .status,
              201);
}

TEST(Passkeys, ANetworksShareOfCeremoniesIsBounded) {
    Rig rig;  // 1,000 in all, 20 a network
    rig.client = "198.51.100.1";
    for (int i = 0; i < 20; ++i)
        ASSERT_EQ(rig.call("POST", "/api/account/passkey/login/begin", json::object()).status, 200);
    const ApiResponse refused =
        rig.call("POST", "/api/account/passkey/login/begin", json::object());
    EXPECT_EQ(refused.status, 429);
    EXPECT_NE(refused.body.value("error", "").find("from your network"), std::string::npos);
    rig.client = "198.51.100.2";
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/login/begin", json::object()).status, 200);
    // Five minutes later they have expired and the first network begins again.
    rig.now += 301'000;
    rig.client = "198.51.100.1";
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/login/begin", json::object()).status, 200);
}

TEST(Passkeys, ALabelIsCheckedTextAndRefusedBeforeTheCeremonyIsSpent) {
    Rig rig;
    Authenticator device(kEdDSA);
    const json begun =
        rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Dinara"}}).body;
    json answer = device.create(begun, kOrigin);
    answer["label"] = "phone\xe2\x80\xae";
    const ApiResponse refused = rig.call("POST", "/api/account/passkey/register/finish", answer);
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(refused.body.value("error", "").rfind("'label' holds U+202E", 0), 0u)
        << refused.body.dump();
    answer["label"] = "Pixel phone";
    const ApiResponse made = rig.call("POST", "/api/account/passkey/register/finish", answer);
    ASSERT_EQ(made.status, 201) << made.body.dump();
    const json keys = rig.call("GET", "/api/account/passkeys", {}, Rig::cookie_of(made)).body;
    EXPECT_EQ(keys["passkeys"][0]["label"], "Pixel phone");
}

TEST(Passkeys, MalformedAnswersAreOneLineErrors) {
    Rig rig;
    const json begun =
        rig.call("POST", "/api/account/passkey/register/begin", {{"name", "Erke"}}).body;
    const std::string cd = base64url(
        Authenticator::client_data("webauthn.create", begun["publicKey"]["challenge"], kOrigin));
    for (const json& response :
         {json{{"clientDataJSON", cd}, {"attestationObject", "!!!not base64"}},
          json{{"clientDataJSON", cd},
               {"attestationObject", base64url("\xa1\x63"
                                               "fmt")}},
          json{{"clientDataJSON", cd}, {"attestationObject", base64url(std::string(3000, '\x9f'))}},
          json{{"clientDataJSON", "e30"}, {"attestationObject", ""}}}) {
        const ApiResponse r = rig.call("POST", "/api/account/passkey/register/finish",
                                       {{"credential", {{"id", "x"}, {"response", response}}}});
        EXPECT_EQ(r.status, 400) << response.dump();
        EXPECT_FALSE(r.body.value("error", "").empty());
    }
    EXPECT_EQ(rig.call("POST", "/api/account/passkey/register/finish", {{"credential", 5}}).status,
              400);
    EXPECT_EQ(rig.call("GET", "/api/account/passkeys").status, 401);
}

}  // namespace
}  // namespace asterism::server
