/* A scene composer that names each record in English ("a chair"), one phrase per record, with
 * defects chosen at compile time. Like the host's label list, it speaks identifiers
 * without underscores and gives text records a fixed subject ("some text"): the host
 * reads recognized text itself. It "works" 100 us per record, checking cancel and
 * the deadline between records, so cancel has something to cut short.
 *
 *   FIXTURE_IGNORE_CANCEL  1: cancel is ignored; compose runs until its work or deadline ends
 *   FIXTURE_LEAK_COMPOSE   1: every compose keeps 64 KiB it never frees
 *   FIXTURE_SENTENCES      1: writes confident sentences with a distance ("There is a chair 2 feet ahead.")
 *   FIXTURE_COMPOSE_DELAY_MS  n: every compose first takes n ms, as a slow model would
 * and the cross-kind knobs in fixture_common.h.
 */
#include "fixture_common.h"
#include <stdatomic.h>

#ifndef FIXTURE_IGNORE_CANCEL
#define FIXTURE_IGNORE_CANCEL 0
#endif
#ifndef FIXTURE_LEAK_COMPOSE
#define FIXTURE_LEAK_COMPOSE 0
#endif
#ifndef FIXTURE_SENTENCES
#define FIXTURE_SENTENCES 0
#endif
#ifndef FIXTURE_COMPOSE_DELAY_MS
#define FIXTURE_COMPOSE_DELAY_MS 0
#endif

typedef struct composer {
    const sb_host_services *host;
    atomic_int cancelled;
    fixture_result out; /* texts[i] is phrase i's */
} composer;

static void release_result(composer *self) { fixture_result_release(&self->out); }

static void *composer_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (!fixture_create_checks(host, config_json, error)) return NULL;
    composer *self = calloc(1, sizeof(composer));
    self->host = host;
    atomic_init(&self->cancelled, 0);
    return self;
}

static void composer_destroy(void *instance) {
    release_result(instance);
    free(instance);
}

/* English only. A Spanish or Vietnamese name needs the host's reviewed vocabulary
 * ("una silla", not "un chair"), which a C fixture does not carry, so other locales
 * are declined with SB_ERR_UNSUPPORTED, as the header allows. */
static const char *article(const char *locale) {
    return strcmp(locale, "en") == 0 ? "a" : NULL;
}

static const char *text_subject(void) { return "some text"; }

static sb_status composer_compose(void *instance, const sb_compose_request *request, sb_compose_result *result, sb_error *error) {
    composer *self = instance;
    atomic_store(&self->cancelled, 0); /* a cancel before this call is not for it */
    release_result(self);
    if (FIXTURE_COMPOSE_DELAY_MS > 0) fixture_sleep_us((long)FIXTURE_COMPOSE_DELAY_MS * 1000);
    const char *a = article(request->locale ? request->locale : "en");
    if (!a) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this composer speaks English only; the host's label list names things in other languages");
        return SB_ERR_UNSUPPORTED;
    }
    if (FIXTURE_LEAK_COMPOSE) fixture_deliberate_leak(64 * 1024);
    size_t n = request->record_count;
    fixture_result_reserve(&self->out, n, n);
    for (size_t i = 0; i < n; i++) {
        if (self->host->monotonic_ns(self->host) > request->deadline_ns) {
            sb_error_set(error, SB_ERR_TIMEOUT, "the deadline passed before the phrases were ready");
            release_result(self);
            return SB_ERR_TIMEOUT;
        }
        if (!FIXTURE_IGNORE_CANCEL && atomic_load(&self->cancelled)) {
            sb_error_set(error, SB_ERR_CANCELLED, "composing was cancelled");
            release_result(self);
            return SB_ERR_CANCELLED;
        }
        fixture_sleep_us(100);
        const sb_record *record = &request->records[i];
        sb_stream stream;
        char *text;
        if (record->kind == SB_RECORD_TEXT) {
            stream = SB_STREAM_TEXT;
            text = strdup(text_subject());
        } else if (record->kind == SB_RECORD_OBJECT || record->kind == SB_RECORD_SOUND) {
            stream = record->kind == SB_RECORD_OBJECT ? SB_STREAM_SIGHT : SB_STREAM_SOUND;
            size_t size = strlen(a) + strlen(record->label) + 2;
            text = malloc(size);
            if (FIXTURE_SENTENCES) {
                size = strlen(record->label) + 40;
                text = realloc(text, size);
                snprintf(text, size, "There is a %s 2 feet ahead.", record->label);
            } else {
                snprintf(text, size, "%s %s", a, record->label);
            }
            for (char *c = text; *c; c++) if (*c == '_') *c = ' ';
        } else {
            continue; /* depth is not narrated as a subject */
        }
        size_t at = self->out.text_count++;
        self->out.texts[at] = text;
        self->out.indices[at] = (uint32_t)i;
        self->out.phrases[at] = (sb_phrase){stream, text, &self->out.indices[at], 1};
    }
    result->phrases = self->out.phrases;
    result->phrase_count = self->out.text_count;
    return SB_OK;
}

static void composer_cancel(void *instance) { atomic_store(&((composer *)instance)->cancelled, 1); }

static const sb_scene_composer composer_table = {
    sizeof(sb_scene_composer), composer_create, composer_destroy, composer_compose, composer_cancel,
};

static const void *composer_get_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_SCENE_COMPOSER) == 0) return &composer_table;
    return fixture_tests_interface(id);
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_SCENE_COMPOSER,
    FIXTURE_ID, "1.0.0", NULL, composer_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) {
    return &descriptor;
}
