// Passkeys: registration and sign-in checks (webauthn.h).
#include "server/accounts/webauthn.h"

#include <cbor.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/x509.h>

#include <array>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/text.h"

namespace asterism::server::accounts {

namespace {

constexpr std::size_t kMaxClientData = 4096;
constexpr std::size_t kMaxAttestation = 16384;
constexpr std::size_t kMaxAuthData = 4096;
constexpr std::size_t kMaxSignature = 256;

[[noreturn]] void refuse(ReasonCode code, const nlohmann::json& params = nlohmann::json::object()) {
    throw WebAuthnError(code, params);
}

// Data no browser's passkey sends: one reason, the detail in English.
[[noreturn]] void malformed(const std::string& detail) {
    refuse("pk.data", {{"detail", detail}});
}

std::string sha256(std::string_view bytes) {
    std::array<unsigned char, 32> out{};
    unsigned int size = 0;
    EVP_Digest(bytes.data(), bytes.size(), out.data(), &size, EVP_sha256(), nullptr);
    return std::string(reinterpret_cast<const char*>(out.data()), size);
}

// The client data: its type, the challenge and the page's origin.
void check_client_data(const std::string& text, const Expected& e) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text, nullptr, true, false);
    } catch (const nlohmann::json::exception&) {
        malformed("the client data is not JSON");
    }
    if (!j.is_object()) malformed("the client data is not a JSON object");
    auto field = [&](const char* key) {
        const auto it = j.find(key);
        return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (field("type") != e.type) refuse("pk.ceremony", {{"type", e.type}});
    if (field("challenge") != e.challenge) refuse("pk.challenge");
    if (field("origin") != e.origin)
        refuse("pk.origin", {{"origin", quote(field("origin"))}, {"site", e.origin}});
    if (j.contains("crossOrigin") && j["crossOrigin"] == true) refuse("pk.frame");
}

struct AuthData {
    std::uint8_t flags = 0;
    std::uint32_t sign_count = 0;
    std::string credential_id;  // with attested credential data
    std::string cose_key;
};

constexpr std::uint8_t kUserPresent = 0x01, kAttested = 0x40;

std::uint32_t big_endian(std::string_view b) {
    std::uint32_t v = 0;
    for (const char c : b) v = (v << 8) | static_cast<unsigned char>(c);
    return v;
}

// The authenticator data: the relying party's hash, the flags, the count
// and, at registration, the new credential's id and key.
AuthData read_auth_data(std::string_view d, const Expected& e, bool attested) {
    if (d.size() < 37) malformed("the authenticator data is too short");
    if (d.substr(0, 32) != sha256(e.rp_id)) refuse("pk.site");
    AuthData out;
    out.flags = static_cast<std::uint8_t>(d[32]);
    out.sign_count = big_endian(d.substr(33, 4));
    if (!(out.flags & kUserPresent)) refuse("pk.present");
    if (!attested) return out;
    if (!(out.flags & kAttested) || d.size() < 55) malformed("no new credential in the data");
    const std::size_t id_length = big_endian(d.substr(53, 2));
    if (id_length == 0 || id_length > 1023 || d.size() < 55 + id_length)
        malformed("the credential id is malformed");
    out.credential_id = std::string(d.substr(55, id_length));
    out.cose_key = std::string(d.substr(55 + id_length));
    return out;
}

// A CBOR item, released when it goes.
struct CborDeleter {
    void operator()(cbor_item_t* item) const { cbor_decref(&item); }
};
using Cbor = std::unique_ptr<cbor_item_t, CborDeleter>;

Cbor load_cbor(std::string_view bytes, std::size_t* read = nullptr) {
    cbor_load_result result{};
    Cbor item(cbor_load(reinterpret_cast<cbor_data>(bytes.data()), bytes.size(), &result));
    if (!item || result.error.code != CBOR_ERR_NONE) malformed("malformed CBOR");
    if (read) *read = result.read;
    return item;
}

std::optional<std::int64_t> as_int(const cbor_item_t* i) {
    if (cbor_isa_uint(i)) return static_cast<std::int64_t>(cbor_get_int(i));
    if (cbor_isa_negint(i)) return -1 - static_cast<std::int64_t>(cbor_get_int(i));
    return std::nullopt;
}

std::optional<std::string> as_bytes(const cbor_item_t* i, bool text) {
    if (text ? !cbor_isa_string(i) || !cbor_string_is_definite(i)
             : !cbor_isa_bytestring(i) || !cbor_bytestring_is_definite(i))
        return std::nullopt;
    const auto* p = text ? cbor_string_handle(i) : cbor_bytestring_handle(i);
    const std::size_t n = text ? cbor_string_length(i) : cbor_bytestring_length(i);
    return std::string(reinterpret_cast<const char*>(p), n);
}

// A map's value under an integer key (COSE) or a text key (attestation).
const cbor_item_t* lookup(const cbor_item_t* map, std::optional<std::int64_t> number,
                          std::string_view text) {
    if (!cbor_isa_map(map) || !cbor_map_is_definite(map)) malformed("malformed CBOR map");
    const cbor_pair* pairs = cbor_map_handle(map);
    for (std::size_t k = 0; k < cbor_map_size(map); ++k) {
        if (number ? as_int(pairs[k].key) == number : as_bytes(pairs[k].key, true) == text)
            return pairs[k].value;
    }
    return nullptr;
}

std::string bytes_at(const cbor_item_t* map, std::int64_t key, std::size_t size) {
    const cbor_item_t* v = lookup(map, key, {});
    const auto b = v ? as_bytes(v, false) : std::nullopt;
    if (!b || b->size() != size) malformed("the key's coordinates are malformed");
    return *b;
}

