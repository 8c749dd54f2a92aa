// Web Push (server/notify/webpush.h): the encryption against RFC 8291's own
// example, byte for byte, and against a browser played here with libcrypto
// (its own key pair, auth secret and a decryption written from the RFC);
// the VAPID token checked as a push service checks it; the URL and address
// rules that keep a browser-supplied endpoint from reaching this host or its
// networks; the client's bounds; and, end to end, messages to an
// independent push service in Python (tests/process/push_endpoint.py) that
// verifies and decrypts them with its own code, including a 410 that
// reaches the Notifier's on_gone.
#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/notify/owned.h"
#include "server/notify/push_url.h"
#include "server/notify/webpush.h"

#ifndef ASTERISM_PUSH_ENDPOINT
#define ASTERISM_PUSH_ENDPOINT "tests/process/push_endpoint.py"
#endif

namespace asterism::server::notify {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// ---- The browser's side, written here from RFC 8291 and RFC 5869 with
// HMAC (not the module's EVP_KDF), so the two do not share a mistake.

std::string unb64url(std::string text) {
    for (char& c : text) c = c == '-' ? '+' : c == '_' ? '/' : c;
    const std::size_t pad = (4 - text.size() % 4) % 4;
    text.append(pad, '=');
    std::string out(text.size() / 4 * 3, '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(text.data()),
                                  static_cast<int>(text.size()));
    EXPECT_GE(n, 0) << text;
    out.resize(static_cast<std::size_t>(std::max(n, 0)) - pad);
    return out;
}

std::string b64url(const std::string& bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()),
                                  static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    while (!out.empty() && out.back() == '=') out.pop_back();
    for (char& c : out) c = c == '+' ? '-' : c == '/' ? '_' : c;
    return out;
}

std::string hmac(const std::string& key, const std::string& data) {
    unsigned char out[32];
    std::size_t n = 0;
    EXPECT_NE(EVP_Q_mac(nullptr, "HMAC", nullptr, "SHA256", nullptr, key.data(), key.size(),
                        reinterpret_cast<const unsigned char*>(data.data()), data.size(), out,
                        sizeof out, &n),
              nullptr);
    return std::string(reinterpret_cast<char*>(out), n);
}

// HKDF for at most one block of output (RFC 5869).
std::string hkdf(const std::string& salt, const std::string& ikm, const std::string& info,
                 std::size_t length) {
    return hmac(hmac(salt, ikm), info + '\x01').substr(0, length);
}

Owned<EVP_PKEY> key_from(const std::string& point, const std::string& scalar = "") {
    Owned<OSSL_PARAM_BLD> b(OSSL_PARAM_BLD_new());
    OSSL_PARAM_BLD_push_utf8_string(b.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0);
    OSSL_PARAM_BLD_push_octet_string(b.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size());
    Owned<BIGNUM> d(scalar.empty()
                        ? nullptr
                        : BN_bin2bn(reinterpret_cast<const unsigned char*>(scalar.data()),
                                    static_cast<int>(scalar.size()), nullptr));
    if (d) OSSL_PARAM_BLD_push_BN(b.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get());
    Owned<OSSL_PARAM> params(OSSL_PARAM_BLD_to_param(b.get()));
    Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* key = nullptr;
    EVP_PKEY_fromdata_init(ctx.get());
    EVP_PKEY_fromdata(ctx.get(), &key, d ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params.get());
    EXPECT_NE(key, nullptr);
    return Owned<EVP_PKEY>(key);
}

std::string point_of(EVP_PKEY* key) {
    std::string out(65, '\0');
    std::size_t n = 0;
    EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                    reinterpret_cast<unsigned char*>(out.data()), out.size(), &n);
    out.resize(n);
    return out;
}

// A browser: its key pair and auth secret, and the subscription they make.
struct Browser {
    Owned<EVP_PKEY> key{EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")};
    std::string auth = std::string(16, '\0');
    Browser() { RAND_bytes(reinterpret_cast<unsigned char*>(auth.data()), 16); }
    Subscription subscription(const std::string& endpoint) const {
        return {endpoint, b64url(point_of(key.get())), b64url(auth)};
    }
};

// The plaintext of an aes128gcm body with one record, as a browser gets it;
// nullopt when it does not decrypt.
std::optional<std::string> decrypt(const std::string& body, EVP_PKEY* ua, const std::string& auth) {
    if (body.size() < 86 + 17 || body[20] != 65) return std::nullopt;
    const std::string salt = body.substr(0, 16), sender = body.substr(21, 65);
    const Owned<EVP_PKEY> as = key_from(sender);
    Owned<EVP_PKEY_CTX> ctx(EVP_PKEY_CTX_new(ua, nullptr));
    std::string secret(32, '\0');
    std::size_t n = secret.size();
    EVP_PKEY_derive_init(ctx.get());
    EVP_PKEY_derive_set_peer(ctx.get(), as.get());
    EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &n);
    const std::string info = std::string("WebPush: info", 14) + point_of(ua) + sender;
    const std::string ikm = hkdf(auth, secret, info, 32);
    const std::string cek = hkdf(salt, ikm, std::string("Content-Encoding: aes128gcm", 28), 16);
    const std::string nonce = hkdf(salt, ikm, std::string("Content-Encoding: nonce", 24), 12);
    std::string record = body.substr(86), tag = record.substr(record.size() - 16);
    record.resize(record.size() - 16);
    std::string plain(record.size(), '\0');
    Owned<EVP_CIPHER_CTX> c(EVP_CIPHER_CTX_new());
    int len = 0, tail = 0;
    auto* p = reinterpret_cast<unsigned char*>(plain.data());
    EVP_DecryptInit_ex2(c.get(), EVP_aes_128_gcm(),
                        reinterpret_cast<const unsigned char*>(cek.data()),
                        reinterpret_cast<const unsigned char*>(nonce.data()), nullptr);
    EVP_DecryptUpdate(c.get(), p, &len, reinterpret_cast<const unsigned char*>(record.data()),
                      static_cast<int>(record.size()));
    EVP_CIPHER_CTX_ctrl(c.get(), EVP_CTRL_GCM_SET_TAG, 16, tag.data());
    if (EVP_DecryptFinal_ex(c.get(), p + len, &tail) != 1) return std::nullopt;
    while (!plain.empty() && plain.back() == '\0') plain.pop_back();
    if (plain.empty() || plain.back() != '\x02') return std::nullopt;
    plain.pop_back();
    return plain;
}

