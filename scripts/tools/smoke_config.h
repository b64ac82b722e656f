/*
 * smoke_config.h — the host services sb-smoke hands a plugin: its clock and log
 * (abi-smoke.c) and, since ABI 1.2, the create config flattened to key/value
 * entries by the header's rules (smoke_config.c), so sb-smoke gives a plugin what
 * the host would.
 */
#ifndef SMOKE_CONFIG_H
#define SMOKE_CONFIG_H

#include <stddef.h>

#include "sensebridge.h"

/* Built against a header before 1.2 (an older host, for the forward-compatibility
 * test), sb-smoke has no entries to give, and this file declares nothing. */
#if SB_ABI_MINOR >= 2

/* Entries made from one config text, owned together. */
typedef struct smoke_config {
    sb_config_entry *entries;  /* NULL when the text cannot be flattened */
    size_t count;
} smoke_config;

/* Flattens config_json as sensebridge.h describes sb_host_services.config_entries:
 * dotted keys, arrays by index, strings unescaped, numbers as written, booleans
 * "true"/"false", null and empty containers absent, sorted by strcmp. Returns 1 and
 * fills *out; returns 0 with out->entries NULL when the text is not one JSON object
 * of UTF-8, or has a key with "." or U+0000, a string with U+0000, or a key twice,
 * or on running out of memory. Either way, smoke_config_free releases it. */
int smoke_config_flatten(const char *config_json, smoke_config *out);

void smoke_config_free(smoke_config *config);

#endif /* SB_ABI_MINOR >= 2 */

#endif /* SMOKE_CONFIG_H */
