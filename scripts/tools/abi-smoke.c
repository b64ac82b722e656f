/*
 * abi-smoke.c — sb-smoke: loads one SenseBridge plugin library the way the
 * host does and drives it through the C ABI alone.
 *
 *     sb-smoke [options] path/to/libPlugin.so
 *
 * It checks the descriptor (ABI version, struct_size, kind, id), looks up the
 * kind's interface, runs the plugin's own self-tests (each in a child process)
 * when it ships the plugin-tests extension, creates an instance, makes one
 * call of its kind with good and bad input, and destroys it. Every check
 * prints one PASS or FAIL line; the last line is "sb-smoke: N passed, M
 * failed" and the exit status is 1 when anything failed (64 for a usage error).
 *
 * It needs only sensebridge.h, libc and libdl: it tests a library without the
 * Swift host, so a failure here is the plugin's, not the host's. It acts as a
 * host of the header it is compiled against, and compiles against every 1.x
 * header (what a minor added is behind "#if SB_ABI_MINOR >= n"): built against
 * an older one, it is the older host a plugin must still load in.
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sensebridge_util.h"
#include "smoke_config.h"
#include "smoke_utf8.h"

#define EXIT_USAGE 64
#define SELF_TEST_TIMEOUT_SECONDS 30u

/* Smallest struct sizes a plugin built against ABI 1.0 may report: the end of
 * each struct's last 1.0 field. A larger size is a newer minor; a smaller one
 * cannot hold the fields the host reads. */
#define DESCRIPTOR_1_0     SB_STRUCT_END(sb_plugin_descriptor, get_interface)
#define RENDER_TARGET_1_0  SB_STRUCT_END(sb_render_target, interrupt)
#define COMPOSER_1_0       SB_STRUCT_END(sb_scene_composer, cancel)
#define SOURCE_1_0         SB_STRUCT_END(sb_sensing_source, stop)
#define PLUGIN_TESTS_1_0   SB_STRUCT_END(sb_plugin_tests, run)

typedef struct options {
    const char *library;
    const char *entry;
    const char *config;
    const char *expect_id;
    const char *expect_kind;
    const char *expect_runtime;
    const char *expect_abi;
    const char *text;
    const char *labels;
    const char *locale;
    unsigned frames;
    unsigned timeout_ms;
    int self_tests;
    int quiet;
    int expect_create_error;  /* -1: create must succeed */
} options;

static FILE *report;          /* the real stdout; fd 1 itself is redirected */
/* The name it was run by: sb-smoke in a checkout (make tools), sensebridge-smoke
 * where make install put it, so every message names the command the reader typed. */
static const char *program = "sb-smoke";
static int passed, failed;
static int quiet;
static unsigned unlabelled_fields;
static unsigned logged_events;

/* ------------------------------------------------------------- reporting */