// ---- RFC 8291, section 5 and Appendix A.
const std::string kRfcPlaintext = "When I grow up, I want to be a watermelon";
const std::string kRfcUaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
const std::string kRfcUaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
const std::string kRfcAuth = "BTBZMqHH6r4Tts7J_aSIgg";
const std::string kRfcAsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
const std::string kRfcAsPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
const std::string kRfcSalt = "DGv6ra1nlYgDCS1FRnbzlw";
const std::string kRfcBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS"
    "6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_"
    "Qulcy4a-fN";

TEST(WebPushEncrypt, MatchesTheExampleOfRfc8291ByteForByte) {
    const Subscription s{"https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
                         kRfcUaPublic, kRfcAuth};
    const std::string body = encrypt(s, kRfcPlaintext, unb64url(kRfcSalt), unb64url(kRfcAsPrivate));
    // The header first, so that a failure says which half moved.
    EXPECT_EQ(b64url(body.substr(0, 86)), b64url(unb64url(kRfcBody).substr(0, 86)));
    EXPECT_EQ(b64url(body), kRfcBody);
    // The test's own browser reads the RFC's body with the RFC's UA key:
    // the decryption the round trips rely on is right too.
    const Owned<EVP_PKEY> ua = key_from(unb64url(kRfcUaPublic), unb64url(kRfcUaPrivate));
    EXPECT_EQ(decrypt(unb64url(kRfcBody), ua.get(), unb64url(kRfcAuth)), kRfcPlaintext);
    EXPECT_EQ(b64url(body.substr(21, 65)), kRfcAsPublic);
}

TEST(WebPushEncrypt, RoundTripsToABrowserWithFreshSaltAndKeyEachTime) {
    const Browser browser;
    const Subscription s = browser.subscription("https://push.example.net/x");
    for (const std::size_t size : {0, 1, 100, 3000, 3993}) {
        std::string plain(size, '\0');
        RAND_bytes(reinterpret_cast<unsigned char*>(plain.data()), static_cast<int>(size));
        const std::string body = encrypt(s, plain);
        ASSERT_EQ(body.size(), 86 + size + 1 + 16) << size;
        EXPECT_EQ(body.substr(16, 5), std::string("\0\0\x10\0\x41", 5)) << "rs 4096, idlen 65";
        EXPECT_EQ(decrypt(body, browser.key.get(), browser.auth), plain) << size;
    }
    const std::string a = encrypt(s, "same"), b = encrypt(s, "same");
    EXPECT_NE(a.substr(0, 16), b.substr(0, 16)) << "a fresh salt";
    EXPECT_NE(a.substr(21, 65), b.substr(21, 65)) << "a fresh ephemeral key";
    const Browser other;
    EXPECT_EQ(decrypt(a, other.key.get(), browser.auth), std::nullopt) << "only the one browser";
    EXPECT_EQ(decrypt(a, browser.key.get(), other.auth), std::nullopt) << "only with its secret";
    EXPECT_THROW(encrypt(s, std::string(3994, 'x')), std::invalid_argument) << "one record only";
}

// The message of what `f` throws as std::invalid_argument, "" otherwise.
template <class F>
std::string refusal(F f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        return e.what();
    } catch (...) {
        return "(another exception)";
    }
    return "";
}

