// Web Push messages: the VAPID key, encryption to a subscription and the
// VAPID signature, with libcrypto (webpush.h). The HTTP client is in
// push_client.cpp, the background sender in notifier.cpp.
#include "server/notify/webpush.h"

#include "server/base64url.h"

#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "server/notify/owned.h"
#include "server/notify/push_url.h"

namespace asterism::server::notify {

namespace {

constexpr std::size_t kPointSize = 65, kScalarSize = 32, kAuthSize = 16, kSaltSize = 16;
constexpr std::size_t kTagSize = 16;
// RFC 8188's header as RFC 8291 fills it: salt, record size, key id length
// and the sender's public point as the key id.
constexpr std::size_t kHeaderSize = kSaltSize + 4 + 1 + kPointSize;
constexpr std::uint32_t kRecordSize = 4096;
// Push services must take a body of 4096 bytes; the record is the body
// less its header, and holds the plaintext, the delimiter and the tag.
constexpr std::size_t kMaxPlaintext = kRecordSize - kHeaderSize - kTagSize - 1;
constexpr std::int64_t kTokenLifetime = 12 * 3600;  // RFC 8292 allows 24 hours at most
constexpr std::size_t kMaxPem = 16384;

const unsigned char* bytes(std::string_view s) {
    return reinterpret_cast<const unsigned char*>(s.data());
}
void* param_bytes(std::string_view s) {
    return const_cast<char*>(s.data());
}
char* param_text(const char* s) {
    return const_cast<char*>(s);
}

[[noreturn]] void crypto_failure(const char* what) {
    ERR_clear_error();
    throw std::runtime_error(std::string("libcrypto failed to ") + what);
}

// A P-256 public key from its uncompressed point; the point must be on the
// curve, or the shared secret could leak the ephemeral key (invalid-curve
// attacks).
Owned<EVP_PKEY> p256_public(std::string_view point) {
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, param_text("prime256v1"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, param_bytes(point),
                                          point.size()),
        OSSL_PARAM_construct_end()};
    Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* key = nullptr;
    const bool made = ctx && EVP_PKEY_fromdata_init(ctx.get()) == 1 &&
                      EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params) == 1;
    Owned<EVP_PKEY> out(key);
    Owned<EVP_PKEY_CTX> check(made ? EVP_PKEY_CTX_new(key, nullptr) : nullptr);
    if (!check || EVP_PKEY_public_check(check.get()) != 1) {
        ERR_clear_error();
        throw std::invalid_argument("the subscription's p256dh is not a point of P-256");
    }
    return out;
}

// The uncompressed point of a P-256 key: 0x04, x, y.
std::string public_point(EVP_PKEY* key) {
    std::string out(kPointSize, '\0');
    std::size_t size = 0;
    if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                        reinterpret_cast<unsigned char*>(out.data()), out.size(),
                                        &size) != 1 ||
        size != kPointSize || out[0] != '\x04')
        crypto_failure("read a P-256 public point");
    return out;
}

// The point scalar x G: a key made from the scalar alone has no public half
// in OpenSSL 3.0, and the header carries it.
std::string point_of(const BIGNUM* scalar) {
    Owned<EC_GROUP> group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
    Owned<EC_POINT> point(group ? EC_POINT_new(group.get()) : nullptr);
    std::string out(kPointSize, '\0');
    if (!point || EC_POINT_mul(group.get(), point.get(), scalar, nullptr, nullptr, nullptr) != 1 ||
        EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED,
                           reinterpret_cast<unsigned char*>(out.data()), out.size(),
                           nullptr) != kPointSize)
        crypto_failure("compute a P-256 public point");
    return out;
}

