/*
 * pnm_source.c — a sensing source in one file: pictures from PGM and PPM files.
 *
 * Hands on the pictures of one file, or of every .pgm, .ppm and .pnm file in a
 * folder in name order, one every `interval` milliseconds, as a camera would hand
 * on frames: so a perceiver can be tried on the same pictures again and again, and
 * a picture taken with any camera can be converted once (`ffmpeg -i photo.jpg
 * photo.ppm`) and looked at through the host. Gray files give 8-bit gray frames,
 * colour files RGB ones.
 */
/* Build with one line:
 *   cc -std=c11 -O2 -shared -fPIC -fvisibility=hidden $(pkg-config --cflags sensebridge) \
 *      -o libpnm_source.so pnm_source.c
 */
#define _POSIX_C_SOURCE 200809L
#include <sensebridge_util.h>

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <time.h>

#define MAX_PIXELS (64u * 1024u * 1024u) /* a larger file is refused, not allocated */

typedef struct pnm_source {
    const sb_host_services *host;
    const char *path;         /* a file or a folder; borrowed from the config entries */
    uint64_t interval_ns;
    char **files;             /* this run's files, in name order */
    size_t file_count, next;  /* next: the index of the file the next frame comes from */
    bool started;
    uint64_t run_started_ns, last_ns, run_id;
    uint8_t *pixels;          /* the last frame's, plugin-owned until the next call */
    size_t capacity;
    sb_image image;
} pnm_source;

static uint64_t now_ns(const sb_host_services *host)
{
    if (host && host->monotonic_ns) return host->monotonic_ns(host);
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void forget_files(pnm_source *s)
{
    for (size_t k = 0; k < s->file_count; k++) free(s->files[k]);
    free(s->files);
    s->files = NULL;
    s->file_count = s->next = 0;
}

static void pnm_destroy(void *self)
{
    pnm_source *s = self;
    if (!s) return;
    forget_files(s);
    free(s->pixels);
    free(s);
}

static void *pnm_create(const sb_host_services *host, const char *config_json, sb_error *error)
{
    (void)config_json; /* the same config, read from the host's entries */
    pnm_source *s = calloc(1, sizeof *s);
    if (!s) { sb_error_set(error, SB_ERR_INTERNAL, "Out of memory."); return NULL; }
    s->host = host;
    s->interval_ns = 1000000000u;
    if (!sb_config_readable(host)) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "The config is not a JSON object of settings, or the host is older than 1.2.");
        pnm_destroy(s);
        return NULL;
    }
    for (size_t k = 0; k < host->config_entry_count; k++) {
        const char *key = host->config_entries[k].key, *value = host->config_entries[k].value;
        char *end;
        long milliseconds = strtol(value, &end, 10);
        if (!strcmp(key, "path") && value[0] == '/') s->path = value;
        else if (!strcmp(key, "interval") && *value && !*end && milliseconds >= 0 && milliseconds <= 60000)
            s->interval_ns = (uint64_t)milliseconds * 1000000u;
        else {
            sb_error_set(error, SB_ERR_INVALID_CONFIG, "The setting '%s' is unknown or out of range ('%s').", key, value);
            pnm_destroy(s);
            return NULL;
        }
    }
    struct stat status;
    if (!s->path || stat(s->path, &status) != 0) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "'path' must name a PGM or PPM file or a folder of them, by its absolute path%s%s.",
                     s->path ? ": cannot open " : "", s->path ? s->path : "");
        pnm_destroy(s);
        return NULL;
    }
    return s;
}