TEST(WebPushEncrypt, RefusesMalformedSubscriptionKeys) {
    const Browser browser;
    const Subscription good = browser.subscription("https://push.example.net/x");
    const std::string point = unb64url(good.p256dh);
    std::string off_curve = point;
    off_curve[64] = static_cast<char>(off_curve[64] ^ 1);
    std::string compressed = point.substr(0, 33);
    compressed[0] = '\x02';
    const std::string hybrid = '\x06' + point.substr(1);
    const std::pair<std::string, std::string> bad_p256dh[] = {
        {"short", b64url(point.substr(0, 64))},
        {"long", b64url(point + '\0')},
        {"off the curve", b64url(off_curve)},
        {"compressed", b64url(compressed)},
        {"not uncompressed", b64url(hybrid)},
        {"not base64url", good.p256dh + "!"},
        {"standard base64", b64url(point).replace(3, 1, "+")},
        {"empty", ""},
        {"all zero", b64url(std::string(1, '\x04') + std::string(64, '\0'))}};
    for (const auto& [what, p256dh] : bad_p256dh) {
        Subscription s = good;
        s.p256dh = p256dh;
        EXPECT_NE(refusal([&] { encrypt(s, "{}"); }).find("p256dh"), std::string::npos) << what;
    }
    for (const std::size_t size : {0, 15, 17, 32}) {
        Subscription s = good;
        s.auth = b64url(std::string(size, 'a'));
        EXPECT_NE(refusal([&] { encrypt(s, "{}"); }).find("auth"), std::string::npos) << size;
    }
    EXPECT_EQ(refusal([&] { encrypt(good, "{}"); }), "") << "the good keys pass";
    EXPECT_NE(refusal([&] { encrypt(good, "x", std::string(15, 's'), std::string(32, 'k')); }), "");
    EXPECT_NE(refusal([&] { encrypt(good, "x", std::string(16, 's'), std::string(32, '\0')); }),
              "");
    EXPECT_NE(refusal([&] { encrypt(good, "x", std::string(16, 's'), std::string(32, '\xff')); }),
              "")
        << "a scalar above the group's order";
}

// ---- VAPID.

