// libxcrypt (Debian's libcrypt-dev): crypt_r and crypt_gensalt_rn, for yescrypt password hashes.
#include <crypt.h>
