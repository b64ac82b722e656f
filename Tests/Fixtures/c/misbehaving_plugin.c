/* A plugin that misbehaves on purpose, for the tests that prove the host survives
 * its plugins (DESIGN.md, invariant 9). One source, built three ways:
 *
 *   MISBEHAVING_KIND  1: scene composer, 2: render target, 3: sensing source
 *
 * and one library serves every case: the misbehaviour is chosen by the config at
 * create time, read from the host's ABI 1.2 config entries, so a test builds the
 * library once and creates an instance per defect. Sources/SenseBridgeTesting/
 * MisbehavingPlugin.swift builds it with a manifest whose schema allows these keys:
 *
 *   mode   what compose / render / next_frame does (default "well"):
 *            well                 behaves: a composer says "a chair" per object or sound
 *                                 record ("some text" for text), a target accepts UTF-8,
 *                                 a source returns a one-record frame (or a tiny depth frame)
 *            segfault             writes through NULL (SIGSEGV)
 *            abort                abort() (SIGABRT)
 *            exit                 exit(3)
 *            hang                 sleeps forever; ignores cancel, interrupt and the deadline
 *            ignore-cancel        sleeps 30 s in 10 ms steps, ignoring cancel, interrupt
 *                                 and the deadline, then behaves: the "late" result
 *            cancel-not-deadline  ignores the deadline but honours cancel (composer) or
 *                                 interrupt (target) within 10 ms with SB_ERR_CANCELLED;
 *                                 uncancelled, it would behave after 40 s. A source has
 *                                 no cancel, so for a source this is a 40 s stall.
 *            stdout               prints "It is SAFE to cross now." on stdout, then behaves
 *            leak                 mallocs and touches 50 MiB it never frees, then behaves.
 *                                 Like a careless plugin it does not check malloc's result,
 *                                 so under a memory limit the leak ends in SIGSEGV.
 *            garbage              writes bytes that are no protocol to every pipe among
 *                                 descriptors 3..64, then behaves. In a runner that is the
 *                                 reply pipe. NEVER use it in process: there it writes into
 *                                 the host's (or the test runner's) own pipes.
 *            ring-overrun         source only: writes on descriptor 4 (a runner's reply pipe)
 *                                 a runner-protocol frame reply for a 256x192 depth map whose
 *                                 samples it says lie in the frame ring (descriptor 5) 4 KiB
 *                                 before its end, so they would run 188 KiB past it; then
 *                                 behaves. Isolated only, as garbage: a runner whose plugin
 *                                 corrupted it, pointing the host outside the shared memory
 *            connect              composer only: connects a TCP socket to 127.0.0.1:<port>
 *                                 and behaves when that worked; otherwise fails with
 *                                 SB_ERR_NETWORK, "connect failed: <strerror>"
 *            crash-on-create      create writes through NULL (SIGSEGV)
 *            lie                  fails every call with SB_ERR_INTERNAL and the message
 *                                 FIXTURE_LIE ("It is SAFE to cross the street now."): a
 *                                 plugin trying to put its own words in the person's ears
 *            lie-on-create        create fails the same way
 *   from   the first call (counting from 1) that misbehaves; the calls before it behave
 *          (default 1). A restarted runner creates a new instance, which counts from 1 again.
 *   port   for connect
 *   frame  source, when behaving: "records" (default) or "depth"
 *
 * Deliberately it breaks the header's rules (MUST NOT abort, exit or write to stdout):
 * it is what the host must survive, not an example to follow.
 */
#include "fixture_common.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <sys/stat.h>

#ifndef MISBEHAVING_KIND
#error "build with -DMISBEHAVING_KIND=1 (composer), 2 (render target) or 3 (sensing source)"
#endif

#define KIND_COMPOSER 1
#define KIND_TARGET 2
#define KIND_SOURCE 3

typedef enum mode {
    MODE_WELL, MODE_SEGFAULT, MODE_ABORT, MODE_EXIT, MODE_HANG, MODE_IGNORE_CANCEL,
    MODE_CANCEL_NOT_DEADLINE, MODE_STDOUT, MODE_LEAK, MODE_GARBAGE, MODE_CONNECT, MODE_CRASH_ON_CREATE,
    MODE_LIE, MODE_LIE_ON_CREATE, MODE_RING_OVERRUN,
} mode;

static const char *const mode_names[] = {
    "well", "segfault", "abort", "exit", "hang", "ignore-cancel",
    "cancel-not-deadline", "stdout", "leak", "garbage", "connect", "crash-on-create",
    "lie", "lie-on-create", "ring-overrun",
};

