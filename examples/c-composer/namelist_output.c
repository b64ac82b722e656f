/*
 * namelist_output.c — the memory a compose result points to.
 *
 * The header makes the phrases, their text and their record indices
 * plugin-owned: valid and unchanged until the next [instance-thread] call on the
 * same instance, or destroy; a cancel from another thread does not end them. So
 * each instance keeps its last result in buffers of its own (never static ones,
 * which a second instance would overwrite) and frees them when the next compose
 * begins, or in destroy. The host copies what it keeps before it calls again.
 */
#include <stdlib.h>
#include <string.h>

#include "namelist.h"

/* buffer with room for one more element (doubling), or NULL with buffer untouched. */
static void *room_for_one_more(void *buffer, size_t count, size_t *capacity, size_t element)
{
    if (count < *capacity) return buffer;
    size_t larger = *capacity ? *capacity * 2 : 16;
    void *grown = realloc(buffer, larger * element);
    if (grown) *capacity = larger;
    return grown;
}

int namelist_output_begin(namelist_output *output, sb_stream stream)
{
    namelist_span *spans = room_for_one_more(output->spans, output->span_count, &output->span_capacity, sizeof *spans);
    if (!spans) return 0;
    output->spans = spans;
    namelist_span span = {stream, output->text.length, output->index_count, 0};
    output->spans[output->span_count++] = span;
    return 1;
}

int namelist_output_text(namelist_output *output, const char *bytes, size_t length)
{
    return namelist_text_append(&output->text, bytes, length);
}

int namelist_output_index(namelist_output *output, uint32_t index)
{
    uint32_t *indices = room_for_one_more(output->indices, output->index_count, &output->index_capacity, sizeof *indices);
    if (!indices) return 0;
    output->indices = indices;
    output->indices[output->index_count++] = index;
    output->spans[output->span_count - 1].index_count++;
    return 1;
}

/* Each phrase's text ends with its own NUL inside the one text buffer. */
int namelist_output_end(namelist_output *output)
{
    return namelist_text_append(&output->text, "", 1);
}

sb_status namelist_output_publish(namelist_output *output, sb_compose_result *result, sb_error *error)
{
    if (output->span_count > 0) {
        output->phrases = calloc(output->span_count, sizeof *output->phrases);
        if (!output->phrases) {
            namelist_output_release(output);
            return sb_error_set(error, SB_ERR_INTERNAL, "Out of memory returning %zu phrases.", output->span_count);
        }
    }
    /* Only now, with nothing left to append, can pointers into the buffers be made. */
    for (size_t k = 0; k < output->span_count; k++) {
        const namelist_span *span = &output->spans[k];
        output->phrases[k].stream = span->stream;
        output->phrases[k].text = output->text.bytes + span->text_at;
        output->phrases[k].record_indices = output->indices + span->index_at;
        output->phrases[k].record_index_count = span->index_count;
    }
    result->phrases = output->phrases;
    result->phrase_count = output->span_count;
    return SB_OK;
}

void namelist_output_release(namelist_output *output)
{
    free(output->spans);
    free(output->indices);
    free(output->phrases);
    namelist_text_free(&output->text);
    memset(output, 0, sizeof *output);
}
