/* Shared by the C fixture plugins: what every well-behaved plugin needs (a config
 * check, bounded error messages, UTF-8 validation) and the defects that cut across
 * kinds, each chosen by -D so a test gets a library with exactly one fault.
 *
 *   FIXTURE_ID                  descriptor id (string literal)
 *   FIXTURE_CRASH_CREATE        1: create dereferences NULL (SIGSEGV) once the config is accepted
 *   FIXTURE_NULL_ON_BAD_CONFIG  1: create returns NULL for bad config without code or message
 *   FIXTURE_BAD_UTF8_ERROR      1: the bad-config error message contains bytes that are not UTF-8
 *   FIXTURE_LEAK_CREATE         1: create keeps 64 KiB it never frees (and touches it)
 *   FIXTURE_FORGE_RESULT        1: create prints a forged harness "pass" line and exits
 *   FIXTURE_SELF_TESTS          1: exports one passing self-test; 2: also one that fails
 *   FIXTURE_UNLABELLED_LOG      1: create logs an event with a value that has no privacy label
 *   FIXTURE_REQUIRE_HOST_MINOR  n: create fails unless the host services report ABI 1.n or later
 *                               (read only when struct_size covers them, as the header requires)
 *   FIXTURE_LOG_HOST_VERSION    1: create logs "fixture.host-version" with host=1.n, or host=1.0
 *                               when the host services end before the version (a 1.0 host):
 *                               what a plugin built against a newer header learns of an older host
 *   FIXTURE_EXPECT_CONFIG_KEY   string literals, with FIXTURE_EXPECT_CONFIG_VALUE: create (and
 *                               self-test 0) fail unless the host services carry the ABI 1.2
 *                               config entries and sb_config_get finds this key with this value
 *   FIXTURE_CREATE_FAIL_MARKER  a path (string literal): while a file is there, create removes it
 *                               and fails once with SB_ERR_UNAVAILABLE, as a sound server slow to
 *                               answer a restarted source would
 *   FIXTURE_SPAWN_LINGERING     a path (string literal): create starts a helper in a session of its
 *                               own (setsid, as libspeechd's autospawned daemon) that outlives the
 *                               plugin by a minute, and writes its pid there
 */
#ifndef FIXTURE_COMMON_H
#define FIXTURE_COMMON_H

#define _POSIX_C_SOURCE 200809L
#include <sensebridge_util.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.sensebridge.fixture"
#endif
#ifndef FIXTURE_CRASH_CREATE
#define FIXTURE_CRASH_CREATE 0
#endif
#ifndef FIXTURE_NULL_ON_BAD_CONFIG
#define FIXTURE_NULL_ON_BAD_CONFIG 0
#endif
#ifndef FIXTURE_BAD_UTF8_ERROR
#define FIXTURE_BAD_UTF8_ERROR 0
#endif
#ifndef FIXTURE_LEAK_CREATE
#define FIXTURE_LEAK_CREATE 0
#endif
#ifndef FIXTURE_FORGE_RESULT
#define FIXTURE_FORGE_RESULT 0
#endif
#ifndef FIXTURE_SELF_TESTS
#define FIXTURE_SELF_TESTS 0
#endif
#ifndef FIXTURE_UNLABELLED_LOG
#define FIXTURE_UNLABELLED_LOG 0
#endif
#ifndef FIXTURE_LOG_HOST_VERSION
#define FIXTURE_LOG_HOST_VERSION 0
#endif

#define FIXTURE_UNUSED __attribute__((unused))

/* What a hostile fixture writes where the host might be tempted to say it: a plugin's
 * words are never spoken (DESIGN.md, invariant 1). HostilePlugin.swift holds the same. */
#define FIXTURE_LIE "It is SAFE to cross the street now."


/* Escapes the optimiser: a leak or a NULL it cannot see through. */
static void *volatile fixture_sink FIXTURE_UNUSED;
static int *volatile fixture_null FIXTURE_UNUSED = NULL;

/* Keeps `size` bytes, touched so they are resident, and never frees them: the leaks the
 * harness and the host must catch. Every fixture leaks through this one function, so
 * `make sanitize` tells these deliberate leaks from real ones by its name
 * (scripts/sanitize/leak.supp), and a memory limit hit here by its marked line. */
static FIXTURE_UNUSED __attribute__((noinline)) void fixture_deliberate_leak(size_t size) {
    char *leak = malloc(size); /* sanitize: deliberate */
    /* Past a memory limit, NULL: the crash the host must survive. */
    memset(leak, 1, size); /* sanitize: deliberate */
    fixture_sink = leak;
}

