/* smoke_utf8.c — see smoke_utf8.h. The character rule is sensebridge_util.h's, which
 * scripts/check-header.sh tests on its own, so sb-smoke and the plugins it checks
 * agree on what UTF-8 is. */
#include "smoke_utf8.h"

#include "sensebridge_util.h"

int utf8_valid(const char *bytes, size_t length)
{
    const unsigned char *s = (const unsigned char *)bytes;
    for (size_t at = 0; at < length;) {
        size_t character = sb_utf8_character_length(s + at, length - at);
        if (character == 0) return 0;
        at += character;
    }
    return 1;
}
