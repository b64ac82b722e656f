/*
 * namelist_composer.c — a SenseBridge scene composer in plain C.
 *
 * Turns perception records into subject phrases made only of their names and a
 * few connecting words: "a chair, a table and two cups", "una silla y un
 * perro". Never a sentence and never a hedge: the host validates every phrase,
 * grounds each word in the records it covers, and wraps it in a hedge chosen
 * from the weakest of them. The library is built against sensebridge.h alone,
 * reads its settings from the host's key/value config entries (no JSON parser),
 * and exports one symbol, sensebridge_plugin_entry.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "namelist.h"

/* The last field compose reads of the request and writes of the result; a host
 * built against an older header could pass shorter structs. */
#define REQUEST_FIELDS_READ SB_STRUCT_END(sb_compose_request, deadline_ns)
#define RESULT_FIELDS_WRITTEN SB_STRUCT_END(sb_compose_result, phrase_count)

typedef struct namelist {
    const sb_host_services *host;  /* borrowed until destroy, with its config entries */
    namelist_config config;
    /* Set by cancel from any thread; cleared when a compose begins, so a cancel
     * with no compose in progress is ignored, as the header asks. */
    atomic_bool cancel_requested;
    namelist_output output;  /* the last result, plugin-owned */
} namelist;

static uint64_t now_ns(const sb_host_services *host)
{
    if (host && SB_STRUCT_HAS(host, sb_host_services, monotonic_ns) && host->monotonic_ns) return host->monotonic_ns(host);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static void log_defaults(const sb_host_services *host)
{
    if (!host || !SB_STRUCT_HAS(host, sb_host_services, log_event) || !host->log_event) return;
    sb_log_field field = {"reason", "host older than ABI 1.2: no config entries", SB_PRIVACY_PUBLIC};
    host->log_event(host, SB_LOG_WARNING, "namelist.config-defaults", &field, 1);
}

static void *namelist_create(const sb_host_services *host, const char *config_json, sb_error *error)
{
    /* The entries say what config_json says; this composer reads only them. */
    (void)config_json;
    namelist_config config;
    if (namelist_config_read(host, &config, error) != SB_OK) return NULL;
    namelist *n = calloc(1, sizeof *n);
    if (!n) {
        sb_error_set(error, SB_ERR_INTERNAL, "Out of memory creating the name-list composer.");
        return NULL;
    }
    n->host = host;
    n->config = config;
    atomic_init(&n->cancel_requested, false);
    if (!config.host) log_defaults(host);
    return n;
}

static void namelist_destroy(void *self)
{
    namelist *n = self;
    if (!n) return;
    namelist_output_release(&n->output);
    free(n);
}

typedef struct stop_check {
    namelist *instance;
    uint64_t deadline_ns;
} stop_check;

/* Between records: a cancel from another thread, or the deadline on the host's clock. */
static sb_status keep_going(void *context, sb_error *error)
{
    const stop_check *check = context;
    if (atomic_load(&check->instance->cancel_requested))
        return sb_error_set(error, SB_ERR_CANCELLED, "Composing was cancelled.");
    if (now_ns(check->instance->host) >= check->deadline_ns)
        return sb_error_set(error, SB_ERR_TIMEOUT, "Composing did not finish before the request's deadline.");
    return SB_OK;
}

static sb_status namelist_compose(void *self, const sb_compose_request *request, sb_compose_result *result,
                                  sb_error *error)
{
    namelist *n = self;
    if (!n) return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "compose was called without an instance.");
    atomic_store(&n->cancel_requested, false);
    /* The previous result's phrases, text and indices end here, as the header allows. */
    namelist_output_release(&n->output);
    if (!request || request->struct_size < REQUEST_FIELDS_READ)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "compose needs a request of at least %zu bytes.",
                            (size_t)REQUEST_FIELDS_READ);
    if (!result || result->struct_size < RESULT_FIELDS_WRITTEN)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "compose needs a result of at least %zu bytes.",
                            (size_t)RESULT_FIELDS_WRITTEN);
    result->phrases = NULL;
    result->phrase_count = 0;
    const namelist_locale *locale = namelist_locale_find(request->locale);
    if (!locale)
        return sb_error_set(error, SB_ERR_UNSUPPORTED, "This composer speaks %s, not '%s'.", namelist_locales_spoken,
                            request->locale ? request->locale : "(none)");
    stop_check check = {n, request->deadline_ns};
    sb_status status = keep_going(&check, error);
    if (status != SB_OK) return status;
    namelist_request work = {request->records, request->record_count, locale, &n->config,
                             request->max_words, request->max_labels, keep_going, &check};
    status = namelist_compose_phrases(&work, &n->output, error);
    if (status != SB_OK) {
        namelist_output_release(&n->output);
        return status;
    }
    return namelist_output_publish(&n->output, result, error);
}

static void namelist_cancel(void *self)
{
    namelist *n = self;
    if (n) atomic_store(&n->cancel_requested, true);
}

const sb_scene_composer namelist_scene_composer = {
    sizeof(sb_scene_composer),
    namelist_create,
    namelist_destroy,
    namelist_compose,
    namelist_cancel,
};

static const void *namelist_get_interface(const char *interface_id)
{
    if (!interface_id) return NULL;
    if (strcmp(interface_id, SB_INTERFACE_SCENE_COMPOSER) == 0) return &namelist_scene_composer;
    if (strcmp(interface_id, SB_INTERFACE_PLUGIN_TESTS) == 0) return &namelist_plugin_tests;
    return NULL;
}

/* The minor is the oldest host this needs, not the header it was built with: 1.2 is the
 * first whose host services carry the config entries it reads (docs/PLUGIN_ABI.md). */
static const sb_plugin_descriptor namelist_descriptor = {
    SB_ABI_MAJOR,
    2,
    sizeof(sb_plugin_descriptor),
    SB_KIND_SCENE_COMPOSER,
    NAMELIST_ID,
    NAMELIST_VERSION,
    NULL, /* plain C: no language runtime needed in the host */
    namelist_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void);

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void)
{
    return &namelist_descriptor;
}
