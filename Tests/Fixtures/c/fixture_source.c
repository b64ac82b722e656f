/* A sensing source that replays FIXTURE_FRAME_COUNT records frames per run, as
 * fast as asked, then reports end of stream; defects chosen at compile time.
 *
 *   FIXTURE_FRAME_COUNT       frames per run (default 100)
 *   FIXTURE_REPEAT_TIMESTAMP  1: every second frame repeats the previous timestamp
 *   FIXTURE_LEAK_FRAME        1: every frame keeps 64 KiB it never frees
 *   FIXTURE_FAIL_FROM         n: next_frame calls n, n+1, ... fail with SB_ERR_INTERNAL (0: never)
 *   FIXTURE_FAIL_COUNT        how many calls fail from FIXTURE_FAIL_FROM (default 3), then frames resume
 *   FIXTURE_DEPTH_WIDTH       with FIXTURE_DEPTH_HEIGHT, n > 0: every frame is a depth map of that size
 *                             (2 m everywhere) instead of a records frame, for the isolation benchmark
 *   FIXTURE_DEPTH_METRES      the depth maps' distance everywhere (default 2.0; under 1.5 an alert)
 *   FIXTURE_DEPTH_BLINK       1: the obstacle stands at FIXTURE_DEPTH_METRES for two depth maps and at 3 m for
 *                             the next two, so an alert is raised every fourth map (for latency figures)
 *   FIXTURE_DEPTH_INTRINSICS  1: the maps carry intrinsics (a 90-degree view), without which the host
 *                             cannot measure them (the isolation benchmark copies maps without), and
 *                             so do the pictures, from a camera beside the depth camera
 *   FIXTURE_IMAGE_EVERY       n > 0, with depth maps: every n-th frame is instead a 200 x 200 gray picture,
 *                             white with a dark band across rows 20-49 (what fixture_perceiver.c reads
 *                             as "band 1"), as a camera beside a depth sensor gives
 *   FIXTURE_IMAGE_WIDTH       with FIXTURE_IMAGE_HEIGHT: the pictures' size instead of 200 x 200 (the band stays
 *                             at rows 20-49); FIXTURE_IMAGE_RGB 1: RGB24 instead of gray, for the isolation benchmark
 *   FIXTURE_AUDIO             1: every frame is instead a 100 ms block of F32 mono audio (ABI 1.6) at the
 *                             config's "sampleRate" (default 16000), its first sample timed by the
 *                             blocks before it; FIXTURE_FRAME_COUNT blocks per run, as a file would end
 *   FIXTURE_AUDIO_BLOCK_MS    the blocks' length instead of 100 ms
 *   FIXTURE_AUDIO_TONE_FROM   with FIXTURE_AUDIO_TONE_UNTIL: blocks n with FROM <= n < UNTIL (counted from 0)
 *                             carry a 440 Hz square wave of FIXTURE_AUDIO_AMPLITUDE (default 0.5), the others
 *                             silence (default: every block the tone)
 *   FIXTURE_AUDIO_LOST_AFTER  n > 0: after n blocks every next_frame fails with SB_ERR_UNAVAILABLE, as an
 *                             unplugged microphone, with a message naming the device
 *   FIXTURE_AUDIO_DAMAGED_AT  n > 0: the call after n blocks fails once with SB_ERR_IO, as a damaged
 *                             stretch of a file, and the next reads on
 *   FIXTURE_FRAME_US          microseconds each next_frame call waits first, as a sensor's rate would
 * and the cross-kind knobs in fixture_common.h.
 */
#include "fixture_common.h"

#ifndef FIXTURE_FRAME_COUNT
#define FIXTURE_FRAME_COUNT 100
#endif
#ifndef FIXTURE_REPEAT_TIMESTAMP
#define FIXTURE_REPEAT_TIMESTAMP 0
#endif
#ifndef FIXTURE_LEAK_FRAME
#define FIXTURE_LEAK_FRAME 0
#endif
#ifndef FIXTURE_FAIL_FROM
#define FIXTURE_FAIL_FROM 0
#endif
#ifndef FIXTURE_FAIL_COUNT
#define FIXTURE_FAIL_COUNT 3
#endif
#ifndef FIXTURE_DEPTH_WIDTH
#define FIXTURE_DEPTH_WIDTH 0
#define FIXTURE_DEPTH_HEIGHT 0
#endif

