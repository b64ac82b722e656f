/* A perceiver that "reads" a page the way a reader of held pages reports one, with the
 * text and the page's view chosen by the test rather than recognized:
 *
 *   FIXTURE_PAGE_BLOCKS  "First block.|Segundo bloque.": one text record per '|'-separated
 *                        block, confidence 0.95, stacked down the page in boxes well inside it,
 *                        far enough apart to be paragraphs of their own, 0.06 of the image tall
 *   FIXTURE_ECHO_LOCALES 1: a first record "locales <page_locales>" (or "locales pinned" when
 *                        the host sent none), so a test hears what the host asked for
 *
 * and, from ABI 1.7, the page's view from the image's first two pixels (gray or the red
 * of RGB), so a folder of pictures can hold pages turned and cut differently:
 *   pixel 0: 1, 2 or 3 = the page was read turned 90, 180 or 270 degrees; else upright
 *   pixel 1: below 32 = page_flags (SB_PAGE_FLATTENED, SB_PAGE_CUT_*); else none
 * and the cross-kind knobs in fixture_common.h.
 */
#include "fixture_common.h"

#ifndef FIXTURE_PAGE_BLOCKS
#define FIXTURE_PAGE_BLOCKS "Some text."
#endif
#ifndef FIXTURE_ECHO_LOCALES
#define FIXTURE_ECHO_LOCALES 0
#endif

#define MAX_BLOCKS 16

typedef struct reader {
    sb_record records[MAX_BLOCKS + 1];
    char labels[MAX_BLOCKS + 1][512];
} reader;

static void *reader_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (!fixture_create_checks(host, config_json, error)) return NULL;
    return calloc(1, sizeof(reader));
}

static void reader_destroy(void *instance) { free(instance); }

static sb_status reader_perceive(void *instance, const sb_perceive_request *request, sb_perceive_result *result,
                                 sb_error *error) {
    reader *self = instance;
    const sb_image *image = request->image;
    if (image == NULL || image->pixels == NULL || image->width < 2 || image->height < 1) {
        sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "the request has no image of two pixels or more");
        return SB_ERR_INVALID_ARGUMENT;
    }
    size_t count = 0;
    if (FIXTURE_ECHO_LOCALES) {
        const char *locales = "pinned";
#ifdef SB_PAGE_FLATTENED
        if (SB_STRUCT_HAS(request, sb_perceive_request, page_locales) && request->page_locales) locales = request->page_locales;
#endif
        snprintf(self->labels[count], sizeof self->labels[count], "locales %s", locales);
        count++;
    }
    const char *blocks = FIXTURE_PAGE_BLOCKS;
    while (*blocks && count < MAX_BLOCKS + 1) {
        size_t length = strcspn(blocks, "|");
        snprintf(self->labels[count], sizeof self->labels[count], "%.*s", (int)length, blocks);
        count++;
        blocks += length;
        if (*blocks == '|') blocks++;
    }
    for (size_t i = 0; i < count; i++) {
        self->records[i] = (sb_record){SB_RECORD_TEXT, SB_RECORD_HAS_BOX, self->labels[i], 0.95f,
                                       {0.1f, 0.05f + 0.9f * (float)i / (float)count, 0.8f, 0.06f}, 0.0f};
    }
    result->records = self->records;
    result->record_count = count;
#ifdef SB_PAGE_FLATTENED
    if (SB_STRUCT_HAS(result, sb_perceive_result, page_flags)) {
        uint8_t turn = image->pixels[0], flags = image->format == SB_PIXEL_RGB24 ? image->pixels[3] : image->pixels[1];
        result->turned_degrees = turn >= 1 && turn <= 3 ? 90u * turn : 0;
        result->page_flags = flags < 32 ? flags : 0;
    }
#endif
    return SB_OK;
}

static void reader_cancel(void *instance) { (void)instance; }

static const sb_perceiver reader_table = {
    sizeof(sb_perceiver), reader_create, reader_destroy, reader_perceive, reader_cancel,
};

static const void *reader_get_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_PERCEIVER) == 0) return &reader_table;
    return fixture_tests_interface(id);
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_PERCEIVER,
    FIXTURE_ID, "1.0.0", NULL, reader_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) {
    return &descriptor;
}
