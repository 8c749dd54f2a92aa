// Web Push (RFC 8030): tells a signed-in player whose page is closed that
// something happened ("your turn", "challenge received", "game over").
//
// The browser's PushSubscription gives an endpoint URL at its push service
// and two keys; a message is encrypted to those keys (RFC 8291, the
// "aes128gcm" content coding of RFC 8188), signed for by the site's VAPID
// key (RFC 8292) and POSTed to the endpoint. The push service can read
// neither the message nor anything but its size.
//
// Left out on purpose: several records per message (a message here is a
// few hundred bytes of JSON, and the RFC caps a push message at one 4096
// byte record), the older "aesgcm" coding (pre-2018 browsers), topics, and
// HTTP/2: one HTTP/1.1 request per message, closed after the answer's
// head, is the simplest exchange to bound in time and memory.
//
// This module knows no routes and no storage: the server keeps the VAPID
// key and the subscriptions, decides when to send, and forgets a
// subscription when the Notifier reports it gone.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <openssl/types.h>

namespace asterism::server::notify {

// The site's VAPID key: ECDSA on P-256. Copies share one libcrypto key
// (reference counted); it is only read after it is made, so threads may
// sign with copies of it at once.
class VapidKey {
  public:
    static VapidKey generate();
    // A P-256 private key in PEM (PKCS#8 or SEC 1, not encrypted). Throws
    // std::runtime_error with one line saying what was wrong.
    static VapidKey from_pem(const std::string& pem);

    VapidKey(const VapidKey& other);
    VapidKey& operator=(const VapidKey& other);
    VapidKey(VapidKey&&) noexcept = default;
    VapidKey& operator=(VapidKey&&) noexcept = default;
    ~VapidKey();

    // The private key as PKCS#8 PEM, for a file of mode 0600.
    std::string pem() const;
    // The uncompressed public point (65 bytes) in base64url without padding:
    // the page's applicationServerKey.
    std::string public_key_b64url() const;
    EVP_PKEY* get() const { return key_.get(); }