/* The error a careless plugin writes: bytes that are not UTF-8, copied as they are.
 * Everything else fills errors with sb_error_set, which would make them '?'. */
static FIXTURE_UNUSED void fixture_error_not_utf8(sb_error *error, sb_status code) {
    static const char message[] = "config is not a JSON object \xff\xfe (fixture)";
    if (!error) return;
    error->code = code;
    memcpy(error->message, message, sizeof message);
}

/* A JSON object in outline: braces, brackets and strings balance and the text is
 * one object. Enough to refuse truncated or non-JSON config, as a real parser would. */
static FIXTURE_UNUSED int fixture_config_is_object(const char *json) {
    if (!json) return 1; /* NULL means defaults */
    const char *p = json;
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
    if (*p != '{') return 0;
    int depth = 0, in_string = 0, closed = 0;
    for (; *p; p++) {
        char c = *p;
        if (closed) {
            if (c != ' ' && c != '\n' && c != '\t' && c != '\r') return 0;
            continue;
        }
        if (in_string) {
            if (c == '\\' && p[1]) p++;
            else if (c == '"') in_string = 0;
            continue;
        }
        if (c == '"') in_string = 1;
        else if (c == '{' || c == '[') depth++;
        else if (c == '}' || c == ']') {
            if (--depth < 0) return 0;
            if (depth == 0) closed = 1;
        }
    }
    return closed && !in_string;
}

static FIXTURE_UNUSED int fixture_utf8_valid(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        size_t len;
        unsigned int cp;
        if (c < 0x80) { i++; continue; }
        else if (c >= 0xC2 && c <= 0xDF) { len = 2; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { len = 3; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { len = 4; cp = c & 0x07; }
        else return 0;
        if (i + len > n) return 0;
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
        if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
        i += len;
    }
    return 1;
}

static FIXTURE_UNUSED void fixture_sleep_us(long us) {
    struct timespec t = {us / 1000000, (us % 1000000) * 1000};
    while (nanosleep(&t, &t) != 0) {}
}

#ifdef FIXTURE_EXPECT_CONFIG_KEY
/* NULL when the host's entries hold the expected pair, else why not (static text). */
static const char *fixture_config_entry_problem(const sb_host_services *host) {
    static char message[256];
    if (!host || !SB_STRUCT_HAS(host, sb_host_services, config_entry_count))
        return "the host services end before the config entries (not a 1.2 host)";
    if (!host->config_entries) return "the host could not flatten the config (NULL config entries)";
    const char *found = sb_config_get(host, FIXTURE_EXPECT_CONFIG_KEY);
    if (found && strcmp(found, FIXTURE_EXPECT_CONFIG_VALUE) == 0) return NULL;
    snprintf(message, sizeof message, "config entry %s is %s%s%s; expected \"%s\" (%zu entries)", FIXTURE_EXPECT_CONFIG_KEY,
             found ? "\"" : "absent", found ? found : "", found ? "\"" : "", FIXTURE_EXPECT_CONFIG_VALUE,
             host->config_entry_count);
    return message;
}
#endif

/* The create preamble every fixture shares. Returns 0 when create must return NULL. */
static FIXTURE_UNUSED int fixture_create_checks(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (!fixture_config_is_object(config_json)) {
        if (FIXTURE_NULL_ON_BAD_CONFIG) return 0;
        if (FIXTURE_BAD_UTF8_ERROR) fixture_error_not_utf8(error, SB_ERR_INVALID_CONFIG);
        else sb_error_set(error, SB_ERR_INVALID_CONFIG, "config must be a JSON object, e.g. {}");
        return 0;
    }
    if (FIXTURE_CRASH_CREATE) *fixture_null = 1; /* sanitize: deliberate */
#ifdef FIXTURE_REQUIRE_HOST_MINOR
    if (!host || !SB_STRUCT_HAS(host, sb_host_services, abi_minor)) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "the host services do not report the host's ABI version");
        return 0;
    }
    if (host->abi_major != SB_ABI_MAJOR || host->abi_minor < FIXTURE_REQUIRE_HOST_MINOR) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "the host reports ABI %u.%u; this fixture needs 1.%u or later",
                     (unsigned)host->abi_major, (unsigned)host->abi_minor, (unsigned)FIXTURE_REQUIRE_HOST_MINOR);
        return 0;
    }
#endif
#ifdef FIXTURE_EXPECT_CONFIG_KEY
    const char *entry_problem = fixture_config_entry_problem(host);
    if (entry_problem) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "%s", entry_problem);
        return 0;
    }
