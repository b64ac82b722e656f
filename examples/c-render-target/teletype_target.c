/*
 * teletype_target.c — a SenseBridge render target in plain C.
 *
 * Appends every message the host sends as one line to a text file:
 *
 *     [00:01:02.500] alert: Something may be close ahead.
 *
 * A braille display driver, a screen reader following the file with `tail -f`,
 * or a caregiver's log viewer can read it. The library is built against
 * sensebridge.h alone and exports one symbol, sensebridge_plugin_entry.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "teletype.h"

#define SB_EXPORT __attribute__((visibility("default")))

/* The last field render reads; a host built against an older header than ours
 * could pass a shorter struct, and the header forbids reading past its size. */
#define MESSAGE_FIELDS_READ \
    (offsetof(sb_message, session_time_ns) + sizeof(((sb_message *)0)->session_time_ns))

typedef struct teletype {
    int fd;
    char *path;
    /* Bumped by interrupt (any thread); a render that sees it change between
     * its start and its write returns SB_ERR_CANCELLED. Counting instead of a
     * flag means an interrupt with no render in progress cannot cancel the
     * next one, as the header asks. */
    atomic_uint_fast64_t interrupts;
} teletype;

sb_status teletype_fail(sb_error *error, sb_status code, const char *format, ...)
{
    if (error) {
        va_list arguments;
        va_start(arguments, format);
        /* vsnprintf may cut a UTF-8 sequence at the capacity; back off to a
         * character boundary so the host never receives a torn character. */
        int n = vsnprintf(error->message, SB_ERROR_MESSAGE_CAPACITY, format, arguments);
        va_end(arguments);
        if (n >= SB_ERROR_MESSAGE_CAPACITY) {
            size_t kept = SB_ERROR_MESSAGE_CAPACITY - 1, lead = kept;
            const unsigned char *m = (const unsigned char *)error->message;
            while (lead > 0 && (m[lead - 1] & 0xC0u) == 0x80u) lead--;
            if (lead > 0) {
                unsigned char c = m[lead - 1];
                size_t width = c < 0x80u ? 1 : c >= 0xF0u ? 4 : c >= 0xE0u ? 3 : 2;
                if (lead - 1 + width > kept) error->message[lead - 1] = '\0';
            }
        }
        if (error->message[0] == '\0') snprintf(error->message, SB_ERROR_MESSAGE_CAPACITY, "Teletype failed.");
        error->code = code;
    }
    return code;
}

static void log_opened(const sb_host_services *host, const char *path)
{
    /* A host built against an older header may have a shorter table. */
    if (!host || host->struct_size < offsetof(sb_host_services, log_event) + sizeof host->log_event
        || !host->log_event)
        return;
    /* The file name can reveal who uses the device; it is labelled private so
     * the host redacts it from logs. */
    sb_log_field field = {"path", path, SB_PRIVACY_PRIVATE};
    host->log_event(host, SB_LOG_INFO, "teletype.opened", &field, 1);
}

static void *teletype_create(const sb_host_services *host, const char *config_json, sb_error *error)
{
    char *path = NULL;
    if (teletype_parse_config(config_json, &path, error) != SB_OK) return NULL;
    teletype *t = calloc(1, sizeof *t);
    if (!t) {
        free(path);
        teletype_fail(error, SB_ERR_INTERNAL, "Out of memory creating the teletype target.");
        return NULL;
    }
    /* Opened now, not at the first message: a wrong path is reported when the
     * profile loads, not in the middle of a walk. 0600: the lines are what a
     * person saw and heard. */
    t->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
    if (t->fd < 0) {
        teletype_fail(error, SB_ERR_IO, "Cannot open teletype file '%s': %s.", path, strerror(errno));
        free(path);
        free(t);
        return NULL;
    }
    t->path = path;
    atomic_init(&t->interrupts, 0);
    log_opened(host, path);
    return t;
}

static void teletype_destroy(void *self)
{
    teletype *t = self;
    if (!t) return;
    close(t->fd);  /* every line went out in write(); there is no buffer to flush */
    free(t->path);
    free(t);
}

/* Writes the whole line: partial writes and EINTR are retried, so a line is
 * never torn in the file. */
static sb_status write_all(teletype *t, const char *line, size_t length, sb_error *error)
{
    while (length > 0) {
        ssize_t n = write(t->fd, line, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            return teletype_fail(error, SB_ERR_IO, "Cannot write to teletype file '%s': %s.", t->path,
                                 n < 0 ? strerror(errno) : "no progress");
        line += n;
        length -= (size_t)n;
    }
    return SB_OK;
}

static sb_status teletype_render(void *self, const sb_message *message, sb_error *error)
{
    teletype *t = self;
    if (!t) return teletype_fail(error, SB_ERR_INVALID_ARGUMENT, "render was called without an instance.");
    uint_fast64_t interrupts_at_start = atomic_load(&t->interrupts);
    if (!message || message->struct_size < MESSAGE_FIELDS_READ)
        return teletype_fail(error, SB_ERR_INVALID_ARGUMENT, "render needs a message of at least %zu bytes.",
                             (size_t)MESSAGE_FIELDS_READ);
    const char *name = teletype_signal_name(message->signal);
    if (!name) return SB_OK;  /* a signal from a newer host: ignored, as the header asks */
    if (!message->text && message->text_length > 0)
        return teletype_fail(error, SB_ERR_INVALID_ARGUMENT, "Message text is NULL but its length is not 0.");
    const char *text = message->text ? message->text : "";
    size_t bad;
    if (!teletype_utf8_valid(text, message->text_length, &bad))
        return teletype_fail(error, SB_ERR_INVALID_ARGUMENT,
                             "Message text is not valid UTF-8 (byte %zu); it was not written.", bad);
    size_t length;
    char *line = teletype_format_line(message->session_time_ns, name, text, message->text_length, &length);
    if (!line) return teletype_fail(error, SB_ERR_INTERNAL, "Out of memory formatting a teletype line.");
    sb_status status;
    if (atomic_load(&t->interrupts) != interrupts_at_start)
        status = teletype_fail(error, SB_ERR_CANCELLED, "The message was interrupted before it was written.");
    else
        status = write_all(t, line, length, error);
    free(line);
    return status;
}

static void teletype_interrupt(void *self)
{
    teletype *t = self;
    if (t) atomic_fetch_add(&t->interrupts, 1);
}

const sb_render_target teletype_render_target = {
    sizeof(sb_render_target),
    teletype_create,
    teletype_destroy,
    teletype_render,
    teletype_interrupt,
};

static const void *teletype_get_interface(const char *interface_id)
{
    if (!interface_id) return NULL;
    if (strcmp(interface_id, SB_INTERFACE_RENDER_TARGET) == 0) return &teletype_render_target;
    if (strcmp(interface_id, SB_INTERFACE_PLUGIN_TESTS) == 0) return &teletype_plugin_tests;
    return NULL;
}

static const sb_plugin_descriptor teletype_descriptor = {
    SB_ABI_MAJOR,
    SB_ABI_MINOR,
    sizeof(sb_plugin_descriptor),
    SB_KIND_RENDER_TARGET,
    TELETYPE_ID,
    TELETYPE_VERSION,
    NULL, /* plain C: no language runtime needed in the host */
    teletype_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void);

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void)
{
    return &teletype_descriptor;
}
