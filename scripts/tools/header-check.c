/*
 * header-check.c — compiles sensebridge.h the way its users do, as C11 and as
 * C++17 with every warning an error (scripts/check-header.sh), then runs it.
 *
 * It plays both sides of the ABI in one file: a small render-target plugin
 * written the way the header tells a plugin author to (static descriptor and
 * vtable, an entry function of type sb_plugin_entry_fn, the plugin-tests
 * extension), and a host that looks it up and calls it. Finally it prints the
 * size of every struct, whether it is frozen or appendable, and the offset and
 * size of every field. The script compares the C and C++ tables, because a
 * plugin in one language and a host in the other must agree on them, and then
 * compares the table with the checked-in reference (abi-<major>.<minor>.layout).
 *
 * The table also compiles against an older header (SB_HEADER_DIR): fields a
 * later minor added are printed only when SB_ABI_MINOR has them, so an earlier
 * reference can be regenerated from that version's header.
 */
#include "sensebridge.h"
#include "sensebridge.h" /* the include guard must make a second include harmless */

#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
#define STATIC_ASSERT(condition, message) static_assert(condition, message)
#else
#define STATIC_ASSERT(condition, message) _Static_assert(condition, message)
#endif

/* The version rule relies on these being unsigned, and the host compares them. */
STATIC_ASSERT(SB_ABI_MAJOR == 1u && SB_ABI_MINOR <= 7u, "this check knows ABI 1.0 to 1.7");
STATIC_ASSERT(SB_ABI_MAJOR - 2u > SB_ABI_MAJOR, "SB_ABI_MAJOR is unsigned");
STATIC_ASSERT(offsetof(sb_plugin_descriptor, abi_major) == 0, "version comes first");
STATIC_ASSERT(offsetof(sb_plugin_descriptor, struct_size) == 8, "struct_size follows the version");
STATIC_ASSERT(offsetof(sb_host_services, struct_size) == 0, "tables start with their size");
STATIC_ASSERT(offsetof(sb_render_target, struct_size) == 0, "tables start with their size");
STATIC_ASSERT(offsetof(sb_scene_composer, struct_size) == 0, "tables start with their size");
STATIC_ASSERT(offsetof(sb_sensing_source, struct_size) == 0, "tables start with their size");
STATIC_ASSERT(offsetof(sb_plugin_tests, struct_size) == 0, "tables start with their size");
STATIC_ASSERT(offsetof(sb_message, struct_size) == 0, "inputs start with their size");
STATIC_ASSERT(offsetof(sb_frame, struct_size) == 0, "frames start with their size");
STATIC_ASSERT(sizeof(((sb_error *)0)->message) == SB_ERROR_MESSAGE_CAPACITY, "error message capacity");
STATIC_ASSERT(sizeof(sb_status) == 4 && SB_OK == 0, "sb_status is a 32-bit code, 0 is success");
#if SB_ABI_MINOR >= 1
STATIC_ASSERT(offsetof(sb_host_services, abi_major) == sizeof(void *) * 4, "1.1 appends after log_event");
#endif
#if SB_ABI_MINOR >= 2
STATIC_ASSERT(offsetof(sb_host_services, config_entries) >= offsetof(sb_host_services, abi_minor) + sizeof(uint32_t),
              "1.2 appends after abi_minor");
#endif
#if SB_ABI_MINOR >= 3
STATIC_ASSERT(SB_SIGNAL_AWARENESS_PULSE == 7u && SB_SIGNAL_AWARENESS_PULSE > SB_SIGNAL_SESSION_SUMMARY,
              "1.3 appends a signal after the 1.0 ones");
#endif
#if SB_ABI_MINOR >= 4
STATIC_ASSERT(offsetof(sb_frame, image) >= offsetof(sb_frame, record_count) + sizeof(size_t),
              "1.4 appends the image after record_count");
STATIC_ASSERT(offsetof(sb_image, struct_size) == 0 && offsetof(sb_perceiver, struct_size) == 0 &&
              offsetof(sb_perceive_request, struct_size) == 0 && offsetof(sb_perceive_result, struct_size) == 0,
              "1.4's structs start with their size");
