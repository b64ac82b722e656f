/*
 * teletype_line.c — what one message looks like on the teletype: pure
 * functions, no I/O, so the self-tests can check them with plain values.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teletype.h"

int teletype_utf8_valid(const char *bytes, size_t length, size_t *bad_offset)
{
    const unsigned char *s = (const unsigned char *)bytes;
    size_t i = 0;
    while (i < length) {
        unsigned char c = s[i];
        size_t need;
        uint32_t min, cp;
        if (c < 0x80) { i++; continue; }
        else if (c >= 0xC2 && c <= 0xDF) { need = 1; min = 0x80; cp = c & 0x1Fu; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; min = 0x800; cp = c & 0x0Fu; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; min = 0x10000; cp = c & 0x07u; }
        else goto bad;  /* a continuation byte, an overlong lead (C0, C1) or past F4 */
        if (length - i <= need) goto bad;
        for (size_t k = 1; k <= need; k++) {
            if ((s[i + k] & 0xC0u) != 0x80u) goto bad;
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        /* Overlong forms, UTF-16 surrogates and values past U+10FFFF are not
         * UTF-8 even though their bytes have the right shape. */
        if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) goto bad;
        i += need + 1;
    }
    return 1;
bad:
    if (bad_offset) *bad_offset = i;
    return 0;
}

/* Words a reader of the file sees before the colon. Short and stable: people
 * grep these, and a braille display shows few cells. */
const char *teletype_signal_name(sb_signal signal)
{
    switch (signal) {
    case SB_SIGNAL_DESCRIPTION:     return "scene";
    case SB_SIGNAL_AWARENESS_ALERT: return "alert";
    case SB_SIGNAL_AWARENESS_CLEAR: return "clear";
    case SB_SIGNAL_READING_SEGMENT: return "reading";
    case SB_SIGNAL_STATUS:          return "status";
    case SB_SIGNAL_SESSION_SUMMARY: return "summary";
    default:                        return NULL;
    }
}

void teletype_format_time(uint64_t session_time_ns, char out[32])
{
    uint64_t ms = session_time_ns / 1000000u;
    unsigned milli = (unsigned)(ms % 1000u);
    unsigned seconds = (unsigned)((ms / 1000u) % 60u);
    unsigned minutes = (unsigned)((ms / 60000u) % 60u);
    uint64_t hours = ms / 3600000u;  /* a session past 99 hours just gets wider */
    snprintf(out, 32, "%02" PRIu64 ":%02u:%02u.%03u", hours, minutes, seconds, milli);
}

/* Length of a character that must not reach the file as itself, or 0.
 * Rationale: the file is read line by line, often by a screen reader or a
 * terminal; a newline would split a message in two and an escape byte could
 * drive the terminal. */
static size_t breaking_character(const unsigned char *s, size_t remaining)
{
    if (s[0] < 0x20 || s[0] == 0x7F) return 1;                      /* C0 controls, DEL */
    if (s[0] == 0xC2 && remaining >= 2 && s[1] >= 0x80 && s[1] <= 0x9F)
        return 2;                                                   /* C1 controls, NEL */
    if (s[0] == 0xE2 && remaining >= 3 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9))
        return 3;                                                   /* U+2028, U+2029 */
    return 0;
}

char *teletype_format_line(uint64_t session_time_ns, const char *name,
                           const char *text, size_t text_length, size_t *line_length)
{
    char stamp[32];
    teletype_format_time(session_time_ns, stamp);
    size_t prefix_length = strlen(stamp) + strlen(name) + 5;  /* "[" "] " ": " */
    if (text_length > SIZE_MAX - prefix_length - 2) return NULL;
    char *line = malloc(prefix_length + text_length + 2);
    if (!line) return NULL;
    int written = snprintf(line, prefix_length + 1, "[%s] %s: ", stamp, name);
    if (written < 0 || (size_t)written != prefix_length) { free(line); return NULL; }
    size_t out = prefix_length;
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < text_length;) {
        size_t skip = breaking_character(s + i, text_length - i);
        if (skip) {
            line[out++] = ' ';
            i += skip;
        } else {
            line[out++] = (char)s[i++];
        }
    }
    line[out++] = '\n';
    line[out] = '\0';
    *line_length = out;
    return line;
}
