/* The smart liar: a scene composer that does everything the harness's other checks
 * look at the way a careful one does (valid shapes, the word and label limits, cancel
 * and the deadline honoured, nothing leaked, any thread, bounded UTF-8 error messages,
 * locales it cannot speak declined with SB_ERR_UNSUPPORTED), and lies only in what its
 * sight phrase names: every sight record's label, in English with a/an ("a chair and a
 * door"), while it claims to cover only the most confident record. Wrapped in that
 * record's hedge, the door would borrow the chair's certainty; only grounding sees it.
 * Sounds are named one phrase each ("a doorbell") and text gets "some text", honestly.
 *
 * Config, read by strstr like liar_composer.c (create refuses what is not an object):
 *   "phrase": "..."    say this as the sight phrase instead of the list of labels
 *   "cover": "strongest" (default) | "all" | "first"   which sight records it claims
 *   "mode": a hostile result instead of the phrases above:
 *       "null-text"     the sight phrase's text is NULL
 *       "invalid-utf8"  the sight phrase's text is not UTF-8
 *       "huge"          the sight phrase is 10 MB of words
 *       "null-phrases"  phrases is NULL while phrase_count is 1
 *       "many-phrases"  one phrase more than there are records
 */
#include "fixture_common.h"
#include <stdatomic.h>

enum cover { COVER_STRONGEST, COVER_ALL, COVER_FIRST };
enum mode { MODE_NONE, MODE_NULL_TEXT, MODE_INVALID_UTF8, MODE_HUGE, MODE_NULL_PHRASES, MODE_MANY_PHRASES };

#define HUGE_BYTES (10u * 1024u * 1024u)
/* The host's per-label word allowance (SpokenDetail.maximumWordsPerLabel): a careful
 * liar keeps under the ceiling the host applies to what it claims to cover. */
#define WORDS_PER_LABEL 6u

typedef struct liar {
    atomic_int cancelled;
    const sb_host_services *host;
    char fixed[1024];
    int has_fixed;
    enum cover cover;
    enum mode mode;
    fixture_result out;
    /* Built once, so a benchmark times the host's refusal and not this fixture's fill. */
    char *huge;
} liar;

/* The string value of "key" in config, copied into out; 0 when absent or too long. */
static int config_string(const char *config, const char *key, char *out, size_t size) {
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *at = config ? strstr(config, quoted) : NULL;
    if (!at) return 0;
    const char *colon = strchr(at + strlen(quoted), ':');
    const char *start = colon ? strchr(colon, '"') : NULL;
    const char *end = start ? strchr(start + 1, '"') : NULL;
    if (!end || (size_t)(end - start - 1) >= size) return 0;
    memcpy(out, start + 1, (size_t)(end - start - 1));
    out[end - start - 1] = 0;
    return 1;
}

static void *liar_create(const sb_host_services *host, const char *config, sb_error *error) {
    if (!fixture_create_checks(host, config, error)) return NULL;
    char value[64];
    enum cover cover = COVER_STRONGEST;
    if (config_string(config, "cover", value, sizeof value)) {
        if (strcmp(value, "all") == 0) cover = COVER_ALL;
        else if (strcmp(value, "first") == 0) cover = COVER_FIRST;
        else if (strcmp(value, "strongest") != 0) {
            sb_error_set(error, SB_ERR_INVALID_CONFIG, "cover must be strongest, all or first");
            return NULL;
        }
    }
    enum mode mode = MODE_NONE;
    if (config_string(config, "mode", value, sizeof value)) {
        const char *names[] = {"", "null-text", "invalid-utf8", "huge", "null-phrases", "many-phrases"};
        mode = (enum mode)-1;
        for (int i = 1; i < 6; i++) if (strcmp(value, names[i]) == 0) mode = (enum mode)i;
        if (mode == (enum mode)-1) {
            sb_error_set(error, SB_ERR_INVALID_CONFIG, "mode must be null-text, invalid-utf8, huge, null-phrases or many-phrases");
            return NULL;
        }
    }
    liar *self = calloc(1, sizeof(liar));
    atomic_init(&self->cancelled, 0);
    self->host = host;
    self->cover = cover;
    self->mode = mode;
    self->has_fixed = config_string(config, "phrase", self->fixed, sizeof self->fixed);
    return self;
}

static void release_result(liar *self) { fixture_result_release(&self->out); }

static void liar_destroy(void *instance) {
    release_result(instance);
    free(((liar *)instance)->huge);
    free(instance);
}

static char *keep(liar *self, char *text) {
    self->out.texts[self->out.text_count++] = text;
    return text;
}

/* "a chair", "an umbrella stand": the label as words after its English article. */
static size_t append_name(char *out, size_t used, const char *label) {
    const char *article = strchr("aeiouAEIOU", label[0]) && label[0] ? "an" : "a";
    used += (size_t)sprintf(out + used, "%s %s", article, label);
    for (char *c = out + used - strlen(label); *c; c++) if (*c == '_') *c = ' ';
    return used;
}

static size_t count_words(const char *label) {
    size_t words = 1;
    for (const char *c = label; *c; c++) if (*c == '_' || *c == ' ') words++;
    return words;
}