STATIC_ASSERT(SB_KIND_PERCEIVER == 4u && SB_FRAME_IMAGE == 3u, "1.4 appends a kind and a frame kind");
#endif
#if SB_ABI_MINOR >= 5
STATIC_ASSERT(SB_ERR_UNAVAILABLE == 11 && SB_ERR_UNAVAILABLE > SB_ERR_INTERNAL,
              "1.5 appends a status code after the 1.0 ones");
#endif
#if SB_ABI_MINOR >= 6
STATIC_ASSERT(offsetof(sb_frame, audio) >= offsetof(sb_frame, image) + sizeof(void *),
              "1.6 appends the audio after the image");
STATIC_ASSERT(offsetof(sb_perceive_request, audio) >= offsetof(sb_perceive_request, deadline_ns) + sizeof(uint64_t),
              "1.6 appends the audio after the deadline");
STATIC_ASSERT(offsetof(sb_audio, struct_size) == 0, "1.6's audio starts with its size");
STATIC_ASSERT(SB_FRAME_AUDIO == 4u && SB_SIGNAL_SAFETY_ALERT == 8u, "1.6 appends a frame kind and a signal");
#endif
#if SB_ABI_MINOR >= 7
STATIC_ASSERT(offsetof(sb_perceive_request, page_locales) >= offsetof(sb_perceive_request, audio) + sizeof(void *),
              "1.7 appends the page's locales after the audio");
STATIC_ASSERT(offsetof(sb_perceive_result, turned_degrees) >= offsetof(sb_perceive_result, record_count) + sizeof(size_t) &&
              offsetof(sb_perceive_result, page_flags) == offsetof(sb_perceive_result, turned_degrees) + sizeof(uint32_t),
              "1.7 appends the turn and the page flags after record_count");
STATIC_ASSERT(SB_PAGE_FLATTENED == 1u && SB_PAGE_CUT_TOP == 2u && SB_PAGE_CUT_BOTTOM == 4u &&
              SB_PAGE_CUT_LEFT == 8u && SB_PAGE_CUT_RIGHT == 16u, "1.7's page flags are distinct bits");
#endif

/* ------------------------------------------------ the plugin side */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct counter_target {
    const sb_host_services *host;
    unsigned rendered;
} counter_target;

static counter_target the_instance;

static void *counter_create(const sb_host_services *host, const char *config_json, sb_error *error)
{
#if SB_ABI_MINOR >= 2
    /* The flattened config says what config_json says: "{}" has no entries, and
     * a config the host could not flatten comes with NULL. */
    if (SB_STRUCT_HAS(host, sb_host_services, config_entry_count)
        && (!host->config_entries || host->config_entry_count != 0)) {
        error->code = SB_ERR_INVALID_CONFIG;
        snprintf(error->message, SB_ERROR_MESSAGE_CAPACITY, "This target takes no settings.");
        return NULL;
    }
#endif
    if (!config_json || strcmp(config_json, "{}") != 0) {
        error->code = SB_ERR_INVALID_CONFIG;
        snprintf(error->message, SB_ERROR_MESSAGE_CAPACITY, "This target takes no settings.");
        return NULL;
    }
    the_instance.host = host;
    the_instance.rendered = 0;
    return &the_instance;
}

static void counter_destroy(void *self) { (void)self; }

static sb_status counter_render(void *self, const sb_message *message, sb_error *error)
{
    counter_target *target = (counter_target *)self;
    (void)error;
    if (message->signal == SB_SIGNAL_DESCRIPTION) target->rendered++;
    if (target->host && target->host->log_event) {
        sb_log_field field = {"signal", "description", SB_PRIVACY_PUBLIC};
        target->host->log_event(target->host, SB_LOG_DEBUG, "counter.rendered", &field, 1);
    }
    return SB_OK;
}

static void counter_interrupt(void *self) { (void)self; }

static const sb_render_target counter_vtable = {
    sizeof(sb_render_target), counter_create, counter_destroy, counter_render, counter_interrupt,
};

static uint32_t tests_count(void) { return 1; }
static const char *tests_name(uint32_t index) { return index == 0 ? "always-passes" : NULL; }
static sb_status tests_run(uint32_t index, const sb_host_services *host, sb_error *error)
{
    (void)host;
    (void)error;
    return index == 0 ? SB_OK : SB_ERR_INVALID_ARGUMENT;
}

static const sb_plugin_tests counter_tests = {sizeof(sb_plugin_tests), tests_count, tests_name, tests_run};