typedef struct misbehaving {
    const sb_host_services *host;
    mode mode;
    unsigned long from;
    unsigned long calls;
    int port;
    int depth_frames;
    atomic_int cancelled; /* set by cancel or interrupt, cleared when a call begins */
    /* Plugin-owned results, valid until the next call. */
    fixture_result out;
    int started;
    uint64_t run_id;
    uint64_t last_timestamp;
    sb_record record;
    float depth[4 * 3];
} misbehaving;

/* ---------------------------------------------------------------- config */

static int parse_mode(const char *text, mode *out) {
    for (size_t i = 0; i < sizeof mode_names / sizeof mode_names[0]; i++) {
        if (strcmp(text, mode_names[i]) == 0) {
            *out = (mode)i;
            return 1;
        }
    }
    return 0;
}

static void *misbehaving_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (!fixture_create_checks(host, config_json, error)) return NULL;
    if (!sb_config_readable(host)) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this fixture reads its mode from the ABI 1.2 config entries");
        return NULL;
    }
    mode chosen = MODE_WELL;
    const char *mode_text = sb_config_get(host, "mode");
    if (mode_text && !parse_mode(mode_text, &chosen)) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "mode '%.40s' is not one this fixture knows", mode_text);
        return NULL;
    }
    if (chosen == MODE_RING_OVERRUN && MISBEHAVING_KIND != KIND_SOURCE) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "mode 'ring-overrun' is a source's");
        return NULL;
    }
    if (chosen == MODE_CONNECT && MISBEHAVING_KIND != KIND_COMPOSER) {
        sb_error_set(error, SB_ERR_INVALID_CONFIG, "mode 'connect' is a composer's");
        return NULL;
    }
    if (chosen == MODE_CRASH_ON_CREATE) *fixture_null = 1; /* sanitize: deliberate */
    if (chosen == MODE_LIE_ON_CREATE) {
        sb_error_set(error, SB_ERR_INTERNAL, "%s", FIXTURE_LIE);
        return NULL;
    }
    misbehaving *self = calloc(1, sizeof(misbehaving));
    self->host = host;
    self->mode = chosen;
    const char *from = sb_config_get(host, "from");
    self->from = from ? strtoul(from, NULL, 10) : 1;
    const char *port = sb_config_get(host, "port");
    self->port = port ? atoi(port) : 0;
    const char *frame = sb_config_get(host, "frame");
    self->depth_frames = frame && strcmp(frame, "depth") == 0;
    atomic_init(&self->cancelled, 0);
    return self;
}

static void misbehaving_destroy(void *instance) {
    misbehaving *self = instance;
    fixture_result_release(&self->out);
    free(self);
}

/* cancel (composer) and interrupt (target); a source has neither. [any-thread] */
static FIXTURE_UNUSED void misbehaving_cancel(void *instance) { atomic_store(&((misbehaving *)instance)->cancelled, 1); }

/* ---------------------------------------------------------- misbehaviour */

/* Sleeps `seconds` in 10 ms steps; returns 1 early when cancelled and `heed_cancel`. */
static int stall(misbehaving *self, int seconds, int heed_cancel) {
    for (long step = 0; step < seconds * 100L; step++) {
        if (heed_cancel && atomic_load(&self->cancelled)) return 1;
        fixture_sleep_us(10000);
    }
    return 0;
}

/* Bytes no encoder wrote: the first four, read as a length prefix, claim more than
 * 2 GiB, so a host's reader refuses them at once instead of waiting for a body. */
static void write_garbage(void) {
    unsigned char bytes[256];
    uint32_t state = 0x9e3779b9u;
    for (size_t i = 0; i < sizeof bytes; i++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        bytes[i] = (unsigned char)state;
    }
    bytes[3] |= 0x80;
    for (int fd = 3; fd <= 64; fd++) {
        struct stat status;
        if (fstat(fd, &status) != 0 || !S_ISFIFO(status.st_mode)) continue;
        if (write(fd, bytes, sizeof bytes) < 0) {} /* a read end refuses; that is fine */
    }
}

/* Little-endian fields of a runner-protocol message (Sources/SenseBridgeHost/Isolation). */
static unsigned char *put_u8(unsigned char *at, uint8_t value) {
    *at = value;
    return at + 1;
}

static unsigned char *put_u32(unsigned char *at, uint32_t value) {
    for (int i = 0; i < 4; i++) at[i] = (unsigned char)(value >> (8 * i));
    return at + 4;
}

static unsigned char *put_u64(unsigned char *at, uint64_t value) {
    for (int i = 0; i < 8; i++) at[i] = (unsigned char)(value >> (8 * i));
    return at + 8;
}

/* A frame reply (kind 69) for a 256x192 depth map (frame kind 1, identity pose, no
 * intrinsics) whose samples are "in the ring" (block placement 1) 4 KiB before the end
 * of the memfd on descriptor 5: every field well formed, only the slot a lie. */
