/*
 * sensebridge.h — the SenseBridge plugin ABI, version 1.0.
 *
 * This header is the whole contract between the SenseBridge host and a plugin
 * (SensingSource, SceneComposer or RenderTarget). Only the C types below cross
 * a library boundary. A plugin needs nothing else from this repository.
 *
 * Vocabulary used on every function pointer:
 *   [main-thread]      called only from the thread that created the instance.
 *   [instance-thread]  called from one thread at a time per instance; the host
 *                      may move an instance between threads, never call it
 *                      from two at once.
 *   [any-thread]       may be called from any thread, concurrently with an
 *                      [instance-thread] call on the same instance.
 *   borrowed           the pointer is valid only for the duration of the call.
 *   plugin-owned       the plugin keeps the memory alive and unchanged until
 *                      the next [instance-thread] call on the same instance, or
 *                      destroy. An [any-thread] call (cancel, interrupt) does
 *                      not end it. The host copies what it keeps.
 *   host-owned         the host allocated it and frees it; the plugin fills it
 *                      during the call and keeps no pointer to it.
 *   static             valid for the life of the process, never freed.
 *   appendable         a struct a later 1.x minor may extend at its end (see
 *                      the growth rules).
 *   frozen in 1.x      a struct whose size and offsets no 1.x minor changes.
 *
 * Rules:
 *   - Every appendable struct starts with its size (the descriptor with the
 *     ABI version, then its size). A reader MUST NOT read a field beyond
 *     struct_size; a writer MUST set struct_size to sizeof the struct it was
 *     compiled against.
 *   - When the host passes a struct for the plugin to fill (sb_frame,
 *     sb_compose_result), the host sets struct_size to the size it passes. The
 *     plugin MUST NOT write beyond that size.
 *     Rationale: a plugin built against a newer minor has a larger sizeof than
 *     the buffer an older host allocated.
 *   - Functions that can fail return sb_status and fill the host-owned
 *     sb_error. A plugin MUST NOT return NULL or a failure status without
 *     setting error->code and a non-empty UTF-8 error->message.
 *     Rationale: a person who cannot see the screen is told which output they
 *     lost and why; "unknown error" tells them nothing.
 *   - A plugin MUST NOT abort, exit or raise a signal on bad input, and MUST
 *     NOT write to stdout (the host's results go there).
 *   - The host never unloads a plugin library once loaded.
 *     Rationale: runtimes such as Swift's cannot be safely unloaded.
 *   - A plugin SHOULD export only its entry symbol.
 *
 * Growth rules (how a 1.x minor may change this header):
 *   - A minor MAY add interface ids, status codes, signals, and fields at the
 *     end of an appendable struct. It MUST NOT move, resize, retype or remove
 *     a field, nor change a frozen struct. Anything else is a new major.
 *   - A struct is appendable only when it carries struct_size and is only ever
 *     passed by pointer: never embedded in another struct, never an array
 *     element. Every such struct is marked "Appendable" at its definition.
 *   - Every other struct is frozen in 1.x, and marked so at its definition:
 *     sb_error (no struct_size), sb_log_field, sb_record and sb_phrase (array
 *     elements), sb_box and sb_depth_map (embedded).
 *     Rationale: an embedded struct fixes the offset of every field after it
 *     (sb_frame.records sits right after sb_depth_map), and an array is walked
 *     in steps of sizeof its element, which a reader built against another
 *     minor would get wrong.
 *   - A frozen struct grows only by a new interface revision (".../2") with
 *     its own structs, or by a per-element size: a field appended to the
 *     appendable struct that holds the array (e.g. record_size beside
 *     records). A writer then uses the larger element only with a reader whose
 *     abi_minor is at least the minor that added the size field.
 *   - A reader MUST check struct_size before reading a field a later minor
 *     appended; SB_STRUCT_HAS below does it. Such a field is marked
 *     "Since 1.<minor>".
 *   - The layout of every struct on x86_64 Linux (LP64) is recorded in
 *     Sources/CSenseBridgeABI/abi-<major>.<minor>.layout, and `make
 *     check-header` fails when this header no longer matches it, or when a
 *     minor breaks these rules against an earlier one.
 */
