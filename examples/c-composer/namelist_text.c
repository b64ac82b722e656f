/*
 * namelist_text.c — a growable byte string, the one buffer type the composer
 * builds its names, lookup keys and results in.
 */
#include <stdlib.h>
#include <string.h>

#include "namelist.h"

int namelist_text_append(namelist_text *text, const char *bytes, size_t length)
{
    if (text->length + length + 1 > text->capacity) {
        size_t capacity = text->capacity ? text->capacity : 64;
        while (capacity < text->length + length + 1) capacity *= 2;
        char *grown = realloc(text->bytes, capacity);
        if (!grown) return 0;
        text->bytes = grown;
        text->capacity = capacity;
    }
    memcpy(text->bytes + text->length, bytes, length);
    text->length += length;
    text->bytes[text->length] = '\0';
    return 1;
}

int namelist_text_append_string(namelist_text *text, const char *string)
{
    return namelist_text_append(text, string, strlen(string));
}

void namelist_text_free(namelist_text *text)
{
    free(text->bytes);
    text->bytes = NULL;
    text->length = text->capacity = 0;
}

size_t namelist_word_count(const char *bytes, size_t length)
{
    size_t words = 0;
    for (size_t k = 0; k < length; k++)
        if (bytes[k] != ' ' && (k == 0 || bytes[k - 1] == ' ')) words++;
    return words;
}
