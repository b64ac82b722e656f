/* A render target (or, by -D, another kind) whose defects are chosen at compile
 * time, so each host and harness test gets a real library with exactly one fault.
 * Without defects it passes every harness check: it refuses bad config and bad
 * UTF-8, "delivers" text at 1 us a byte, and honours interrupt within 1 ms.
 *
 *   FIXTURE_KIND            SB_KIND_* value reported by the descriptor
 *   FIXTURE_ABI_MAJOR       abi_major reported
 *   FIXTURE_ABI_MINOR       abi_minor reported
 *   FIXTURE_STRUCT_SIZE     struct_size reported
 *   FIXTURE_RUNTIME         runtime string literal, or NULL
 *   FIXTURE_NULL_CREATE     1: create returns NULL and leaves the error empty
 *   FIXTURE_ENTRY_NAME      name of the exported entry symbol
 *   FIXTURE_HANG_EMPTY_TEXT 1: render of empty text never returns
 *   FIXTURE_LEAK_RENDER     1: every render keeps 64 KiB it never frees
 *   FIXTURE_PRINT_STDOUT    1: every render prints a line to stdout
 *   FIXTURE_IGNORE_INTERRUPT 1: interrupt is ignored, and delivery is 10 us a byte so it shows
 *   FIXTURE_CRASH_ENTRY     1: the entry symbol dereferences NULL (SIGSEGV): a crash during load
 *   FIXTURE_LATE_INTERRUPT  1: interrupt is looked at only once everything was delivered (10 us a byte)
 *   FIXTURE_INTERRUPT_OK    1: interrupt stops the render, which then returns SB_OK instead of SB_ERR_CANCELLED
 * and the cross-kind knobs in fixture_common.h.
 */
#include "fixture_common.h"
#include <stdatomic.h>

#ifndef FIXTURE_KIND
#define FIXTURE_KIND SB_KIND_RENDER_TARGET
#endif
#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR SB_ABI_MAJOR
#endif
#ifndef FIXTURE_ABI_MINOR
#define FIXTURE_ABI_MINOR SB_ABI_MINOR
#endif
#ifndef FIXTURE_STRUCT_SIZE
#define FIXTURE_STRUCT_SIZE sizeof(sb_plugin_descriptor)
#endif
#ifndef FIXTURE_RUNTIME
#define FIXTURE_RUNTIME NULL
#endif
#ifndef FIXTURE_NULL_CREATE
#define FIXTURE_NULL_CREATE 0
#endif
#ifndef FIXTURE_ENTRY_NAME
#define FIXTURE_ENTRY_NAME sensebridge_plugin_entry
#endif
#ifndef FIXTURE_HANG_EMPTY_TEXT
#define FIXTURE_HANG_EMPTY_TEXT 0
#endif
#ifndef FIXTURE_LEAK_RENDER
#define FIXTURE_LEAK_RENDER 0
#endif
#ifndef FIXTURE_PRINT_STDOUT
#define FIXTURE_PRINT_STDOUT 0
#endif
#ifndef FIXTURE_IGNORE_INTERRUPT
#define FIXTURE_IGNORE_INTERRUPT 0
#endif
#ifndef FIXTURE_CRASH_ENTRY
#define FIXTURE_CRASH_ENTRY 0
#endif
#ifndef FIXTURE_LATE_INTERRUPT
#define FIXTURE_LATE_INTERRUPT 0
#endif
#ifndef FIXTURE_INTERRUPT_OK
#define FIXTURE_INTERRUPT_OK 0
#endif
#define FIXTURE_SLOW_DELIVERY (FIXTURE_IGNORE_INTERRUPT || FIXTURE_LATE_INTERRUPT)

typedef struct fixture {
    unsigned long rendered;
    atomic_int interrupted;
} fixture;

static void *fixture_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    if (FIXTURE_NULL_CREATE) return NULL;
    if (!fixture_create_checks(host, config_json, error)) return NULL;
    fixture *self = calloc(1, sizeof(fixture));
    atomic_init(&self->interrupted, 0);
    return self;
}

static void fixture_destroy(void *self) { free(self); }

static sb_status fixture_render(void *instance, const sb_message *message, sb_error *error) {
    fixture *self = instance;
    /* An interrupt that arrived before this render is not for it. */
    atomic_store(&self->interrupted, 0);
    if (!fixture_utf8_valid((const unsigned char *)message->text, message->text_length)) {
        sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "message text is not valid UTF-8; nothing was rendered");
        return SB_ERR_INVALID_ARGUMENT;
    }
    if (FIXTURE_LEAK_RENDER) fixture_deliberate_leak(64 * 1024);
    if (FIXTURE_PRINT_STDOUT) {
        printf("rendered message %lu\n", self->rendered);
        fflush(stdout);
    }
    if (FIXTURE_HANG_EMPTY_TEXT && message->text_length == 0) {
        for (;;) fixture_sleep_us(1000000);
    }
    if (message->signal < SB_SIGNAL_DESCRIPTION || message->signal > SB_SIGNAL_SESSION_SUMMARY) {
        return SB_OK; /* a signal from a newer host: ignored, as the header allows */
    }
    /* "Deliver" at 1 us a byte, in 1 ms slices, watching for interrupt. */
    for (size_t done = 0; done < message->text_length; done += 1000) {
        if (!FIXTURE_SLOW_DELIVERY && atomic_load(&self->interrupted)) {
            if (FIXTURE_INTERRUPT_OK) return SB_OK;
            sb_error_set(error, SB_ERR_CANCELLED, "rendering was interrupted");
            return SB_ERR_CANCELLED;
        }
        size_t slice = message->text_length - done < 1000 ? message->text_length - done : 1000;
        fixture_sleep_us((long)slice * (FIXTURE_SLOW_DELIVERY ? 10 : 1));
    }
    if (FIXTURE_LATE_INTERRUPT && atomic_load(&self->interrupted)) {
        sb_error_set(error, SB_ERR_CANCELLED, "rendering was interrupted (noticed at the end)");
        return SB_ERR_CANCELLED;
    }
    self->rendered += 1;
    return SB_OK;
}

static void fixture_interrupt(void *instance) { atomic_store(&((fixture *)instance)->interrupted, 1); }

static const sb_render_target render_table = {
    sizeof(sb_render_target), fixture_create, fixture_destroy, fixture_render, fixture_interrupt,
};

static const void *fixture_get_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_RENDER_TARGET) == 0) return &render_table;
    return fixture_tests_interface(id);
}

static const sb_plugin_descriptor descriptor = {
    FIXTURE_ABI_MAJOR, FIXTURE_ABI_MINOR, FIXTURE_STRUCT_SIZE, FIXTURE_KIND,
    FIXTURE_ID, "1.0.0", FIXTURE_RUNTIME, fixture_get_interface,
};

SB_EXPORT const sb_plugin_descriptor *FIXTURE_ENTRY_NAME(void) {
    if (FIXTURE_CRASH_ENTRY) {
        volatile int *nothing = NULL;
        *nothing = 1;
    }
    return &descriptor;
}
