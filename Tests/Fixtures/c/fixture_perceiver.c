/* A perceiver that reads dark print: every band of consecutive rows holding dark pixels
 * (luma below 128) is one text record, "band 1", "band 2", ..., its box the band's
 * rows and the columns its dark pixels span, and its confidence the share of dark pixels the band's rows hold. It honours
 * row_stride and format as the header asks, and "works" 200 us per row, checking cancel
 * and the deadline between rows, so cancel has something to cut short. Defects chosen at
 * compile time:
 *
 *   FIXTURE_IGNORE_CANCEL   1: cancel is ignored
 *   FIXTURE_LEAK_PERCEIVE   1: every perceive keeps 64 KiB it never frees
 *   FIXTURE_SAYS_BLANK      1: an image with nothing dark gives a record "blank page"
 *   FIXTURE_IGNORE_STRIDE   1: rows are read packed, whatever row_stride says
 *   FIXTURE_CRASH_PERCEIVE  1: perceive dereferences NULL (SIGSEGV)
 *   FIXTURE_LIE_PERCEIVE    1: perceive fails with SB_ERR_INTERNAL and FIXTURE_LIE as its message
 *   FIXTURE_ROW_US          n: microseconds of "work" per row (default 200)
 *   FIXTURE_OBJECT_LABEL    "chair": every band is instead an object record with this label, as a
 *                           detector's, so a walk's stabiliser has something to confirm
 *   FIXTURE_SOUND_LABEL     "doorbell": the perceiver hears instead (ABI 1.6): an audio block whose RMS is
 *                           above FIXTURE_SOUND_RMS (default 0.1) gives one sound record with this label
 *                           and FIXTURE_SOUND_CONFIDENCE (default 0.9), a quieter one none; a block that is
 *                           not F32 at FIXTURE_SOUND_RATE Hz (default 16000), mono, is refused
 *   FIXTURE_TURNED          n: reports the page turned n degrees (ABI 1.7), with FIXTURE_PAGE_FLAGS
 *                           (default 0) as its page_flags, both only when the result's struct_size
 *                           covers them, as the header asks
 *   FIXTURE_IGNORE_RESULT_SIZE 1: with FIXTURE_TURNED, writes them whatever the result's struct_size
 *   FIXTURE_ECHO_PAGE_LOCALES 1: one more text record, no box, "page locales: " and the request's
 *                           page_locales as sent, or "page locales: none" when it is NULL
 *   FIXTURE_REFUSE_PAGE_LOCALES 1: a request with page_locales is refused (SB_ERR_UNSUPPORTED), as a
 *                           reader that knows one language only might wrongly do
 * and the cross-kind knobs in fixture_common.h.
 */
#include "fixture_common.h"
#include <stdatomic.h>
#include <stdint.h>

#ifndef FIXTURE_IGNORE_CANCEL
#define FIXTURE_IGNORE_CANCEL 0
#endif
#ifndef FIXTURE_LEAK_PERCEIVE
#define FIXTURE_LEAK_PERCEIVE 0
#endif
#ifndef FIXTURE_SAYS_BLANK
#define FIXTURE_SAYS_BLANK 0
#endif
#ifndef FIXTURE_IGNORE_STRIDE
#define FIXTURE_IGNORE_STRIDE 0
#endif
#ifndef FIXTURE_CRASH_PERCEIVE
#define FIXTURE_CRASH_PERCEIVE 0
#endif
#ifndef FIXTURE_LIE_PERCEIVE
#define FIXTURE_LIE_PERCEIVE 0
#endif
#ifndef FIXTURE_ROW_US
#define FIXTURE_ROW_US 200
#endif

#ifdef FIXTURE_OBJECT_LABEL
#define FIXTURE_BAND_KIND SB_RECORD_OBJECT
#else
#define FIXTURE_BAND_KIND SB_RECORD_TEXT
#endif

#ifndef FIXTURE_SOUND_RMS
#define FIXTURE_SOUND_RMS 0.1f
#endif
#ifndef FIXTURE_SOUND_CONFIDENCE
#define FIXTURE_SOUND_CONFIDENCE 0.9f
#endif
#ifndef FIXTURE_SOUND_RATE
#define FIXTURE_SOUND_RATE 16000
#endif

