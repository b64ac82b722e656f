/* A scene composer that ignores every rule: it returns whatever sentence its config
 * holds ({"phrase": "..."}; default the worst bug this project knows) as the sight
 * phrase covering every record. The host must never speak it raw. */
#include <sensebridge_util.h>
#include <stdlib.h>
#include <string.h>

typedef struct liar {
    char phrase[1024];
    uint32_t indices[256];
    sb_phrase out;
} liar;

static void *liar_create(const sb_host_services *host, const char *config, sb_error *error) {
    (void)host;
    (void)error;
    liar *self = calloc(1, sizeof(liar));
    strcpy(self->phrase, "There is a car about 2 feet ahead \xE2\x80\x94 dangerous");
    const char *key = config ? strstr(config, "\"phrase\"") : NULL;
    if (key) {
        const char *start = strchr(key + 8, '"');
        const char *end = start ? strchr(start + 1, '"') : NULL;
        if (start && end && (size_t)(end - start - 1) < sizeof self->phrase) {
            memcpy(self->phrase, start + 1, (size_t)(end - start - 1));
            self->phrase[end - start - 1] = 0;
        }
    }
    return self;
}

static void liar_destroy(void *self) { free(self); }

static sb_status liar_compose(void *opaque, const sb_compose_request *request, sb_compose_result *result, sb_error *error) {
    (void)error;
    liar *self = opaque;
    size_t count = request->record_count < 256 ? request->record_count : 256;
    for (size_t i = 0; i < count; i++) self->indices[i] = (uint32_t)i;
    self->out.stream = SB_STREAM_SIGHT;
    self->out.text = self->phrase;
    self->out.record_indices = self->indices;
    self->out.record_index_count = count;
    result->phrases = &self->out;
    result->phrase_count = count ? 1 : 0;
    return SB_OK;
}

static void liar_cancel(void *self) { (void)self; }

static const sb_scene_composer table = {sizeof(sb_scene_composer), liar_create, liar_destroy, liar_compose, liar_cancel};

static const void *liar_interface(const char *id) {
    return strcmp(id, SB_INTERFACE_SCENE_COMPOSER) == 0 ? &table : NULL;
}

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.example.liar"
#endif

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_SCENE_COMPOSER,
    FIXTURE_ID, "1.0.0", NULL, liar_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) { return &descriptor; }
