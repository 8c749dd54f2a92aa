// Passkeys (Web Authentication, W3C Level 2): the server's side of the two
// ceremonies, as pure functions of what the browser sent and what the server
// expects. Registration reads the attestation object (CBOR, Debian's
// libcbor) for the new credential's public key; sign-in checks an assertion's
// signature with libcrypto. Keys: ES256 (ECDSA P-256 with SHA-256, COSE -7)
// and EdDSA (Ed25519, COSE -8). Attestation is not asked for ("none"): a
// statement an authenticator sends anyway is not checked, since the site
// trusts no maker's list; the key is bound to the account by the ceremony.
#pragma once

#include "server/base64url.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/errors.h"

namespace asterism::server::accounts {

// Why a ceremony's data was refused: the English line, and the reason
// ({"code", "params"}, a "pk.*" row of kReasonRows) a client translates.
class WebAuthnError : public std::runtime_error {
  public:
    WebAuthnError(ReasonCode code, const nlohmann::json& params)
        : std::runtime_error(error_line(code.entry(), params)),
          reason(server_reason(code, params)) {}
    nlohmann::json reason;
};

inline constexpr int kES256 = -7;
inline constexpr int kEdDSA = -8;

// Base64url without padding (RFC 4648, section 5), as WebAuthn's JSON uses.
// Throws WebAuthnError for anything but base64url (padding is tolerated).
std::string from_base64url(std::string_view text, std::size_t max_bytes);

// What a ceremony must match: its type ("webauthn.create" or
// "webauthn.get"), the challenge the server issued (base64url), the relying
// party's id (the site's host name) and the origins a page of the site has.
struct Expected {
    std::string type;
    std::string challenge;
    std::string rp_id;
    std::string origin;  // exactly, e.g. "https://play.example.org" or "http://localhost:8080"
};

struct NewCredential {
    std::string id;          // the credential id, base64url
    std::string public_key;  // SubjectPublicKeyInfo, DER
    int alg = 0;             // kES256 or kEdDSA
    std::uint32_t sign_count = 0;
};

// Checks a registration (clientDataJSON and attestationObject, base64url)
// and returns the credential it makes. Throws WebAuthnError saying why not.
NewCredential verify_registration(std::string_view client_data_b64,
                                  std::string_view attestation_b64, const Expected& expected);

// Checks a sign-in with the stored credential: the client data, the
// authenticator data and the signature over both (base64url). Returns the
// authenticator's new signature count; throws WebAuthnError when anything
// fails, including a count that did not grow (a cloned authenticator).
std::uint32_t verify_assertion(const std::string& public_key, int alg, std::uint32_t stored_count,
                               std::string_view client_data_b64,
                               std::string_view authenticator_data_b64,
                               std::string_view signature_b64, const Expected& expected);

}  // namespace asterism::server::accounts
