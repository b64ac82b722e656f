/*
 * util-check.c — exercises every helper in sensebridge_util.h, compiled as C11
 * and as C++17 by scripts/check-header.sh, which also builds it as a shared
 * library with -fvisibility=hidden and reads its exports with nm -D: only
 * sensebridge_plugin_entry, marked SB_EXPORT below, may be there.
 *
 * Prints "FAIL <what>" for each check that does not hold and exits 1; the
 * script compiles it against deliberately broken copies of the header too, and
 * expects those FAIL lines, so its PASS means something.
 */
#include <stdio.h>
#include <string.h>

#include "sensebridge_util.h"

#define CAPACITY SB_ERROR_MESSAGE_CAPACITY

static int failures = 0;
static int checks = 0;

static void check(int ok, const char *what)
{
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL %s\n", what);
    }
}

/* Whether all of text is well-formed UTF-8, by the helper under test. */
static int whole_utf8(const char *text)
{
    const unsigned char *bytes = (const unsigned char *)text;
    size_t length = strlen(text);
    for (size_t at = 0; at < length;) {
        size_t character = sb_utf8_character_length(bytes + at, length - at);
        if (character == 0) return 0;
        at += character;
    }
    return 1;
}

static void check_character_lengths(void)
{
    static const struct { const char *bytes; size_t length; } cases[] = {
        {"a", 1}, {"\xC3\xA9", 2}, {"\xE2\x82\xAC", 3}, {"\xF0\x9D\x84\x9E", 4},
        {"\xEF\xBF\xBD", 3}, {"\xF4\x8F\xBF\xBF", 4},
        {"\x80", 0}, {"\xC0\xAF", 0}, {"\xC1\xBF", 0}, {"\xE0\x9F\xBF", 0}, {"\xED\xA0\x80", 0},
        {"\xF0\x8F\xBF\xBF", 0}, {"\xF4\x90\x80\x80", 0}, {"\xF5\x80\x80\x80", 0}, {"\xFF", 0},
        {"\xE2\x82", 0}, {"\xC3", 0}, {"\xE2\x28\xA1", 0},
    };
    int wrong = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const unsigned char *bytes = (const unsigned char *)cases[k].bytes;
        if (sb_utf8_character_length(bytes, strlen(cases[k].bytes)) != cases[k].length) {
            printf("     sample %zu: expected %zu\n", k, cases[k].length);
            wrong = 1;
        }
    }
    check(!wrong, "sb_utf8_character_length: 1- to 4-byte characters, and 0 for stray, overlong, surrogate, "
                  "past U+10FFFF and cut-short bytes");
}

/* A message longer than the capacity whose cut falls kept bytes into a
 * character of width bytes keeps only the padding before it. */
static void check_cut(const char *character, size_t width, size_t kept, char *what)
{
    char padding[CAPACITY];
    size_t pad = CAPACITY - 1 - kept;
    memset(padding, 'a', pad);
    padding[pad] = '\0';
    sb_error error;
    memset(&error, 0, sizeof error);
    sb_status code = sb_error_set(&error, SB_ERR_IO, "%s%s and more", padding, character);
    int ok = code == SB_ERR_IO && error.code == SB_ERR_IO && strcmp(error.message, padding) == 0
        && whole_utf8(error.message);
    snprintf(what, 160, "sb_error_set cut at the capacity after %zu byte(s) of a %zu-byte character keeps only "
             "whole characters", kept, width);
    check(ok, what);
}

static void check_error_messages(void)
{
    static const struct { const char *bytes; size_t width; } characters[] = {
        {"\xC3\xA9", 2}, {"\xE2\x82\xAC", 3}, {"\xF0\x9D\x84\x9E", 4},
    };
    char what[160];
    for (size_t k = 0; k < sizeof characters / sizeof characters[0]; k++) {
        for (size_t kept = 1; kept < characters[k].width; kept++)
            check_cut(characters[k].bytes, characters[k].width, kept, what);

        /* Ending exactly at the capacity, the character is kept whole. */
        char padding[CAPACITY];
        size_t pad = CAPACITY - 1 - characters[k].width;
        memset(padding, 'a', pad);
        padding[pad] = '\0';
        sb_error error;
        memset(&error, 0, sizeof error);
        sb_error_set(&error, SB_ERR_IO, "%s%s and more", padding, characters[k].bytes);
        snprintf(what, sizeof what, "sb_error_set keeps a %zu-byte character that ends at the capacity",
                 characters[k].width);
        check(strlen(error.message) == CAPACITY - 1 && strncmp(error.message, padding, pad) == 0
                  && strcmp(error.message + pad, characters[k].bytes) == 0, what);
    }

    /* Written with \? in the expectations: "??" and the next character can be a trigraph. */
    sb_error error;
    memset(&error, 0, sizeof error);
    sb_error_set(&error, SB_ERR_IO, "Cannot open '%s' or '%s'.", "caf\xFF\xC3.txt", "\xED\xA0\x80\xC0\xAF-\xE2\x82");
    check(strcmp(error.message, "Cannot open 'caf\?\?.txt' or '\?\?\?\?\?-\?\?'.") == 0,
          "sb_error_set writes '?' for each byte of the arguments that is not UTF-8");

    /* A byte that is not UTF-8 just before the cut is no torn character: a '?'. */
    char padding[CAPACITY];
    memset(padding, 'a', CAPACITY - 2);
    padding[CAPACITY - 2] = '\0';
    memset(&error, 0, sizeof error);
    sb_error_set(&error, SB_ERR_IO, "%s\xFF and more", padding);
    check(strlen(error.message) == CAPACITY - 1 && error.message[CAPACITY - 2] == '?',
          "sb_error_set writes '?' for a byte that is not UTF-8 just before the cut, rather than drop it");

    memset(&error, 0, sizeof error);
    sb_error_set(&error, SB_ERR_IO, "%s", "Vi\xE1\xBB\x87t: \xE2\x82\xAC 5");
    check(strcmp(error.message, "Vi\xE1\xBB\x87t: \xE2\x82\xAC 5") == 0, "sb_error_set keeps UTF-8 it was given as it is");

    memset(&error, 0, sizeof error);
    sb_status code = sb_error_set(&error, SB_ERR_INVALID_CONFIG, "%s", "");
    check(code == SB_ERR_INVALID_CONFIG && error.code == SB_ERR_INVALID_CONFIG
              && strcmp(error.message, "The plugin failed with status 2.") == 0,
          "sb_error_set gives an empty message the fallback naming the status");

    check(sb_error_set(NULL, SB_ERR_INTERNAL, "%s", "nowhere") == SB_ERR_INTERNAL,
          "sb_error_set ignores a NULL error and returns the code");
}

