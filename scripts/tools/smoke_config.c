/*
 * smoke_config.c — flattens a JSON config to the sorted key/value entries of ABI
 * 1.2 (see smoke_config.h), with a small strict JSON reader: sb-smoke must give a
 * C plugin the same entries the host's codec gives it, and must not need any
 * library beyond libc to do so.
 */
#include "smoke_config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smoke_utf8.h"

#if SB_ABI_MINOR >= 2

/* Deeper than any config a person writes; a bound so hostile input cannot
 * exhaust the stack. */
#define MAX_DEPTH 64

typedef struct reader {
    const char *at;
    int depth;
    char *path;          /* the dotted path of the value being read */
    size_t path_length, path_capacity;
    size_t segments;     /* parts in path, so a root key "" still gets its dot */
    smoke_config *out;
    size_t capacity;
} reader;

static int read_value(reader *r);

static void skip_space(reader *r)
{
    while (*r->at == ' ' || *r->at == '\t' || *r->at == '\n' || *r->at == '\r') r->at++;
}

/* buffer with room for needed elements, or NULL (buffer left as it was). */
static void *grown(void *buffer, size_t *capacity, size_t needed, size_t element)
{
    if (needed <= *capacity) return buffer;
    size_t wanted = *capacity ? *capacity * 2 : 16;
    while (wanted < needed) wanted *= 2;
    void *bigger = realloc(buffer, wanted * element);
    if (bigger) *capacity = wanted;
    return bigger;
}

/* Appends ".part" (or "part" at the root); *saved receives what to restore. */
static int push_path(reader *r, const char *part, size_t length, size_t *saved)
{
    *saved = r->path_length;
    size_t dot = r->segments > 0;
    char *path = grown(r->path, &r->path_capacity, r->path_length + dot + length + 1, 1);
    if (!path) return 0;
    r->path = path;
    if (dot) r->path[r->path_length++] = '.';
    memcpy(r->path + r->path_length, part, length);
    r->path_length += length;
    r->path[r->path_length] = '\0';
    r->segments++;
    return 1;
}

static void pop_path(reader *r, size_t saved)
{
    r->path_length = saved;
    r->path[saved] = '\0';
    r->segments--;
}

/* Takes ownership of value. */
static int add_entry(reader *r, char *value)
{
    smoke_config *out = r->out;
    char *key = malloc(r->path_length + 1);
    sb_config_entry *entries = key ? grown(out->entries, &r->capacity, out->count + 1, sizeof *entries) : NULL;
    if (!entries) {
        free(key);
        free(value);
        return 0;
    }
    out->entries = entries;
    memcpy(key, r->path, r->path_length + 1);
    out->entries[out->count].key = key;
    out->entries[out->count].value = value;
    out->count++;
    return 1;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int read_hex4(reader *r, uint32_t *unit)
{
    *unit = 0;
    for (int k = 0; k < 4; k++) {
        int digit = hex_digit(r->at[k]);
        if (digit < 0) return 0;
        *unit = (*unit << 4) | (uint32_t)digit;
    }
    r->at += 4;
    return 1;
}

static size_t encode_utf8(uint32_t cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) { out[0] = (char)(0xC0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12)); out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18)); out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The escape after a backslash (r->at just past it) as UTF-8 in out; 0 for a bad
 * escape, a lone surrogate or U+0000, which no C string can carry. */
static size_t read_escape(reader *r, char *out)
{
    static const char plain[] = "\"\\/bfnrt", meant[] = "\"\\/\b\f\n\r\t";
    const char *simple = *r->at ? strchr(plain, *r->at) : NULL;
    if (simple) {
        r->at++;
        out[0] = meant[simple - plain];
        return 1;
    }
    if (*r->at++ != 'u') return 0;
    uint32_t cp;
    if (!read_hex4(r, &cp) || cp == 0 || (cp >= 0xDC00 && cp <= 0xDFFF)) return 0;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        uint32_t low;
        if (r->at[0] != '\\' || r->at[1] != 'u') return 0;
        r->at += 2;
        if (!read_hex4(r, &low) || low < 0xDC00 || low > 0xDFFF) return 0;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    return encode_utf8(cp, out);
}

/* A string (r->at on its opening quote) as a malloc'd, unescaped copy. */
static char *read_string(reader *r, size_t *length)
{
    char *text = NULL;
    size_t used = 0, capacity = 0;
    r->at++;
    for (;;) {
        char *room = grown(text, &capacity, used + 5, 1);
        if (!room) break;
        text = room;
        unsigned char c = (unsigned char)*r->at;
        if (c == '"') {
            r->at++;
            text[used] = '\0';
            *length = used;
            return text;
        }
        if (c < 0x20) break;  /* the end of the text, or a raw control character */
        if (c == '\\') {
            r->at++;
            size_t n = read_escape(r, text + used);
            if (!n) break;
            used += n;
        } else {
            text[used++] = (char)c;
            r->at++;
        }
    }
    free(text);
    return NULL;
}