#ifndef FIXTURE_PAGE_FLAGS
#define FIXTURE_PAGE_FLAGS 0u
#endif
#ifndef FIXTURE_IGNORE_RESULT_SIZE
#define FIXTURE_IGNORE_RESULT_SIZE 0
#endif
#ifndef FIXTURE_REFUSE_PAGE_LOCALES
#define FIXTURE_REFUSE_PAGE_LOCALES 0
#endif
#ifndef FIXTURE_ECHO_PAGE_LOCALES
#define FIXTURE_ECHO_PAGE_LOCALES 0
#endif

#define MAX_BANDS 256

typedef struct perceiver {
    const sb_host_services *host;
    atomic_int cancelled;
    sb_record records[MAX_BANDS];
    char labels[MAX_BANDS][16];
    char locales_label[256];
} perceiver;

static void *perceiver_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (!fixture_create_checks(host, config_json, error)) return NULL;
    perceiver *self = calloc(1, sizeof(perceiver));
    self->host = host;
    atomic_init(&self->cancelled, 0);
    return self;
}

static void perceiver_destroy(void *instance) { free(instance); }

static int dark(const sb_image *image, const uint8_t *row, uint32_t x) {
    if (image->format == SB_PIXEL_GRAY8) return row[x] < 128;
    const uint8_t *p = row + (size_t)x * 3;
    return (p[0] * 299 + p[1] * 587 + p[2] * 114) / 1000 < 128;
}

static sb_status refuse(sb_error *error, const char *why) {
    sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "%s", why);
    return SB_ERR_INVALID_ARGUMENT;
}

static sb_status perceiver_perceive(void *instance, const sb_perceive_request *request, sb_perceive_result *result,
                                    sb_error *error) {
    perceiver *self = instance;
    atomic_store(&self->cancelled, 0); /* a cancel before this call is not for it */
    if (FIXTURE_CRASH_PERCEIVE) *fixture_null = 1; /* sanitize: deliberate */
    if (FIXTURE_LEAK_PERCEIVE) fixture_deliberate_leak(64 * 1024);
    if (FIXTURE_LIE_PERCEIVE) {
        sb_error_set(error, SB_ERR_INTERNAL, "%s", FIXTURE_LIE);
        return SB_ERR_INTERNAL;
    }
    const char *locale = request->locale ? request->locale : "en";
    if (strcmp(locale, "en") != 0 && strcmp(locale, "es") != 0 && strcmp(locale, "vi") != 0) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this perceiver reads en, es and vi print only");
        return SB_ERR_UNSUPPORTED;
    }
    if (FIXTURE_REFUSE_PAGE_LOCALES && SB_STRUCT_HAS(request, sb_perceive_request, page_locales) && request->page_locales) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this perceiver reads one language at a time");
        return SB_ERR_UNSUPPORTED;
    }
#ifdef FIXTURE_SOUND_LABEL
    if (!SB_STRUCT_HAS(request, sb_perceive_request, audio) || request->audio == NULL) return refuse(error, "the request has no audio");
    const sb_audio *audio = request->audio;
    if (audio->format != SB_SAMPLE_F32) return refuse(error, "the audio is not F32");
    if (audio->sample_rate != FIXTURE_SOUND_RATE || audio->channels != 1) return refuse(error, "the audio is not at the rate and channels the manifest asks for");
    if (audio->frame_count > 0 && audio->samples == NULL) return refuse(error, "the audio's samples are NULL");
    const float *samples = audio->samples;
    double power = 0;
    for (uint32_t i = 0; i < audio->frame_count; i++) power += (double)samples[i] * samples[i];
    result->records = NULL;
    result->record_count = 0;
    if (audio->frame_count > 0 && power / audio->frame_count > (double)FIXTURE_SOUND_RMS * FIXTURE_SOUND_RMS) {
        snprintf(self->labels[0], sizeof self->labels[0], "%s", FIXTURE_SOUND_LABEL);
        self->records[0] = (sb_record){SB_RECORD_SOUND, 0, self->labels[0], FIXTURE_SOUND_CONFIDENCE, {0, 0, 0, 0}, 0.0f};
        result->records = self->records;
        result->record_count = 1;
    }
    return SB_OK;
