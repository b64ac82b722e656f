/*
 * teletype.h — internal declarations of the teletype render target.
 *
 * Nothing here is exported: the library is built with -fvisibility=hidden and
 * only sensebridge_plugin_entry (teletype_target.c) is marked visible.
 */
#ifndef TELETYPE_H
#define TELETYPE_H

#include <stddef.h>
#include <stdint.h>

#include "sensebridge.h"

#define TELETYPE_ID      "com.example.teletype"
#define TELETYPE_VERSION "1.0.0"

/* Fills error with code and a printf-style message; returns code. */
sb_status teletype_fail(sb_error *error, sb_status code, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---- config (teletype_config.c) */

/* Parses config_json, a JSON object whose only key is "path" (a string).
 * On SB_OK, *path_out is a malloc'd path with "{output}" expanded, or the
 * default when the key is absent. On failure returns SB_ERR_INVALID_CONFIG
 * (or SB_ERR_IO when the output directory cannot be made) with a message. */
sb_status teletype_parse_config(const char *config_json, char **path_out, sb_error *error);

/* ---- line formatting (teletype_line.c), pure */

/* Returns 1 when bytes[0..length) is well-formed UTF-8, else 0 and the offset
 * of the first bad byte in *bad_offset. */
int teletype_utf8_valid(const char *bytes, size_t length, size_t *bad_offset);

/* The word a signal is written as, or NULL for a signal this build does not
 * know (the header says to ignore those). */
const char *teletype_signal_name(sb_signal signal);

/* Formats "[HH:MM:SS.mmm] name: text\n" into a malloc'd buffer, replacing
 * control characters and line separators in text with spaces so one message
 * is always one line. text must be valid UTF-8. Returns NULL when out of
 * memory; *line_length receives the byte count (no NUL counted). */
char *teletype_format_line(uint64_t session_time_ns, const char *name,
                           const char *text, size_t text_length, size_t *line_length);

/* Formats the "HH:MM:SS.mmm" stamp into out (at least 32 bytes). */
void teletype_format_time(uint64_t session_time_ns, char out[32]);

/* ---- the vtable (teletype_target.c) and self-tests (teletype_selftests.c) */

extern const sb_render_target teletype_render_target;
extern const sb_plugin_tests teletype_plugin_tests;

#endif /* TELETYPE_H */
