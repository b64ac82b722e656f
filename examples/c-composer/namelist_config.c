/*
 * namelist_config.c — the composer's settings, read from the key/value entries
 * the host flattens the config into (ABI 1.2), so no JSON parser is needed:
 *
 *     style              "grouped" (default) or "each"
 *     names.es.<label>   the Spanish name of a label, e.g. names.es.chair = "una silla"
 *     names.vi.<label>   the Vietnamese one, e.g. names.vi.chair = "một cái ghế"
 *
 * The manifest's defaults carry the names of common labels, copied from the
 * host's reviewed vocabulary; a profile may set more.
 */
#include <stdlib.h>
#include <string.h>

#include "namelist.h"

#define NAMES_PREFIX "names."

static sb_status read_name(const sb_config_entry *entry, sb_error *error)
{
    const char *locale = entry->key + strlen(NAMES_PREFIX);
    const char *dot = strchr(locale, '.');
    size_t locale_length = dot ? (size_t)(dot - locale) : strlen(locale);
    const namelist_locale *known = NULL;
    char id[8];
    if (locale_length < sizeof id) {
        memcpy(id, locale, locale_length);
        id[locale_length] = '\0';
        known = namelist_locale_find(id);
    }
    if (!dot || dot[1] == '\0' || strchr(dot + 1, '.'))
        return sb_error_set(error, SB_ERR_INVALID_CONFIG,
                            "Setting '%s' is not a name: use names.<locale>.<label>, e.g. names.es.chair.", entry->key);
    if (!known)
        return sb_error_set(error, SB_ERR_INVALID_CONFIG,
                            "Setting '%s' names a label in '%.*s'; this composer speaks %s only.", entry->key,
                            (int)locale_length, locale, namelist_locales_spoken);
    if (known->english)
        return sb_error_set(error, SB_ERR_INVALID_CONFIG,
                            "Setting '%s' is not read: an English name is the label itself, which is what the "
                            "host checks it against.", entry->key);
    if (!namelist_label_is_nameable(entry->value))
        return sb_error_set(error, SB_ERR_INVALID_CONFIG, "Setting '%s' is empty; give the name to say.", entry->key);
    return SB_OK;
}

sb_status namelist_config_read(const sb_host_services *host, namelist_config *config, sb_error *error)
{
    config->style = NAMELIST_GROUPED;
    config->host = NULL;
    /* A host (or test driver) older than 1.2 has no entries: its config cannot be
     * read without parsing JSON, so the defaults hold, English only. */
    if (!host || !SB_STRUCT_HAS(host, sb_host_services, config_entry_count)) return SB_OK;
    if (!host->config_entries)
        return sb_error_set(error, SB_ERR_INVALID_CONFIG,
                            "The config could not be read as settings: it is not a JSON object, or a key in it "
                            "contains '.'.");
    config->host = host;
    for (size_t k = 0; k < host->config_entry_count; k++) {
        const sb_config_entry *entry = &host->config_entries[k];
        if (strcmp(entry->key, "style") == 0) {
            if (strcmp(entry->value, "grouped") == 0) config->style = NAMELIST_GROUPED;
            else if (strcmp(entry->value, "each") == 0) config->style = NAMELIST_EACH;
            else
                return sb_error_set(error, SB_ERR_INVALID_CONFIG,
                                    "Setting 'style' is '%s'; use 'grouped' or 'each'.", entry->value);
        } else if (strncmp(entry->key, NAMES_PREFIX, strlen(NAMES_PREFIX)) == 0) {
            sb_status status = read_name(entry, error);
            if (status != SB_OK) return status;
        } else {
            return sb_error_set(error, SB_ERR_INVALID_CONFIG,
                                "Unknown setting '%s'; this composer has 'style', 'names.es.<label>' and "
                                "'names.vi.<label>'.", entry->key);
        }
    }
    return SB_OK;
}

/* A label is looked up as a detector identifier: lowercase, with "-" and " " as
 * "_", so "Traffic-Light" finds names.es.traffic_light. */
const char *namelist_config_name(const namelist_config *config, const char *locale, const char *label,
                                 namelist_text *key)
{
    if (!config->host) return NULL;
    key->length = 0;
    if (!namelist_text_append_string(key, NAMES_PREFIX) || !namelist_text_append_string(key, locale)
        || !namelist_text_append(key, ".", 1))
        return NULL;
    for (const char *p = label; *p; p++) {
        char c = *p == '-' || *p == ' ' ? '_' : (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : *p;
        if (!namelist_text_append(key, &c, 1)) return NULL;
    }
    return sb_config_get(config->host, key->bytes);
}