TEST(VapidKey, KeepsItsKeyThroughPemAndRefusesOtherKeys) {
    const VapidKey key = VapidKey::generate();
    const std::string pem = key.pem();
    EXPECT_EQ(pem.rfind("-----BEGIN PRIVATE KEY-----", 0), 0u) << "PKCS#8";
    const std::string point = unb64url(key.public_key_b64url());
    ASSERT_EQ(point.size(), 65u);
    EXPECT_EQ(point[0], '\x04');
    EXPECT_EQ(VapidKey::from_pem(pem).public_key_b64url(), key.public_key_b64url());
    const VapidKey copy = key;  // shares the one key
    EXPECT_EQ(copy.get(), key.get());
    EXPECT_NE(VapidKey::generate().public_key_b64url(), key.public_key_b64url());

    EXPECT_THROW(VapidKey::from_pem("not a key"), std::runtime_error);
    EXPECT_THROW(VapidKey::from_pem(pem.substr(0, pem.size() / 2)), std::runtime_error);
    const Owned<EVP_PKEY> p384(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-384"));
    const Owned<EVP_PKEY> ed(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
    for (EVP_PKEY* other : {p384.get(), ed.get()}) {
        Owned<BIO> bio(BIO_new(BIO_s_mem()));
        PEM_write_bio_PrivateKey(bio.get(), other, nullptr, nullptr, 0, nullptr, nullptr);
        char* data = nullptr;
        const long n = BIO_get_mem_data(bio.get(), &data);
        EXPECT_THROW(VapidKey::from_pem(std::string(data, static_cast<std::size_t>(n))),
                     std::runtime_error);
    }
    // An encrypted key fails at once instead of asking for a pass phrase.
    Owned<BIO> bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_PrivateKey(bio.get(), key.get(), EVP_aes_128_cbc(), nullptr, 0, nullptr,
                             const_cast<char*>("secret"));
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    EXPECT_THROW(VapidKey::from_pem(std::string(data, static_cast<std::size_t>(n))),
                 std::runtime_error);
}

// The token's parts, checked the way a push service checks them: the
// signature under k=, then the claims. Returns the claims.
json verified_claims(const std::string& authorization, const std::string& expected_k) {
    EXPECT_EQ(authorization.rfind("vapid t=", 0), 0u);
    const auto comma = authorization.find(", k=");
    EXPECT_NE(comma, std::string::npos);
    EXPECT_EQ(authorization.substr(comma + 4), expected_k);
    const std::string token = authorization.substr(8, comma - 8);
    const auto dot1 = token.find('.'), dot2 = token.rfind('.');
    EXPECT_EQ(json::parse(unb64url(token.substr(0, dot1))),
              json::parse(R"({"typ":"JWT","alg":"ES256"})"));
    const std::string signature = unb64url(token.substr(dot2 + 1));
    EXPECT_EQ(signature.size(), 64u) << "raw r||s, not DER";
    ECDSA_SIG* sig = ECDSA_SIG_new();
    ECDSA_SIG_set0(
        sig, BN_bin2bn(reinterpret_cast<const unsigned char*>(signature.data()), 32, nullptr),
        BN_bin2bn(reinterpret_cast<const unsigned char*>(signature.data()) + 32, 32, nullptr));
    unsigned char* der = nullptr;
    const int der_size = i2d_ECDSA_SIG(sig, &der);
    ECDSA_SIG_free(sig);
    const Owned<EVP_PKEY> key = key_from(unb64url(expected_k));
    Owned<EVP_MD_CTX> ctx(EVP_MD_CTX_new());
    EVP_DigestVerifyInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get());
    const std::string input = token.substr(0, dot2);
    EXPECT_EQ(EVP_DigestVerify(ctx.get(), der, static_cast<std::size_t>(der_size),
                               reinterpret_cast<const unsigned char*>(input.data()), input.size()),
              1)
        << "the signature verifies under k=";
    OPENSSL_free(der);
    return json::parse(unb64url(token.substr(dot1 + 1, dot2 - dot1 - 1)));
}

TEST(Vapid, SignsATokenForTheEndpointsOriginValidTwelveHours) {
    const VapidKey key = VapidKey::generate();
    const std::int64_t now = 1'700'000'000;
    const std::pair<std::string, std::string> cases[] = {
        {"https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b", "https://fcm.googleapis.com"},
        {"https://Updates.Push.Services.Mozilla.com:443/wpush/v2/gAAA?x=1#f",
         "https://updates.push.services.mozilla.com"},
        {"https://web.push.apple.com:8443/QGxd", "https://web.push.apple.com:8443"},
        {"https://[2001:db8::1]:444/p", "https://[2001:db8::1]:444"},
        {"http://127.0.0.1:8080/push", "http://127.0.0.1:8080"}};
    for (const auto& [endpoint, audience] : cases) {
        const std::string header =
            vapid_authorization(key, endpoint, now, "mailto:ops@asterism.example");
        const json claims = verified_claims(header, key.public_key_b64url());
        EXPECT_EQ(claims["aud"], audience) << endpoint;
        EXPECT_EQ(claims["exp"], now + 12 * 3600);
        EXPECT_EQ(claims["sub"], "mailto:ops@asterism.example");
    }
    EXPECT_EQ(verified_claims(vapid_authorization(key, "https://h/x", now, "https://a.example/"),
                              key.public_key_b64url())["sub"],
              "https://a.example/");
    EXPECT_NE(refusal([&] { vapid_authorization(key, "ftp://h/x", now, "mailto:a@b"); }), "");
    EXPECT_NE(refusal([&] { vapid_authorization(key, "https://h/x", now, "ops@b.example"); }), "")
        << "the subject is a mailto: or https: URL";
    EXPECT_NE(refusal([&] { vapid_authorization(key, "https://h/x", now, "mailto:a\"b\n"); }), "");
}

// ---- URLs and addresses.

TEST(PushUrl, TakesAnEndpointApart) {
    std::string why;
    auto u = parse_push_url("https://fcm.googleapis.com/fcm/send/abc?q=1#frag", why);
    ASSERT_TRUE(u) << why;
    EXPECT_TRUE(u->https);
    EXPECT_EQ(u->host, "fcm.googleapis.com");
    EXPECT_EQ(u->port, 443);
    EXPECT_EQ(u->target, "/fcm/send/abc?q=1");
    u = parse_push_url("HTTP://[::1]:8080?x", why);
    ASSERT_TRUE(u) << why;
    EXPECT_FALSE(u->https);
    EXPECT_EQ(u->host, "::1");
    EXPECT_EQ(u->port, 8080);
    EXPECT_EQ(u->target, "/?x");
    EXPECT_EQ(host_header(*u), "[::1]:8080");
    u = parse_push_url("https://push.example", why);
    ASSERT_TRUE(u) << why;
    EXPECT_EQ(u->target, "/");
    EXPECT_EQ(origin(*u), "https://push.example");
}

const char* const kBadUrls[] = {"",
                                "push.example/x",
                                "//push.example/x",
                                "ftp://push.example/x",
                                "file:///etc/passwd",
                                "https://",
                                "https:///x",
                                "https://user:pw@push.example/x",
                                "https://push.example@10.0.0.1/",
                                "https://[::1/x",
                                "https://[::1]x/",
                                "https://[::g]/",
                                "https://[fe80::1%25eth0]/",
                                "https://push.example:/x",
                                "https://push.example:0/",
                                "https://push.example:65536/",
                                "https://push.example:44a/",
                                "https://push.example:-1/",
                                "https://push..example/",
                                "https://.push.example/",
                                "https://push.example./",
                                "https://push example/",
                                "https://push.example/a b",
                                "https://push.example/\r\nX: y",
                                "https://pu%73h.example/",
                                "https://push.example\t/",
                                "https://p\xc3\xbcsh.example/"};

TEST(PushUrl, RefusesMalformedUrlsWithAReason) {
    for (const char* url : kBadUrls) {
        std::string why;
        EXPECT_FALSE(parse_push_url(url, why)) << url;
        EXPECT_FALSE(why.empty()) << url;
        EXPECT_EQ(why.find('\n'), std::string::npos) << url;
    }
    std::string why;
    EXPECT_FALSE(parse_push_url("https://push.example/" + std::string(5000, 'a'), why));
}

bool address_is(const char* text, bool (*rule)(const sockaddr*)) {
    sockaddr_storage s{};
    if (inet_pton(AF_INET, text, &reinterpret_cast<sockaddr_in*>(&s)->sin_addr) == 1) {
        s.ss_family = AF_INET;
    } else {
        EXPECT_EQ(inet_pton(AF_INET6, text, &reinterpret_cast<sockaddr_in6*>(&s)->sin6_addr), 1);
        s.ss_family = AF_INET6;
    }
    return rule(reinterpret_cast<const sockaddr*>(&s));
}

TEST(PushUrl, AllowsOnlyPublicAddressesForHttps) {
    for (const char* a : {"8.8.8.8", "142.250.74.10", "172.32.0.1", "172.15.255.255", "100.128.0.1",
                          "2001:4860:4860::8888", "2a00:1450::1", "::ffff:8.8.8.8"})
        EXPECT_TRUE(address_is(a, is_public)) << a;
    for (const char* a : {"127.0.0.1",
                          "127.1.2.3",
                          "10.0.0.1",
                          "10.255.255.255",
                          "172.16.0.1",
                          "172.31.255.255",
                          "192.168.1.1",
                          "169.254.169.254",
                          "0.0.0.0",
                          "0.1.2.3",
                          "100.64.0.1",
                          "192.0.0.1",
                          "198.18.0.1",
                          "224.0.0.1",
                          "239.1.1.1",
                          "255.255.255.255",
                          "240.0.0.1",
                          "::",
                          "::1",
                          "::ffff:127.0.0.1",
                          "::ffff:10.0.0.1",
                          "::ffff:169.254.169.254",
                          "::10.0.0.1",
                          "64:ff9b::a00:1",
                          "fc00::1",
                          "fd12:3456::1",
                          "fe80::1",
                          "febf::1",
                          "fec0::1",
                          "ff02::1"})
        EXPECT_FALSE(address_is(a, is_public)) << a;
    for (const char* a : {"127.0.0.1", "127.255.0.1", "::1", "::ffff:127.0.0.1"})
        EXPECT_TRUE(address_is(a, is_loopback)) << a;
    for (const char* a : {"10.0.0.1", "8.8.8.8", "::", "fe80::1", "::ffff:10.0.0.1"})
        EXPECT_FALSE(address_is(a, is_loopback)) << a;
}

// ---- The client, against servers on the loopback interface.

// A listening socket on 127.0.0.1 that accepts only when told to, so a test
// can see whether the client connected at all.
class Listener {
  public:
    Listener() {
        fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof a;
        EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&a), size), 0);
        EXPECT_EQ(listen(fd_, 16), 0);
        getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &size);
        port_ = ntohs(a.sin_port);
    }
    ~Listener() { close(fd_); }
    int port() const { return port_; }
    std::string url(const std::string& scheme, const std::string& path = "/push") const {
        return scheme + "://127.0.0.1:" + std::to_string(port_) + path;
    }
    bool connected(int wait_ms = 0) const {
        pollfd p{fd_, POLLIN, 0};
        return poll(&p, 1, wait_ms) == 1;
    }
    // The next connection, with reads bounded; -1 if none came in time.
    int accept_one(int wait_ms = 5000) const {
        if (!connected(wait_ms)) return -1;
        const int c = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        timeval tv{5, 0};
        setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        return c;
    }

  private:
    int fd_ = -1;
    int port_ = 0;
};

