// Digests of secrets (secrets.h), with OpenSSL's libcrypto.
#include "server/secrets.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

namespace asterism::server {

std::string digest(std::string_view secret) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_Digest(secret.data(), secret.size(), out, &size, EVP_sha256(), nullptr);
    static const char* kHex = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < size; ++i) {
        hex.push_back(kHex[out[i] >> 4]);
        hex.push_back(kHex[out[i] & 15]);
    }
    return hex;
}

bool same_digest(const std::string& a, const std::string& b) {
    return a.size() == b.size() && !a.empty() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace asterism::server