static void write_ring_overrun(void) {
    struct stat ring;
    if (fstat(5, &ring) != 0 || ring.st_size < 8192) return;
    unsigned char body[128];
    unsigned char *at = body;
    at = put_u8(at, 69);
    at = put_u32(at, 0);
    at = put_u64(at, 1);
    at = put_u64(at, 1);
    at = put_u8(at, 1);
    at = put_u32(at, 256);
    at = put_u32(at, 192);
    for (int i = 0; i < 16; i++) {
        float one = i % 5 == 0 ? 1.0f : 0.0f;
        uint32_t bits;
        memcpy(&bits, &one, sizeof bits);
        at = put_u32(at, bits);
    }
    at = put_u8(at, 0);
    at = put_u8(at, 1);
    at = put_u32(at, (uint32_t)(ring.st_size - 4096));
    at = put_u32(at, 256u * 192u * 4u);
    unsigned char message[4 + sizeof body];
    uint32_t length = (uint32_t)(at - body);
    put_u32(message, length);
    memcpy(message + 4, body, length);
    if (write(4, message, 4 + length) < 0) {} /* a host that is gone cannot be lied to */
}

/* 0 when connected to 127.0.0.1:port; otherwise fills error. */
static sb_status connect_loopback(misbehaving *self, sb_error *error) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return sb_error_set(error, SB_ERR_NETWORK, "connect failed: %s (socket)", strerror(errno));
    struct sockaddr_in address = {0};
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)self->port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = connect(fd, (struct sockaddr *)&address, sizeof address);
    int why = errno;
    close(fd);
    if (connected != 0) return sb_error_set(error, SB_ERR_NETWORK, "connect failed: %s", strerror(why));
    return SB_OK;
}

/* Runs the configured misbehaviour at the start of a compose, render or next_frame.
 * Returns SB_OK when the call should go on to behave; any other status is the call's. */
static sb_status misbehave(misbehaving *self, sb_error *error) {
    atomic_store(&self->cancelled, 0); /* a cancel before this call is not for it */
    self->calls += 1;
    if (self->calls < self->from) return SB_OK;
    switch (self->mode) {
    case MODE_WELL:
    case MODE_CRASH_ON_CREATE:
    case MODE_LIE_ON_CREATE:
        return SB_OK;
    case MODE_LIE:
        sb_error_set(error, SB_ERR_INTERNAL, "%s", FIXTURE_LIE);
        return SB_ERR_INTERNAL;
    case MODE_SEGFAULT:
        *fixture_null = 1; /* sanitize: deliberate */
        return SB_OK;
    case MODE_ABORT:
        abort();
    case MODE_EXIT:
        exit(3);
    case MODE_HANG:
        for (;;) fixture_sleep_us(1000000);
    case MODE_IGNORE_CANCEL:
        stall(self, 30, 0);
        return SB_OK;
    case MODE_CANCEL_NOT_DEADLINE:
        if (stall(self, 40, 1)) {
            sb_error_set(error, SB_ERR_CANCELLED, "cancelled, as asked (the deadline itself was ignored)");
            return SB_ERR_CANCELLED;
        }
        return SB_OK;
    case MODE_STDOUT:
        printf("It is SAFE to cross now.\n");
        fflush(stdout);
        return SB_OK;
    case MODE_LEAK:
        fixture_deliberate_leak(50u << 20);
        return SB_OK;
    case MODE_GARBAGE:
        write_garbage();
        return SB_OK;
    case MODE_CONNECT:
        return connect_loopback(self, error);
    case MODE_RING_OVERRUN:
        write_ring_overrun();
        return SB_OK;
    }
    return SB_OK;
}

#if MISBEHAVING_KIND == KIND_COMPOSER
/* ----------------------------------------------------------- composer */

