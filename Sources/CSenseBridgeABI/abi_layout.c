/* Pins the ABI 1.0 layout on this platform: a change that moves a field
 * breaks every plugin already built, so it must fail the build instead. */
#include "sensebridge.h"

_Static_assert(offsetof(sb_plugin_descriptor, abi_major) == 0, "version first");
_Static_assert(offsetof(sb_plugin_descriptor, abi_minor) == 4, "version first");
_Static_assert(offsetof(sb_plugin_descriptor, struct_size) == 8, "size third");
_Static_assert(sizeof(sb_error) == 4 + SB_ERROR_MESSAGE_CAPACITY, "sb_error layout");
_Static_assert(sizeof(sb_box) == 16, "sb_box layout");
_Static_assert(sizeof(float) == 4, "depth maps are float32");

/* The only symbol this target contributes; keeps the object non-empty. */
unsigned sb_abi_layout_major(void) { return SB_ABI_MAJOR; }