#ifndef SENSEBRIDGE_H
#define SENSEBRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- version */

#define SB_ABI_MAJOR 1u
#define SB_ABI_MINOR 0u

/* The host accepts a plugin when abi_major == SB_ABI_MAJOR and
 * abi_minor <= SB_ABI_MINOR: a minor only adds, by the growth rules above. */

/* True when the appendable struct at pointer (of type type) is long enough
 * to hold field, i.e. its writer was built against a minor that has it. */
#define SB_STRUCT_HAS(pointer, type, field) \
    ((size_t)(pointer)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* ----------------------------------------------------------------- status */

typedef int32_t sb_status;

#define SB_OK                    0
#define SB_ERR_INVALID_ARGUMENT  1  /* a call's input broke this header's rules */
#define SB_ERR_INVALID_CONFIG    2  /* config_json is malformed or out of range */
#define SB_ERR_UNSUPPORTED       3  /* locale, format or feature not provided */
#define SB_ERR_TIMEOUT           4  /* nothing arrived within the timeout; retryable */
#define SB_ERR_CANCELLED         5  /* cancel or interrupt ended the call */
#define SB_ERR_END_OF_STREAM     6  /* a source has no more frames, and never will */
#define SB_ERR_IO                7  /* a file, device or pipe failed */
#define SB_ERR_NETWORK           8  /* a remote service failed or replied badly */
#define SB_ERR_NOT_STARTED       9  /* the call needs start() first */
#define SB_ERR_INTERNAL         10  /* a bug in the plugin */

#define SB_ERROR_MESSAGE_CAPACITY 512

/* Host-owned and zeroed before each call. The plugin copies a NUL-terminated,
 * UTF-8 message of at most SB_ERROR_MESSAGE_CAPACITY - 1 bytes into message.
 * Frozen in 1.x: it has no struct_size, so its size is part of every call;
 * it grows only by a new interface revision. */
typedef struct sb_error {
    sb_status code;
    char message[SB_ERROR_MESSAGE_CAPACITY];
} sb_error;

/* ---------------------------------------------------------- host services */

/* Privacy label of one logged value. Every value a plugin logs MUST carry
 * one; the host redacts SB_PRIVACY_UNLABELLED and SB_PRIVACY_PRIVATE values.
 * Rationale: a number derived from perception (a confidence, a text length)
 * can identify what a person looked at; an explicit label is a decision a
 * reviewer can see. */
typedef uint32_t sb_privacy;
#define SB_PRIVACY_UNLABELLED 0u
#define SB_PRIVACY_PUBLIC     1u
#define SB_PRIVACY_PRIVATE    2u

typedef uint32_t sb_log_level;
#define SB_LOG_DEBUG   0u
#define SB_LOG_INFO    1u
#define SB_LOG_WARNING 2u
#define SB_LOG_ERROR   3u

/* Frozen in 1.x: an element of log_event's fields array; grows only by a new
 * interface revision or a per-element size. */
typedef struct sb_log_field {
    const char *name;   /* borrowed; a short identifier */
    const char *value;  /* borrowed; UTF-8 */
    sb_privacy privacy;
} sb_log_field;

/* What the host offers every plugin instance. Borrowed for the lifetime of
 * the instance (valid from create until destroy returns).
 * Appendable. */
typedef struct sb_host_services {
    uint32_t struct_size;
    void *host_data;  /* opaque to the plugin; pass back unchanged */

    /* The host's monotonic clock in nanoseconds; deadlines use it.
     * [any-thread] */
    uint64_t (*monotonic_ns)(const struct sb_host_services *host);

    /* Logs an event (a fixed identifier such as "device.opened", never user
     * content) with labelled fields. [any-thread] All pointers borrowed. */
    void (*log_event)(const struct sb_host_services *host, sb_log_level level,
                      const char *event, const sb_log_field *fields,
                      size_t field_count);
} sb_host_services;

/* ------------------------------------------------------------- descriptor */

typedef uint32_t sb_plugin_kind;
#define SB_KIND_SENSING_SOURCE 1u
#define SB_KIND_SCENE_COMPOSER 2u
#define SB_KIND_RENDER_TARGET  3u

/* Interface ids: "<name>/<revision>". A revision changes only incompatibly. */
#define SB_INTERFACE_SENSING_SOURCE "sensebridge.sensing-source/1"
#define SB_INTERFACE_SCENE_COMPOSER "sensebridge.scene-composer/1"
#define SB_INTERFACE_RENDER_TARGET  "sensebridge.render-target/1"
#define SB_INTERFACE_PLUGIN_TESTS   "sensebridge.plugin-tests/1"

/* Returned by the entry symbol. Static storage: valid for the life of the
 * process, never freed. Appendable: the host reads only the first three
 * fields until it has checked struct_size. */
typedef struct sb_plugin_descriptor {
    uint32_t abi_major;    /* SB_ABI_MAJOR the plugin was built against */
    uint32_t abi_minor;    /* SB_ABI_MINOR the plugin was built against */
    uint32_t struct_size;  /* sizeof(sb_plugin_descriptor) */
    sb_plugin_kind kind;
    const char *id;        /* reverse-DNS, e.g. "org.sensebridge.haptic-log" */
    const char *version;   /* the plugin's own version, e.g. "1.2.0" */
    /* Language runtime the library needs loaded in the host, e.g. "swift-6.3";
     * NULL or "" for plain C. The host refuses a runtime it does not run. */
    const char *runtime;

    /* Returns the interface with that id, or NULL when not provided. The
     * returned table is static (valid for the life of the process).
     * [any-thread] interface_id borrowed. */
    const void *(*get_interface)(const char *interface_id);
} sb_plugin_descriptor;

/* The default entry symbol; a manifest may name another with the same type.
 * It MUST be cheap, MUST NOT start threads or touch devices: listing calls
 * it only after the manifest was checked. */
#define SB_ENTRY_SYMBOL "sensebridge_plugin_entry"
typedef const sb_plugin_descriptor *(*sb_plugin_entry_fn)(void);

/* ---------------------------------------------------------- perception */

typedef uint32_t sb_record_kind;
#define SB_RECORD_OBJECT 1u  /* a detected object; label is an identifier */
#define SB_RECORD_TEXT   2u  /* recognized text; label is the text itself */
#define SB_RECORD_SOUND  3u  /* a classified sound; label is an identifier */
#define SB_RECORD_DEPTH  4u  /* a distance measurement; see distance_m */

/* Normalized to the image: 0..1, origin top-left.
 * Frozen in 1.x: embedded in sb_record; grows only by a new interface
 * revision. */
typedef struct sb_box {
    float x, y, width, height;
} sb_box;

#define SB_RECORD_HAS_BOX      (1u << 0)
#define SB_RECORD_HAS_DISTANCE (1u << 1)

/* One perception record. Frozen in 1.x: an element of the records arrays of
 * sb_frame and sb_compose_request; grows only by a new interface revision or
 * a per-element size. */
typedef struct sb_record {
    sb_record_kind kind;
    uint32_t flags;          /* SB_RECORD_HAS_* */
    const char *label;       /* UTF-8; identifier, or the text for TEXT */
    float confidence;        /* 0..1, as the detector reported it */
    sb_box box;              /* valid when SB_RECORD_HAS_BOX */
    float distance_m;        /* valid when SB_RECORD_HAS_DISTANCE */
} sb_record;

/* ------------------------------------------------------ sensing source */

typedef uint32_t sb_frame_kind;
#define SB_FRAME_DEPTH   1u
#define SB_FRAME_RECORDS 2u

/* Frozen in 1.x: embedded in sb_frame, where records follows it; grows only
 * by a new interface revision (or a new frame kind whose data an appended
 * sb_frame field points to). */
typedef struct sb_depth_map {
    uint32_t width;
    uint32_t height;
    uint32_t row_stride;          /* bytes between row starts, >= width * 4 */
    const float *metres;          /* row-major; NaN or <= 0 means no reading */
    float camera_to_world[16];    /* column-major 4x4; world +Y is up; the
                                     camera looks along its own -Z */
    float intrinsics[4];          /* fx, fy, cx, cy in pixels of this map; all 0
                                     when unknown (then no floor can be rejected) */
} sb_depth_map;

/* Host-owned; struct_size set by the host, the rest filled by the plugin in
 * next_frame. Every pointer in it (depth.metres, records, each record's
 * label) is plugin-owned: valid until the next [instance-thread] call on
 * this instance (or destroy). Appendable. */
typedef struct sb_frame {
    uint32_t struct_size;
    sb_frame_kind kind;
    uint64_t timestamp_ns;   /* monotonic within a run, strictly increasing */
    uint64_t run_id;         /* changes when the source restarts */
    sb_depth_map depth;      /* valid when kind == SB_FRAME_DEPTH */
    const sb_record *records; /* valid when kind == SB_FRAME_RECORDS */
    size_t record_count;
} sb_frame;

/* Static (returned by get_interface). Appendable. */
typedef struct sb_sensing_source {
    uint32_t struct_size;

    /* Creates an instance from a JSON object (borrowed; "{}" for defaults).
     * Returns NULL and fills error on failure. [main-thread] */
    void *(*create)(const sb_host_services *host, const char *config_json,
                    sb_error *error);
    /* Stops if needed and frees the instance. [main-thread] */
    void (*destroy)(void *self);

    /* Begins a run; each start begins a new run_id. [instance-thread] */
    sb_status (*start)(void *self, sb_error *error);
    /* Waits up to timeout_ms for the next frame and fills frame. Its pointers
     * are valid until the next [instance-thread] call on this instance (or
     * destroy). Returns SB_ERR_TIMEOUT when none arrived, SB_ERR_END_OF_STREAM
     * once the run is exhausted (and on every later call), SB_ERR_NOT_STARTED
     * before start or after stop. [instance-thread] frame host-owned. */
    sb_status (*next_frame)(void *self, uint32_t timeout_ms, sb_frame *frame,
                            sb_error *error);
    /* Ends the run; next_frame then returns SB_ERR_NOT_STARTED. Idempotent.
     * [instance-thread] */
    void (*stop)(void *self);
} sb_sensing_source;

/* ------------------------------------------------------ scene composer */

typedef uint32_t sb_stream;
#define SB_STREAM_SIGHT 1u
#define SB_STREAM_SOUND 2u
#define SB_STREAM_TEXT  3u

/* Borrowed for the compose call. Appendable. */
typedef struct sb_compose_request {
    uint32_t struct_size;
    const sb_record *records;  /* borrowed */
    size_t record_count;
    const char *locale;        /* "en", "es", "vi"; borrowed */
    uint32_t max_words;        /* ceiling for each phrase */
    uint32_t max_labels;       /* how many labels a phrase may name */
    uint64_t deadline_ns;      /* on the host's monotonic clock */
} sb_compose_request;

/* A subject phrase: "a chair and a doorway". Never a sentence, never a hedge,
 * distance, direction or danger claim — the host validates every phrase and
 * supplies the hedge itself; a phrase that breaks these rules is discarded.
 * Frozen in 1.x: an element of sb_compose_result.phrases; grows only by a new
 * interface revision or a per-element size. */
typedef struct sb_phrase {
    sb_stream stream;
    const char *text;                /* UTF-8, plugin-owned */
    const uint32_t *record_indices;  /* into request->records; plugin-owned */
    size_t record_index_count;
} sb_phrase;

/* Host-owned; struct_size set by the host, the rest filled by the plugin.
 * phrases, and each phrase's text and record_indices, are plugin-owned: valid
 * until the next [instance-thread] call on this instance (or destroy).
 * Appendable. */
typedef struct sb_compose_result {
    uint32_t struct_size;
    const sb_phrase *phrases;  /* plugin-owned */
    size_t phrase_count;
} sb_compose_result;

/* Static (returned by get_interface). Appendable. */
typedef struct sb_scene_composer {
    uint32_t struct_size;
    /* As sb_sensing_source.create. [main-thread] */
    void *(*create)(const sb_host_services *host, const char *config_json,
                    sb_error *error);
    /* [main-thread] */
    void (*destroy)(void *self);

    /* Composes subject phrases for the request's records into result, whose
     * phrases are valid until the next [instance-thread] call on this instance
     * (or destroy). Returns SB_ERR_CANCELLED when cancel was called during
     * this call, SB_ERR_TIMEOUT past the deadline.
     * [instance-thread] request borrowed, result host-owned. */
    sb_status (*compose)(void *self, const sb_compose_request *request,
                         sb_compose_result *result, sb_error *error);
    /* Asks the compose call in progress (if any) to return soon with
     * SB_ERR_CANCELLED. A cancel with no call in progress is ignored.
     * [any-thread] */
    void (*cancel)(void *self);
} sb_scene_composer;

/* -------------------------------------------------------- render target */

/* What a message is for; a target maps each to its own form (a pattern, a
 * cue style). A target MUST accept a value it does not know, render it as
 * SB_SIGNAL_STATUS or ignore it, and return SB_OK. */
typedef uint32_t sb_signal;
#define SB_SIGNAL_DESCRIPTION     1u  /* a hedged scene description */
#define SB_SIGNAL_AWARENESS_ALERT 2u  /* something near; urgent */
#define SB_SIGNAL_AWARENESS_CLEAR 3u  /* the alert condition ended */
#define SB_SIGNAL_READING_SEGMENT 4u  /* one sentence of text being read */
#define SB_SIGNAL_STATUS          5u  /* disclosure or state change */
#define SB_SIGNAL_SESSION_SUMMARY 6u  /* what a session did, at its end */

#define SB_MESSAGE_URGENT (1u << 0)  /* interrupts whatever is being rendered */

/* Borrowed for the render call. Appendable. */
typedef struct sb_message {
    uint32_t struct_size;
    sb_signal signal;
    uint32_t flags;            /* SB_MESSAGE_* */
    const char *text;          /* bytes, expected UTF-8; may be empty */
    size_t text_length;        /* bytes in text, excluding any NUL */
    const char *locale;        /* "en", "es", "vi" */
    uint64_t session_time_ns;  /* since the session started */
    uint64_t sequence;         /* increasing per session */
} sb_message;

/* Static (returned by get_interface). Appendable. */
typedef struct sb_render_target {
    uint32_t struct_size;
    /* As sb_sensing_source.create. [main-thread] */
    void *(*create)(const sb_host_services *host, const char *config_json,
                    sb_error *error);
    /* Flushes anything written and frees the instance. [main-thread] */
    void (*destroy)(void *self);

    /* Renders one message; returns when it is delivered (spoken, written or
     * played). Returns SB_ERR_INVALID_ARGUMENT for text that is not UTF-8,
     * SB_ERR_CANCELLED when interrupt cut it short.
     * [instance-thread] message borrowed. */
    sb_status (*render)(void *self, const sb_message *message, sb_error *error);
    /* Cuts off the render in progress (if any) within one buffer; later
     * renders work as usual. [any-thread] */
    void (*interrupt)(void *self);
} sb_render_target;

/* ------------------------------------------- extension: plugin self-tests */

/* Optional (SB_INTERFACE_PLUGIN_TESTS): tests a plugin ships for the harness,
 * which runs each in its own process beside its own checks. Static (returned
 * by get_interface). Appendable. */
typedef struct sb_plugin_tests {
    uint32_t struct_size;
    /* [any-thread] */
    uint32_t (*count)(void);
    /* Static string, e.g. "decodes-sample-file". [any-thread] */
    const char *(*name)(uint32_t index);
    /* Runs one test; SB_OK when it passed. [main-thread] */
    sb_status (*run)(uint32_t index, const sb_host_services *host,
                     sb_error *error);
} sb_plugin_tests;

#ifdef __cplusplus
}
#endif

#endif /* SENSEBRIDGE_H */