/* Every distinct sight label, the covered record's first, as long as the words fit. */
static char *list_labels(const sb_compose_request *request, size_t covered, size_t budget) {
    size_t n = request->record_count, size = 1;
    for (size_t i = 0; i < n; i++) size += strlen(request->records[i].label) + 8;
    char *text = calloc(size, 1);
    size_t used = append_name(text, 0, request->records[covered].label);
    size_t words = 1 + count_words(request->records[covered].label);
    /* Stops as soon as no name fits, so 20,000 records cost no more than twenty. */
    for (size_t i = 0; i < n && words + 3 <= budget; i++) {
        const sb_record *record = &request->records[i];
        if (record->kind != SB_RECORD_OBJECT || strcmp(record->label, request->records[covered].label) == 0) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = request->records[j].kind == SB_RECORD_OBJECT && strcmp(request->records[j].label, record->label) == 0;
        size_t more = 2 + count_words(record->label);
        if (seen || words + more > budget) continue;
        used += (size_t)sprintf(text + used, " and ");
        used = append_name(text, used, record->label);
        words += more;
    }
    return text;
}

static char *hostile_text(liar *self) {
    if (self->mode == MODE_NULL_TEXT) return NULL;
    if (self->mode == MODE_INVALID_UTF8) return keep(self, strdup("a ch\xff" "ir"));
    if (!self->huge) {
        self->huge = malloc(HUGE_BYTES + 1);
        for (size_t i = 0; i < HUGE_BYTES; i++) self->huge[i] = "a chair "[i % 8];
        self->huge[HUGE_BYTES] = 0;
    }
    return self->huge;
}

static sb_status liar_compose(void *instance, const sb_compose_request *request, sb_compose_result *result, sb_error *error) {
    liar *self = instance;
    atomic_store(&self->cancelled, 0); /* a cancel before this call is not for it */
    release_result(self);
    if (!request->locale || strcmp(request->locale, "en") != 0) {
        sb_error_set(error, SB_ERR_UNSUPPORTED, "this composer speaks English only; the host's label list names things in other languages");
        return SB_ERR_UNSUPPORTED;
    }
    size_t n = request->record_count;
    fixture_result_reserve(&self->out, n + 2, n + 2);
    size_t count = 0, used = 0, sight = 0, strongest = n, first = n, text_records = 0;
    for (size_t i = 0; i < n; i++) {
        if (self->host->monotonic_ns(self->host) > request->deadline_ns) {
            sb_error_set(error, SB_ERR_TIMEOUT, "the deadline passed before the phrases were ready");
            release_result(self);
            return SB_ERR_TIMEOUT;
        }
        if (atomic_load(&self->cancelled)) {
            sb_error_set(error, SB_ERR_CANCELLED, "composing was cancelled");
            release_result(self);
            return SB_ERR_CANCELLED;
        }
        const sb_record *record = &request->records[i];
        if (record->kind == SB_RECORD_OBJECT) {
            sight++;
            if (first == n) first = i;
            if (strongest == n || record->confidence > request->records[strongest].confidence) strongest = i;
        } else if (record->kind == SB_RECORD_TEXT) {
            text_records++;
        }
    }
    if (sight > 0) {
        size_t covered = self->cover == COVER_FIRST ? first : strongest;
        uint32_t *indices = &self->out.indices[used];
        if (self->cover == COVER_ALL) {
            for (size_t i = 0; i < n; i++) if (request->records[i].kind == SB_RECORD_OBJECT) self->out.indices[used++] = (uint32_t)i;
        } else {
            self->out.indices[used++] = (uint32_t)covered;
        }
        size_t labels = self->cover == COVER_ALL ? sight : 1;
        size_t budget = labels * WORDS_PER_LABEL + (labels > 1 ? 1 : 0);
        if (budget > request->max_words) budget = request->max_words;
        char *text = self->mode == MODE_NONE || self->mode == MODE_NULL_PHRASES || self->mode == MODE_MANY_PHRASES
            ? keep(self, self->has_fixed ? strdup(self->fixed) : list_labels(request, covered, budget))
            : hostile_text(self);
        self->out.phrases[count++] = (sb_phrase){SB_STREAM_SIGHT, text, indices, (size_t)(&self->out.indices[used] - indices)};
    }
    for (size_t i = 0; i < n; i++) {
        if (request->records[i].kind != SB_RECORD_SOUND) continue;
        char *text = calloc(strlen(request->records[i].label) + 4, 1);
        append_name(text, 0, request->records[i].label);
        self->out.indices[used] = (uint32_t)i;
        self->out.phrases[count++] = (sb_phrase){SB_STREAM_SOUND, keep(self, text), &self->out.indices[used++], 1};
    }
    if (text_records > 0) {
        uint32_t *indices = &self->out.indices[used];
        for (size_t i = 0; i < n; i++) if (request->records[i].kind == SB_RECORD_TEXT) self->out.indices[used++] = (uint32_t)i;
        self->out.phrases[count++] = (sb_phrase){SB_STREAM_TEXT, keep(self, strdup("some text")), indices, text_records};
    }
    if (self->mode == MODE_MANY_PHRASES && count > 0) {
        while (count <= n) { self->out.phrases[count] = self->out.phrases[0]; count++; }
    }
    result->phrases = self->mode == MODE_NULL_PHRASES && count > 0 ? NULL : self->out.phrases;
    result->phrase_count = count;
    return SB_OK;
}

static void liar_cancel(void *instance) { atomic_store(&((liar *)instance)->cancelled, 1); }

static const sb_scene_composer table = {sizeof(sb_scene_composer), liar_create, liar_destroy, liar_compose, liar_cancel};

static const void *liar_interface(const char *id) {
    if (strcmp(id, SB_INTERFACE_SCENE_COMPOSER) == 0) return &table;
    return fixture_tests_interface(id);
}

static const sb_plugin_descriptor descriptor = {
    SB_ABI_MAJOR, SB_ABI_MINOR, sizeof(sb_plugin_descriptor), SB_KIND_SCENE_COMPOSER,
    FIXTURE_ID, "1.0.0", NULL, liar_interface,
};

SB_EXPORT const sb_plugin_descriptor *sensebridge_plugin_entry(void) { return &descriptor; }