static const void *counter_get_interface(const char *interface_id)
{
    if (strcmp(interface_id, SB_INTERFACE_RENDER_TARGET) == 0) return &counter_vtable;
    if (strcmp(interface_id, SB_INTERFACE_PLUGIN_TESTS) == 0) return &counter_tests;
    return NULL;
}

static const sb_plugin_descriptor counter_descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_RENDER_TARGET,
    "org.sensebridge.header-check", "1.0.0", NULL, counter_get_interface,
};

const sb_plugin_descriptor *sensebridge_plugin_entry(void);
const sb_plugin_descriptor *sensebridge_plugin_entry(void) { return &counter_descriptor; }

#ifdef __cplusplus
}
#endif

/* ------------------------------------------------ the host side */

static unsigned logged;

static uint64_t host_clock(const sb_host_services *host) { (void)host; return 42u; }

static void host_log(const sb_host_services *host, sb_log_level level, const char *event,
                     const sb_log_field *fields, size_t field_count)
{
    (void)host;
    (void)level;
    (void)event;
    if (field_count == 1 && fields[0].privacy == SB_PRIVACY_PUBLIC) logged++;
}

/* A 1.0 host's table: the struct_size ends before the 1.1 fields. */
static size_t host_services_size_1_0(void)
{
    return offsetof(sb_host_services, log_event) + sizeof(((sb_host_services *)0)->log_event);
}

#if SB_ABI_MINOR >= 2
/* A 1.1 host's table: the struct_size ends before the 1.2 fields. */
static size_t host_services_size_1_1(void)
{
    return offsetof(sb_host_services, abi_minor) + sizeof(((sb_host_services *)0)->abi_minor);
}

static const sb_config_entry no_entries[1] = {{NULL, NULL}};
#endif

static int drive_plugin(void)
{
    sb_plugin_entry_fn entry = sensebridge_plugin_entry;
    const sb_plugin_descriptor *descriptor = entry();
    if (descriptor->abi_major != SB_ABI_MAJOR || descriptor->abi_minor > SB_ABI_MINOR) return 1;
    const sb_render_target *vtable = (const sb_render_target *)descriptor->get_interface(SB_INTERFACE_RENDER_TARGET);
    const sb_plugin_tests *tests = (const sb_plugin_tests *)descriptor->get_interface(SB_INTERFACE_PLUGIN_TESTS);
    if (!vtable || !tests || descriptor->get_interface(SB_INTERFACE_SCENE_COMPOSER)) return 2;

    sb_host_services services;
    memset(&services, 0, sizeof services);
    services.struct_size = sizeof(sb_host_services);
    services.monotonic_ns = host_clock;
    services.log_event = host_log;
#if SB_ABI_MINOR >= 1
    services.abi_major = SB_ABI_MAJOR;
    services.abi_minor = SB_ABI_MINOR;
    /* SB_STRUCT_HAS tells a 1.1 table from a 1.0 one. */
    if (!SB_STRUCT_HAS(&services, sb_host_services, abi_minor)) return 8;
    sb_host_services older = services;
    older.struct_size = (uint32_t)host_services_size_1_0();
    if (SB_STRUCT_HAS(&older, sb_host_services, abi_major) || !SB_STRUCT_HAS(&older, sb_host_services, log_event)) return 9;
#else
    if (services.struct_size != host_services_size_1_0()) return 9;
#endif
#if SB_ABI_MINOR >= 2
    /* "{}" flattens to no entries, behind a non-NULL pointer. */
    services.config_entries = no_entries;
    services.config_entry_count = 0;
    if (!SB_STRUCT_HAS(&services, sb_host_services, config_entry_count)) return 10;
    sb_host_services shorter = services;
    shorter.struct_size = (uint32_t)host_services_size_1_1();
    if (SB_STRUCT_HAS(&shorter, sb_host_services, config_entries) || !SB_STRUCT_HAS(&shorter, sb_host_services, abi_minor))
        return 11;
#endif
    sb_error error;
    memset(&error, 0, sizeof error);
#if SB_ABI_MINOR >= 2
    services.config_entries = NULL; /* "[]" cannot be flattened */
#endif
    if (vtable->create(&services, "[]", &error) || error.code != SB_ERR_INVALID_CONFIG || !error.message[0]) return 3;
#if SB_ABI_MINOR >= 2
    services.config_entries = no_entries;
#endif
    memset(&error, 0, sizeof error);
    void *instance = vtable->create(&services, "{}", &error);
    if (!instance) return 4;
    sb_message message;
    memset(&message, 0, sizeof message);
    message.struct_size = sizeof message;
    message.signal = SB_SIGNAL_DESCRIPTION;
    message.flags = SB_MESSAGE_URGENT;
    message.text = "a chair";
    message.text_length = 7;
    message.locale = "en";
    if (vtable->render(instance, &message, &error) != SB_OK) return 5;
    vtable->interrupt(instance);
    vtable->destroy(instance);
    if (the_instance.rendered != 1 || logged != 1) return 6;
    if (tests->count() != 1 || tests->run(0, &services, &error) != SB_OK || tests->name(1) != NULL) return 7;
    return 0;
}

