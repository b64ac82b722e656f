/*
 * light_detector.c — a perceiver in one file: is a light on, and where?
 *
 * A light probe tells a blind person whether a lamp was left on, or where the lit
 * window is; this does the same with a camera frame. It finds the compact regions
 * much brighter than the rest of the picture and reports each as one record, with
 * its box and a confidence that is the measurement itself: how far the region's
 * brightness stands above the picture's average (0 none, 1 white on black).
 * The label is a reviewed identifier ("lamp" by default), so the host says it in
 * every locale it speaks; a picture with no such region is zero records.
 */
/* Build with one line:
 *   cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden $(pkg-config --cflags sensebridge) \
 *      -o liblight_detector.so light_detector.c
 */
#include <sensebridge_util.h>

#include <stdatomic.h>
#include <stdbool.h>

#define GRID 32        /* the picture is measured in GRID x GRID cells */
#define MAX_LIGHTS 8   /* the most records one picture gives */

typedef struct cell {
    uint32_t bright, min_x, min_y, max_x, max_y;  /* bright pixels and their bounds */
    uint64_t luma;                                 /* the sum of their brightness */
    int region;                                    /* -1 none yet */
} cell;

typedef struct light_detector {
    const sb_host_services *host;
    unsigned threshold;         /* a pixel at least this bright (0..255) is lit */
    float minimum_confidence;   /* weaker regions are not reported */
    unsigned max_lights;
    const char *label;          /* a reviewed identifier: "lamp" or "window" */
    atomic_bool cancelled;
    cell cells[GRID * GRID];
    sb_record records[MAX_LIGHTS];  /* plugin-owned until the next perceive */
} light_detector;

/* A number in [low, high] from a config value (whole when whole), or -1: out of range. */
static double config_number(const char *text, double low, double high, bool whole)
{
    char *end;
    double value = whole ? (double)strtol(text, &end, 10) : strtod(text, &end);
    return (*text && !*end && value >= low && value <= high) ? value : -1;
}

/* Reads each setting from the host's config entries; any other key is refused by name. */
static sb_status read_settings(light_detector *d, const sb_host_services *host, sb_error *error)
{
    if (!host || !SB_STRUCT_HAS(host, sb_host_services, config_entry_count)) return SB_OK; /* a tool older than 1.2 */
    if (!host->config_entries)
        return sb_error_set(error, SB_ERR_INVALID_CONFIG, "The config is not a JSON object of settings.");
    for (size_t k = 0; k < host->config_entry_count; k++) {
        const char *key = host->config_entries[k].key, *value = host->config_entries[k].value;
        double number = -1;
        if (!strcmp(key, "label") && (!strcmp(value, "lamp") || !strcmp(value, "window"))) d->label = value;
        else if (!strcmp(key, "threshold") && (number = config_number(value, 1, 255, true)) >= 0) d->threshold = (unsigned)number;
        else if (!strcmp(key, "maxLights") && (number = config_number(value, 1, MAX_LIGHTS, true)) >= 0) d->max_lights = (unsigned)number;
        else if (!strcmp(key, "minimumConfidence") && (number = config_number(value, 0, 1, false)) >= 0) d->minimum_confidence = (float)number;
        else return sb_error_set(error, SB_ERR_INVALID_CONFIG, "The setting '%s' is unknown or out of range ('%s').", key, value);
    }
    return SB_OK;
}

static void *light_create(const sb_host_services *host, const char *config_json, sb_error *error)
{
    (void)config_json; /* the same config, read from the host's entries */
    light_detector *d = calloc(1, sizeof *d);
    if (!d) { sb_error_set(error, SB_ERR_INTERNAL, "Out of memory."); return NULL; }
    d->host = host;
    d->threshold = 240;
    d->minimum_confidence = 0.3f;
    d->max_lights = 3;
    d->label = "lamp";
    atomic_init(&d->cancelled, false);
    if (read_settings(d, host, error) != SB_OK) { free(d); return NULL; }
    return d;
}

static void light_destroy(void *self) { free(self); }

static void light_cancel(void *self)
{
    light_detector *d = self;
    if (d) atomic_store(&d->cancelled, true);
}

static uint64_t now_ns(const sb_host_services *host) { return host && host->monotonic_ns ? host->monotonic_ns(host) : 0; }

