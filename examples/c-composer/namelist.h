/*
 * namelist.h — internal declarations of the name-list scene composer.
 *
 * Nothing here is exported: the library is built with -fvisibility=hidden and
 * only sensebridge_plugin_entry (namelist_composer.c) is marked visible.
 */
#ifndef NAMELIST_H
#define NAMELIST_H

#include <stddef.h>
#include <stdint.h>

#include "sensebridge_util.h"

#define NAMELIST_ID      "com.example.name-list"
#define NAMELIST_VERSION "1.0.0"

/* ---- growable text (namelist_text.c) */

typedef struct namelist_text {
    char *bytes;  /* NUL-terminated once anything was appended */
    size_t length;
    size_t capacity;
} namelist_text;

/* Each returns 0 when out of memory (the text is left as it was). */
int namelist_text_append(namelist_text *text, const char *bytes, size_t length);
int namelist_text_append_string(namelist_text *text, const char *string);
void namelist_text_free(namelist_text *text);

/* Words separated by single spaces, as every name here is written. */
size_t namelist_word_count(const char *bytes, size_t length);

/* ---- locales and English names (namelist_names.c), pure */

/* What this composer knows of a language: its own grammar, never its nouns. */
typedef struct namelist_locale {
    const char *id;            /* "en", "es", "vi" */
    const char *and_word;      /* joins the last two names of a list */
    const char *text_subject;  /* the phrase covering text records; the host reads their text */
    int english;               /* names are derived from labels; else read from the config */
} namelist_locale;

/* NULL for a locale this composer does not speak. */
const namelist_locale *namelist_locale_find(const char *id);

/* "en, es and vi", for messages. */
extern const char namelist_locales_spoken[];

/* 1 when the label has something to say once "_" and "-" are read as spaces. */
int namelist_label_is_nameable(const char *label);

/* Appends the English name of a label covering `count` records: "a chair",
 * "an umbrella stand", "two chairs", "two people", "many chairs" (over ten).
 * 0 when out of memory. */
int namelist_english_name(const char *label, size_t count, namelist_text *out);

/* ---- config (namelist_config.c) */

typedef enum namelist_style {
    NAMELIST_GROUPED,  /* one phrase per stream and certainty, split only to fit */
    NAMELIST_EACH,     /* one phrase per label */
} namelist_style;

typedef struct namelist_config {
    namelist_style style;
    /* The host services whose config entries hold the names, borrowed for the
     * instance's life; NULL when the host is older than ABI 1.2 and defaults are used. */
    const sb_host_services *host;
} namelist_config;

/* Reads and checks the settings from the host's config entries, or takes the
 * defaults from a host older than 1.2. SB_ERR_INVALID_CONFIG with a message for
 * a setting this composer does not have or a value it cannot use. */
sb_status namelist_config_read(const sb_host_services *host, namelist_config *config, sb_error *error);

/* The configured name of a label in a locale (names.<locale>.<label>), or NULL.
 * key is scratch space for the lookup key. */
const char *namelist_config_name(const namelist_config *config, const char *locale, const char *label,
                                 namelist_text *key);

/* ---- the result's memory (namelist_output.c) */

/* Where one phrase lies in the buffers while the result is built: buffers grow,
 * so pointers are made only once nothing more is appended. */
typedef struct namelist_span {
    sb_stream stream;
    size_t text_at;
    size_t index_at;
    size_t index_count;
} namelist_span;

/* Every byte a compose result points to, owned by one instance: valid until its
 * next compose or destroy (namelist_output_release), as the header's
 * "plugin-owned" asks. */
typedef struct namelist_output {
    namelist_span *spans;
    size_t span_count, span_capacity;
    namelist_text text;
    uint32_t *indices;
    size_t index_count, index_capacity;
    sb_phrase *phrases;
} namelist_output;

/* Each returns 0 when out of memory. */
int namelist_output_begin(namelist_output *output, sb_stream stream);
int namelist_output_text(namelist_output *output, const char *bytes, size_t length);
int namelist_output_index(namelist_output *output, uint32_t index);
int namelist_output_end(namelist_output *output);
/* Points result at the finished phrases. */
sb_status namelist_output_publish(namelist_output *output, sb_compose_result *result, sb_error *error);
/* Frees everything; the pointers of the previous result end here. */
void namelist_output_release(namelist_output *output);

/* ---- composing (namelist_phrases.c), pure but for the stop check */

typedef struct namelist_request {
    const sb_record *records;
    size_t record_count;
    const namelist_locale *locale;
    const namelist_config *config;
    uint32_t max_words;   /* per phrase, connecting words included */
    uint32_t max_labels;  /* distinct labels per phrase */
    /* Asked between records: SB_OK to go on, or the status (with error filled) to
     * stop with: the cancel flag and the deadline. */
    sb_status (*keep_going)(void *context, sb_error *error);
    void *context;
} namelist_request;

/* Phrases for every nameable record, in stream order sight, sound, text and,
 * within a stream, from the surest bucket down. SB_ERR_UNSUPPORTED when a name
 * cannot be said honestly (no configured name in es or vi, or a name longer than
 * max_words); the status of keep_going when it says stop. */
sb_status namelist_compose_phrases(const namelist_request *request, namelist_output *output, sb_error *error);

/* ---- the vtable (namelist_composer.c) and self-tests (namelist_selftests.c) */

extern const sb_scene_composer namelist_scene_composer;
extern const sb_plugin_tests namelist_plugin_tests;

#endif /* NAMELIST_H */