// One connection answered with `reply` after the whole request (head and
// Content-Length body) has arrived; the request is kept.
class CannedServer {
  public:
    explicit CannedServer(std::string reply)
        : thread_([this, r = std::move(reply)] { serve(r); }) {}
    ~CannedServer() { thread_.join(); }
    std::string url(const std::string& path = "/push") const { return listener_.url("http", path); }
    std::string request() {
        thread_.join();
        thread_ = std::thread([] {});
        return request_;
    }

  private:
    void serve(const std::string& reply) {
        const int c = listener_.accept_one();
        if (c < 0) return;
        char buffer[4096];
        for (;;) {
            const auto head = request_.find("\r\n\r\n");
            const auto length = request_.find("Content-Length: ");
            if (head != std::string::npos &&
                request_.size() >= head + 4 +
                                       (length == std::string::npos
                                            ? 0
                                            : std::stoul(request_.substr(length + 16))))
                break;
            const ssize_t n = recv(c, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            request_.append(buffer, static_cast<std::size_t>(n));
        }
        send(c, reply.data(), reply.size(), MSG_NOSIGNAL);
        close(c);
    }
    Listener listener_;
    std::string request_;
    std::thread thread_;
};

PostOptions loopback(int timeout_ms = 5000) {
    PostOptions o;
    o.allow_http_loopback = true;
    o.timeout_ms = timeout_ms;
    return o;
}

TEST(PushClient, RefusesWithoutConnectingWhatABrowserMustNotReach) {
    const Listener l;
    const PostOptions strict;  // as the server runs
    const std::string refused[] = {l.url("http"), l.url("https"),
                                   "https://localhost:" + std::to_string(l.port()) + "/",
                                   "https://[::1]:" + std::to_string(l.port()) + "/",
                                   "https://[::ffff:127.0.0.1]:" + std::to_string(l.port()) + "/"};
    for (const std::string& url : refused) {
        const PushResult r = post(url, {}, "x", strict);
        EXPECT_EQ(r.status, 0) << url;
        EXPECT_FALSE(r.error.empty()) << url;
        EXPECT_FALSE(l.connected()) << url << " was connected to";
    }
    // Private and reserved addresses are refused before any packet is sent
    // (an attempt would take the whole timeout on this machine).
    for (const char* url : {"https://10.0.0.1/", "https://192.168.0.1/", "https://169.254.169.254/",
                            "https://[fd00::1]/", "https://0.0.0.0/"}) {
        const auto start = Clock::now();
        const PushResult r = post(url, {}, "x", strict);
        EXPECT_NE(r.error.find("private"), std::string::npos) << url << ": " << r.error;
        EXPECT_LT(Clock::now() - start, milliseconds(500)) << url;
    }
    // With the test switch, http:// still reaches only the loopback interface.
    EXPECT_NE(post("http://10.0.0.1/", {}, "x", loopback()).error.find("loopback"),
              std::string::npos);
    for (const char* url : kBadUrls) EXPECT_EQ(post(url, {}, "x", loopback()).status, 0) << url;
    EXPECT_FALSE(l.connected());
}

TEST(PushClient, RefusesHeadersThatWouldSplitTheRequest) {
    const Listener l;
    for (const auto& header : {std::pair<std::string, std::string>{"X", "a\r\nInjected: 1"},
                               {"X: y", "z"},
                               {"", "z"},
                               {"X", std::string("a\0b", 3)}})
        EXPECT_EQ(post(l.url("http"), {header}, "x", loopback()).status, 0) << header.first;
    EXPECT_FALSE(l.connected());
}

TEST(PushClient, GivesUpWhenTheServiceIsSilent) {
    const Listener l;  // connections complete in the kernel; nothing answers
    const auto start = Clock::now();
    const PushResult r = post(l.url("http"), {}, "x", loopback(300));
    const auto took = Clock::now() - start;
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.error.find("in time"), std::string::npos) << r.error;
    EXPECT_GE(took, milliseconds(290));
    EXPECT_LT(took, milliseconds(2000));
}

