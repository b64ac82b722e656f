/*
 * sensebridge_util.h — helpers for plugins written in C or C++, beside
 * sensebridge.h (as LV2's lv2_util.h sits beside its specification).
 *
 * Nothing here is part of the ABI: every helper is a macro or a static inline
 * function compiled into the plugin, so a plugin that uses them depends on no
 * library, and a host never sees them. They exist because every plugin needs
 * the same four things and each got one subtly wrong when written by hand:
 *   SB_EXPORT           the one symbol a plugin exports
 *   SB_STRUCT_END       how far a struct reaches to hold a field, for the
 *                       struct_size checks the header's rules ask for
 *   sb_error_set        fill sb_error without tearing a UTF-8 character
 *   sb_config_readable, sb_config_get
 *                       read a create setting from the host's config entries
 *                       (with a header of 1.2 or later, which has them)
 *
 * It works beside any 1.x sensebridge.h, so a plugin or tool built against an
 * older header (to prove it needs no newer host) keeps the same helpers.
 * Linux, GCC or Clang; C11 or C++17 and later.
 */
#ifndef SENSEBRIDGE_UTIL_H
#define SENSEBRIDGE_UTIL_H

#include "sensebridge.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the plugin's entry point as the library's one exported symbol. Build
 * with -fvisibility=hidden so nothing else is exported: another plugin's copy
 * of a helper with the same name could otherwise bind to yours.
 *
 *     SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void);
 *     SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) { ... }
 *
 * (The prototype first: -Wmissing-prototypes asks for one. This header does
 * not declare it, because the host's Swift modules import this directory and
 * a Swift plugin defines the same symbol with @_cdecl.)
 */
#ifdef __cplusplus
#define SB_EXPORT extern "C" __attribute__((visibility("default")))
#else
#define SB_EXPORT __attribute__((visibility("default")))
#endif

/* The number of bytes of type up to and including field: the struct_size a
 * writer must have set for the reader to find field. SB_STRUCT_HAS (in
 * sensebridge.h) compares a struct's size with it; use SB_STRUCT_END alone to
 * check once, at the top of a call, that a host-passed struct reaches the last
 * field you read or write:
 *
 *     if (request->struct_size < SB_STRUCT_END(sb_compose_request, deadline_ns))
 *         return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "...");
 */
#define SB_STRUCT_END(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

/* How many bytes (1 to 4) the UTF-8 character starting at s takes, when the
 * available bytes there (at most that many) are a well-formed beginning of one;
 * 0 when they are not: a stray continuation byte, an overlong form, a
 * surrogate, a code point past U+10FFFF. A result above available means the
 * character is cut short. */
static inline size_t sb_utf8_needed_length(const unsigned char *s, size_t available)
{
    if (available == 0) return 0;
    unsigned char lead = s[0];
    size_t length;
    unsigned char low = 0x80u, high = 0xBFu; /* the allowed range of the second byte */
    if (lead < 0x80u) return 1;
    else if (lead >= 0xC2u && lead <= 0xDFu) length = 2;
    else if (lead >= 0xE0u && lead <= 0xEFu) {
        length = 3;
        if (lead == 0xE0u) low = 0xA0u;       /* overlong below U+0800 */
        if (lead == 0xEDu) high = 0x9Fu;      /* UTF-16 surrogates */
    } else if (lead >= 0xF0u && lead <= 0xF4u) {
        length = 4;
        if (lead == 0xF0u) low = 0x90u;       /* overlong below U+10000 */
        if (lead == 0xF4u) high = 0x8Fu;      /* past U+10FFFF */
    } else return 0;
    if (available >= 2 && (s[1] < low || s[1] > high)) return 0;
    for (size_t k = 2; k < length && k < available; k++)
        if ((s[k] & 0xC0u) != 0x80u) return 0;
    return length;
}

/* The length of the well-formed UTF-8 character at s, of at most available
 * bytes (1 to 4), or 0 when the bytes there are not one (a character cut
 * short included). */
