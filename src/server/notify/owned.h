// libcrypto and libssl objects owned by a unique_ptr, so that every early
// return and every throw in the notify module frees them.
#pragma once

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <openssl/ssl.h>

#include <memory>

namespace asterism::server::notify {

inline void release(BIO* p) {
    BIO_free(p);
}
inline void release(BIGNUM* p) {
    BN_clear_free(p);
}  // private scalars among them
inline void release(EC_GROUP* p) {
    EC_GROUP_free(p);
}
inline void release(EC_POINT* p) {
    EC_POINT_free(p);
}
inline void release(ECDSA_SIG* p) {
    ECDSA_SIG_free(p);
}
inline void release(EVP_CIPHER_CTX* p) {
    EVP_CIPHER_CTX_free(p);
}
inline void release(EVP_KDF* p) {
    EVP_KDF_free(p);
}
inline void release(EVP_KDF_CTX* p) {
    EVP_KDF_CTX_free(p);
}
inline void release(EVP_MD_CTX* p) {
    EVP_MD_CTX_free(p);
}
inline void release(EVP_PKEY* p) {
    EVP_PKEY_free(p);
}
inline void release(EVP_PKEY_CTX* p) {
    EVP_PKEY_CTX_free(p);
}
inline void release(OSSL_PARAM* p) {
    OSSL_PARAM_free(p);
}
inline void release(OSSL_PARAM_BLD* p) {
    OSSL_PARAM_BLD_free(p);
}
inline void release(SSL* p) {
    SSL_free(p);
}
inline void release(SSL_CTX* p) {
    SSL_CTX_free(p);
}

struct Release {
    template <class T>
    void operator()(T* p) const {
        release(p);
    }
};

template <class T>
using Owned = std::unique_ptr<T, Release>;

}  // namespace asterism::server::notify