/* Marks cell (column, row) and every lit cell touching it as one region, and sums them into total. */
static void flood(light_detector *d, unsigned columns, unsigned rows, unsigned start, int region, cell *total)
{
    unsigned stack[GRID * GRID], depth = 0;
    stack[depth++] = start;
    d->cells[start].region = region;
    *total = (cell){.min_x = UINT32_MAX, .min_y = UINT32_MAX};
    while (depth) {
        unsigned at = stack[--depth], column = at % GRID, row = at / GRID;
        const cell *c = &d->cells[at];
        total->bright += c->bright;
        total->luma += c->luma;
        if (c->min_x < total->min_x) total->min_x = c->min_x;
        if (c->min_y < total->min_y) total->min_y = c->min_y;
        if (c->max_x > total->max_x) total->max_x = c->max_x;
        if (c->max_y > total->max_y) total->max_y = c->max_y;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                unsigned x = column + (unsigned)dx, y = row + (unsigned)dy, next = y * GRID + x;
                if (x < columns && y < rows && d->cells[next].bright && d->cells[next].region < 0) {
                    d->cells[next].region = region;
                    stack[depth++] = next;
                }
            }
    }
}

/* The fields a host passed reach as far as this reads and writes (ABI 1.4's), and the
 * image is one it can read; channels is then its bytes a pixel. */
static sb_status check_request(const sb_perceive_request *request, const sb_perceive_result *result,
                               unsigned *channels, sb_error *error)
{
    if (!request || request->struct_size < SB_STRUCT_END(sb_perceive_request, deadline_ns)
        || !result || result->struct_size < SB_STRUCT_END(sb_perceive_result, record_count))
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The request or result is shorter than ABI 1.4's.");
    const sb_image *image = request->image;
    if (!image || image->struct_size < SB_STRUCT_END(sb_image, pixels) || !image->pixels)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The request has no image, or its pixels are missing.");
    *channels = image->format == SB_PIXEL_GRAY8 ? 1 : image->format == SB_PIXEL_RGB24 ? 3 : 0;
    if (!*channels || !image->width || !image->height || image->row_stride / *channels < image->width)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The image is %ux%u, format %u, %u bytes a row: not one this reads.",
                            (unsigned)image->width, (unsigned)image->height, (unsigned)image->format, (unsigned)image->row_stride);
    return SB_OK;
}

/* Whether to read row y: not when cancel was called during this perceive, nor past the
 * deadline (the host's clock is read every 64 rows, a few microseconds of work). */
static sb_status keep_going(light_detector *d, uint32_t y, uint64_t deadline_ns, sb_error *error)
{
    if (atomic_load(&d->cancelled)) return sb_error_set(error, SB_ERR_CANCELLED, "Looking for lights was cancelled.");
    if (y % 64 == 0 && now_ns(d->host) > deadline_ns)
        return sb_error_set(error, SB_ERR_TIMEOUT, "Looking for lights did not finish before the deadline.");
    return SB_OK;
}

/* How far a region's brightness stands above the picture's average, as a fraction of
 * white: its confidence. 0 when it is no light: a light is compact, its lit pixels
 * filling a quarter of its box, where scattered glints do not. */
static float light_confidence(const cell *region, double picture_mean)
{
    double width = region->max_x - region->min_x + 1.0, height = region->max_y - region->min_y + 1.0;
    if (region->bright < 4 || region->bright < 0.25 * width * height) return 0;
    double confidence = ((double)region->luma / region->bright - picture_mean) / 255.0;
    return confidence > 1 ? 1 : confidence < 0 ? 0 : (float)confidence;
}

/* How long a perceive took is public; how many lights it saw says what the person
 * looked at, so the host redacts it. Nothing seen is ever logged (Invariant 4). */
static void log_timing(const light_detector *d, uint64_t started_ns, size_t found)
{
    char milliseconds[24], lights[24];
    snprintf(milliseconds, sizeof milliseconds, "%llu", (unsigned long long)((now_ns(d->host) - started_ns) / 1000000u));
    snprintf(lights, sizeof lights, "%zu", found);
    const sb_log_field fields[] = {{"milliseconds", milliseconds, SB_PRIVACY_PUBLIC}, {"lights", lights, SB_PRIVACY_PRIVATE}};
    if (d->host && d->host->log_event) d->host->log_event(d->host, SB_LOG_DEBUG, "light.perceived", fields, 2);
}