#endif
    const sb_image *image = request->image;
    if (image == NULL) return refuse(error, "the request has no image");
    if (image->struct_size < sizeof(sb_image)) return refuse(error, "the image's struct_size is too small for ABI 1.4");
    size_t bytes_per_pixel = image->format == SB_PIXEL_GRAY8 ? 1 : image->format == SB_PIXEL_RGB24 ? 3 : 0;
    if (bytes_per_pixel == 0) return refuse(error, "the image's format is neither gray nor RGB");
    if (image->width == 0 || image->height == 0) return refuse(error, "the image has no pixels");
    if (image->pixels == NULL) return refuse(error, "the image's pixels are NULL");
    if (image->row_stride < image->width * bytes_per_pixel) return refuse(error, "the image's row_stride is shorter than a row");
    size_t stride = FIXTURE_IGNORE_STRIDE ? image->width * bytes_per_pixel : image->row_stride;

    size_t count = 0;
    long band_start = -1;
    uint64_t band_dark = 0;
    uint32_t band_left = 0, band_right = 0;
    for (uint32_t y = 0; y <= image->height; y++) {
        if (y < image->height) {
            if (self->host->monotonic_ns(self->host) > request->deadline_ns) {
                sb_error_set(error, SB_ERR_TIMEOUT, "the deadline passed before the image was read");
                return SB_ERR_TIMEOUT;
            }
            if (!FIXTURE_IGNORE_CANCEL && atomic_load(&self->cancelled)) {
                sb_error_set(error, SB_ERR_CANCELLED, "perceiving was cancelled");
                return SB_ERR_CANCELLED;
            }
            if (FIXTURE_ROW_US > 0) fixture_sleep_us(FIXTURE_ROW_US);
        }
        uint64_t row_dark = 0;
        if (y < image->height) {
            const uint8_t *row = image->pixels + (size_t)y * stride;
            for (uint32_t x = 0; x < image->width; x++) {
                if (!dark(image, row, x)) continue;
                if (row_dark == 0 && band_start < 0) { band_left = x; band_right = x; }
                if (x < band_left) band_left = x;
                if (x > band_right) band_right = x;
                row_dark++;
            }
        }
        if (row_dark > 0 && band_start < 0) {
            band_start = y;
            band_dark = 0;
        }
        band_dark += row_dark;
        if (row_dark == 0 && band_start >= 0) {
            if (count < MAX_BANDS) {
#ifdef FIXTURE_OBJECT_LABEL
                snprintf(self->labels[count], sizeof self->labels[count], "%s", FIXTURE_OBJECT_LABEL);
#else
                snprintf(self->labels[count], sizeof self->labels[count], "band %zu", count + 1);
#endif
                float rows = (float)(y - band_start);
                self->records[count] = (sb_record){
                    FIXTURE_BAND_KIND, SB_RECORD_HAS_BOX, self->labels[count],
                    (float)band_dark / (rows * (float)image->width),
                    {(float)band_left / (float)image->width, (float)band_start / (float)image->height,
                     (float)(band_right + 1 - band_left) / (float)image->width, rows / (float)image->height}, 0.0f};
                count++;
            }
            band_start = -1;
        }
    }
    if (FIXTURE_SAYS_BLANK && count == 0) {
        snprintf(self->labels[0], sizeof self->labels[0], "blank page");
        self->records[0] = (sb_record){SB_RECORD_TEXT, 0, self->labels[0], 1.0f, {0, 0, 0, 0}, 0.0f};
        count = 1;
    }
    if (FIXTURE_ECHO_PAGE_LOCALES && count < MAX_BANDS) {
        const char *locales = SB_STRUCT_HAS(request, sb_perceive_request, page_locales) ? request->page_locales : NULL;
        snprintf(self->locales_label, sizeof self->locales_label, "page locales: %s", locales ? locales : "none");
        self->records[count++] = (sb_record){SB_RECORD_TEXT, 0, self->locales_label, 1.0f, {0, 0, 0, 0}, 0.0f};
    }
#ifdef FIXTURE_TURNED
    if (FIXTURE_IGNORE_RESULT_SIZE || SB_STRUCT_HAS(result, sb_perceive_result, page_flags)) {
        result->turned_degrees = FIXTURE_TURNED;
        result->page_flags = FIXTURE_PAGE_FLAGS;
    }
#endif
    result->records = count ? self->records : NULL;
    result->record_count = count;
    return SB_OK;
}

static void perceiver_cancel(void *instance) { atomic_store(&((perceiver *)instance)->cancelled, 1); }

static const sb_perceiver perceiver_table = {
    sizeof(sb_perceiver), perceiver_create, perceiver_destroy, perceiver_perceive, perceiver_cancel,
};

static const void *perceiver_get_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_PERCEIVER) == 0) return &perceiver_table;
    return fixture_tests_interface(id);
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_PERCEIVER,
    FIXTURE_ID, "1.0.0", NULL, perceiver_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) {
    return &descriptor;
}