static inline size_t sb_utf8_character_length(const unsigned char *s, size_t available)
{
    size_t length = sb_utf8_needed_length(s, available);
    return length <= available ? length : 0;
}

/* Fills error with code and a printf-formatted message, and returns code, so a
 * failing call can end with `return sb_error_set(error, ...)`.
 *
 * Why not snprintf into error->message: the host refuses a message that is
 * not UTF-8, and a long message cut at SB_ERROR_MESSAGE_CAPACITY can end in
 * half a character (a Vietnamese file name is enough). This keeps whole
 * characters only (a character the cut tore is dropped), writes '?' for any
 * byte of the arguments that is not UTF-8 (a file name on Linux is bytes, not
 * text), and never leaves the message empty, which the header forbids. A NULL
 * error is allowed and ignored. */
static inline sb_status sb_error_vset(sb_error *error, sb_status code, const char *format, va_list arguments)
    __attribute__((format(printf, 3, 0)));

static inline sb_status sb_error_vset(sb_error *error, sb_status code, const char *format, va_list arguments)
{
    if (!error) return code;
    char formatted[SB_ERROR_MESSAGE_CAPACITY];
    int written = format ? vsnprintf(formatted, sizeof formatted, format, arguments) : 0;
    size_t length = written < 0 ? 0 : (size_t)written;
    int cut = length >= sizeof formatted;
    if (cut) length = sizeof formatted - 1;

    const unsigned char *from = (const unsigned char *)formatted;
    size_t in = 0, out = 0;
    while (in < length) {
        size_t needed = sb_utf8_needed_length(from + in, length - in);
        if (cut && needed > length - in) break; /* the character the cut tore */
        if (needed == 0 || needed > length - in) {
            error->message[out++] = '?';
            in++;
        } else {
            memcpy(error->message + out, from + in, needed);
            out += needed;
            in += needed;
        }
    }
    error->message[out] = '\0';
    if (out == 0)
        snprintf(error->message, SB_ERROR_MESSAGE_CAPACITY, "The plugin failed with status %d.", (int)code);
    error->code = code;
    return code;
}

static inline sb_status sb_error_set(sb_error *error, sb_status code, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

static inline sb_status sb_error_set(sb_error *error, sb_status code, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    sb_status result = sb_error_vset(error, code, format, arguments);
    va_end(arguments);
    return result;
}

#if SB_ABI_MINOR >= 2
/* Whether this host passed the create config as entries a plugin can read with
 * sb_config_get. It did not when it is older than 1.2 (only config_json holds
 * the config then), or when the config could not be flattened (a key holding
 * "." or U+0000): the header asks a plugin that reads entries to fail create
 * with SB_ERR_INVALID_CONFIG then. */
static inline int sb_config_readable(const sb_host_services *host)
{
    return host && SB_STRUCT_HAS(host, sb_host_services, config_entry_count) && host->config_entries != NULL;
}

static inline int sb_config_compare_key(const void *key, const void *entry)
{
    return strcmp((const char *)key, ((const sb_config_entry *)entry)->key);
}

/* The value of the setting at key (a dotted path: "names.es.chair", "list.0"),
 * or NULL when it is not set, which always means "use your default". The
 * entries are sorted by strcmp, so this is a binary search. Borrowed: valid
 * until the instance is destroyed. NULL also when !sb_config_readable(host). */
static inline const char *sb_config_get(const sb_host_services *host, const char *key)
{
    if (!sb_config_readable(host) || !key) return NULL;
    const sb_config_entry *entry = (const sb_config_entry *)bsearch(
        key, host->config_entries, host->config_entry_count, sizeof(sb_config_entry), sb_config_compare_key);
    return entry ? entry->value : NULL;
}
#endif /* SB_ABI_MINOR >= 2 */

#ifdef __cplusplus
}
#endif

#endif /* SENSEBRIDGE_UTIL_H */