  private:
    struct Free {
        void operator()(EVP_PKEY* k) const;
    };
    explicit VapidKey(EVP_PKEY* key) : key_(key) {}
    std::unique_ptr<EVP_PKEY, Free> key_;
};

// What PushSubscription.toJSON() gives: the endpoint and, base64url, the
// browser's P-256 public key (65 bytes) and its auth secret (16 bytes).
struct Subscription {
    std::string endpoint, p256dh, auth;
};

// The largest message send() takes. One aes128gcm record holds 4096 bytes
// less the header, the padding delimiter and the tag; some push services
// take less than that, so the cap leaves a margin.
inline constexpr std::size_t kMaxPayload = 3000;

// `plaintext` encrypted to the subscription's keys (RFC 8291) as one
// aes128gcm record with a fresh salt and a fresh ephemeral key. Throws
// std::invalid_argument when a key is malformed (wrong length, not
// base64url, not a point of P-256) or the plaintext does not fit a record.
std::string encrypt(const Subscription& s, std::string_view plaintext);
// The same with the salt (16 bytes) and the ephemeral private key (the
// 32-byte scalar) given, so a test can reproduce RFC 8291's example.
std::string encrypt(const Subscription& s, std::string_view plaintext, std::string_view salt,
                    std::string_view ephemeral_private);

// The Authorization header's value for a request to `endpoint` (RFC 8292):
// "vapid t=<JWT>, k=<public key>", the JWT valid for 12 hours from `now_s`
// (seconds since the epoch) for the endpoint's origin. `subject` is how the
// push service reaches the site's operator: "mailto:..." or "https://...".
// Throws std::invalid_argument for a bad endpoint or subject.
std::string vapid_authorization(const VapidKey& k, const std::string& endpoint, std::int64_t now_s,
                                const std::string& subject);

// Short, so that a slow push service holds a sender for seconds at most.
struct PostOptions {
    int timeout_ms = 5000;          // for the whole request: resolving, connecting, TLS, the answer
    int connect_timeout_ms = 3000;  // of that, for resolving and connecting
    // For tests only: plain http:// to 127.0.0.1 or ::1, and https:// to any
    // address (loopback and private ones included).
    bool allow_http_loopback = false;
    std::size_t max_response = 16384;  // bytes of status line and headers read
};

// status is the HTTP status (0 when there was none); error says in one line
// why there was no status (or why the request was refused).
struct PushResult {
    int status = 0;
    std::string error;
};

// POSTs `body` to `url` with `headers` (Host, Connection: close and
// Content-Length are added) and returns the status of the answer, reading
// only its head. https:// is verified against the system's trust store; the
// URL comes from a browser, so an address of this host or its private
// networks, or any address of this host's own interfaces (in any form:
// IPv4-mapped, an integer), is refused unless o.allow_http_loopback is set.
// Never throws for
// a bad URL or a network failure: that is an error result.
PushResult post(const std::string& url,
                const std::vector<std::pair<std::string, std::string>>& headers,
                std::string_view body, const PostOptions& o);

// Encrypts `payload` (at most kMaxPayload bytes) to `s` and posts it to its
// endpoint, kept for a day by the push service. 201 means accepted; 404
// and 410 mean the subscription is gone. Errors are results, not throws.
PushResult send(const Subscription& s, std::string_view payload, const VapidKey& k,
                const std::string& subject, std::int64_t now_s, const PostOptions& o);

// Sends messages in the background so that a move is never held up by a
// push service: a small pool of workers and one bounded queue. A push
// service (an endpoint's origin) has at most half the workers, and an
// account one message in flight at a time, so endpoints that never answer
// hold only part of the pool, for the timeout at most, and everyone else's
// messages go past them.
class Notifier {
  public:
    // Called on the worker thread with the endpoint of a subscription the
    // push service no longer knows (404 or 410): the server forgets it.
    using Gone = std::function<void(const std::string& endpoint)>;

    Notifier(VapidKey key, std::string subject, Gone on_gone, PostOptions post = {},
             std::size_t capacity = 1000, std::size_t workers = kWorkers);
    static constexpr std::size_t kWorkers = 4;
    // Stops the workers once the sends in flight end (within
    // post.timeout_ms); jobs still queued are dropped and counted.
    ~Notifier();
    Notifier(const Notifier&) = delete;
    Notifier& operator=(const Notifier&) = delete;

    // Queues a message; false (and counted as dropped) when the queue is full.
    // Messages are taken in order (several at once, so they may arrive out
    // of order), each sent once: a push service that fails
    // is not retried, since a late "your turn" is worth less than the queue.
    // `sender` names the account the message is for: one at a time each.
    bool enqueue(Subscription s, std::string payload, std::string sender = {});

    std::uint64_t sent() const { return sent_; }
    std::uint64_t failed() const { return failed_; }
    std::uint64_t dropped() const { return dropped_; }
    // Why the last failed message failed, in one line (for the log).
    std::string last_error() const;

  private:
    struct Job {
        Subscription subscription;
        std::string payload;
        std::string origin, sender;  // one message in flight for each
    };
    // The first queued job whose origin and sender have nothing in flight
    // (the caller holds the mutex), or the queue's end.
    std::deque<Job>::iterator next_job();
    void run();
    void deliver(const Job& job);

    const VapidKey key_;
    const std::string subject_;
    const Gone on_gone_;
    const PostOptions post_;
    const std::size_t capacity_;
    const std::size_t workers_;
    std::atomic<std::uint64_t> sent_{0}, failed_{0}, dropped_{0};
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    bool stopping_ = false;
    std::string last_error_;
    std::map<std::string, int> in_flight_;  // by origin and sender ("o " / "s " prefixed)
    std::vector<std::thread> threads_;      // last: they start once everything above exists
};

}  // namespace asterism::server::notify
