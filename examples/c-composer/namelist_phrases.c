/*
 * namelist_phrases.c — records in, subject phrases out.
 *
 * What the host accepts decides the shape of every phrase:
 *   - the host picks the hedge from the weakest record a phrase covers, so records
 *     are gathered per stream and per certainty bucket (>= 0.8, 0.6-0.8, 0.4-0.6):
 *     a sure chair is never said as unsurely as a doubtful dog beside it;
 *   - a record below 0.4, with an empty label, or of depth is never covered, and
 *     every other one is: the host says a dropped record anyway, and the harness
 *     fails a composer that drops one. When the names do not fit in max_words or
 *     max_labels, they are split into more phrases, never cut;
 *   - a phrase names exactly the records it covers, once each: records of sight
 *     with the same label are one name said with their number ("two chairs"; in
 *     es and vi, whose configured names are singular, the request is declined and
 *     the host counts them), a sound is named once however many records heard it,
 *     and text records are "some text", whose words the host reads from the
 *     records themselves.
 */
#include <stdlib.h>
#include <string.h>

#include "namelist.h"

#define NO_RECORD UINT32_MAX

enum { BUCKET_NONE, BUCKET_LOW, BUCKET_MEDIUM, BUCKET_HIGH };

/* The host's certainty buckets (Certainty.swift), compared as it does, in double:
 * a confidence that is not a number in 0...1 has earned no claim. */
static int bucket_of(float confidence)
{
    double c = confidence;
    if (!(c >= 0.4 && c <= 1.0)) return BUCKET_NONE;
    return c >= 0.8 ? BUCKET_HIGH : c >= 0.6 ? BUCKET_MEDIUM : BUCKET_LOW;
}

static sb_stream stream_of(sb_record_kind kind)
{
    switch (kind) {
    case SB_RECORD_OBJECT: return SB_STREAM_SIGHT;
    case SB_RECORD_SOUND: return SB_STREAM_SOUND;
    case SB_RECORD_TEXT: return SB_STREAM_TEXT;
    default: return 0;  /* depth, or a kind from a newer host: never a subject */
    }
}

/* Recognized text is nameable when anything in it is not blank. */
static int has_text(const char *label)
{
    for (const unsigned char *p = (const unsigned char *)label; *p; p++)
        if (*p > ' ' && *p != 0x7F) return 1;
    return 0;
}

/* The records of one stream and bucket that share a label, linked through next[]. */
typedef struct group {
    const char *label;
    sb_stream stream;
    int bucket;
    size_t count;
    uint32_t first, last;
} group;

/* One name in a phrase being packed: where its words are in work.names. */
typedef struct item {
    size_t group;
    size_t text_at, text_length;
    size_t words;
} item;

typedef struct work {
    const namelist_request *request;
    namelist_output *output;
    group *groups;
    size_t group_count, group_capacity;
    uint32_t *next;
    item *items;
    size_t item_count;
    namelist_text names;
    namelist_text key;
} work;

static sb_status out_of_memory(sb_error *error)
{
    return sb_error_set(error, SB_ERR_INTERNAL, "Out of memory composing phrases.");
}

static sb_status add_to_group(work *w, uint32_t index, sb_stream stream, int bucket, sb_error *error)
{
    const char *label = w->request->records[index].label;
    w->next[index] = NO_RECORD;
    for (size_t g = 0; g < w->group_count; g++) {
        group *known = &w->groups[g];
        if (known->stream == stream && known->bucket == bucket && strcmp(known->label, label) == 0) {
            w->next[known->last] = index;
            known->last = index;
            known->count++;
            return SB_OK;
        }
    }
    if (w->group_count == w->group_capacity) {
        size_t capacity = w->group_capacity ? w->group_capacity * 2 : 16;
        group *grown = realloc(w->groups, capacity * sizeof *grown);
        if (!grown) return out_of_memory(error);
        w->groups = grown;
        w->group_capacity = capacity;
    }
    group fresh = {label, stream, bucket, 1, index, index};
    w->groups[w->group_count++] = fresh;
    return SB_OK;
}

/* Pass 1: every nameable record into its group, in the order the detector
 * reported them; the stop check runs between records. */
static sb_status gather(work *w, sb_error *error)
{
    const namelist_request *r = w->request;
    for (size_t k = 0; k < r->record_count; k++) {
        sb_status go = r->keep_going(r->context, error);
        if (go != SB_OK) return go;
        const sb_record *record = &r->records[k];
        sb_stream stream = stream_of(record->kind);
        int bucket = bucket_of(record->confidence);
        if (!stream || bucket == BUCKET_NONE) continue;
        if (!record->label)
            return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "Record %zu has a NULL label.", k);
        if (stream == SB_STREAM_TEXT ? !has_text(record->label) : !namelist_label_is_nameable(record->label)) continue;
        sb_status status = add_to_group(w, (uint32_t)k, stream, bucket, error);
        if (status != SB_OK) return status;
    }
    return SB_OK;
}