TEST(PushClient, ReadsOnlyTheStatusOfTheAnswer) {
    CannedServer created("HTTP/1.1 201 Created\r\nLocation: /m/1\r\n\r\n");
    EXPECT_EQ(post(created.url(), {}, "x", loopback()).status, 201);
    // A head longer than max_response is cut off, its status still read.
    std::string long_head = "HTTP/1.0 410 Gone\r\n";
    for (int i = 0; i < 2000; ++i) long_head += "X-Padding: " + std::string(40, 'p') + "\r\n";
    CannedServer gone(long_head + "\r\n");
    PostOptions small = loopback();
    small.max_response = 1024;
    EXPECT_EQ(post(gone.url(), {}, "x", small).status, 410);
    for (const char* reply :
         {"hello\r\n\r\n", "", "HTTP/1.1 2x1 Created\r\n\r\n", "HTTP/1.1 201"}) {
        CannedServer odd(reply);
        const PushResult r = post(odd.url(), {}, "x", loopback());
        EXPECT_EQ(r.status, 0) << reply;
        EXPECT_NE(r.error.find("HTTP"), std::string::npos) << reply << ": " << r.error;
    }
}

// A self-signed certificate for 127.0.0.1: the name matches, the trust
// does not, so the client must refuse it.
struct SelfSigned {
    Owned<EVP_PKEY> key{EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")};
    X509* cert = X509_new();
    SelfSigned() {
        ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
        X509_gmtime_adj(X509_getm_notBefore(cert), 0);
        X509_gmtime_adj(X509_getm_notAfter(cert), 3600);
        X509_set_pubkey(cert, key.get());
        X509_NAME* name = X509_get_subject_name(cert);
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                   reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
        X509_set_issuer_name(cert, name);
        X509V3_CTX ctx;
        X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
        X509_EXTENSION* san =
            X509V3_EXT_conf_nid(nullptr, &ctx, NID_subject_alt_name, "IP:127.0.0.1");
        X509_add_ext(cert, san, -1);
        X509_EXTENSION_free(san);
        X509_sign(cert, key.get(), EVP_sha256());
    }
    ~SelfSigned() { X509_free(cert); }
};

TEST(PushClient, VerifiesTheServicesCertificate) {
    const SelfSigned self;
    const Listener l;
    std::thread server([&] {
        Owned<SSL_CTX> ctx(SSL_CTX_new(TLS_server_method()));
        SSL_CTX_use_certificate(ctx.get(), self.cert);
        SSL_CTX_use_PrivateKey(ctx.get(), self.key.get());
        const int c = l.accept_one();
        if (c < 0) return;
        Owned<SSL> tls(SSL_new(ctx.get()));
        SSL_set_fd(tls.get(), c);
        SSL_accept(tls.get());  // fails when the client gives up
        close(c);
    });
    const PushResult r = post(l.url("https"), {}, "x", loopback());
    server.join();
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.error.find("certificate does not verify"), std::string::npos) << r.error;
}