static bool is_pnm_name(const char *name)
{
    const char *dot = strrchr(name, '.');
    return name[0] != '.' && dot && (!strcmp(dot, ".pgm") || !strcmp(dot, ".ppm") || !strcmp(dot, ".pnm"));
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Adds folder/name (or name alone, for a NULL folder) to this run's files. */
static bool add_file(pnm_source *s, const char *folder, const char *name)
{
    size_t length = (folder ? strlen(folder) + 1 : 0) + strlen(name) + 1;
    char **grown = realloc(s->files, (s->file_count + 1) * sizeof *grown);
    if (!grown) return false;
    s->files = grown;
    if (!(s->files[s->file_count] = malloc(length))) return false;
    snprintf(s->files[s->file_count++], length, "%s%s%s", folder ? folder : "", folder ? "/" : "", name);
    return true;
}

/* Lists this run's files: the path itself, or the folder's PNM files in name order. */
static sb_status list_files(pnm_source *s, sb_error *error)
{
    struct stat status;
    if (stat(s->path, &status) != 0) return sb_error_set(error, SB_ERR_IO, "Cannot open %s: %s.", s->path, strerror(errno));
    if (!S_ISDIR(status.st_mode))
        return add_file(s, NULL, s->path) ? SB_OK : sb_error_set(error, SB_ERR_INTERNAL, "Out of memory.");
    DIR *folder = opendir(s->path);
    if (!folder) return sb_error_set(error, SB_ERR_IO, "Cannot list %s: %s.", s->path, strerror(errno));
    bool listed = true;
    for (struct dirent *entry; listed && (entry = readdir(folder)) != NULL;)
        if (is_pnm_name(entry->d_name)) listed = add_file(s, s->path, entry->d_name);
    closedir(folder);
    if (!listed) return sb_error_set(error, SB_ERR_INTERNAL, "Out of memory.");
    if (s->file_count == 0) return sb_error_set(error, SB_ERR_IO, "%s holds no .pgm, .ppm or .pnm file.", s->path);
    qsort(s->files, s->file_count, sizeof *s->files, compare_names);
    return SB_OK;
}

static sb_status pnm_start(void *self, sb_error *error)
{
    pnm_source *s = self;
    forget_files(s);
    sb_status status = list_files(s, error);
    if (status != SB_OK) return status;
    s->run_started_ns = now_ns(s->host);
    s->last_ns = 0;
    s->run_id++;
    s->started = true;
    return SB_OK;
}

static void pnm_stop(void *self)
{
    pnm_source *s = self;
    s->started = false;
}

/* The next number of a PNM header, after blanks and '#' comments; 0 when there is none. */
static unsigned long header_number(FILE *file)
{
    int c;
    while ((c = fgetc(file)) == '#' || (c != EOF && strchr(" \t\r\n", c)))
        if (c == '#') while ((c = fgetc(file)) != EOF && c != '\n') {}
    unsigned long value = 0;
    for (; c >= '0' && c <= '9' && value < 100000000u; c = fgetc(file)) value = value * 10 + (unsigned long)(c - '0');
    return value; /* the one blank after the number is consumed with it */
}

/* Reads a binary PGM (P5) or PPM (P6) of 8 bits a sample into s->image. */
static sb_status read_picture(pnm_source *s, const char *name, sb_error *error)
{
    FILE *file = fopen(name, "rb");
    if (!file) return sb_error_set(error, SB_ERR_IO, "Cannot open %s: %s.", name, strerror(errno));
    int magic = fgetc(file) == 'P' ? fgetc(file) : 0;
    unsigned long width = header_number(file), height = header_number(file), maximum = header_number(file);
    unsigned channels = magic == '5' ? 1 : magic == '6' ? 3 : 0;
    sb_status status = SB_OK;
    if (!channels || maximum != 255 || !width || !height || width * height > MAX_PIXELS)
        status = sb_error_set(error, SB_ERR_IO, "%s is not a binary PGM or PPM of 8 bits a sample, up to %u pixels.",
                              name, MAX_PIXELS);
    size_t size = (size_t)width * height * channels;
    if (status == SB_OK && size > s->capacity) {
        uint8_t *grown = realloc(s->pixels, size);
        if (grown) { s->pixels = grown; s->capacity = size; }
        else status = sb_error_set(error, SB_ERR_INTERNAL, "Out of memory for %s.", name);
    }
    if (status == SB_OK && fread(s->pixels, 1, size, file) != size)
        status = sb_error_set(error, SB_ERR_IO, "%s ends before its %lux%lu pixels do.", name, width, height);
    fclose(file);
    if (status != SB_OK) return status;
    s->image = (sb_image){.struct_size = sizeof(sb_image), .format = channels == 1 ? SB_PIXEL_GRAY8 : SB_PIXEL_RGB24,
                          .width = (uint32_t)width, .height = (uint32_t)height, .row_stride = (uint32_t)(width * channels),
                          .pixels = s->pixels};
    return SB_OK;
}

/* Paced: picture k is due interval * k after start. Waits for the next one, but no
 * longer than the host asked; SB_ERR_TIMEOUT when it is not due by then. */
static sb_status wait_until_due(const pnm_source *s, uint32_t timeout_ms, uint64_t *due, sb_error *error)
{
    uint64_t now = now_ns(s->host), waited_out = now + (uint64_t)timeout_ms * 1000000u;
    *due = s->run_started_ns + s->interval_ns * s->next;
    if (*due <= now) return SB_OK;
    uint64_t until = *due < waited_out ? *due : waited_out;
    struct timespec pause = {.tv_sec = (time_t)((until - now) / 1000000000u), .tv_nsec = (long)((until - now) % 1000000000u)};
    nanosleep(&pause, NULL);
    return *due > until ? sb_error_set(error, SB_ERR_TIMEOUT, "The next picture is not due yet.") : SB_OK;
}

static sb_status pnm_next_frame(void *self, uint32_t timeout_ms, sb_frame *frame, sb_error *error)
{
    pnm_source *s = self;
    if (!s->started) return sb_error_set(error, SB_ERR_NOT_STARTED, "The source is not started.");
    if (!frame || !SB_STRUCT_HAS(frame, sb_frame, image))
        return sb_error_set(error, SB_ERR_UNSUPPORTED, "This host's frames cannot carry a picture (ABI 1.4).");
    if (s->next == s->file_count) return sb_error_set(error, SB_ERR_END_OF_STREAM, "Every picture was handed on.");

    uint64_t due;
    sb_status status = wait_until_due(s, timeout_ms, &due, error);
    if (status != SB_OK) return status;
    const char *name = s->files[s->next++]; /* a file that cannot be read is skipped on the next call */
    if ((status = read_picture(s, name, error)) != SB_OK) return status;
    s->last_ns = due > s->last_ns ? due : s->last_ns + 1; /* strictly increasing, even at interval 0 */
    frame->kind = SB_FRAME_IMAGE;
    frame->timestamp_ns = s->last_ns;
    frame->run_id = s->run_id;
    frame->image = &s->image;
    return SB_OK;
}

static const sb_sensing_source pnm_sensing_source = {
    .struct_size = sizeof(sb_sensing_source),
    .create = pnm_create,
    .destroy = pnm_destroy,
    .start = pnm_start,
    .next_frame = pnm_next_frame,
    .stop = pnm_stop,
};

static const void *pnm_get_interface(const char *interface_id)
{
    return interface_id && !strcmp(interface_id, SB_INTERFACE_SENSING_SOURCE) ? &pnm_sensing_source : NULL;
}

/* abi_minor is the oldest host this needs: image frames came in 1.4, config entries
 * in 1.2, and nothing later is used. The manifest says the same. */
static const sb_plugin_descriptor descriptor = {
    .abi_major = SB_ABI_MAJOR,
    .abi_minor = 4,
    .struct_size = sizeof(sb_plugin_descriptor),
    .kind = SB_KIND_SENSING_SOURCE,
    .id = "com.example.pnm-source",
    .version = "1.0.0",
    .runtime = NULL,
    .get_interface = pnm_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) { return &descriptor; }
