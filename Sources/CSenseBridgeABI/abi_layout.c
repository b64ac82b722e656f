/* Pins the ABI layout on this platform: a change that moves a field breaks
 * every plugin already built, so it must fail the build instead. These are the
 * facts every build checks; abi-<major>.<minor>.layout beside this file records
 * every size and offset, and `make check-header` compares the header with it. */
#include "sensebridge.h"

#define END_OF(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))
/* The numbers below that depend on pointer size are x86_64/LP64 ones. */
#define LP64_OR(condition) (sizeof(void *) != 8 || sizeof(size_t) != 8 || (condition))

_Static_assert(SB_ABI_MAJOR == 1u && SB_ABI_MINOR >= 2u, "this file pins ABI 1.2 facts");
_Static_assert(offsetof(sb_plugin_descriptor, abi_major) == 0, "version first");
_Static_assert(offsetof(sb_plugin_descriptor, abi_minor) == 4, "version first");
_Static_assert(offsetof(sb_plugin_descriptor, struct_size) == 8, "size third");
_Static_assert(sizeof(float) == 4, "depth maps are float32");

/* Frozen in 1.x: embedded or array elements. */
_Static_assert(sizeof(sb_error) == 4 + SB_ERROR_MESSAGE_CAPACITY, "sb_error layout");
_Static_assert(sizeof(sb_box) == 16, "sb_box layout");
_Static_assert(LP64_OR(sizeof(sb_log_field) == 24), "sb_log_field is frozen");
_Static_assert(LP64_OR(sizeof(sb_config_entry) == 16), "sb_config_entry is frozen");
_Static_assert(LP64_OR(sizeof(sb_record) == 40 && offsetof(sb_record, box) == 20), "sb_record is frozen");
_Static_assert(LP64_OR(sizeof(sb_depth_map) == 104), "sb_depth_map is frozen");
_Static_assert(LP64_OR(sizeof(sb_phrase) == 32), "sb_phrase is frozen");
_Static_assert(LP64_OR(offsetof(sb_frame, depth) == 24 && offsetof(sb_frame, records) == 128),
               "sb_frame embeds sb_depth_map; records follows it");

/* Appendable: struct_size first; 1.1 appended the host's version after log_event,
 * 1.2 the flattened config after that. */
_Static_assert(offsetof(sb_host_services, struct_size) == 0 && offsetof(sb_frame, struct_size) == 0 &&
               offsetof(sb_compose_request, struct_size) == 0 && offsetof(sb_compose_result, struct_size) == 0 &&
               offsetof(sb_message, struct_size) == 0, "appendable structs start with their size");
_Static_assert(LP64_OR(END_OF(sb_host_services, log_event) == 32), "1.0's sb_host_services is 32 bytes");
_Static_assert(offsetof(sb_host_services, abi_major) == END_OF(sb_host_services, log_event) &&
               offsetof(sb_host_services, abi_minor) == END_OF(sb_host_services, abi_major),
               "1.1 appends abi_major and abi_minor right after log_event");
_Static_assert(LP64_OR(END_OF(sb_host_services, abi_minor) == 40), "1.1's sb_host_services is 40 bytes");
_Static_assert(LP64_OR(offsetof(sb_host_services, config_entries) == 40 &&
                       offsetof(sb_host_services, config_entry_count) == 48 && sizeof(sb_host_services) == 56),
               "1.2 appends config_entries and config_entry_count right after abi_minor");

/* The only symbol this target contributes; keeps the object non-empty. */
unsigned sb_abi_layout_major(void) { return SB_ABI_MAJOR; }