#ifndef FIXTURE_DEPTH_METRES
#define FIXTURE_DEPTH_METRES 2.0f
#endif
#ifndef FIXTURE_DEPTH_BLINK
#define FIXTURE_DEPTH_BLINK 0
#endif
#ifndef FIXTURE_DEPTH_INTRINSICS
#define FIXTURE_DEPTH_INTRINSICS 0
#endif
#ifndef FIXTURE_IMAGE_EVERY
#define FIXTURE_IMAGE_EVERY 0
#endif
#ifndef FIXTURE_FRAME_US
#define FIXTURE_FRAME_US 0
#endif
#ifndef FIXTURE_AUDIO
#define FIXTURE_AUDIO 0
#endif
#ifndef FIXTURE_AUDIO_TONE_FROM
#define FIXTURE_AUDIO_TONE_FROM 0
#define FIXTURE_AUDIO_TONE_UNTIL 0x7fffffff
#endif
#ifndef FIXTURE_AUDIO_AMPLITUDE
#define FIXTURE_AUDIO_AMPLITUDE 0.5f
#endif
#ifndef FIXTURE_AUDIO_LOST_AFTER
#define FIXTURE_AUDIO_LOST_AFTER 0
#endif
#ifndef FIXTURE_AUDIO_DAMAGED_AT
#define FIXTURE_AUDIO_DAMAGED_AT 0
#endif

#ifndef FIXTURE_IMAGE_WIDTH
#define FIXTURE_IMAGE_WIDTH 200
#define FIXTURE_IMAGE_HEIGHT 200
#endif
#ifndef FIXTURE_IMAGE_RGB
#define FIXTURE_IMAGE_RGB 0
#endif
#define FIXTURE_IMAGE_CHANNELS (FIXTURE_IMAGE_RGB ? 3 : 1)
#define FIXTURE_IMAGE_ROW (FIXTURE_IMAGE_WIDTH * FIXTURE_IMAGE_CHANNELS)
#ifndef FIXTURE_AUDIO_BLOCK_MS
#define FIXTURE_AUDIO_BLOCK_MS 100
#endif

typedef struct source {
    const sb_host_services *host;
    int started;
    int damaged;
    uint64_t run_id;
    unsigned frame;
    unsigned calls;
    uint64_t last_timestamp;
    sb_record record; /* plugin-owned until the next call */
    float *metres;    /* FIXTURE_DEPTH_WIDTH x FIXTURE_DEPTH_HEIGHT, when depth frames are asked for */
    unsigned depth_maps; /* given so far, for FIXTURE_DEPTH_BLINK */
    uint8_t *picture; /* FIXTURE_IMAGE_HEIGHT rows of FIXTURE_IMAGE_ROW bytes, when pictures are asked for */
    sb_image image;
    uint32_t sample_rate; /* the config's "sampleRate", for audio */
    float *samples;       /* one block, when audio is asked for */
    sb_audio audio;
    uint64_t first_sample_ns; /* the first block's, once a run has one */
} source;

/* The number after "key": in a flat JSON object, or fallback. Enough for the host's config. */
static double config_number(const char *config_json, const char *key, double fallback) {
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *at = config_json ? strstr(config_json, quoted) : NULL;
    if (!at) return fallback;
    at = strchr(at + strlen(quoted), ':');
    return at ? strtod(at + 1, NULL) : fallback;
}

static void *source_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (!fixture_create_checks(host, config_json, error)) return NULL;
    source *self = calloc(1, sizeof(source));
    self->host = host;
    if (FIXTURE_DEPTH_WIDTH > 0) {
        size_t samples = (size_t)FIXTURE_DEPTH_WIDTH * FIXTURE_DEPTH_HEIGHT;
        self->metres = malloc(samples * sizeof(float));
        for (size_t i = 0; i < samples; i++) self->metres[i] = FIXTURE_DEPTH_METRES;
    }
    if (FIXTURE_IMAGE_EVERY > 0) {
        self->picture = malloc((size_t)FIXTURE_IMAGE_ROW * FIXTURE_IMAGE_HEIGHT);
        memset(self->picture, 255, (size_t)FIXTURE_IMAGE_ROW * FIXTURE_IMAGE_HEIGHT);
        memset(self->picture + 20 * FIXTURE_IMAGE_ROW, 0, 30 * FIXTURE_IMAGE_ROW);
    }
    if (FIXTURE_AUDIO) {
        double rate = config_number(config_json, "sampleRate", 16000);
        self->sample_rate = rate >= 8000 && rate <= 192000 ? (uint32_t)rate : 16000;
        self->samples = calloc((size_t)self->sample_rate * FIXTURE_AUDIO_BLOCK_MS / 1000, sizeof(float));
    }
    return self;
}

