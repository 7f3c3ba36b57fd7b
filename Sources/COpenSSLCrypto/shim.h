// OpenSSL's libcrypto (Debian's libssl-dev): SHA-256 checksums for the drive's manifest, the same
// digest `sha256sum` prints, so anyone can check an uploaded file without WorkPhotos.
#include <openssl/sha.h>
