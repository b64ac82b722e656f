/*
 * teletype.c — a SenseBridge render target in one file: each message becomes a
 * timed line appended to a text file that a braille display, a screen reader
 * (`tail -f`) or a caregiver's log viewer follows:
 *     [00:01:02.500] alert: Something may be close ahead.
 * Build against an installed SenseBridge; put the library and teletype.json in
 * ~/.local/share/sensebridge/plugins:
 *     cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden $(pkg-config --cflags sensebridge) \
 *         -o libteletype_target.so teletype.c
 */
#define _POSIX_C_SOURCE 200809L /* open's O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sensebridge_util.h>

/* The oldest host this target needs, as teletype.json declares: 1.2, the first
 * to pass the config as entries (sb_config_get). Nothing here is newer. */
#define TELETYPE_ABI_MINOR 2u

typedef struct teletype {
    int fd;
    /* Counted up by interrupt (any thread); a render that sees it change writes
     * nothing. A count, not a flag: an idle interrupt cannot cancel the next. */
    atomic_uint_fast64_t interrupts;
} teletype;

static void *teletype_create(const sb_host_services *host, const char *config_json, sb_error *error)
{
    (void)config_json; /* the entries say the same, without a JSON parser */
    if (!sb_config_readable(host)) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "The teletype reads its config as entries (ABI 1.2 and "
                     "later): a JSON object with no '.' in a key.");
        return NULL;
    }
    /* A mistyped key is refused by name: ignored, the lines would go elsewhere. */
    for (size_t k = 0; k < host->config_entry_count; k++) {
        if (strcmp(host->config_entries[k].key, "path") != 0) {
            sb_error_set(error, SB_ERR_INVALID_CONFIG, "The teletype has no setting '%s', only 'path'.",
                         host->config_entries[k].key);
            return NULL;
        }
    }
    const char *path = sb_config_get(host, "path");
    if (!path || path[0] != '/') {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "The teletype's 'path' must be an absolute file name "
                     "(the host turns {output} into one); it is '%s'.", path ? path : "not set");
        return NULL;
    }
    teletype *self = calloc(1, sizeof *self);
    if (!self) {
        sb_error_set(error, SB_ERR_INTERNAL, "Out of memory creating the teletype.");
        return NULL;
    }
    /* Opened now, so a wrong path is reported when the profile loads, not mid-walk.
     * 0600: the lines are what a person saw and heard. */
    self->fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY, 0600);
    if (self->fd < 0) {
        sb_error_set(error, SB_ERR_IO, "Cannot open the teletype file '%s': %s.", path, strerror(errno));
        free(self);
        return NULL;
    }
    atomic_init(&self->interrupts, 0);
    if (host->log_event) {
        /* The file name can tell who uses the device: private, so the host redacts it. */
        sb_log_field field = {"path", path, SB_PRIVACY_PRIVATE};
        host->log_event(host, SB_LOG_INFO, "teletype.opened", &field, 1);
    }
    return self;
}

static void teletype_destroy(void *instance)
{
    teletype *self = instance;
    close(self->fd); /* each line went out whole in write(): nothing to flush */
    free(self);
}

/* Short, stable words: people grep them, and a braille display has few cells. */
static const char *const signal_names[] = {
    [SB_SIGNAL_DESCRIPTION] = "scene", [SB_SIGNAL_AWARENESS_ALERT] = "alert",
    [SB_SIGNAL_AWARENESS_CLEAR] = "clear", [SB_SIGNAL_READING_SEGMENT] = "reading",
    [SB_SIGNAL_STATUS] = "status", [SB_SIGNAL_SESSION_SUMMARY] = "summary",
};

/* Whether a character would break "one message, one line": a C0 or C1 control
 * (a newline, a terminal's escape), or U+2028 and U+2029, which end lines too. */
static int breaks_line(const unsigned char *c, size_t length)
{
    return (length == 1 && (c[0] < 0x20u || c[0] == 0x7Fu)) || (length == 2 && c[0] == 0xC2u && c[1] <= 0x9Fu)
        || (length == 3 && c[0] == 0xE2u && c[1] == 0x80u && (c[2] == 0xA8u || c[2] == 0xA9u));
}

static sb_status teletype_render(void *instance, const sb_message *message, sb_error *error)
{
    teletype *self = instance;
    uint_fast64_t interrupts = atomic_load(&self->interrupts);
    /* A host built against an older header passes a shorter message. */
    if (!message || message->struct_size < SB_STRUCT_END(sb_message, session_time_ns))
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The message is too short for the teletype.");
    size_t known = sizeof signal_names / sizeof *signal_names;
    const char *name = message->signal < known ? signal_names[message->signal] : NULL;
    if (!name) return SB_OK; /* a signal newer than this target: the header lets it be ignored */
    if ((!message->text && message->text_length > 0) || message->text_length > SIZE_MAX - 64)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The message text is NULL or too long.");
    const unsigned char *text = (const unsigned char *)message->text;
    size_t length = message->text_length;

    char *line = malloc(length + 64); /* the text, its stamp and name, and '\n' */
    if (!line) return sb_error_set(error, SB_ERR_INTERNAL, "Out of memory writing a teletype line.");
    uint64_t ms = message->session_time_ns / 1000000u;
    size_t out = (size_t)snprintf(line, 64, "[%02" PRIu64 ":%02u:%02u.%03u] %s: ", ms / 3600000u,
                                  (unsigned)(ms / 60000u % 60u), (unsigned)(ms / 1000u % 60u),
                                  (unsigned)(ms % 1000u), name);
    for (size_t at = 0; at < length;) {
        size_t character = sb_utf8_character_length(text + at, length - at);
        if (character == 0) {
            free(line);
            return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The text is not UTF-8 at byte %zu; not written.", at);
        }
        if (breaks_line(text + at, character)) {
            line[out++] = ' ';
        } else {
            memcpy(line + out, text + at, character);
            out += character;
        }
        at += character;
    }
    line[out++] = '\n';

    sb_status status = SB_OK;
    if (atomic_load(&self->interrupts) != interrupts)
        status = sb_error_set(error, SB_ERR_CANCELLED, "The message was interrupted before it was written.");
    /* One write per line, retried where it stopped, so a line is never torn. */
    for (size_t done = 0; status == SB_OK && done < out;) {
        ssize_t written = write(self->fd, line + done, out - done);
        if (written > 0) done += (size_t)written;
        else if (written < 0 && errno == EINTR) continue;
        else status = sb_error_set(error, SB_ERR_IO, "Cannot write to the teletype file: %s.",
                                   written < 0 ? strerror(errno) : "no progress");
    }
    free(line);
    return status;
}

static void teletype_interrupt(void *instance)
{
    teletype *self = instance;
    atomic_fetch_add(&self->interrupts, 1);
}

static const sb_render_target render_target = {
    sizeof(sb_render_target), teletype_create, teletype_destroy, teletype_render, teletype_interrupt,
};

static const void *get_interface(const char *interface_id)
{
    return interface_id && strcmp(interface_id, SB_INTERFACE_RENDER_TARGET) == 0 ? &render_target : NULL;
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, TELETYPE_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_RENDER_TARGET,
    "com.example.teletype", "2.0.0", NULL /* plain C: no runtime to load */, get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void);
SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void)
{
    return &descriptor;
}
