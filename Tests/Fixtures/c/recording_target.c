/* A render target that appends one line per delivered message to a file:
 *   <monotonic ns> <signal> <urgent 0|1> <text>
 * with an optional delay per render and an optional failure after N renders, so
 * fan-out tests can make one target slow or failing and watch the others.
 * Config: {"path": "...", "delay_ms": N, "fail_after": N, "gone_while": "...",
 * "refuse_create": N} (flat, numbers plain). While the file named by gone_while
 * exists, render returns SB_ERR_UNAVAILABLE at once (its daemon is gone for now);
 * refuse_create 1 fails create, as a target whose daemon is not running does. */
#define _POSIX_C_SOURCE 200809L
#include <sensebridge_util.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct recorder {
    char path[1024];
    char gone_while[1024];
    long delay_ms;
    long fail_after;
    long rendered;
    atomic_int interrupted;
} recorder;

static const char *find_value(const char *json, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *at = strstr(json, pattern);
    if (!at) return NULL;
    at = strchr(at + strlen(pattern), ':');
    if (!at) return NULL;
    at++;
    while (*at == ' ') at++;
    return at;
}

/* Copies the string value of key into out (empty when absent); 0 when it is not a string. */
static int copy_string(const char *json, const char *key, char *out, size_t capacity) {
    const char *value = find_value(json, key);
    out[0] = 0;
    if (!value) return 1;
    if (*value != '"') return 0;
    const char *end = strchr(value + 1, '"');
    size_t length = end ? (size_t)(end - value - 1) : 0;
    if (length >= capacity) length = capacity - 1;
    memcpy(out, value + 1, length);
    out[length] = 0;
    return 1;
}

static void *rec_create(const sb_host_services *host, const char *config, sb_error *error) {
    (void)host;
    config = config ? config : "{}";
    const char *refuse = find_value(config, "refuse_create");
    if (refuse && strtol(refuse, NULL, 10) == 1) {
        sb_error_set(error, SB_ERR_IO, "the recording daemon is not running");
        return NULL;
    }
    recorder *self = calloc(1, sizeof(recorder));
    if (!copy_string(config, "path", self->path, sizeof self->path) || !self->path[0]
        || !copy_string(config, "gone_while", self->gone_while, sizeof self->gone_while)) {
        free(self);
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "config needs \"path\" (and \"gone_while\", if given, is a path)");
        return NULL;
    }
    const char *delay = find_value(config, "delay_ms");
    self->delay_ms = delay ? strtol(delay, NULL, 10) : 0;
    const char *fail = find_value(config, "fail_after");
    self->fail_after = fail ? strtol(fail, NULL, 10) : -1;
    return self;
}

static void rec_destroy(void *self) { free(self); }

static unsigned long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;
}

static sb_status rec_render(void *opaque, const sb_message *message, sb_error *error) {
    recorder *self = opaque;
    if (self->gone_while[0]) {
        FILE *gone = fopen(self->gone_while, "r");
        if (gone) {
            fclose(gone);
            sb_error_set(error, SB_ERR_UNAVAILABLE, "the recording daemon is not answering");
            return SB_ERR_UNAVAILABLE;
        }
    }
    if (self->fail_after >= 0 && self->rendered >= self->fail_after) {
        sb_error_set(error, SB_ERR_IO, "the recording device was unplugged");
        return SB_ERR_IO;
    }
    /* Urgent messages are short; routine ones take delay_ms. An interrupt that
     * arrives before the render starts still cuts it: the host only interrupts
     * while a render is due. */
    long delay = (message->flags & SB_MESSAGE_URGENT) ? 0 : self->delay_ms;
    for (long waited = 0; waited < delay; waited += 5) {
        if (atomic_exchange(&self->interrupted, 0)) {
            sb_error_set(error, SB_ERR_CANCELLED, "interrupted");
            return SB_ERR_CANCELLED;
        }
        struct timespec step = {0, 5 * 1000000L};
        nanosleep(&step, NULL);
    }
    FILE *file = fopen(self->path, "a");
    if (!file) {
        return sb_error_set(error, SB_ERR_IO, "%s: %s", self->path, strerror(errno));
    }
    fprintf(file, "%llu %u %d %.*s\n", now_ns(), message->signal, (message->flags & SB_MESSAGE_URGENT) ? 1 : 0,
            (int)message->text_length, message->text ? message->text : "");
    fclose(file);
    atomic_store(&self->interrupted, 0);
    self->rendered += 1;
    return SB_OK;
}

static void rec_interrupt(void *opaque) { atomic_store(&((recorder *)opaque)->interrupted, 1); }

static const sb_render_target table = {sizeof(sb_render_target), rec_create, rec_destroy, rec_render, rec_interrupt};

static const void *rec_interface(const char *id) {
    return strcmp(id, SB_INTERFACE_RENDER_TARGET) == 0 ? &table : NULL;
}

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.sensebridge.recording-target"
#endif

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_RENDER_TARGET,
    FIXTURE_ID, "1.0.0", NULL, rec_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) { return &descriptor; }