/* The words of one group's name into w->names, as an item. */
static sb_status name_item(work *w, size_t g, item *out, sb_error *error)
{
    const namelist_request *r = w->request;
    const group *named = &w->groups[g];
    out->group = g;
    out->text_at = w->names.length;
    if (named->stream == SB_STREAM_TEXT) {
        if (!namelist_text_append_string(&w->names, r->locale->text_subject)) return out_of_memory(error);
    } else if (r->locale->english) {
        /* A sound is heard, not counted: two records of barking are not two dogs. */
        size_t count = named->stream == SB_STREAM_SIGHT ? named->count : 1;
        if (!namelist_english_name(named->label, count, &w->names)) return out_of_memory(error);
    } else if (named->stream == SB_STREAM_SIGHT && named->count > 1) {
        /* The configured names are singular, and "una silla" over two chairs tells a
         * blind person there is one: the host's label list counts them instead. */
        return sb_error_set(error, SB_ERR_UNSUPPORTED,
                            "This composer counts things only in English; the host names the %zu '%s' records "
                            "in '%s' with its own label list.", named->count, named->label, r->locale->id);
    } else {
        const char *name = namelist_config_name(r->config, r->locale->id, named->label, &w->key);
        if (!name)
            return sb_error_set(error, SB_ERR_UNSUPPORTED,
                                "This composer has no '%s' name for the label '%s'; add names.%s.%s to its "
                                "config, or the host will name it with its own label list.",
                                r->locale->id, named->label, r->locale->id, named->label);
        if (!namelist_text_append_string(&w->names, name)) return out_of_memory(error);
    }
    out->text_length = w->names.length - out->text_at;
    out->words = namelist_word_count(w->names.bytes + out->text_at, out->text_length);
    if (out->words > r->max_words)
        return sb_error_set(error, SB_ERR_UNSUPPORTED,
                            "The name of '%s' has %zu words; the request allows %u in a phrase, and a name is "
                            "never cut.", named->stream == SB_STREAM_TEXT ? "text" : named->label, out->words,
                            (unsigned)r->max_words);
    return SB_OK;
}

/* One phrase of items [start, end): "a, b and c", covering every record of each.
 * Text has one item per distinct text, all said as the one subject. */
static sb_status emit(work *w, sb_stream stream, size_t start, size_t end, sb_error *error)
{
    namelist_output *out = w->output;
    const char *and_word = w->request->locale->and_word;
    int ok = namelist_output_begin(out, stream);
    if (stream == SB_STREAM_TEXT) {
        ok = ok && namelist_output_text(out, w->names.bytes + w->items[start].text_at, w->items[start].text_length);
    } else {
        for (size_t k = start; ok && k < end; k++) {
            ok = namelist_output_text(out, w->names.bytes + w->items[k].text_at, w->items[k].text_length);
            if (ok && k + 2 < end) ok = namelist_output_text(out, ", ", 2);
            if (ok && k + 2 == end)
                ok = namelist_output_text(out, " ", 1) && namelist_output_text(out, and_word, strlen(and_word))
                  && namelist_output_text(out, " ", 1);
        }
    }
    for (size_t k = start; ok && k < end; k++)
        for (uint32_t index = w->groups[w->items[k].group].first; ok && index != NO_RECORD; index = w->next[index])
            ok = namelist_output_index(out, index);
    return ok && namelist_output_end(out) ? SB_OK : out_of_memory(error);
}

/* Pass 2 for one stream and bucket: name each group, then pack the names into as
 * few phrases as max_labels and max_words allow ("each": one name a phrase). */
static sb_status compose_bucket(work *w, sb_stream stream, int bucket, sb_error *error)
{
    const namelist_request *r = w->request;
    w->item_count = 0;
    w->names.length = 0;
    for (size_t g = 0; g < w->group_count; g++) {
        if (w->groups[g].stream != stream || w->groups[g].bucket != bucket) continue;
        sb_status status = r->keep_going(r->context, error);
        if (status == SB_OK) status = name_item(w, g, &w->items[w->item_count], error);
        if (status != SB_OK) return status;
        w->item_count++;
    }
    if (w->item_count == 0) return SB_OK;
    if (r->max_labels == 0)
        return sb_error_set(error, SB_ERR_UNSUPPORTED, "The request allows no labels in a phrase, so nothing can be named.");
    size_t per_phrase = r->config->style == NAMELIST_EACH ? 1 : r->max_labels;
    for (size_t start = 0; start < w->item_count;) {
        size_t end = start + 1, name_words = w->items[start].words;
        if (stream == SB_STREAM_TEXT) {
            /* one subject however many texts it covers: only max_labels limits it */
            end = start + per_phrase < w->item_count ? start + per_phrase : w->item_count;
        } else {
            /* Two names or more take one "and"; the commas are not words. */
            while (end < w->item_count && end - start < per_phrase
                   && name_words + w->items[end].words + 1 <= r->max_words) {
                name_words += w->items[end].words;
                end++;
            }
        }
        sb_status status = emit(w, stream, start, end, error);
        if (status != SB_OK) return status;
        start = end;
    }
    return SB_OK;
}

sb_status namelist_compose_phrases(const namelist_request *request, namelist_output *output, sb_error *error)
{
    if (request->record_count > 0 && !request->records)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The request has %zu records but no record array.",
                            request->record_count);
    if (request->record_count >= NO_RECORD)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "The request has more records than a phrase can index.");
    work w;
    memset(&w, 0, sizeof w);
    w.request = request;
    w.output = output;
    w.next = malloc((request->record_count ? request->record_count : 1) * sizeof *w.next);
    sb_status status = w.next ? gather(&w, error) : out_of_memory(error);
    if (status == SB_OK && w.group_count > 0) {
        w.items = malloc(w.group_count * sizeof *w.items);
        if (!w.items) status = out_of_memory(error);
    }
    static const sb_stream streams[] = {SB_STREAM_SIGHT, SB_STREAM_SOUND, SB_STREAM_TEXT};
    for (size_t s = 0; status == SB_OK && w.group_count > 0 && s < 3; s++)
        for (int bucket = BUCKET_HIGH; status == SB_OK && bucket >= BUCKET_LOW; bucket--)
            status = compose_bucket(&w, streams[s], bucket, error);
    free(w.groups);
    free(w.next);
    free(w.items);
    namelist_text_free(&w.names);
    namelist_text_free(&w.key);
    return status;
}