static sb_host_services host_with(const sb_config_entry *entries, size_t count, size_t struct_size)
{
    sb_host_services host;
    memset(&host, 0, sizeof host);
    host.struct_size = (uint32_t)struct_size;
    host.config_entries = entries;
    host.config_entry_count = count;
    return host;
}

static int is(const char *got, const char *expected)
{
    return got && strcmp(got, expected) == 0;
}

static void check_config(void)
{
    static const sb_config_entry entries[] = {
        {"list.0", "a"}, {"list.1", "b"}, {"names.es.chair", "una silla"}, {"path", "/tmp/x"}, {"rate", "1.5"},
    };
    const size_t count = sizeof entries / sizeof entries[0];
    sb_host_services host = host_with(entries, count, sizeof(sb_host_services));
    check(sb_config_readable(&host) && is(sb_config_get(&host, "path"), "/tmp/x")
              && is(sb_config_get(&host, "list.0"), "a") && is(sb_config_get(&host, "rate"), "1.5")
              && is(sb_config_get(&host, "names.es.chair"), "una silla"),
          "sb_config_get finds the first, a middle and the last key");
    check(!sb_config_get(&host, "paths") && !sb_config_get(&host, "names") && !sb_config_get(&host, "")
              && !sb_config_get(&host, "list.2") && !sb_config_get(&host, NULL),
          "sb_config_get misses a key that is not set (NULL, not a neighbour)");

    sb_host_services older = host_with(entries, count, SB_STRUCT_END(sb_host_services, abi_minor));
    sb_host_services oldest = host_with(entries, count, SB_STRUCT_END(sb_host_services, log_event));
    check(!sb_config_readable(&older) && !sb_config_get(&older, "path") && !sb_config_get(&oldest, "path"),
          "sb_config_get returns NULL for a 1.1- or 1.0-sized sb_host_services (never reads past struct_size)");

    sb_host_services unflattened = host_with(NULL, 0, sizeof(sb_host_services));
    check(!sb_config_readable(&unflattened) && !sb_config_get(&unflattened, "path")
              && !sb_config_readable(NULL) && !sb_config_get(NULL, "path"),
          "sb_config_get returns NULL for NULL entries and a NULL host");

    sb_host_services empty = host_with(entries, 0, sizeof(sb_host_services));
    check(sb_config_readable(&empty) && !sb_config_get(&empty, "path"),
          "an empty config (\"{}\") is readable and holds nothing");
}

static void check_struct_end(void)
{
    sb_message message;
    memset(&message, 0, sizeof message);
    message.struct_size = (uint32_t)SB_STRUCT_END(sb_message, session_time_ns);
    check(SB_STRUCT_END(sb_message, struct_size) == sizeof(uint32_t)
              && SB_STRUCT_END(sb_message, sequence) == sizeof(sb_message)
              && SB_STRUCT_HAS(&message, sb_message, session_time_ns) && !SB_STRUCT_HAS(&message, sb_message, sequence),
          "SB_STRUCT_END is where a field ends, and agrees with SB_STRUCT_HAS");
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_RENDER_TARGET,
    "org.sensebridge.util-check", "1.0.0", NULL, NULL,
};

/* Built as a library, this must be its only export (the script runs nm -D). */
SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void);
SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void)
{
    return &descriptor;
}

/* Not static, so that only -fvisibility=hidden keeps it out of the exports. */
int util_check_main(void);
int util_check_main(void)
{
    check_character_lengths();
    check_error_messages();
    check_config();
    check_struct_end();
    check(sensebridge_plugin_entry()->kind == SB_KIND_RENDER_TARGET, "the SB_EXPORT entry is callable");
    printf("util-check: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}

int main(void)
{
    return util_check_main();
}