TEST(PushSend, PostsTheEncryptedMessageWithTheHeadersPushServicesWant) {
    const Browser browser;
    const VapidKey key = VapidKey::generate();
    CannedServer service("HTTP/1.1 201 Created\r\n\r\n");
    const Subscription s = browser.subscription(service.url("/wpush/v2/abc"));
    const std::string payload = R"({"kind":"turn","game":"g1"})";
    const PushResult r =
        send(s, payload, key, "mailto:ops@asterism.example", 1'700'000'000, loopback());
    EXPECT_EQ(r.status, 201) << r.error;
    const std::string request = service.request();
    const std::string head = request.substr(0, request.find("\r\n\r\n") + 4);
    const std::string body = request.substr(head.size());
    EXPECT_EQ(head.rfind("POST /wpush/v2/abc HTTP/1.1\r\n", 0), 0u) << head;
    for (const std::string& line : std::vector<std::string>{
             "TTL: 86400", "Content-Encoding: aes128gcm", "Content-Type: application/octet-stream",
             "Urgency: normal", "Connection: close",
             "Authorization: vapid t=", "Content-Length: " + std::to_string(body.size())})
        EXPECT_NE(head.find("\r\n" + line), std::string::npos) << line;
    EXPECT_EQ(decrypt(body, browser.key.get(), browser.auth), payload);

    const PushResult big = send(s, std::string(kMaxPayload + 1, 'x'), key, "mailto:a@b.example",
                                1'700'000'000, loopback());
    EXPECT_EQ(big.status, 0);
    EXPECT_NE(big.error.find("3000"), std::string::npos) << big.error;
    Subscription broken = s;
    broken.auth = "AAAA";
    EXPECT_NE(send(broken, "{}", key, "mailto:a@b.example", 0, loopback()).error.find("auth"),
              std::string::npos);
}

TEST(Notifier, BoundsItsQueueAndStopsWithinTheTimeout) {
    const Listener silent;
    std::atomic<int> gone{0};
    const Browser browser;
    const Subscription s = browser.subscription(silent.url("http"));
    auto notifier = std::make_unique<Notifier>(
        VapidKey::generate(), "mailto:a@b.example", [&](const std::string&) { ++gone; },
        loopback(1500), 2, 1);  // one worker: one message in flight, two queued
    ASSERT_TRUE(notifier->enqueue(s, "{}"));
    ASSERT_TRUE(silent.connected(5000)) << "the worker is sending the first message";
    EXPECT_TRUE(notifier->enqueue(s, "{}"));
    EXPECT_TRUE(notifier->enqueue(s, "{}"));
    EXPECT_FALSE(notifier->enqueue(s, "{}")) << "the queue holds two";
    EXPECT_EQ(notifier->dropped(), 1u);
    const auto start = Clock::now();
    notifier.reset();
    EXPECT_LT(Clock::now() - start, milliseconds(3000));
    EXPECT_EQ(gone, 0) << "a timeout is not a gone subscription";
}

// Issue 41: five subscriptions at a push service that never answers held
// a victim's notification back past 100 s behind one sender thread.
TEST(Notifier, AServiceThatNeverAnswersDoesNotHoldUpAnothersMessages) {
    auto tarpit = std::make_unique<Listener>();  // accepts in the kernel, never answers
    CannedServer fast("HTTP/1.1 201 Created\r\n\r\n");
    const Browser browser;
    // Longer than the test: no tarpit request ends before the tarpit closes.
    Notifier notifier(VapidKey::generate(), "mailto:a@b.example", {}, loopback(30000), 100);
    for (int k = 0; k < 6; ++k)
        ASSERT_TRUE(notifier.enqueue(browser.subscription(tarpit->url("http")), "{}"));
    ASSERT_TRUE(notifier.enqueue(browser.subscription(fast.url()), "{}"));
    fast.request();  // the fast service has answered (or given up after 5 s)
    for (int k = 0; k < 1000 && notifier.sent() == 0; ++k)
        std::this_thread::sleep_for(milliseconds(10));
    EXPECT_EQ(notifier.sent(), 1u) << notifier.last_error();
    EXPECT_EQ(notifier.failed(), 0u) << "a tarpit request ended first: " << notifier.last_error();
    tarpit.reset();  // its connections are reset: the workers come free
}

TEST(PushClient, RefusesTheHostsOwnAddressesInEveryForm) {
    // Every address of this host's interfaces that a public endpoint could
    // have (loopback, private and link-local ones are refused already).
    std::vector<std::string> own;
    ifaddrs* list = nullptr;
    ASSERT_EQ(getifaddrs(&list), 0);
    for (const ifaddrs* i = list; i; i = i->ifa_next)
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET && is_public(i->ifa_addr))
            own.push_back(inet_ntoa(reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr));
    freeifaddrs(list);
    if (own.empty()) GTEST_SKIP() << "this host has no public IPv4 address to try";
    PostOptions strict;
    strict.timeout_ms = 2000;
    for (const std::string& a : own) {
        in_addr v4{};
        ASSERT_EQ(inet_pton(AF_INET, a.c_str(), &v4), 1);
        const std::uint32_t n = ntohl(v4.s_addr);
        char mapped[64];
        std::snprintf(mapped, sizeof mapped, "[::ffff:%x:%x]", n >> 16, n & 0xFFFF);
        for (const std::string& host :
             {a, std::string(mapped), "[::ffff:" + a + "]", std::to_string(n)}) {
            const PushResult r = post("https://" + host + ":9/push", {}, "x", strict);
            EXPECT_EQ(r.status, 0) << host;
            EXPECT_NE(r.error.find("this host's own"), std::string::npos)
                << host << ": " << r.error;
        }
    }
    // A public address of another host is not refused for being one's own.
    sockaddr_in other{};
    other.sin_family = AF_INET;
    inet_pton(AF_INET, "8.8.8.8", &other.sin_addr);
    EXPECT_FALSE(is_own_address(reinterpret_cast<const sockaddr*>(&other)));
}

// ---- End to end: tests/process/push_endpoint.py, an independent push
// service (Python's `cryptography`), started as a child process.

class PythonPushService {
  public:
    PythonPushService() {
        const char* python = std::getenv("ASTERISM_PYTHON3");
        const std::string program = python ? python : "python3";
        int in[2], out[2];
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        const char* argv[] = {program.c_str(), ASTERISM_PUSH_ENDPOINT, "--lifetime", "60", nullptr};
        if (posix_spawnp(&pid_, program.c_str(), &actions, nullptr, const_cast<char**>(argv),
                         environ) != 0)
            pid_ = -1;
        posix_spawn_file_actions_destroy(&actions);
        close(in[0]);
        close(out[1]);
        to_child_ = in[1];
        from_child_ = out[0];
        if (const auto first = next_line(milliseconds(15000))) hello_ = json::parse(*first);
    }
    ~PythonPushService() {
        close(to_child_);  // it stops when its standard input closes
        for (int i = 0; i < 50 && pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0; ++i)
            std::this_thread::sleep_for(milliseconds(100));
        if (pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        close(from_child_);
    }
    // The subscriptions it made, or null if it did not start.
    const json& hello() const { return hello_; }
    // Whether it exited 77: Python's `cryptography` is missing.
    bool unavailable() {
        if (!hello_.is_null() || pid_ <= 0) return false;
        for (int i = 0; i < 50; ++i) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                return WIFEXITED(status) && WEXITSTATUS(status) == 77;
            }
            std::this_thread::sleep_for(milliseconds(100));
        }
        return false;
    }
    std::optional<std::string> next_line(milliseconds wait) {
        const auto deadline = Clock::now() + wait;
        for (;;) {
            const auto eol = buffer_.find('\n');
            if (eol != std::string::npos) {
                std::string line = buffer_.substr(0, eol);
                buffer_.erase(0, eol + 1);
                return line;
            }
            const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
            pollfd p{from_child_, POLLIN, 0};
            if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) != 1) return {};
            char chunk[4096];
            const ssize_t n = read(from_child_, chunk, sizeof chunk);
            if (n <= 0) return {};
            buffer_.append(chunk, static_cast<std::size_t>(n));
        }
    }
    json next_record() {
        const auto line = next_line(milliseconds(10000));
        return line ? json::parse(*line) : json();
    }

  private:
    pid_t pid_ = -1;
    int to_child_ = -1, from_child_ = -1;
    std::string buffer_;
    json hello_;
};

