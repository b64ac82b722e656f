/* A composer (BAD_KIND 1) or a perceiver (BAD_KIND 4) whose every result breaks one rule of
 * the header, chosen by its config key "defect", so one library serves a whole table of
 * bad results, in process and isolated alike (ResultRulesBothPathsTests).
 *
 *   composer defects: count-beyond-any, more-than-records, null-phrases, null-text,
 *     not-utf8, unknown-stream, too-long, too-many-indices, null-indices, well
 *   perceiver defects: too-many-records, long-label, null-label, label-not-utf8,
 *     unknown-kind, turned-45, well
 *
 * Every result points at static memory: a result is valid until the next call, and
 * these never change.
 */
#include <sensebridge_util.h>
#include <stdlib.h>
#include <string.h>

#ifndef FIXTURE_ID
#error "FIXTURE_ID must name the plugin"
#endif

typedef struct bad {
    char defect[40];
} bad;

static char long_text[9000];
static char long_label[SB_PERCEIVE_MAX_LABEL_BYTES + 100];
static const char not_utf8[] = {'a', ' ', (char)0xFF, (char)0xFE, 0};
static uint32_t zero_index;
static uint32_t many_indices[5000];
static sb_phrase phrases[2];
static sb_record records[SB_PERCEIVE_MAX_RECORDS + 1];

static void *bad_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    (void)config_json;
    if (!host || !SB_STRUCT_HAS(host, sb_host_services, config_entry_count)) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this fixture reads its defect from the ABI 1.2 config entries");
        return NULL;
    }
    bad *self = calloc(1, sizeof(bad));
    strcpy(self->defect, "well");
    const char *defect = sb_config_get(host, "defect");
    if (defect) strncpy(self->defect, defect, sizeof self->defect - 1);
    memset(long_text, 'a', sizeof long_text - 1);
    memset(long_label, 'b', sizeof long_label - 1);
    return self;
}

static void bad_destroy(void *instance) { free(instance); }

static void bad_cancel(void *instance) { (void)instance; }

static int is(const bad *self, const char *defect) { return strcmp(self->defect, defect) == 0; }

#if BAD_KIND == 1

static sb_status bad_compose(void *instance, const sb_compose_request *request, sb_compose_result *result, sb_error *error) {
    (void)request;
    (void)error;
    const bad *self = instance;
    phrases[0] = (sb_phrase){SB_STREAM_SIGHT, "a chair", &zero_index, 1};
    phrases[1] = phrases[0];
    result->phrases = phrases;
    result->phrase_count = 1;
    if (is(self, "count-beyond-any")) result->phrase_count = 1000000;
    if (is(self, "more-than-records")) result->phrase_count = 2;
    if (is(self, "null-phrases")) result->phrases = NULL;
    if (is(self, "null-text")) phrases[0].text = NULL;
    if (is(self, "not-utf8")) phrases[0].text = not_utf8;
    if (is(self, "unknown-stream")) phrases[0].stream = 77;
    if (is(self, "too-long")) phrases[0].text = long_text;
    if (is(self, "too-many-indices")) {
        phrases[0].record_indices = many_indices;
        phrases[0].record_index_count = sizeof many_indices / sizeof many_indices[0];
    }
    if (is(self, "null-indices")) phrases[0].record_indices = NULL;
    return SB_OK;
}

static const sb_scene_composer table = {sizeof(sb_scene_composer), bad_create, bad_destroy, bad_compose, bad_cancel};
#define KIND_INTERFACE SB_INTERFACE_SCENE_COMPOSER
#define KIND_VALUE SB_KIND_SCENE_COMPOSER

#elif BAD_KIND == 4

static sb_status bad_perceive(void *instance, const sb_perceive_request *request, sb_perceive_result *result, sb_error *error) {
    (void)request;
    (void)error;
    const bad *self = instance;
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
        records[i] = (sb_record){SB_RECORD_OBJECT, 0, "chair", 0.9f, {0, 0, 0, 0}, 0.0f};
    }
    result->records = records;
    result->record_count = 1;
    if (is(self, "too-many-records")) result->record_count = SB_PERCEIVE_MAX_RECORDS + 1;
    if (is(self, "long-label")) records[0].label = long_label;
    if (is(self, "null-label")) records[0].label = NULL;
    if (is(self, "label-not-utf8")) records[0].label = not_utf8;
    if (is(self, "unknown-kind")) records[0].kind = 99;
    if (is(self, "turned-45") && SB_STRUCT_HAS(result, sb_perceive_result, page_flags)) result->turned_degrees = 45;
    return SB_OK;
}

static const sb_perceiver table = {sizeof(sb_perceiver), bad_create, bad_destroy, bad_perceive, bad_cancel};
#define KIND_INTERFACE SB_INTERFACE_PERCEIVER
#define KIND_VALUE SB_KIND_PERCEIVER

#else
#error "BAD_KIND must be 1 or 4"
#endif

static const void *bad_get_interface(const char *id) {
    return strcmp(id, KIND_INTERFACE) == 0 ? &table : NULL;
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), KIND_VALUE, FIXTURE_ID, "1.0.0", NULL, bad_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) {
    return &descriptor;
}