struct KeyDeleter {
    void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using Key = std::unique_ptr<EVP_PKEY, KeyDeleter>;

Key ec_p256_key(const std::string& x, const std::string& y) {
    const std::string point = std::string(1, '\x04') + x + y;
    OSSL_PARAM_BLD* b = OSSL_PARAM_BLD_new();
    OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0);
    OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size());
    OSSL_PARAM* params = OSSL_PARAM_BLD_to_param(b);
    EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
    EVP_PKEY* key = nullptr;
    const bool ok = ctx && params && EVP_PKEY_fromdata_init(ctx) == 1 &&
                    EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_PUBLIC_KEY, params) == 1;
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(b);
    if (!ok) malformed("the key is not a point of P-256");
    // A point off the curve must not pass: check it.
    EVP_PKEY_CTX* check = EVP_PKEY_CTX_new(key, nullptr);
    const bool on_curve = check && EVP_PKEY_public_check(check) == 1;
    EVP_PKEY_CTX_free(check);
    Key out(key);
    if (!on_curve) malformed("the key is not a point of P-256");
    return out;
}

// The COSE key (RFC 9053) as a public key; only the two algorithms offered.
Key cose_key(const cbor_item_t* cose, int& alg) {
    const cbor_item_t* kty = lookup(cose, 1, {});
    const cbor_item_t* a = lookup(cose, 3, {});
    const cbor_item_t* crv = lookup(cose, -1, {});
    if (!kty || !a || !crv) malformed("the credential's key is incomplete");
    alg = static_cast<int>(as_int(a).value_or(0));
    if (as_int(kty) == 2 && alg == kES256 && as_int(crv) == 1)
        return ec_p256_key(bytes_at(cose, -2, 32), bytes_at(cose, -3, 32));
    if (as_int(kty) == 1 && alg == kEdDSA && as_int(crv) == 6) {
        const std::string x = bytes_at(cose, -2, 32);
        Key key(EVP_PKEY_new_raw_public_key(
            EVP_PKEY_ED25519, nullptr, reinterpret_cast<const unsigned char*>(x.data()), x.size()));
        if (!key) malformed("the Ed25519 key is malformed");
        return key;
    }
    refuse("pk.key");
}

std::string spki(EVP_PKEY* key) {
    unsigned char* der = nullptr;
    const int n = i2d_PUBKEY(key, &der);
    if (n <= 0) malformed("cannot encode the key");
    std::string out(reinterpret_cast<const char*>(der), static_cast<std::size_t>(n));
    OPENSSL_free(der);
    return out;
}

}  // namespace

std::string from_base64url(std::string_view text, std::size_t max_bytes) {
    auto out = parse_base64url(text, max_bytes);
    if (!out)
        malformed("a field is not base64url of at most " + std::to_string(max_bytes) + " bytes");
    return std::move(*out);
}

NewCredential verify_registration(std::string_view client_data_b64,
                                  std::string_view attestation_b64, const Expected& e) {
    check_client_data(from_base64url(client_data_b64, kMaxClientData), e);
    const std::string attestation = from_base64url(attestation_b64, kMaxAttestation);
    const Cbor object = load_cbor(attestation);
    const cbor_item_t* data = lookup(object.get(), std::nullopt, "authData");
    const auto auth = data ? as_bytes(data, false) : std::nullopt;
    if (!auth) malformed("the attestation has no authenticator data");
    const AuthData a = read_auth_data(*auth, e, true);
    std::size_t read = 0;
    const Cbor cose = load_cbor(a.cose_key, &read);
    NewCredential out;
    const Key key = cose_key(cose.get(), out.alg);
    out.id = base64url(a.credential_id);
    out.public_key = spki(key.get());
    out.sign_count = a.sign_count;
    return out;
}

std::uint32_t verify_assertion(const std::string& public_key, int alg, std::uint32_t stored_count,
                               std::string_view client_data_b64,
                               std::string_view authenticator_data_b64,
                               std::string_view signature_b64, const Expected& e) {
    const std::string client_data = from_base64url(client_data_b64, kMaxClientData);
    check_client_data(client_data, e);
    const std::string auth = from_base64url(authenticator_data_b64, kMaxAuthData);
    const AuthData a = read_auth_data(auth, e, false);
    const std::string signature = from_base64url(signature_b64, kMaxSignature);
    const auto* der = reinterpret_cast<const unsigned char*>(public_key.data());
    const Key key(d2i_PUBKEY(nullptr, &der, static_cast<long>(public_key.size())));
    if (!key) malformed("the stored key cannot be read");
    const std::string signed_bytes = auth + sha256(client_data);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    const bool ok = ctx &&
                    EVP_DigestVerifyInit(ctx, nullptr, alg == kES256 ? EVP_sha256() : nullptr,
                                         nullptr, key.get()) == 1 &&
                    EVP_DigestVerify(ctx, reinterpret_cast<const unsigned char*>(signature.data()),
                                     signature.size(),
                                     reinterpret_cast<const unsigned char*>(signed_bytes.data()),
                                     signed_bytes.size()) == 1;
    EVP_MD_CTX_free(ctx);
    if (!ok) refuse("pk.signature");
    // A count that does not grow (when either side counts) means a copy of
    // the authenticator signed: refused, as WebAuthn's step 21 allows.
    if ((a.sign_count != 0 || stored_count != 0) && a.sign_count <= stored_count)
        refuse("pk.count");
    return a.sign_count;
}

}  // namespace asterism::server::accounts