// A P-256 key pair from its 32-byte private scalar (the test hook).
Owned<EVP_PKEY> p256_private(std::string_view scalar) {
    Owned<BIGNUM> d(scalar.size() == kScalarSize
                        ? BN_bin2bn(bytes(scalar), static_cast<int>(scalar.size()), nullptr)
                        : nullptr);
    Owned<EC_GROUP> group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
    if (!d || !group || BN_is_zero(d.get()) ||
        BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0)
        throw std::invalid_argument("the ephemeral private key is not a P-256 scalar");
    const std::string point = point_of(d.get());
    Owned<OSSL_PARAM_BLD> build(OSSL_PARAM_BLD_new());
    if (!build ||
        OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) !=
            1 ||
        OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get()) != 1 ||
        OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                         point.size()) != 1)
        crypto_failure("describe a P-256 key");
    Owned<OSSL_PARAM> params(OSSL_PARAM_BLD_to_param(build.get()));
    Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* key = nullptr;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
        EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_KEYPAIR, params.get()) != 1)
        crypto_failure("make a P-256 key pair");
    return Owned<EVP_PKEY>(key);
}

Owned<EVP_PKEY> p256_generate() {
    Owned<EVP_PKEY> key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    if (!key) crypto_failure("generate a P-256 key");
    return key;
}

std::string ecdh(EVP_PKEY* mine, EVP_PKEY* theirs) {
    Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new(mine, nullptr));
    std::string out(32, '\0');
    std::size_t size = out.size();
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 ||
        EVP_PKEY_derive_set_peer(ctx.get(), theirs) != 1 ||
        EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(out.data()), &size) != 1 ||
        size != out.size())
        crypto_failure("agree on an ECDH secret");
    return out;
}

// HKDF with SHA-256 (RFC 5869), extract then expand to `length` bytes.
std::string hkdf(std::string_view salt, std::string_view ikm, std::string_view info,
                 std::size_t length) {
    Owned<EVP_KDF> kdf(EVP_KDF_fetch(nullptr, "HKDF", nullptr));
    Owned<EVP_KDF_CTX> ctx(kdf ? EVP_KDF_CTX_new(kdf.get()) : nullptr);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, param_text("SHA256"), 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, param_bytes(salt), salt.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, param_bytes(ikm), ikm.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, param_bytes(info), info.size()),
        OSSL_PARAM_construct_end()};
    std::string out(length, '\0');
    if (!ctx || EVP_KDF_derive(ctx.get(), reinterpret_cast<unsigned char*>(out.data()), length,
                               params) != 1)
        crypto_failure("derive a key with HKDF");
    return out;
}

// AES-128-GCM: the ciphertext followed by the 16-byte tag.
std::string seal(std::string_view key, std::string_view nonce, std::string_view plain) {
    Owned<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new());
    std::string out(plain.size() + kTagSize, '\0');
    auto* o = reinterpret_cast<unsigned char*>(out.data());
    int size = 0, tail = 0;
    if (!ctx ||
        EVP_EncryptInit_ex2(ctx.get(), EVP_aes_128_gcm(), bytes(key), bytes(nonce), nullptr) != 1 ||
        EVP_EncryptUpdate(ctx.get(), o, &size, bytes(plain), static_cast<int>(plain.size())) != 1 ||
        EVP_EncryptFinal_ex(ctx.get(), o + size, &tail) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, kTagSize, o + plain.size()) != 1)
        crypto_failure("encrypt with AES-128-GCM");
    return out;
}

// The browser's side of a subscription, checked.
struct Receiver {
    std::string point, auth;
    Owned<EVP_PKEY> key;
};

Receiver receiver(const Subscription& s) {
    Receiver r;
    const auto point = parse_base64url(s.p256dh);
    if (!point || point->size() != kPointSize || (*point)[0] != '\x04')
        throw std::invalid_argument(
            "the subscription's p256dh is not an uncompressed P-256 point in base64url");
    const auto auth = parse_base64url(s.auth);
    if (!auth || auth->size() != kAuthSize)
        throw std::invalid_argument("the subscription's auth is not 16 bytes in base64url");
    r.point = *point;
    r.auth = *auth;
    r.key = p256_public(r.point);
    return r;
}

