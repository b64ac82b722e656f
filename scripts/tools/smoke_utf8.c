/* smoke_utf8.c — see smoke_utf8.h. */
#include "smoke_utf8.h"

#include <stdint.h>

int utf8_valid(const char *bytes, size_t length)
{
    const unsigned char *s = (const unsigned char *)bytes;
    for (size_t i = 0; i < length;) {
        unsigned char c = s[i];
        size_t need;
        uint32_t min, cp;
        if (c < 0x80) { i++; continue; }
        else if (c >= 0xC2 && c <= 0xDF) { need = 1; min = 0x80; cp = c & 0x1Fu; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; min = 0x800; cp = c & 0x0Fu; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; min = 0x10000; cp = c & 0x07u; }
        else return 0;
        if (length - i <= need) return 0;
        for (size_t k = 1; k <= need; k++) {
            if ((s[i + k] & 0xC0u) != 0x80u) return 0;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
        i += need + 1;
    }
    return 1;
}