/* A number as written: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)? */
static int read_number(reader *r)
{
    const char *start = r->at, *p = r->at;
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') while (*p >= '0' && *p <= '9') p++;
    else return 0;
    if (*p == '.') {
        if (*++p < '0' || *p > '9') return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (*p == 'e' || *p == 'E') {
        if (*++p == '+' || *p == '-') p++;
        if (*p < '0' || *p > '9') return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    char *text = malloc((size_t)(p - start) + 1);
    if (!text) return 0;
    memcpy(text, start, (size_t)(p - start));
    text[p - start] = '\0';
    r->at = p;
    return add_entry(r, text);
}

static int read_literal(reader *r, const char *word, const char *value)
{
    size_t length = strlen(word);
    if (strncmp(r->at, word, length) != 0) return 0;
    r->at += length;
    if (!value) return 1;  /* null: no entry */
    char *copy = malloc(strlen(value) + 1);
    if (!copy) return 0;
    strcpy(copy, value);
    return add_entry(r, copy);
}

/* After a member or element: 1 with *done set past the closing bracket, 1 past a
 * comma (and the space after it), 0 for anything else. */
static int next_member(reader *r, char close, int *done)
{
    skip_space(r);
    *done = *r->at == close;
    if (*done || *r->at == ',') r->at++;
    else return 0;
    skip_space(r);
    return 1;
}

static int read_object(reader *r)
{
    r->at++;
    skip_space(r);
    if (*r->at == '}') { r->at++; return 1; }
    for (;;) {
        if (*r->at != '"') return 0;
        size_t length, saved;
        char *name = read_string(r, &length);
        if (!name) return 0;
        int ok = !memchr(name, '.', length) && push_path(r, name, length, &saved);
        free(name);
        if (!ok) return 0;
        skip_space(r);
        if (*r->at++ != ':') return 0;
        skip_space(r);
        if (!read_value(r)) return 0;
        pop_path(r, saved);
        int done;
        if (!next_member(r, '}', &done)) return 0;
        if (done) return 1;
    }
}

static int read_array(reader *r)
{
    r->at++;
    skip_space(r);
    if (*r->at == ']') { r->at++; return 1; }
    for (size_t index = 0;; index++) {
        char part[24];
        size_t saved, length = 0;
        for (size_t rest = index; length == 0 || rest > 0; rest /= 10) part[length++] = (char)('0' + rest % 10);
        for (size_t k = 0; k < length / 2; k++) {
            char swap = part[k];
            part[k] = part[length - 1 - k];
            part[length - 1 - k] = swap;
        }
        if (!push_path(r, part, length, &saved) || !read_value(r)) return 0;
        pop_path(r, saved);
        int done;
        if (!next_member(r, ']', &done)) return 0;
        if (done) return 1;
    }
}

static int read_value(reader *r)
{
    if (++r->depth > MAX_DEPTH) return 0;
    int ok;
    size_t length;
    switch (*r->at) {
    case '{': ok = read_object(r); break;
    case '[': ok = read_array(r); break;
    case '"': {
        char *text = read_string(r, &length);
        ok = text && add_entry(r, text);
        break;
    }
    case 't': ok = read_literal(r, "true", "true"); break;
    case 'f': ok = read_literal(r, "false", "false"); break;
    case 'n': ok = read_literal(r, "null", NULL); break;
    default: ok = read_number(r); break;
    }
    r->depth--;
    return ok;
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const sb_config_entry *)a)->key, ((const sb_config_entry *)b)->key);
}

int smoke_config_flatten(const char *config_json, smoke_config *out)
{
    out->entries = NULL;
    out->count = 0;
    reader r = {config_json, 0, NULL, 0, 0, 0, out, 0};
    int ok = config_json && utf8_valid(config_json, strlen(config_json));
    if (ok) {
        skip_space(&r);
        ok = *r.at == '{' && read_value(&r);
        skip_space(&r);
        ok = ok && *r.at == '\0';
    }
    /* Room for one more, so "{}" still has a non-NULL array. */
    sb_config_entry *entries = ok ? grown(out->entries, &r.capacity, out->count + 1, sizeof *entries) : NULL;
    if (entries) out->entries = entries;
    ok = ok && entries;
    if (ok) {
        qsort(out->entries, out->count, sizeof *out->entries, by_key);
        for (size_t k = 1; ok && k < out->count; k++) ok = strcmp(out->entries[k - 1].key, out->entries[k].key) != 0;
    }
    free(r.path);
    if (!ok) smoke_config_free(out);
    return ok;
}

void smoke_config_free(smoke_config *config)
{
    for (size_t k = 0; k < config->count; k++) {
        free((char *)config->entries[k].key);
        free((char *)config->entries[k].value);
    }
    free(config->entries);
    config->entries = NULL;
    config->count = 0;
}

#endif /* SB_ABI_MINOR >= 2 */