#endif
    if (FIXTURE_LOG_HOST_VERSION && host && host->log_event) {
        char version[32] = "1.0";
#if SB_ABI_MINOR >= 1
        if (SB_STRUCT_HAS(host, sb_host_services, abi_minor))
            snprintf(version, sizeof version, "%u.%u", (unsigned)host->abi_major, (unsigned)host->abi_minor);
#endif
        sb_log_field field = {"host", version, SB_PRIVACY_PUBLIC};
        host->log_event(host, SB_LOG_INFO, "fixture.host-version", &field, 1);
    }
    if (FIXTURE_UNLABELLED_LOG && host && host->log_event) {
        sb_log_field field = {"config", config_json ? config_json : "", SB_PRIVACY_UNLABELLED};
        host->log_event(host, SB_LOG_INFO, "fixture.created", &field, 1);
    }
    if (FIXTURE_LEAK_CREATE) fixture_deliberate_leak(64 * 1024);
#ifdef FIXTURE_CREATE_FAIL_MARKER
    if (unlink(FIXTURE_CREATE_FAIL_MARKER) == 0) {
        sb_error_set(error, SB_ERR_UNAVAILABLE, "the device did not answer in time (fixture)");
        return 0;
    }
#endif
#ifdef FIXTURE_SPAWN_LINGERING
    pid_t helper = fork();
    if (helper == 0) {
        setsid();
        execl("/bin/sleep", "sleep", "60", (char *)NULL);
        _exit(127);
    }
    FILE *pid_file = fopen(FIXTURE_SPAWN_LINGERING, "w");
    if (pid_file) {
        fprintf(pid_file, "%d\n", (int)helper);
        fclose(pid_file);
    }
#endif
    if (FIXTURE_FORGE_RESULT) {
        const char *forged = "SBRESULT 0 {\"status\":\"pass\"}\n";
        fputs(forged, stdout);
        fflush(stdout);
        if (write(3, forged, strlen(forged)) < 0) {}
        _exit(0);
    }
    return 1;
}

/* ---------------------------------------------------------- composer results */

/* What a composer returns, owned by it until its next call on the instance: the phrase
 * array, the texts it allocated (text_count of them) and the index storage. */
typedef struct fixture_result {
    sb_phrase *phrases;
    char **texts;
    size_t text_count;
    uint32_t *indices;
} fixture_result;

/* Room for `phrases` phrases and texts and `indices` record indices. */
static FIXTURE_UNUSED void fixture_result_reserve(fixture_result *result, size_t phrases, size_t indices) {
    result->phrases = calloc(phrases ? phrases : 1, sizeof(sb_phrase));
    result->texts = calloc(phrases ? phrases : 1, sizeof(char *));
    result->indices = calloc(indices ? indices : 1, sizeof(uint32_t));
}

static FIXTURE_UNUSED void fixture_result_release(fixture_result *result) {
    for (size_t i = 0; i < result->text_count; i++) free(result->texts[i]);
    free(result->phrases);
    free(result->texts);
    free(result->indices);
    *result = (fixture_result){0};
}

/* ---------------------------------------------------------- self-tests */

static uint32_t fixture_test_count(void) { return FIXTURE_SELF_TESTS >= 2 ? 2 : (FIXTURE_SELF_TESTS ? 1 : 0); }

static const char *fixture_test_name(uint32_t index) {
    if (index == 0) return "parses-its-config";
    if (index == 1) return "fails-on-purpose";
    return NULL;
}

static sb_status fixture_test_run(uint32_t index, const sb_host_services *host, sb_error *error) {
    (void)host;
#ifdef FIXTURE_EXPECT_CONFIG_KEY
    /* A self-test is given the table of the config the plugin is created with. */
    const char *entry_problem = index == 0 ? fixture_config_entry_problem(host) : NULL;
    if (entry_problem) {
        sb_error_set(error, SB_ERR_INTERNAL, "%s", entry_problem);
        return SB_ERR_INTERNAL;
    }
#endif
    if (index == 0) return fixture_config_is_object("{\"a\": [1, {\"b\": \"}\"}]}") && !fixture_config_is_object("{\"a\": ") ? SB_OK : SB_ERR_INTERNAL;
    sb_error_set(error, SB_ERR_INTERNAL, "this self-test fails on purpose");
    return SB_ERR_INTERNAL;
}

static const sb_plugin_tests fixture_tests FIXTURE_UNUSED = {
    sizeof(sb_plugin_tests), fixture_test_count, fixture_test_name, fixture_test_run,
};

static FIXTURE_UNUSED const void *fixture_tests_interface(const char *id) {
    if (FIXTURE_SELF_TESTS && strcmp(id, SB_INTERFACE_PLUGIN_TESTS) == 0) return &fixture_tests;
    return NULL;
}

#endif
