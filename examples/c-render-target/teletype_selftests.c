/*
 * teletype_selftests.c — tests shipped inside the library through the
 * optional "sensebridge.plugin-tests/1" extension.
 *
 * The harness runs each in its own process against the built .so, so they
 * check what will actually be loaded: the open flags, the line format and
 * the UTF-8 rule, end to end through the same vtable the host calls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "teletype.h"

typedef struct scratch {
    char directory[4096];
    char file[4200];
    void *instance;
} scratch;

/* Makes a private directory and a teletype instance writing into it. The
 * directory name goes into JSON, so '"' and '\' are escaped. */
static sb_status scratch_open(scratch *s, const sb_host_services *host, sb_error *error)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || tmp[0] != '/') tmp = "/tmp";
    int n = snprintf(s->directory, sizeof s->directory, "%s/teletype-selftest-XXXXXX", tmp);
    if (n < 0 || (size_t)n >= sizeof s->directory || !mkdtemp(s->directory))
        return teletype_fail(error, SB_ERR_IO, "Self-test cannot make a temporary directory under %s.", tmp);
    snprintf(s->file, sizeof s->file, "%s/lines.txt", s->directory);
    char config[9000] = "{\"path\": \"";
    size_t at = strlen(config);
    for (const char *p = s->file; *p && at < sizeof config - 8; p++) {
        if (*p == '"' || *p == '\\') config[at++] = '\\';
        config[at++] = *p;
    }
    memcpy(config + at, "\"}", 3);
    s->instance = teletype_render_target.create(host, config, error);
    if (s->instance) return SB_OK;
    rmdir(s->directory);
    return error ? error->code : SB_ERR_INTERNAL;
}

static void scratch_close(scratch *s)
{
    if (s->instance) teletype_render_target.destroy(s->instance);
    unlink(s->file);
    rmdir(s->directory);
}

static size_t read_file(const char *path, char *out, size_t capacity)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    size_t n = fread(out, 1, capacity - 1, f);
    fclose(f);
    out[n] = '\0';
    return n;
}

static sb_message message(sb_signal signal, const char *text, size_t length, uint64_t time_ns)
{
    sb_message m;
    memset(&m, 0, sizeof m);
    m.struct_size = sizeof m;
    m.signal = signal;
    m.text = text;
    m.text_length = length;
    m.locale = "en";
    m.session_time_ns = time_ns;
    m.sequence = 1;
    return m;
}

/* One message is one line, even when its text has a line break, an escape
 * byte, NEL or U+2028; a signal the target does not know adds nothing. */
static sb_status test_one_line_per_message(const sb_host_services *host, sb_error *error)
{
    scratch s;
    memset(&s, 0, sizeof s);
    sb_status status = scratch_open(&s, host, error);
    if (status != SB_OK) return status;
    const char *text = "Door\nopen\x1b\xc2\x85now\xe2\x80\xa8!";
    sb_message alert = message(SB_SIGNAL_AWARENESS_ALERT, text, strlen(text), 62500000000ull);
    sb_message future = message(999, "ignored", 7, 63000000000ull);
    if ((status = teletype_render_target.render(s.instance, &alert, error)) == SB_OK &&
        (status = teletype_render_target.render(s.instance, &future, error)) == SB_OK) {
        char got[256];
        read_file(s.file, got, sizeof got);
        const char *expected = "[00:01:02.500] alert: Door open  now !\n";
        if (strcmp(got, expected) != 0)
            status = teletype_fail(error, SB_ERR_INTERNAL, "Expected the file to hold \"%s\" only; it holds \"%s\".",
                                   "[00:01:02.500] alert: Door open  now !\\n", got);
    }
    scratch_close(&s);
    return status;
}

/* Bytes that are not UTF-8 are refused with SB_ERR_INVALID_ARGUMENT and never
 * reach the file. */
static sb_status test_rejects_invalid_utf8(const sb_host_services *host, sb_error *error)
{
    scratch s;
    memset(&s, 0, sizeof s);
    sb_status status = scratch_open(&s, host, error);
    if (status != SB_OK) return status;
    static const char *const bad[] = {"caf\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0] && status == SB_OK; k++) {
        sb_message m = message(SB_SIGNAL_DESCRIPTION, bad[k], strlen(bad[k]), 0);
        sb_error local;
        memset(&local, 0, sizeof local);
        sb_status got = teletype_render_target.render(s.instance, &m, &local);
        if (got != SB_ERR_INVALID_ARGUMENT || local.message[0] == '\0')
            status = teletype_fail(error, SB_ERR_INTERNAL,
                                   "Invalid UTF-8 sample %zu returned status %d, expected %d with a message.",
                                   k, (int)got, SB_ERR_INVALID_ARGUMENT);
    }
    char got[64];
    if (status == SB_OK && read_file(s.file, got, sizeof got) != 0)
        status = teletype_fail(error, SB_ERR_INTERNAL, "Rejected text reached the file: \"%s\".", got);
    scratch_close(&s);
    return status;
}

typedef struct self_test {
    const char *name;
    sb_status (*run)(const sb_host_services *host, sb_error *error);
} self_test;

static const self_test tests[] = {
    {"writes-one-line-per-message", test_one_line_per_message},
    {"rejects-invalid-utf8", test_rejects_invalid_utf8},
};
#define TEST_COUNT ((uint32_t)(sizeof tests / sizeof tests[0]))

static uint32_t tests_count(void) { return TEST_COUNT; }

static const char *tests_name(uint32_t index)
{
    return index < TEST_COUNT ? tests[index].name : NULL;
}

static sb_status tests_run(uint32_t index, const sb_host_services *host, sb_error *error)
{
    if (index >= TEST_COUNT)
        return teletype_fail(error, SB_ERR_INVALID_ARGUMENT, "No self-test has index %u.", (unsigned)index);
    return tests[index].run(host, error);
}

const sb_plugin_tests teletype_plugin_tests = {
    sizeof(sb_plugin_tests),
    tests_count,
    tests_name,
    tests_run,
};