Subscription from_json(const json& j) {
    return {j["endpoint"], j["keys"]["p256dh"], j["keys"]["auth"]};
}

std::int64_t now_s() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

TEST(WebPushEndToEnd, AnIndependentPushServiceVerifiesAndDecrypts) {
    PythonPushService service;
    if (service.unavailable()) GTEST_SKIP() << "python3 has no `cryptography` module";
    ASSERT_FALSE(service.hello().is_null()) << "tests/process/push_endpoint.py did not start";
    const VapidKey key = VapidKey::generate();
    const Subscription live = from_json(service.hello()["subscription"]);
    const std::string payload = R"({"kind":"turn","game":"g7","text":"your turn \u2014 Shatra"})";
    const PushResult r =
        send(live, payload, key, "mailto:ops@asterism.example", now_s(), loopback());
    EXPECT_EQ(r.status, 201) << r.error;
    const json record = service.next_record();
    ASSERT_TRUE(record.is_object() && record.contains("message")) << record.dump();
    EXPECT_EQ(record["plaintext"], payload);
    EXPECT_EQ(record["message"]["game"], "g7");
    EXPECT_EQ(record["ttl"], "86400");
    EXPECT_EQ(record["urgency"], "normal");
    // A token that expired is refused by the service: its checks are real.
    EXPECT_EQ(send(live, "{}", key, "mailto:ops@asterism.example", now_s() - 13 * 3600, loopback())
                  .status,
              400);
    const json refused = service.next_record();
    ASSERT_TRUE(refused.is_object() && refused.contains("error")) << refused.dump();
    EXPECT_NE(refused["error"].get<std::string>().find("exp"), std::string::npos) << refused;
}

TEST(WebPushEndToEnd, AGoneSubscriptionReachesOnGone) {
    PythonPushService service;
    if (service.unavailable()) GTEST_SKIP() << "python3 has no `cryptography` module";
    ASSERT_FALSE(service.hello().is_null()) << "tests/process/push_endpoint.py did not start";
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::string> gone;
    Notifier notifier(
        VapidKey::generate(), "https://asterism.example/",
        [&](const std::string& endpoint) {
            const std::lock_guard lock(mutex);
            gone.push_back(endpoint);
            changed.notify_all();
        },
        loopback());
    const Subscription live = from_json(service.hello()["subscription"]);
    const Subscription dropped = from_json(service.hello()["gone"]);
    ASSERT_TRUE(notifier.enqueue(live, R"({"kind":"challenge"})"));
    ASSERT_TRUE(notifier.enqueue(dropped, R"({"kind":"game-over"})"));
    {
        std::unique_lock lock(mutex);
        ASSERT_TRUE(
            changed.wait_for(lock, std::chrono::seconds(15), [&] { return !gone.empty(); }));
    }
    EXPECT_EQ(gone, std::vector<std::string>{dropped.endpoint});
    // The two are sent at once by two workers: the live one may end last.
    for (int k = 0; k < 1500 && notifier.sent() + notifier.failed() < 2; ++k)
        std::this_thread::sleep_for(milliseconds(10));
    EXPECT_EQ(notifier.sent(), 1u);
    EXPECT_EQ(notifier.failed(), 1u);
    EXPECT_EQ(notifier.dropped(), 0u);
    EXPECT_EQ(notifier.last_error(), "the push service answered 410");
    // Every message reached the service and decrypted there, the gone one
    // before its 410, in either order.
    std::set<std::string> kinds;
    for (int k = 0; k < 2; ++k) {
        const json record = service.next_record();
        ASSERT_TRUE(record.is_object() && record.contains("message")) << record.dump();
        kinds.insert(record["message"]["kind"].get<std::string>());
    }
    EXPECT_EQ(kinds, (std::set<std::string>{"challenge", "game-over"}));
}

}  // namespace
}  // namespace asterism::server::notify
