/* A render target (or, by -D, another kind) whose defects are chosen at compile
 * time, so each host and harness test gets a real library with exactly one fault.
 *
 *   FIXTURE_ID            descriptor id (string literal), default "org.sensebridge.fixture"
 *   FIXTURE_KIND          SB_KIND_* value reported by the descriptor
 *   FIXTURE_ABI_MAJOR     abi_major reported
 *   FIXTURE_ABI_MINOR     abi_minor reported
 *   FIXTURE_STRUCT_SIZE   struct_size reported
 *   FIXTURE_RUNTIME       runtime string literal, or NULL
 *   FIXTURE_NULL_CREATE   1: create returns NULL and leaves the error empty
 *   FIXTURE_ENTRY_NAME    name of the exported entry symbol
 */
#include <sensebridge.h>
#include <stdlib.h>
#include <string.h>

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.sensebridge.fixture"
#endif
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

typedef struct fixture {
    unsigned long rendered;
} fixture;

static void *fixture_create(const sb_host_services *host, const char *config_json, sb_error *error) {
    (void)host;
    if (FIXTURE_NULL_CREATE) return NULL;
    if (config_json && config_json[0] != '{') {
        error->code = SB_ERR_INVALID_CONFIG;
        strcpy(error->message, "config must be a JSON object");
        return NULL;
    }
    return calloc(1, sizeof(fixture));
}

static void fixture_destroy(void *self) { free(self); }

static sb_status fixture_render(void *self, const sb_message *message, sb_error *error) {
    (void)message;
    (void)error;
    ((fixture *)self)->rendered += 1;
    return SB_OK;
}

static void fixture_interrupt(void *self) { (void)self; }

static const sb_render_target render_table = {
    sizeof(sb_render_target), fixture_create, fixture_destroy, fixture_render, fixture_interrupt,
};

static const void *fixture_get_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_RENDER_TARGET) == 0) return &render_table;
    return NULL;
}

static const sb_plugin_descriptor descriptor = {
    FIXTURE_ABI_MAJOR, FIXTURE_ABI_MINOR, FIXTURE_STRUCT_SIZE, FIXTURE_KIND,
    FIXTURE_ID, "1.0.0", FIXTURE_RUNTIME, fixture_get_interface,
};

__attribute__((visibility("default"))) const sb_plugin_descriptor *FIXTURE_ENTRY_NAME(void) {
    return &descriptor;
}