/* ------------------------------------------------ the layout table */

/* One line per struct: its size and its class under the header's growth rules
 * (frozen: embedded or an array element; appendable: passed by pointer with a
 * struct_size). One line per field: its offset and size. Every field is listed,
 * in declaration order; scripts/tools/abi_growth.py reads this format. */
#define FROZEN(type) printf("struct %-36s size %4zu frozen\n", #type, sizeof(type))
#define APPENDABLE(type) printf("struct %-36s size %4zu appendable\n", #type, sizeof(type))
#define FIELD(type, field) \
    printf("field  %-36s offset %4zu size %4zu\n", #type "." #field, offsetof(type, field), sizeof(((type *)0)->field))

static void print_layout(void)
{
    FROZEN(sb_error);
    FIELD(sb_error, code); FIELD(sb_error, message);

    FROZEN(sb_log_field);
    FIELD(sb_log_field, name); FIELD(sb_log_field, value); FIELD(sb_log_field, privacy);

#if SB_ABI_MINOR >= 2
    FROZEN(sb_config_entry);
    FIELD(sb_config_entry, key); FIELD(sb_config_entry, value);
#endif

    APPENDABLE(sb_host_services);
    FIELD(sb_host_services, struct_size); FIELD(sb_host_services, host_data);
    FIELD(sb_host_services, monotonic_ns); FIELD(sb_host_services, log_event);
#if SB_ABI_MINOR >= 1
    FIELD(sb_host_services, abi_major); FIELD(sb_host_services, abi_minor);
#endif
#if SB_ABI_MINOR >= 2
    FIELD(sb_host_services, config_entries); FIELD(sb_host_services, config_entry_count);
#endif

    APPENDABLE(sb_plugin_descriptor);
    FIELD(sb_plugin_descriptor, abi_major); FIELD(sb_plugin_descriptor, abi_minor);
    FIELD(sb_plugin_descriptor, struct_size); FIELD(sb_plugin_descriptor, kind);
    FIELD(sb_plugin_descriptor, id); FIELD(sb_plugin_descriptor, version);
    FIELD(sb_plugin_descriptor, runtime); FIELD(sb_plugin_descriptor, get_interface);

    FROZEN(sb_box);
    FIELD(sb_box, x); FIELD(sb_box, y); FIELD(sb_box, width); FIELD(sb_box, height);

    FROZEN(sb_record);
    FIELD(sb_record, kind); FIELD(sb_record, flags); FIELD(sb_record, label);
    FIELD(sb_record, confidence); FIELD(sb_record, box); FIELD(sb_record, distance_m);

    FROZEN(sb_depth_map);
    FIELD(sb_depth_map, width); FIELD(sb_depth_map, height); FIELD(sb_depth_map, row_stride);
    FIELD(sb_depth_map, metres); FIELD(sb_depth_map, camera_to_world); FIELD(sb_depth_map, intrinsics);

#if SB_ABI_MINOR >= 4
    APPENDABLE(sb_image);
    FIELD(sb_image, struct_size); FIELD(sb_image, format); FIELD(sb_image, width);
    FIELD(sb_image, height); FIELD(sb_image, row_stride); FIELD(sb_image, pixels);
    FIELD(sb_image, intrinsics);
#endif

#if SB_ABI_MINOR >= 6
    APPENDABLE(sb_audio);
    FIELD(sb_audio, struct_size); FIELD(sb_audio, format); FIELD(sb_audio, sample_rate);
    FIELD(sb_audio, channels); FIELD(sb_audio, flags); FIELD(sb_audio, frame_count);
    FIELD(sb_audio, first_sample_ns); FIELD(sb_audio, samples);
#endif

    APPENDABLE(sb_frame);
    FIELD(sb_frame, struct_size); FIELD(sb_frame, kind); FIELD(sb_frame, timestamp_ns);
    FIELD(sb_frame, run_id); FIELD(sb_frame, depth); FIELD(sb_frame, records); FIELD(sb_frame, record_count);
#if SB_ABI_MINOR >= 4
    FIELD(sb_frame, image);
#endif
#if SB_ABI_MINOR >= 6
    FIELD(sb_frame, audio);
#endif

    APPENDABLE(sb_sensing_source);
    FIELD(sb_sensing_source, struct_size); FIELD(sb_sensing_source, create);
    FIELD(sb_sensing_source, destroy); FIELD(sb_sensing_source, start);
    FIELD(sb_sensing_source, next_frame); FIELD(sb_sensing_source, stop);

    APPENDABLE(sb_compose_request);
    FIELD(sb_compose_request, struct_size); FIELD(sb_compose_request, records);
    FIELD(sb_compose_request, record_count); FIELD(sb_compose_request, locale);
    FIELD(sb_compose_request, max_words); FIELD(sb_compose_request, max_labels);
    FIELD(sb_compose_request, deadline_ns);

    FROZEN(sb_phrase);
    FIELD(sb_phrase, stream); FIELD(sb_phrase, text); FIELD(sb_phrase, record_indices);
    FIELD(sb_phrase, record_index_count);

    APPENDABLE(sb_compose_result);
    FIELD(sb_compose_result, struct_size); FIELD(sb_compose_result, phrases);
    FIELD(sb_compose_result, phrase_count);

    APPENDABLE(sb_scene_composer);
    FIELD(sb_scene_composer, struct_size); FIELD(sb_scene_composer, create);
    FIELD(sb_scene_composer, destroy); FIELD(sb_scene_composer, compose); FIELD(sb_scene_composer, cancel);

#if SB_ABI_MINOR >= 4
    APPENDABLE(sb_perceive_request);
    FIELD(sb_perceive_request, struct_size); FIELD(sb_perceive_request, image);
    FIELD(sb_perceive_request, timestamp_ns); FIELD(sb_perceive_request, locale);
    FIELD(sb_perceive_request, deadline_ns);
#if SB_ABI_MINOR >= 6
    FIELD(sb_perceive_request, audio);
#endif
#if SB_ABI_MINOR >= 7
    FIELD(sb_perceive_request, page_locales);
#endif

    APPENDABLE(sb_perceive_result);
    FIELD(sb_perceive_result, struct_size); FIELD(sb_perceive_result, records);
    FIELD(sb_perceive_result, record_count);
#if SB_ABI_MINOR >= 7
    FIELD(sb_perceive_result, turned_degrees); FIELD(sb_perceive_result, page_flags);
#endif

    APPENDABLE(sb_perceiver);
    FIELD(sb_perceiver, struct_size); FIELD(sb_perceiver, create);
    FIELD(sb_perceiver, destroy); FIELD(sb_perceiver, perceive); FIELD(sb_perceiver, cancel);
#endif

    APPENDABLE(sb_message);
    FIELD(sb_message, struct_size); FIELD(sb_message, signal); FIELD(sb_message, flags);
    FIELD(sb_message, text); FIELD(sb_message, text_length); FIELD(sb_message, locale);
    FIELD(sb_message, session_time_ns); FIELD(sb_message, sequence);

    APPENDABLE(sb_render_target);
    FIELD(sb_render_target, struct_size); FIELD(sb_render_target, create);
    FIELD(sb_render_target, destroy); FIELD(sb_render_target, render); FIELD(sb_render_target, interrupt);

    APPENDABLE(sb_plugin_tests);
    FIELD(sb_plugin_tests, struct_size); FIELD(sb_plugin_tests, count);
    FIELD(sb_plugin_tests, name); FIELD(sb_plugin_tests, run);
}

int main(void)
{
    int failure = drive_plugin();
    if (failure) {
        fprintf(stderr, "header-check: driving the in-file plugin failed at step %d\n", failure);
        return 1;
    }
    print_layout();
    return 0;
}
