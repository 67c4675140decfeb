#ifndef WORKBENCH_CCRYPTO_SHIM_H
#define WORKBENCH_CCRYPTO_SHIM_H

// OpenSSL's libcrypto (Debian's libssl-dev), already loaded by libcurl: SHA-256 for
// PKCE's S256 challenge (RFC 7636) in `auth oauth2 code`, and (through EVP, fed chunk
// by chunk) for the fingerprint that ties the autosave's journal to its file.
#include <openssl/sha.h>
#include <openssl/evp.h>

#endif