std::string big_endian32(std::uint32_t v) {
    return {static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8),
            static_cast<char>(v)};
}

// RFC 8291 section 3.4, then RFC 8188 section 2: the keys from the shared
// secret, the auth secret and the salt, and the one record with its header.
std::string encrypt_with(const Receiver& r, EVP_PKEY* ephemeral, std::string_view salt,
                         std::string_view plaintext) {
    using namespace std::string_view_literals;
    const std::string sender = public_point(ephemeral);
    const std::string key_info = std::string("WebPush: info\0"sv) + r.point + sender;
    const std::string ikm = hkdf(r.auth, ecdh(ephemeral, r.key.get()), key_info, 32);
    const std::string cek = hkdf(salt, ikm, "Content-Encoding: aes128gcm\0"sv, 16);
    const std::string nonce = hkdf(salt, ikm, "Content-Encoding: nonce\0"sv, 12);
    std::string out(salt);
    out += big_endian32(kRecordSize);
    out.push_back(static_cast<char>(kPointSize));
    out += sender;
    // The last (here the only) record ends its plaintext with 0x02 and no
    // padding: the message's length is not worth hiding from the service.
    out += seal(cek, nonce, std::string(plaintext) + '\x02');
    return out;
}

void check_fits(std::string_view plaintext) {
    if (plaintext.size() > kMaxPlaintext)
        throw std::invalid_argument("the message does not fit one 4096-byte record");
}

// ES256 (RFC 7518 section 3.4): ECDSA with SHA-256, the signature as r and s
// of 32 bytes each, where libcrypto writes DER.
std::string es256(EVP_PKEY* key, std::string_view data) {
    Owned<EVP_MD_CTX> ctx(EVP_MD_CTX_new());
    std::string der(80, '\0');
    std::size_t size = der.size();
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key) != 1 ||
        EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(der.data()), &size, bytes(data),
                       data.size()) != 1)
        crypto_failure("sign with ES256");
    const unsigned char* p = bytes(der);
    Owned<ECDSA_SIG> sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(size)));
    const BIGNUM *r = nullptr, *s = nullptr;
    if (sig) ECDSA_SIG_get0(sig.get(), &r, &s);
    std::string out(64, '\0');
    auto* o = reinterpret_cast<unsigned char*>(out.data());
    if (!r || !s || BN_bn2binpad(r, o, 32) != 32 || BN_bn2binpad(s, o + 32, 32) != 32)
        crypto_failure("read an ECDSA signature");
    return out;
}

void check_subject(const std::string& subject) {
    const bool scheme = subject.starts_with("mailto:") || subject.starts_with("https://");
    bool printable = subject.size() <= 512;
    for (const char c : subject) printable = printable && c > ' ' && c <= '~';
    if (!scheme || !printable)
        throw std::invalid_argument(
            "the VAPID subject is not a mailto: or https: address in printable ASCII");
}

int no_passphrase(char*, int, int, void*) {
    return -1;
}

}  // namespace

void VapidKey::Free::operator()(EVP_PKEY* k) const {
    EVP_PKEY_free(k);
}

VapidKey::VapidKey(const VapidKey& other) : key_(other.key_.get()) {
    if (key_) EVP_PKEY_up_ref(key_.get());
}

VapidKey& VapidKey::operator=(const VapidKey& other) {
    if (this != &other) {
        if (other.key_) EVP_PKEY_up_ref(other.key_.get());
        key_.reset(other.key_.get());
    }
    return *this;
}

VapidKey::~VapidKey() = default;

VapidKey VapidKey::generate() {
    return VapidKey(p256_generate().release());
}