static void check(int ok, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void check(int ok, const char *format, ...)
{
    ok ? passed++ : failed++;
    if (ok && quiet) return;
    va_list arguments;
    va_start(arguments, format);
    fputs(ok ? "PASS " : "FAIL ", report);
    vfprintf(report, format, arguments);
    fputc('\n', report);
    va_end(arguments);
    fflush(report);
}

static void info(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void info(const char *format, ...)
{
    if (quiet) return;
    va_list arguments;
    va_start(arguments, format);
    fputs("     ", report);
    vfprintf(report, format, arguments);
    fputc('\n', report);
    va_end(arguments);
    fflush(report);
}

static int string_ok(const char *s)
{
    return s && s[0] && utf8_valid(s, strlen(s));
}

/* The header's error rule: a failure carries a code and a non-empty,
 * NUL-terminated UTF-8 message. Returns 1 when the error obeys it. */
static int error_ok(const sb_error *error)
{
    const char *end = memchr(error->message, '\0', SB_ERROR_MESSAGE_CAPACITY);
    return error->code != SB_OK && end && end != error->message
        && utf8_valid(error->message, (size_t)(end - error->message));
}

static const char *error_text(const sb_error *error)
{
    return memchr(error->message, '\0', SB_ERROR_MESSAGE_CAPACITY) ? error->message : "(not NUL-terminated)";
}

static void clear(sb_error *error) { memset(error, 0, sizeof *error); }

static const char *kind_name(sb_plugin_kind kind)
{
    switch (kind) {
    case SB_KIND_SENSING_SOURCE: return "sensing-source";
    case SB_KIND_SCENE_COMPOSER: return "scene-composer";
    case SB_KIND_RENDER_TARGET:  return "render-target";
    default:                     return NULL;
    }
}

/* --------------------------------------------------------- host services */

static uint64_t host_monotonic_ns(const sb_host_services *host)
{
    (void)host;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Shows events as the host would log them: private and unlabelled values
 * redacted. An unlabelled value breaks the header's MUST and is counted. */
static void host_log_event(const sb_host_services *host, sb_log_level level, const char *event,
                           const sb_log_field *fields, size_t field_count)
{
    (void)host;
    static const char *const levels[] = {"debug", "info", "warning", "error"};
    char line[1024];
    int at = snprintf(line, sizeof line, "log %s %s", level < 4 ? levels[level] : "?",
                      string_ok(event) ? event : "(invalid event name)");
    logged_events++;
    for (size_t k = 0; k < field_count && fields; k++) {
        const char *shown = fields[k].privacy == SB_PRIVACY_PUBLIC ? fields[k].value
                          : fields[k].privacy == SB_PRIVACY_PRIVATE ? "<private>" : "<unlabelled>";
        if (fields[k].privacy != SB_PRIVACY_PUBLIC && fields[k].privacy != SB_PRIVACY_PRIVATE)
            unlabelled_fields++;
        if (at > 0 && (size_t)at < sizeof line)
            at += snprintf(line + at, sizeof line - (size_t)at, " %s=%s",
                           fields[k].name ? fields[k].name : "?", shown ? shown : "(null)");
    }
    info("%s", line);
}

/* The full table of the header sb-smoke was built with, version fields included,
 * carrying one config's entries. Like the host's, it lives as long as every
 * instance created with it. */
typedef struct smoke_host {
    sb_host_services table;
#if SB_ABI_MINOR >= 2
    smoke_config config;
#endif
} smoke_host;

/* A config the header's rules cannot flatten gets NULL entries, as from the host. */
static void smoke_host_open(smoke_host *h, const char *config_json)
{
    memset(h, 0, sizeof *h);
#if SB_ABI_MINOR >= 2
    smoke_config_flatten(config_json, &h->config);
#else
    (void)config_json;
#endif
    sb_host_services table = {
        sizeof(sb_host_services), NULL, host_monotonic_ns, host_log_event,
#if SB_ABI_MINOR >= 1
        SB_ABI_MAJOR, SB_ABI_MINOR,
#endif
#if SB_ABI_MINOR >= 2
        h->config.entries, h->config.count,
#endif
    };
    h->table = table;
}

static void smoke_host_close(smoke_host *h)
{
#if SB_ABI_MINOR >= 2
    smoke_config_free(&h->config);
#else
    (void)h;
#endif
}

/* The table for --config: the instance the exercises make, and the self-tests. */
static smoke_host host;

/* ------------------------------------------------------------ self-tests */

/* Runs one self-test in a child process, as the harness does: a test that
 * crashes or hangs fails alone and cannot take the checks after it down. */
static void run_self_test(const sb_plugin_tests *tests, uint32_t index)
{
    const char *name = tests->name(index);
    if (!string_ok(name)) {
        check(0, "self-test %u has a name (got NULL or invalid UTF-8)", (unsigned)index);
        return;
    }
    int channel[2];
    if (pipe(channel) != 0) {
        check(0, "self-test %s: cannot make a pipe: %s", name, strerror(errno));
        return;
    }
    fflush(NULL);
    pid_t child = fork();
    if (child < 0) {
        check(0, "self-test %s: cannot fork: %s", name, strerror(errno));
        close(channel[0]);
        close(channel[1]);
        return;
    }
    if (child == 0) {
        close(channel[0]);
        alarm(SELF_TEST_TIMEOUT_SECONDS);
        sb_error error;
        clear(&error);
        sb_status status = tests->run(index, &host.table, &error);
        error.code = status;
        ssize_t ignored = write(channel[1], &error, sizeof error);
        (void)ignored;
        _exit(0);
    }
    close(channel[1]);
    sb_error error;
    clear(&error);
    size_t got = 0;
    while (got < sizeof error) {
        ssize_t n = read(channel[0], (char *)&error + got, sizeof error - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    close(channel[0]);
    int wait_status = 0;
    while (waitpid(child, &wait_status, 0) < 0 && errno == EINTR) {}
    if (WIFSIGNALED(wait_status)) {
        int sig = WTERMSIG(wait_status);
        check(0, "self-test %s: %s (signal %d)", name,
              sig == SIGALRM ? "did not finish within the timeout" : "crashed", sig);
    } else if (got != sizeof error) {
        check(0, "self-test %s: exited without reporting a result", name);
    } else if (error.code == SB_OK) {
        check(1, "self-test %s", name);
    } else {
        check(0, "self-test %s: status %d: %s", name, (int)error.code, error_text(&error));
    }
}

static void run_self_tests(const sb_plugin_descriptor *descriptor)
{
    const sb_plugin_tests *tests = descriptor->get_interface(SB_INTERFACE_PLUGIN_TESTS);
    if (!tests) {
        info("no %s extension (optional)", SB_INTERFACE_PLUGIN_TESTS);
        return;
    }
    int table_ok = tests->struct_size >= PLUGIN_TESTS_1_0 && tests->count && tests->name && tests->run;
    check(table_ok, "%s table: struct_size %u, every function set", SB_INTERFACE_PLUGIN_TESTS,
          (unsigned)tests->struct_size);
    if (!table_ok) return;
    uint32_t count = tests->count();
    info("%u self-test(s)", (unsigned)count);
    for (uint32_t k = 0; k < count; k++) run_self_test(tests, k);
    check(tests->name(count) == NULL, "self-test name past the last index is NULL");
}

/* ------------------------------------------------------------ create */

/* Config the header says create must refuse with SB_ERR_INVALID_CONFIG and
 * a message, never with a crash or a silent NULL. */
static void check_bad_configs(void *(*create)(const sb_host_services *, const char *, sb_error *),
                              void (*destroy)(void *))
{
    static const char *const bad[] = {"not json", "[1, 2]", "{\"unterminated"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sb_error error;
        clear(&error);
        smoke_host bad_host;
        smoke_host_open(&bad_host, bad[k]);
        void *instance = create(&bad_host.table, bad[k], &error);
        if (instance) destroy(instance);
        smoke_host_close(&bad_host);
        check(!instance && error.code == SB_ERR_INVALID_CONFIG && error_ok(&error),
              "create refuses config %s with SB_ERR_INVALID_CONFIG and a message (got %s, code %d: %s)",
              bad[k], instance ? "an instance" : "NULL", (int)error.code, error_text(&error));
    }
}

/* Creates the instance the kind's exercise uses. With --expect-create-error the
 * config is one the plugin must refuse: that is checked instead, and NULL is
 * returned so the exercise stops there. */
static void *create_instance(void *(*create)(const sb_host_services *, const char *, sb_error *),
                             void (*destroy)(void *), const options *o)
{
    const char *config = o->config;
    sb_error error;
    clear(&error);
    void *instance = create(&host.table, config, &error);
    if (o->expect_create_error >= 0) {
        if (instance) destroy(instance);
        check(!instance && error.code == o->expect_create_error && error_ok(&error),
              "create refuses config %s with code %d and a message (got %s, code %d: %s)", config,
              o->expect_create_error, instance ? "an instance" : "NULL", (int)error.code, error_text(&error));
        return NULL;
    }
    if (instance)
        check(1, "create with config %s", config);
    else
        check(0, "create with config %s: code %d: %s%s", config, (int)error.code, error_text(&error),
              error_ok(&error) ? "" : " (and the error breaks the header's rule: code plus UTF-8 message)");
    return instance;
}

/* ---------------------------------------------------------- render target */

typedef struct interrupter {
    const sb_render_target *vtable;
    void *instance;
} interrupter;

static void *interrupt_from_thread(void *argument)
{
    interrupter *i = argument;
    i->vtable->interrupt(i->instance);
    return NULL;
}

static sb_message make_message(sb_signal signal, const char *text, size_t length, const char *locale,
                               uint64_t time_ns, uint64_t sequence)
{
    sb_message m;
    memset(&m, 0, sizeof m);
    m.struct_size = sizeof m;
    m.signal = signal;
    m.text = text;
    m.text_length = length;
    m.locale = locale;
    m.session_time_ns = time_ns;
    m.sequence = sequence;
    return m;
}

static void exercise_render_target(const sb_render_target *vtable, const options *o)
{
    check_bad_configs(vtable->create, vtable->destroy);
    void *instance = create_instance(vtable->create, vtable->destroy, o);
    if (!instance) return;
    sb_error error;

    sb_message message = make_message(SB_SIGNAL_DESCRIPTION, o->text, strlen(o->text), o->locale, 1500000000u, 1);
    clear(&error);
    sb_status status = vtable->render(instance, &message, &error);
    check(status == SB_OK, "render a description (status %d%s%s)", (int)status,
          status ? ": " : "", status ? error_text(&error) : "");

    message = make_message(0x7FFFu, "from a newer host", 17, o->locale, 1600000000u, 2);
    clear(&error);
    status = vtable->render(instance, &message, &error);
    check(status == SB_OK, "render an unknown signal returns SB_OK (status %d)", (int)status);

    static const char invalid[] = "caf\xC3 \xFF";
    message = make_message(SB_SIGNAL_STATUS, invalid, sizeof invalid - 1, o->locale, 1700000000u, 3);
    clear(&error);
    status = vtable->render(instance, &message, &error);
    check(status == SB_ERR_INVALID_ARGUMENT && error_ok(&error),
          "render refuses invalid UTF-8 with SB_ERR_INVALID_ARGUMENT and a message (status %d: %s)",
          (int)status, error_text(&error));

    interrupter i = {vtable, instance};
    pthread_t thread;
    int started = pthread_create(&thread, NULL, interrupt_from_thread, &i) == 0;
    if (started) pthread_join(thread, NULL);
    message = make_message(SB_SIGNAL_STATUS, "after interrupt", 15, o->locale, 1800000000u, 4);
    clear(&error);
    status = vtable->render(instance, &message, &error);
    check(started && status == SB_OK,
          "interrupt from another thread with nothing rendering; the next render works (status %d)", (int)status);

    vtable->destroy(instance);
    check(1, "destroy");
}

/* --------------------------------------------------------- scene composer */

static size_t split_labels(const char *labels, char *storage, size_t storage_size, sb_record *records,
                           size_t capacity)
{
    snprintf(storage, storage_size, "%s", labels);
    size_t count = 0;
    for (char *save = NULL, *label = strtok_r(storage, ",", &save); label && count < capacity;
         label = strtok_r(NULL, ",", &save)) {
        memset(&records[count], 0, sizeof records[count]);
        records[count].kind = SB_RECORD_OBJECT;
        records[count].label = label;
        records[count].confidence = 0.9f - 0.05f * (float)count;
        count++;
    }
    return count;
}

static int compose_once(const sb_scene_composer *vtable, void *instance, const sb_record *records,
                        size_t count, const options *o, const char *what)
{
    sb_compose_request request;
    memset(&request, 0, sizeof request);
    request.struct_size = sizeof request;
    request.records = records;
    request.record_count = count;
    request.locale = o->locale;
    request.max_words = 12;
    request.max_labels = 5;
    request.deadline_ns = host_monotonic_ns(&host.table) + 2000000000u;
    sb_compose_result result;
    memset(&result, 0, sizeof result);
    result.struct_size = sizeof result;
    sb_error error;
    clear(&error);
    sb_status status = vtable->compose(instance, &request, &result, &error);
    if (status != SB_OK) {
        check(0, "compose %s: status %d: %s", what, (int)status, error_text(&error));
        return -1;
    }
    int ok = result.phrase_count == 0 || result.phrases != NULL;
    for (size_t p = 0; ok && p < result.phrase_count; p++) {
        const sb_phrase *phrase = &result.phrases[p];
        int phrase_ok = phrase->stream >= SB_STREAM_SIGHT && phrase->stream <= SB_STREAM_TEXT
                     && string_ok(phrase->text)
                     && (phrase->record_index_count == 0 || phrase->record_indices);
        char indices[256] = "";
        size_t at = 0;
        for (size_t k = 0; phrase_ok && k < phrase->record_index_count; k++) {
            if (phrase->record_indices[k] >= count) phrase_ok = 0;
            if (at < sizeof indices)
                at += (size_t)snprintf(indices + at, sizeof indices - at, "%s%u", k ? "," : "",
                                       (unsigned)phrase->record_indices[k]);
        }
        if (phrase_ok)
            info("phrase %zu, stream %u: \"%s\" (records %s)", p, (unsigned)phrase->stream, phrase->text, indices);
        ok = ok && phrase_ok;
    }
    check(ok, "compose %s: %zu phrase(s), each with a known stream, UTF-8 text and indices in range",
          what, result.phrase_count);
    return ok ? (int)result.phrase_count : -1;
}

static void exercise_composer(const sb_scene_composer *vtable, const options *o)
{
    check_bad_configs(vtable->create, vtable->destroy);
    void *instance = create_instance(vtable->create, vtable->destroy, o);
    if (!instance) return;
    char storage[1024];
    sb_record records[64];
    size_t count = split_labels(o->labels, storage, sizeof storage, records, 64);
    int first = compose_once(vtable, instance, records, count, o, o->labels);
    check(first != 0 || count == 0, "compose names something when given %zu labelled record(s)", count);
    vtable->cancel(instance);
    int again = compose_once(vtable, instance, records, count, o, "again after an idle cancel");
    check(first >= 0 && again == first, "a cancel with no compose in progress is ignored");
    compose_once(vtable, instance, NULL, 0, o, "with no records");
    vtable->destroy(instance);
    check(1, "destroy");
}

/* --------------------------------------------------------- sensing source */

static void exercise_source(const sb_sensing_source *vtable, const options *o)
{
    check_bad_configs(vtable->create, vtable->destroy);
    void *instance = create_instance(vtable->create, vtable->destroy, o);
    if (!instance) return;
    sb_error error;
    sb_frame frame;

    clear(&error);
    memset(&frame, 0, sizeof frame);
    frame.struct_size = sizeof frame;
    sb_status status = vtable->next_frame(instance, 0, &frame, &error);
    check(status == SB_ERR_NOT_STARTED, "next_frame before start returns SB_ERR_NOT_STARTED (status %d)", (int)status);

    clear(&error);
    status = vtable->start(instance, &error);
    check(status == SB_OK, "start (status %d%s%s)", (int)status, status ? ": " : "", status ? error_text(&error) : "");
    if (status == SB_OK) {
        uint64_t last = 0, run = 0;
        unsigned got = 0;
        int ok = 1;
        for (unsigned k = 0; k < o->frames; k++) {
            clear(&error);
            memset(&frame, 0, sizeof frame);
            frame.struct_size = sizeof frame;
    frame.struct_size = sizeof frame;
            status = vtable->next_frame(instance, o->timeout_ms, &frame, &error);
            if (status == SB_ERR_TIMEOUT || status == SB_ERR_END_OF_STREAM) {
                info("next_frame %u: %s", k, status == SB_ERR_TIMEOUT ? "timeout" : "end of stream");
                if (status == SB_ERR_END_OF_STREAM) break;
                continue;
            }
            if (status != SB_OK) {
                check(0, "next_frame %u: status %d: %s", k, (int)status, error_text(&error));
                ok = 0;
                break;
            }
            int frame_ok = frame.struct_size >= SB_STRUCT_END(sb_frame, record_count)
                        && (got == 0 || frame.run_id != run || frame.timestamp_ns > last);
            if (frame.kind == SB_FRAME_DEPTH) {
                frame_ok = frame_ok && frame.depth.width > 0 && frame.depth.height > 0
                        && frame.depth.row_stride >= frame.depth.width * 4u && frame.depth.metres;
                info("frame %u: depth %ux%u at %" PRIu64 " ns", k, (unsigned)frame.depth.width,
                     (unsigned)frame.depth.height, frame.timestamp_ns);
            } else if (frame.kind == SB_FRAME_RECORDS) {
                frame_ok = frame_ok && (frame.record_count == 0 || frame.records);
                for (size_t r = 0; frame_ok && r < frame.record_count; r++)
                    frame_ok = string_ok(frame.records[r].label);
                info("frame %u: %zu record(s) at %" PRIu64 " ns", k, frame.record_count, frame.timestamp_ns);
#if SB_ABI_MINOR >= 4
            } else if (frame.kind == SB_FRAME_IMAGE && frame.struct_size >= SB_STRUCT_END(sb_frame, image) && frame.image) {
                const sb_image *image = frame.image;
                unsigned channels = image->format == SB_PIXEL_GRAY8 ? 1u : image->format == SB_PIXEL_RGB24 ? 3u : 0u;
                frame_ok = frame_ok && channels && image->width > 0 && image->height > 0
                        && image->row_stride >= image->width * channels && image->pixels;
                info("frame %u: image %ux%u, %u byte(s) a pixel, at %" PRIu64 " ns", k, (unsigned)image->width,
                     (unsigned)image->height, channels, frame.timestamp_ns);
#endif
            } else {
                frame_ok = 0;
            }
            if (!frame_ok) check(0, "frame %u is well formed (struct_size, kind, increasing timestamp, data)", k);
            ok = ok && frame_ok;
            last = frame.timestamp_ns;
            run = frame.run_id;
            got++;
        }
        check(ok, "next_frame: %u frame(s) read, each well formed", got);
        vtable->stop(instance);
        clear(&error);
        status = vtable->next_frame(instance, 0, &frame, &error);
        check(status == SB_ERR_NOT_STARTED, "next_frame after stop returns SB_ERR_NOT_STARTED (status %d)", (int)status);
        vtable->stop(instance);
        check(1, "stop twice (idempotent)");
    }
    vtable->destroy(instance);
    check(1, "destroy");
}

/* ------------------------------------------------------------- descriptor */

static int reverse_dns(const char *id)
{
    if (!string_ok(id) || id[0] == '.' || !strchr(id, '.') || id[strlen(id) - 1] == '.') return 0;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '_'))
            return 0;
    return strstr(id, "..") == NULL;
}

static const sb_plugin_descriptor *check_descriptor(void *library, const options *o)
{
    dlerror();
    void *symbol = dlsym(library, o->entry);
    const char *why = dlerror();
    check(symbol != NULL, "entry symbol %s is exported%s%s", o->entry, symbol ? "" : ": ", symbol ? "" : why ? why : "");
    if (!symbol) return NULL;
    sb_plugin_entry_fn entry;
    memcpy(&entry, &symbol, sizeof entry);  /* object to function pointer, as POSIX allows */
    const sb_plugin_descriptor *d = entry();
    check(d != NULL, "entry returns a descriptor");
    if (!d) return NULL;
    check(entry() == d, "entry returns the same descriptor when called again");

    /* The host's rule and its words: a minor is the oldest host the plugin needs. */
    int version_ok = d->abi_major == SB_ABI_MAJOR && d->abi_minor <= SB_ABI_MINOR;
    if (d->abi_major != SB_ABI_MAJOR)
        check(0, "ABI %u.%u refused: major %u differs from this host's %u; rebuild the plugin against this host's sensebridge.h",
              (unsigned)d->abi_major, (unsigned)d->abi_minor, (unsigned)d->abi_major, SB_ABI_MAJOR);
    else if (d->abi_minor > SB_ABI_MINOR)
        check(0, "ABI %u.%u refused: the plugin needs a host of ABI %u.%u or later, and this host provides %u.%u",
              (unsigned)d->abi_major, (unsigned)d->abi_minor, (unsigned)d->abi_major, (unsigned)d->abi_minor,
              SB_ABI_MAJOR, SB_ABI_MINOR);
    else
        check(1, "ABI %u.%u accepted by a %u.%u host (major equal, minor not above)",
              (unsigned)d->abi_major, (unsigned)d->abi_minor, SB_ABI_MAJOR, SB_ABI_MINOR);
    if (o->expect_abi) {
        char declared[32];
        snprintf(declared, sizeof declared, "%u.%u", (unsigned)d->abi_major, (unsigned)d->abi_minor);
        check(strcmp(declared, o->expect_abi) == 0, "ABI %s matches the manifest's (%s)", declared, o->expect_abi);
    }
    check(d->struct_size >= DESCRIPTOR_1_0, "descriptor struct_size %u covers ABI 1.0 (%zu)",
          (unsigned)d->struct_size, (size_t)DESCRIPTOR_1_0);
    if (!version_ok || d->struct_size < DESCRIPTOR_1_0) return NULL;  /* the host stops here too */

    const char *kind = kind_name(d->kind);
    check(kind != NULL, "kind %u is known (%s)", (unsigned)d->kind, kind ? kind : "unknown");
    if (o->expect_kind)
        check(kind && strcmp(kind, o->expect_kind) == 0, "kind is %s (expected %s)", kind ? kind : "unknown",
              o->expect_kind);
    check(reverse_dns(d->id), "id \"%s\" is reverse-DNS", d->id ? d->id : "(null)");
    if (o->expect_id)
        check(d->id && strcmp(d->id, o->expect_id) == 0, "id matches the manifest (%s)", o->expect_id);
    check(string_ok(d->version), "version \"%s\" is set", d->version ? d->version : "(null)");
    const char *runtime = d->runtime ? d->runtime : "";
    check(utf8_valid(runtime, strlen(runtime)), "runtime \"%s\"%s", runtime, runtime[0] ? "" : " (plain C)");
    if (o->expect_runtime)
        check(strcmp(runtime, o->expect_runtime) == 0, "runtime matches the manifest (\"%s\")", o->expect_runtime);
    check(d->get_interface != NULL, "get_interface is set");
    if (!kind || !d->get_interface) return NULL;
    check(d->get_interface("sensebridge.no-such-interface/1") == NULL, "get_interface returns NULL for an unknown id");
    return d;
}

static void exercise(const sb_plugin_descriptor *d, const options *o)
{
    static const char *const ids[] = {NULL, SB_INTERFACE_SENSING_SOURCE, SB_INTERFACE_SCENE_COMPOSER,
                                      SB_INTERFACE_RENDER_TARGET};
    for (sb_plugin_kind other = SB_KIND_SENSING_SOURCE; other <= SB_KIND_RENDER_TARGET; other++)
        if (other != d->kind)
            check(d->get_interface(ids[other]) == NULL, "get_interface(\"%s\") is NULL for a %s", ids[other],
                  kind_name(d->kind));
    const void *table = d->get_interface(ids[d->kind]);
    check(table != NULL, "get_interface(\"%s\") returns the vtable", ids[d->kind]);
    if (!table) return;
    if (o->self_tests) run_self_tests(d);
    switch (d->kind) {
    case SB_KIND_RENDER_TARGET: {
        const sb_render_target *v = table;
        int ok = v->struct_size >= RENDER_TARGET_1_0 && v->create && v->destroy && v->render && v->interrupt;
        check(ok, "render-target vtable: struct_size %u, every function set", (unsigned)v->struct_size);
        if (ok) exercise_render_target(v, o);
        break;
    }
    case SB_KIND_SCENE_COMPOSER: {
        const sb_scene_composer *v = table;
        int ok = v->struct_size >= COMPOSER_1_0 && v->create && v->destroy && v->compose && v->cancel;
        check(ok, "scene-composer vtable: struct_size %u, every function set", (unsigned)v->struct_size);
        if (ok) exercise_composer(v, o);
        break;
    }
    case SB_KIND_SENSING_SOURCE: {
        const sb_sensing_source *v = table;
        int ok = v->struct_size >= SOURCE_1_0 && v->create && v->destroy && v->start && v->next_frame && v->stop;
        check(ok, "sensing-source vtable: struct_size %u, every function set", (unsigned)v->struct_size);
        if (ok) exercise_source(v, o);
        break;
    }
    }
}

/* ---------------------------------------------------- --print-config-entries */

#if SB_ABI_MINOR >= 2
static void print_json_string(const char *text)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') printf("\\%c", *p);
        else if (*p < 0x20) printf("\\u%04x", *p);
        else putchar(*p);
    }
    putchar('"');
}

/* What a plugin built against 1.2 reads for config_json: a JSON array of
 * [key, value] pairs in the order given, or null for the header's NULL. */
static int print_config_entries(const char *config_json)
{
    smoke_config config;
    if (!smoke_config_flatten(config_json, &config)) {
        puts("null");
        return 0;
    }
    putchar('[');
    for (size_t k = 0; k < config.count; k++) {
        printf(k ? ", [" : "[");
        print_json_string(config.entries[k].key);
        printf(", ");
        print_json_string(config.entries[k].value);
        putchar(']');
    }
    puts("]");
    smoke_config_free(&config);
    return 0;
}
#endif

/* ------------------------------------------------------------------ main */

/* Each %s is the program's name. */
static const char usage[] =
    "OVERVIEW: Load a SenseBridge plugin library and drive it through the C ABI.\n"
    "\n"
    "Checks one library without the SenseBridge host: its descriptor, its self-tests, and\n"
    "one create, call and destroy of a render target, scene composer or sensing source\n"
    "(a perceiver it does not drive). 'sensebridge plugins test <id>' is the full\n"
    "conformance check of an installed plugin of any kind; run it before anyone relies on\n"
    "the plugin.\n"
    "\n"
    "USAGE: %s [options] <library.so>\n"
    "\n"
    "ARGUMENTS:\n"
    "  <library.so>            The plugin library (a path; it is loaded with dlopen).\n"
    "\n"
    "OPTIONS:\n"
    "  --entry <symbol>        Entry symbol (default: " SB_ENTRY_SYMBOL ").\n"
    "  --config <json>         Config passed to create (default: {}).\n"
    "  --expect-id <id>        Fail unless the descriptor's id is <id>.\n"
    "  --expect-kind <kind>    render-target, scene-composer or sensing-source.\n"
    "  --expect-runtime <rt>   Fail unless the descriptor's runtime is <rt> (\"\" for plain C).\n"
    "  --expect-abi <M.m>      Fail unless the descriptor declares ABI <M.m> (the manifest's).\n"
    "  --text <text>           What a render target renders (default: a short sentence).\n"
    "  --labels <a,b,...>      Object labels a composer composes (default: chair,table,chair).\n"
    "  --locale <locale>       Locale of messages and requests (default: en).\n"
    "  --frames <n>            Frames to read from a sensing source (default: 3).\n"
    "  --timeout-ms <n>        next_frame timeout (default: 2000).\n"
    "  --expect-create-error <code>\n"
    "                          The config must be refused: create returns NULL with this\n"
    "                          status code (2 is SB_ERR_INVALID_CONFIG) and a message.\n"
    "  --no-self-tests         Skip the plugin's sensebridge.plugin-tests/1 extension.\n"
    "  --print-config-entries <json>\n"
    "                          Print the key/value entries an ABI 1.2 plugin is given for\n"
    "                          this config (a JSON array of [key, value], or null when it\n"
    "                          cannot be flattened) and exit; no library is loaded.\n"
    "  -q, --quiet             Print only FAIL lines and the summary.\n"
    "  -h, --help              Show this help.\n"
    "\n"
    "Every check prints PASS or FAIL; the last line is '%s: N passed, M failed'.\n"
    "Exit status: 0 all passed, 1 a check failed, 64 usage error.\n";

static int usage_error(const char *format, const char *detail)
{
    fprintf(stderr, "%s: ", program);
    fprintf(stderr, format, detail);
    fprintf(stderr, "\nSee '%s --help'.\n", program);
    return EXIT_USAGE;
}

static int parse_unsigned(const char *text, unsigned *out)
{
    char *end;
    errno = 0;
    unsigned long value = strtoul(text, &end, 10);
    if (errno || end == text || *end || value > 1000000ul) return 0;
    *out = (unsigned)value;
    return 1;
}

int main(int argc, char **argv)
{
    options o = {NULL, SB_ENTRY_SYMBOL, "{}", NULL, NULL, NULL, NULL, "This is a smoke test of the render target.",
                 "chair,table,chair", "en", 3, 2000, 1, 0, -1};
    unsigned expected_error = 0;
    int expect_error_given = 0;
    if (argc > 0 && argv[0][0]) program = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        const char **value = NULL;
        unsigned *number = NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { printf(usage, program, program); return 0; }
        else if (!strcmp(a, "--print-config-entries")) {
            if (k + 1 >= argc) return usage_error("option '%s' needs a value.", a);
#if SB_ABI_MINOR >= 2
            return print_config_entries(argv[k + 1]);
#else
            return usage_error("%s", "this sb-smoke acts as a host before ABI 1.2, which has no config entries.");
#endif
        }
        else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) o.quiet = 1;
        else if (!strcmp(a, "--no-self-tests")) o.self_tests = 0;
        else if (!strcmp(a, "--entry")) value = &o.entry;
        else if (!strcmp(a, "--config")) value = &o.config;
        else if (!strcmp(a, "--expect-id")) value = &o.expect_id;
        else if (!strcmp(a, "--expect-kind")) value = &o.expect_kind;
        else if (!strcmp(a, "--expect-runtime")) value = &o.expect_runtime;
        else if (!strcmp(a, "--expect-abi")) value = &o.expect_abi;
        else if (!strcmp(a, "--text")) value = &o.text;
        else if (!strcmp(a, "--labels")) value = &o.labels;
        else if (!strcmp(a, "--locale")) value = &o.locale;
        else if (!strcmp(a, "--frames")) number = &o.frames;
        else if (!strcmp(a, "--timeout-ms")) number = &o.timeout_ms;
        else if (!strcmp(a, "--expect-create-error")) { number = &expected_error; expect_error_given = 1; }
        else if (a[0] == '-') return usage_error("unknown option '%s'.", a);
        else if (o.library) return usage_error("give one library; '%s' is a second one.", a);
        else o.library = a;
        if (value || number) {
            if (++k >= argc) return usage_error("option '%s' needs a value.", a);
            if (value) *value = argv[k];
            else if (!parse_unsigned(argv[k], number)) return usage_error("'%s' is not a number from 0 to 1000000.", argv[k]);
        }
    }
    if (!o.library) return usage_error("%s", "give the plugin library to load.");
    if (expect_error_given) {
        if (expected_error == SB_OK)
            return usage_error("%s", "--expect-create-error needs a failure code such as 2 (SB_ERR_INVALID_CONFIG).");
        o.expect_create_error = (int)expected_error;
    }
    if (o.expect_kind && strcmp(o.expect_kind, "render-target") && strcmp(o.expect_kind, "scene-composer")
        && strcmp(o.expect_kind, "sensing-source"))
        return usage_error("unknown kind '%s'; use render-target, scene-composer or sensing-source.", o.expect_kind);
    quiet = o.quiet;

    /* The header forbids plugins to write to stdout, where the host's results
     * go: point fd 1 at a scratch file and report through a copy of it. */
    int real_stdout = dup(STDOUT_FILENO);
    FILE *scratch = tmpfile();
    if (real_stdout < 0 || !scratch || !(report = fdopen(real_stdout, "w"))) {
        fprintf(stderr, "%s: cannot set up output capture: %s\n", program, strerror(errno));
        return 1;
    }
    fflush(stdout);
    dup2(fileno(scratch), STDOUT_FILENO);

    smoke_host_open(&host, o.config);
    info("library %s", o.library);
    info("host ABI %u.%u (the header sb-smoke was built with)", SB_ABI_MAJOR, SB_ABI_MINOR);
#if SB_ABI_MINOR >= 2
    info("config %s: %s", o.config, host.config.entries ? "flattened to key/value entries"
                                                         : "cannot be flattened (NULL entries)");
#endif
    /* As the host does: resolve everything now, keep symbols local, never unload. */
    char path[4096];
    snprintf(path, sizeof path, "%s%s", strchr(o.library, '/') ? "" : "./", o.library);
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    check(library != NULL, "dlopen %s%s%s", o.library, library ? "" : ": ", library ? "" : dlerror());
    if (library) {
        const sb_plugin_descriptor *d = check_descriptor(library, &o);
        if (d) exercise(d, &o);
    }

    fflush(stdout);
    struct stat captured;
    int measured = fstat(fileno(scratch), &captured) == 0;
    check(measured && captured.st_size == 0, "the plugin wrote nothing to stdout (%lld bytes)",
          measured ? (long long)captured.st_size : -1LL);
    check(unlabelled_fields == 0, "every logged value carries a privacy label (%u event(s), %u unlabelled)",
          logged_events, unlabelled_fields);
    smoke_host_close(&host);
    fprintf(report, "%s: %d passed, %d failed\n", program, passed, failed);
    fflush(report);
    return failed ? 1 : 0;
}