static sb_status misbehaving_compose(void *instance, const sb_compose_request *request, sb_compose_result *result,
                                     sb_error *error) {
    misbehaving *self = instance;
    fixture_result_release(&self->out);
    sb_status status = misbehave(self, error);
    if (status != SB_OK) return status;
    if (request->locale && strcmp(request->locale, "en") != 0) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this fixture speaks English only");
        return SB_ERR_UNSUPPORTED;
    }
    size_t n = request->record_count;
    fixture_result_reserve(&self->out, n, n);
    for (size_t i = 0; i < n; i++) {
        const sb_record *record = &request->records[i];
        sb_stream stream;
        char *text;
        if (record->kind == SB_RECORD_TEXT) {
            stream = SB_STREAM_TEXT;
            text = strdup("some text");
        } else if (record->kind == SB_RECORD_OBJECT || record->kind == SB_RECORD_SOUND) {
            stream = record->kind == SB_RECORD_OBJECT ? SB_STREAM_SIGHT : SB_STREAM_SOUND;
            size_t size = strlen(record->label) + 3;
            text = malloc(size);
            snprintf(text, size, "a %s", record->label);
            for (char *c = text; *c; c++) if (*c == '_') *c = ' ';
        } else {
            continue; /* the host says measurements itself */
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

static const sb_scene_composer table = {
    sizeof(sb_scene_composer), misbehaving_create, misbehaving_destroy, misbehaving_compose, misbehaving_cancel,
};
#define KIND_INTERFACE SB_INTERFACE_SCENE_COMPOSER
#define KIND_VALUE SB_KIND_SCENE_COMPOSER

#elif MISBEHAVING_KIND == KIND_TARGET
/* ------------------------------------------------------- render target */

static sb_status misbehaving_render(void *instance, const sb_message *message, sb_error *error) {
    misbehaving *self = instance;
    sb_status status = misbehave(self, error);
    if (status != SB_OK) return status;
    if (!fixture_utf8_valid((const unsigned char *)message->text, message->text_length)) {
        sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "message text is not valid UTF-8; nothing was rendered");
        return SB_ERR_INVALID_ARGUMENT;
    }
    return SB_OK;
}

static const sb_render_target table = {
    sizeof(sb_render_target), misbehaving_create, misbehaving_destroy, misbehaving_render, misbehaving_cancel,
};
#define KIND_INTERFACE SB_INTERFACE_RENDER_TARGET
#define KIND_VALUE SB_KIND_RENDER_TARGET

#elif MISBEHAVING_KIND == KIND_SOURCE
/* ------------------------------------------------------- sensing source */

static sb_status misbehaving_start(void *instance, sb_error *error) {
    (void)error;
    misbehaving *self = instance;
    self->started = 1;
    self->run_id += 1;
    return SB_OK;
}

static void misbehaving_stop(void *instance) { ((misbehaving *)instance)->started = 0; }

static sb_status misbehaving_next(void *instance, uint32_t timeout_ms, sb_frame *frame, sb_error *error) {
    (void)timeout_ms; /* a misbehaving source ignores it; a well one never waits */
    misbehaving *self = instance;
    if (!self->started) {
        sb_error_set(error, SB_ERR_NOT_STARTED, "the source is not started; call start first");
        return SB_ERR_NOT_STARTED;
    }
    sb_status status = misbehave(self, error);
    if (status != SB_OK) return status;
    uint64_t now = self->host->monotonic_ns(self->host);
    uint64_t timestamp = now > self->last_timestamp ? now : self->last_timestamp + 1;
    self->last_timestamp = timestamp;
    memset(frame, 0, sizeof *frame);
    frame->struct_size = sizeof *frame;
    frame->timestamp_ns = timestamp;
    frame->run_id = self->run_id;
    if (self->depth_frames) {
        /* 4x3, everything 2 m away, camera level, with intrinsics. */
        for (size_t i = 0; i < sizeof self->depth / sizeof self->depth[0]; i++) self->depth[i] = 2.0f;
        frame->kind = SB_FRAME_DEPTH;
        frame->depth.width = 4;
        frame->depth.height = 3;
        frame->depth.row_stride = 4 * sizeof(float);
        frame->depth.metres = self->depth;
        for (int i = 0; i < 4; i++) frame->depth.camera_to_world[i * 5] = 1.0f;
        frame->depth.intrinsics[0] = 3.0f;
        frame->depth.intrinsics[1] = 3.0f;
        frame->depth.intrinsics[2] = 2.0f;
        frame->depth.intrinsics[3] = 1.5f;
    } else {
        self->record = (sb_record){SB_RECORD_OBJECT, SB_RECORD_HAS_BOX, "chair", 0.8f, {0.4f, 0.3f, 0.2f, 0.4f}, 0.0f};
        frame->kind = SB_FRAME_RECORDS;
        frame->records = &self->record;
        frame->record_count = 1;
    }
    return SB_OK;
}

static const sb_sensing_source table = {
    sizeof(sb_sensing_source), misbehaving_create, misbehaving_destroy, misbehaving_start, misbehaving_next,
    misbehaving_stop,
};
#define KIND_INTERFACE SB_INTERFACE_SENSING_SOURCE
#define KIND_VALUE SB_KIND_SENSING_SOURCE

#else
#error "MISBEHAVING_KIND must be 1, 2 or 3"
#endif

/* ---------------------------------------------------------- descriptor */

static const void *misbehaving_get_interface(const char *id) {
    if (strcmp(id, KIND_INTERFACE) == 0) return &table;
    return NULL;
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), KIND_VALUE,
    FIXTURE_ID, "1.0.0", NULL, misbehaving_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) {
    return &descriptor;
}