VapidKey VapidKey::from_pem(const std::string& pem) {
    if (pem.size() > kMaxPem) throw std::runtime_error("the VAPID key's PEM is too long");
    Owned<BIO> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    // A callback that refuses, so an encrypted key fails instead of asking
    // for a pass phrase on the terminal.
    EVP_PKEY* key =
        bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, no_passphrase, nullptr) : nullptr;
    ERR_clear_error();
    if (!key) throw std::runtime_error("the VAPID key is not an unencrypted private key in PEM");
    VapidKey out(key);
    char group[64] = {};
    std::size_t size = 0;
    const bool p256 =
        EVP_PKEY_is_a(key, "EC") &&
        EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group,
                                       &size) == 1 &&
        (std::string_view(group) == "prime256v1" || std::string_view(group) == "P-256");
    ERR_clear_error();
    if (!p256) throw std::runtime_error("the VAPID key is not a P-256 (prime256v1) key");
    return out;
}

std::string VapidKey::pem() const {
    if (!key_) throw std::runtime_error("the VAPID key was moved away");
    // Secure-heap memory, so the private key does not linger in freed pages.
    Owned<BIO> bio(BIO_new(BIO_s_secmem()));
    if (!bio ||
        PEM_write_bio_PrivateKey(bio.get(), key_.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1)
        crypto_failure("write the VAPID key as PEM");
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(size));
}

std::string VapidKey::public_key_b64url() const {
    if (!key_) throw std::runtime_error("the VAPID key was moved away");
    return base64url(public_point(key_.get()));
}

std::string encrypt(const Subscription& s, std::string_view plaintext) {
    check_fits(plaintext);
    const Receiver r = receiver(s);
    std::string salt(kSaltSize, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), kSaltSize) != 1)
        crypto_failure("draw a salt");
    const Owned<EVP_PKEY> ephemeral = p256_generate();
    return encrypt_with(r, ephemeral.get(), salt, plaintext);
}

std::string encrypt(const Subscription& s, std::string_view plaintext, std::string_view salt,
                    std::string_view ephemeral_private) {
    check_fits(plaintext);
    if (salt.size() != kSaltSize) throw std::invalid_argument("the salt is not 16 bytes");
    const Receiver r = receiver(s);
    const Owned<EVP_PKEY> ephemeral = p256_private(ephemeral_private);
    return encrypt_with(r, ephemeral.get(), salt, plaintext);
}

std::string vapid_authorization(const VapidKey& k, const std::string& endpoint, std::int64_t now_s,
                                const std::string& subject) {
    std::string why;
    const auto url = parse_push_url(endpoint, why);
    if (!url) throw std::invalid_argument(why);
    check_subject(subject);
    if (!k.get()) throw std::invalid_argument("the VAPID key was moved away");
    // The audience is the push service's origin, so a token taken from one
    // service is worthless at another.
    const nlohmann::json claims = {
        {"aud", origin(*url)}, {"exp", now_s + kTokenLifetime}, {"sub", subject}};
    const std::string input =
        base64url(R"({"typ":"JWT","alg":"ES256"})") + "." + base64url(claims.dump());
    return "vapid t=" + input + "." + base64url(es256(k.get(), input)) +
           ", k=" + k.public_key_b64url();
}

PushResult send(const Subscription& s, std::string_view payload, const VapidKey& k,
                const std::string& subject, std::int64_t now_s, const PostOptions& o) {
    if (payload.size() > kMaxPayload) return {0, "the message is longer than 3000 bytes"};
    std::string body, authorization;
    try {
        body = encrypt(s, payload);
        authorization = vapid_authorization(k, s.endpoint, now_s, subject);
    } catch (const std::exception& e) {
        return {0, e.what()};
    }
    // A day: "your turn" is still worth seeing tomorrow, not next week.
    return post(s.endpoint,
                {{"TTL", "86400"},
                 {"Content-Encoding", "aes128gcm"},
                 {"Content-Type", "application/octet-stream"},
                 {"Urgency", "normal"},
                 {"Authorization", authorization}},
                body, o);
}

}  // namespace asterism::server::notify