static void source_destroy(void *instance) {
    free(((source *)instance)->metres);
    free(((source *)instance)->picture);
    free(((source *)instance)->samples);
    free(instance);
}

static sb_status source_start(void *instance, sb_error *error) {
    (void)error;
    source *self = instance;
    self->started = 1;
    self->run_id += 1;
    self->frame = 0;
    return SB_OK;
}

static sb_status source_next(void *instance, uint32_t timeout_ms, sb_frame *frame, sb_error *error) {
    (void)timeout_ms;
    source *self = instance;
    if (!self->started) {
        sb_error_set(error, SB_ERR_NOT_STARTED, "the source is not started; call start first");
        return SB_ERR_NOT_STARTED;
    }
    self->calls += 1;
    if (FIXTURE_FAIL_FROM > 0 && self->calls >= FIXTURE_FAIL_FROM && self->calls < FIXTURE_FAIL_FROM + FIXTURE_FAIL_COUNT) {
        sb_error_set(error, SB_ERR_INTERNAL, "the sensor stopped answering");
        return SB_ERR_INTERNAL;
    }
    if (FIXTURE_AUDIO && FIXTURE_AUDIO_LOST_AFTER > 0 && self->frame >= FIXTURE_AUDIO_LOST_AFTER) {
        sb_error_set(error, SB_ERR_UNAVAILABLE, "the microphone hw:9,0 was unplugged (fixture)");
        return SB_ERR_UNAVAILABLE;
    }
    if (FIXTURE_AUDIO && FIXTURE_AUDIO_DAMAGED_AT > 0 && self->frame == FIXTURE_AUDIO_DAMAGED_AT && !self->damaged) {
        self->damaged = 1;
        sb_error_set(error, SB_ERR_IO, "a damaged stretch at 3 s could not be decoded (fixture)");
        return SB_ERR_IO;
    }
    if (self->frame >= FIXTURE_FRAME_COUNT) {
        sb_error_set(error, SB_ERR_END_OF_STREAM, "the recording has no more frames");
        return SB_ERR_END_OF_STREAM;
    }
    if (FIXTURE_LEAK_FRAME) fixture_deliberate_leak(64 * 1024);
    if (FIXTURE_FRAME_US > 0) {
        struct timespec pause = {FIXTURE_FRAME_US / 1000000, (FIXTURE_FRAME_US % 1000000) * 1000L};
        nanosleep(&pause, NULL);
    }
    uint64_t now = self->host->monotonic_ns(self->host);
    uint64_t timestamp = now > self->last_timestamp ? now : self->last_timestamp + 1;
    if (FIXTURE_REPEAT_TIMESTAMP && self->frame % 2 == 1) timestamp = self->last_timestamp;
    self->last_timestamp = timestamp;
    self->frame += 1;
    self->record = (sb_record){SB_RECORD_OBJECT, SB_RECORD_HAS_BOX, "chair", 0.8f, {0.4f, 0.3f, 0.2f, 0.4f}, 0.0f};
    memset(frame, 0, sizeof *frame);
    frame->struct_size = sizeof *frame;
    frame->timestamp_ns = timestamp;
    frame->run_id = self->run_id;
    if (FIXTURE_AUDIO) {
        if (!SB_STRUCT_HAS(frame, sb_frame, audio)) {
            sb_error_set(error, SB_ERR_UNSUPPORTED, "the host's frame has no audio field (ABI 1.6 or later needed)");
            return SB_ERR_UNSUPPORTED;
        }
        uint32_t count = self->sample_rate * FIXTURE_AUDIO_BLOCK_MS / 1000;
        unsigned block = self->frame - 1;
        int tone = block >= FIXTURE_AUDIO_TONE_FROM && block < FIXTURE_AUDIO_TONE_UNTIL;
        for (uint32_t i = 0; i < count; i++) {
            /* A 440 Hz square wave: its RMS is its amplitude, and it needs no libm. */
            uint64_t n = block * (uint64_t)count + i;
            float sign = (n * 880 / self->sample_rate) % 2 == 0 ? 1.0f : -1.0f;
            self->samples[i] = tone ? sign * FIXTURE_AUDIO_AMPLITUDE : 0.0f;
        }
        if (block == 0) self->first_sample_ns = timestamp;
        uint64_t first = self->first_sample_ns + (uint64_t)block * FIXTURE_AUDIO_BLOCK_MS * 1000000u;
        self->audio = (sb_audio){sizeof(sb_audio), SB_SAMPLE_F32, self->sample_rate, 1,
                                 block == 0 ? SB_AUDIO_DISCONTINUOUS : 0u, count, first, self->samples};
        frame->timestamp_ns = first;
        frame->kind = SB_FRAME_AUDIO;
        frame->audio = &self->audio;
        return SB_OK;
    }
    if (FIXTURE_IMAGE_EVERY > 0 && self->frame % FIXTURE_IMAGE_EVERY == 0) {
        /* With FIXTURE_DEPTH_INTRINSICS the picture's camera sits beside the depth camera
         * with the same 90-degree view, so the host can measure under a box. */
        float width = FIXTURE_IMAGE_WIDTH, height = FIXTURE_IMAGE_HEIGHT;
        self->image = (sb_image){sizeof(sb_image), FIXTURE_IMAGE_RGB ? SB_PIXEL_RGB24 : SB_PIXEL_GRAY8, FIXTURE_IMAGE_WIDTH,
                                 FIXTURE_IMAGE_HEIGHT, FIXTURE_IMAGE_ROW, self->picture, {0, 0, 0, 0}};
        if (FIXTURE_DEPTH_INTRINSICS) {
            self->image.intrinsics[0] = width / 2;
            self->image.intrinsics[1] = width / 2;
            self->image.intrinsics[2] = (width - 1) / 2;
            self->image.intrinsics[3] = (height - 1) / 2;
        }
        frame->kind = SB_FRAME_IMAGE;
        frame->image = &self->image;
        return SB_OK;
    }
    if (FIXTURE_DEPTH_WIDTH > 0) {
        static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        frame->kind = SB_FRAME_DEPTH;
        frame->depth.width = FIXTURE_DEPTH_WIDTH;
        frame->depth.height = FIXTURE_DEPTH_HEIGHT;
        frame->depth.row_stride = FIXTURE_DEPTH_WIDTH * sizeof(float);
        if (FIXTURE_DEPTH_BLINK) {
            float metres = self->depth_maps % 4 < 2 ? FIXTURE_DEPTH_METRES : 3.0f;
            for (size_t i = 0; i < (size_t)FIXTURE_DEPTH_WIDTH * FIXTURE_DEPTH_HEIGHT; i++) self->metres[i] = metres;
        }
        self->depth_maps += 1;
        frame->depth.metres = self->metres;
        memcpy(frame->depth.camera_to_world, identity, sizeof identity);
        if (FIXTURE_DEPTH_INTRINSICS) {
            frame->depth.intrinsics[0] = FIXTURE_DEPTH_WIDTH / 2.0f;
            frame->depth.intrinsics[1] = FIXTURE_DEPTH_WIDTH / 2.0f;
            frame->depth.intrinsics[2] = (FIXTURE_DEPTH_WIDTH - 1) / 2.0f;
            frame->depth.intrinsics[3] = (FIXTURE_DEPTH_HEIGHT - 1) / 2.0f;
        }
        return SB_OK;
    }
    frame->kind = SB_FRAME_RECORDS;
    frame->records = &self->record;
    frame->record_count = 1;
    return SB_OK;
}

static void source_stop(void *instance) { ((source *)instance)->started = 0; }

static const sb_sensing_source source_table = {
    sizeof(sb_sensing_source), source_create, source_destroy, source_start, source_next, source_stop,
};

static const void *source_get_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_SENSING_SOURCE) == 0) return &source_table;
    return fixture_tests_interface(id);
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_SENSING_SOURCE,
    FIXTURE_ID, "1.0.0", NULL, source_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) {
    return &descriptor;
}