static sb_status light_perceive(void *self, const sb_perceive_request *request, sb_perceive_result *result,
                                sb_error *error)
{
    light_detector *d = self;
    atomic_store(&d->cancelled, false); /* a cancel before this call is not for it */
    unsigned channels = 0;
    sb_status status = check_request(request, result, &channels, error);
    if (status != SB_OK) return status;
    const sb_image *image = request->image;
    uint64_t started = now_ns(d->host);
    unsigned columns = image->width < GRID ? image->width : GRID, rows = image->height < GRID ? image->height : GRID;
    for (unsigned k = 0; k < GRID * GRID; k++) d->cells[k] = (cell){.min_x = UINT32_MAX, .min_y = UINT32_MAX, .region = -1};

    /* Brightness (luma, BT.601) of every pixel: the picture's sum, and each cell's lit pixels. */
    uint64_t picture_luma = 0;
    for (uint32_t y = 0; y < image->height; y++) {
        if ((status = keep_going(d, y, request->deadline_ns, error)) != SB_OK) return status;
        const uint8_t *row = image->pixels + (size_t)y * image->row_stride;
        cell *cells = d->cells + (size_t)y * rows / image->height * GRID;
        for (uint32_t x = 0; x < image->width; x++) {
            const uint8_t *p = row + (size_t)x * channels;
            unsigned luma = channels == 1 ? p[0] : (77u * p[0] + 150u * p[1] + 29u * p[2]) >> 8;
            picture_luma += luma;
            if (luma < d->threshold) continue;
            cell *c = cells + (size_t)x * columns / image->width;
            c->bright++;
            c->luma += luma;
            if (x < c->min_x) c->min_x = x;
            if (y < c->min_y) c->min_y = y;
            if (x > c->max_x) c->max_x = x;
            if (y > c->max_y) c->max_y = y;
        }
    }

    /* Each group of touching lit cells is a region; those that stand out are lights. */
    double mean = (double)picture_luma / ((double)image->width * image->height);
    size_t found = 0;
    int regions = 0;
    for (unsigned k = 0; k < rows * GRID; k++) {
        if (k % GRID >= columns || !d->cells[k].bright || d->cells[k].region >= 0) continue;
        cell total;
        flood(d, columns, rows, k, regions++, &total);
        float confidence = light_confidence(&total, mean);
        if (confidence <= 0 || confidence < d->minimum_confidence) continue;
        sb_record light = {.kind = SB_RECORD_OBJECT, .flags = SB_RECORD_HAS_BOX, .label = d->label, .confidence = confidence,
                           .box = {(float)(total.min_x / (double)image->width), (float)(total.min_y / (double)image->height),
                                   (float)((total.max_x - total.min_x + 1.0) / image->width),
                                   (float)((total.max_y - total.min_y + 1.0) / image->height)}};
        /* Keep the most certain max_lights, best first. */
        size_t at = found < d->max_lights ? found++ : d->max_lights;
        while (at > 0 && d->records[at - 1].confidence < light.confidence) {
            if (at < d->max_lights) d->records[at] = d->records[at - 1];
            at--;
        }
        if (at < d->max_lights) d->records[at] = light;
    }
    result->records = d->records;
    result->record_count = found;

    log_timing(d, started, found);
    return SB_OK;
}

static const sb_perceiver light_perceiver = {
    .struct_size = sizeof(sb_perceiver),
    .create = light_create,
    .destroy = light_destroy,
    .perceive = light_perceive,
    .cancel = light_cancel,
};

static const void *light_get_interface(const char *interface_id)
{
    return interface_id && !strcmp(interface_id, SB_INTERFACE_PERCEIVER) ? &light_perceiver : NULL;
}

/* abi_minor is the oldest host this needs, not the header it was built with: images
 * and perceivers came in 1.4, and nothing later is used. The manifest says the same. */
static const sb_plugin_descriptor descriptor = {
    .abi_major = SB_ABI_MAJOR,
    .abi_minor = 4,
    .struct_size = sizeof(sb_plugin_descriptor),
    .kind = SB_KIND_PERCEIVER,
    .id = "com.example.light-detector",
    .version = "1.0.0",
    .runtime = NULL,
    .get_interface = light_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) { return &descriptor; }
