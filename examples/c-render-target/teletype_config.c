/*
 * teletype_config.c — reads the target's config by hand.
 *
 * The config is a JSON object with one optional key, "path". Rather than pull
 * in a JSON library, this reads exactly that shape and rejects everything
 * else with a message naming the byte and the reason: a person who mistyped a
 * key in their profile learns which one, instead of the target quietly
 * writing somewhere they did not ask for.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "teletype.h"

#define DEFAULT_PATH "{output}/teletype.txt"
#define OUTPUT_TOKEN "{output}"
#define MAX_KEY_IN_MESSAGE 64

typedef struct reader {
    const char *start;
    const char *at;
    sb_error *error;
} reader;

static void skip_space(reader *r)
{
    while (*r->at == ' ' || *r->at == '\t' || *r->at == '\n' || *r->at == '\r') r->at++;
}

static sb_status syntax(reader *r, const char *expected)
{
    return teletype_fail(r->error, SB_ERR_INVALID_CONFIG,
                         "Teletype config is not valid JSON at byte %zu: expected %s.",
                         (size_t)(r->at - r->start), expected);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int read_hex4(const char *p, unsigned *value)
{
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
        int d = hex_digit(p[k]);
        if (d < 0) return 0;
        v = (v << 4) | (unsigned)d;
    }
    *value = v;
    return 1;
}

static size_t put_utf8(char *out, unsigned cp)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3F)); return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12)); out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F)); return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18)); out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[3] = (char)(0x80 | (cp & 0x3F)); return 4;
}

/* Reads a JSON string at r->at (on its opening quote) into a malloc'd,
 * NUL-terminated UTF-8 string. A decoded NUL is refused: no path or key
 * can contain one. */
static sb_status read_string(reader *r, char **out)
{
    if (*r->at != '"') return syntax(r, "a string");
    const char *p = r->at + 1;
    /* Escapes never grow: the decoded text fits in the source's length. */
    const char *end = p;
    while (*end && *end != '"') end += (*end == '\\' && end[1]) ? 2 : 1;
    if (*end != '"') return syntax(r, "a closing quote");
    char *text = malloc((size_t)(end - p) + 1);
    if (!text) return teletype_fail(r->error, SB_ERR_INTERNAL, "Out of memory reading the teletype config.");
    size_t n = 0;
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20) { r->at = p; free(text); return syntax(r, "no control character inside a string"); }
        if (c != '\\') { text[n++] = (char)c; p++; continue; }
        char e = p[1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            static const char decoded[] = "\"\\/\b\f\n\r\t";
            text[n++] = decoded[simple - "\"\\/bfnrt"];
            p += 2;
            continue;
        }
        unsigned cp;
        if (e != 'u' || !read_hex4(p + 2, &cp)) { r->at = p; free(text); return syntax(r, "a valid escape"); }
        p += 6;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned low;
            if (p[0] != '\\' || p[1] != 'u' || !read_hex4(p + 2, &low) || low < 0xDC00 || low > 0xDFFF) {
                r->at = p; free(text); return syntax(r, "the second half of a surrogate pair");
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            p += 6;
        } else if ((cp >= 0xDC00 && cp <= 0xDFFF) || cp == 0) {
            r->at = p - 6; free(text); return syntax(r, "a character other than a lone surrogate or NUL");
        }
        n += put_utf8(text + n, cp);
    }
    text[n] = '\0';
    r->at = end + 1;
    *out = text;
    return SB_OK;
}

/* Makes directory and every missing parent, private to the user: what lands
 * in them is what a person saw and heard. */
static sb_status make_directories(char *directory, sb_error *error)
{
    for (char *slash = strchr(directory + 1, '/');; slash = strchr(slash + 1, '/')) {
        if (slash) *slash = '\0';
        int failed = mkdir(directory, 0700) != 0 && errno != EEXIST;
        int saved = errno;
        if (slash) *slash = '/';
        if (failed)
            return teletype_fail(error, SB_ERR_IO, "Cannot create teletype output directory '%s': %s.",
                                 directory, strerror(saved));
        if (!slash) return SB_OK;
    }
}

/* "{output}" is the host's session output directory; the host replaces it
 * before calling create. It is still here only when the target runs without
 * a host (a test driver, the plugin harness): use the host's documented
 * default, $XDG_STATE_HOME/sensebridge/output, and make it. */
static sb_status expand_output(char **path, sb_error *error)
{
    size_t token = strlen(OUTPUT_TOKEN);
    if (strncmp(*path, OUTPUT_TOKEN, token) != 0) return SB_OK;
    const char *state = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    char directory[4096];
    int n;
    if (state && state[0] == '/') n = snprintf(directory, sizeof directory, "%s/sensebridge/output", state);
    else if (home && home[0] == '/') n = snprintf(directory, sizeof directory, "%s/.local/state/sensebridge/output", home);
    else return teletype_fail(error, SB_ERR_INVALID_CONFIG,
                              "Teletype 'path' uses {output}, but neither XDG_STATE_HOME nor HOME is set; "
                              "set 'path' to an absolute file name.");
    if (n < 0 || (size_t)n >= sizeof directory)
        return teletype_fail(error, SB_ERR_INVALID_CONFIG, "Teletype output directory name is too long.");
    sb_status status = make_directories(directory, error);
    if (status != SB_OK) return status;
    size_t length = strlen(directory) + strlen(*path + token) + 1;
    char *expanded = malloc(length);
    if (!expanded) return teletype_fail(error, SB_ERR_INTERNAL, "Out of memory reading the teletype config.");
    snprintf(expanded, length, "%s%s", directory, *path + token);
    free(*path);
    *path = expanded;
    return SB_OK;
}

/* How many bytes of key to quote in a message: at most MAX_KEY_IN_MESSAGE,
 * ending on a character boundary so the message stays UTF-8. */
static int quoted_length(const char *key)
{
    size_t length = strlen(key);
    if (length <= MAX_KEY_IN_MESSAGE) return (int)length;
    length = MAX_KEY_IN_MESSAGE;
    while (length > 0 && ((unsigned char)key[length] & 0xC0u) == 0x80u) length--;
    return (int)length;
}

sb_status teletype_parse_config(const char *config_json, char **path_out, sb_error *error)
{
    const char *json = config_json ? config_json : "{}";
    size_t bad;
    if (!teletype_utf8_valid(json, strlen(json), &bad))
        return teletype_fail(error, SB_ERR_INVALID_CONFIG, "Teletype config is not UTF-8 at byte %zu.", bad);
    reader r = {json, json, error};
    char *path = NULL;
    sb_status status = SB_OK;
    skip_space(&r);
    if (*r.at != '{') return syntax(&r, "an object such as {\"path\": \"/tmp/teletype.txt\"}");
    r.at++;
    skip_space(&r);
    if (*r.at == '}') {
        r.at++;
    } else {
        for (;;) {
            char *key = NULL;
            skip_space(&r);
            if ((status = read_string(&r, &key)) != SB_OK) goto fail;
            skip_space(&r);
            if (*r.at != ':') { free(key); status = syntax(&r, "':' after a key"); goto fail; }
            r.at++;
            skip_space(&r);
            if (strcmp(key, "path") != 0) {
                status = teletype_fail(error, SB_ERR_INVALID_CONFIG,
                                       "Teletype config has no setting '%.*s'; the only one is 'path'.",
                                       quoted_length(key), key);
                free(key);
                goto fail;
            }
            free(key);
            if (path) { status = teletype_fail(error, SB_ERR_INVALID_CONFIG, "Teletype config sets 'path' twice."); goto fail; }
            if (*r.at != '"') {
                status = teletype_fail(error, SB_ERR_INVALID_CONFIG, "Teletype config key 'path' must be a string (a file name).");
                goto fail;
            }
            if ((status = read_string(&r, &path)) != SB_OK) goto fail;
            skip_space(&r);
            if (*r.at == ',') { r.at++; continue; }
            if (*r.at == '}') { r.at++; break; }
            status = syntax(&r, "',' or '}'");
            goto fail;
        }
    }
    skip_space(&r);
    if (*r.at != '\0') { status = syntax(&r, "nothing after the object"); goto fail; }

    if (!path && !(path = strdup(DEFAULT_PATH)))
        { status = teletype_fail(error, SB_ERR_INTERNAL, "Out of memory reading the teletype config."); goto fail; }
    if ((status = expand_output(&path, error)) != SB_OK) goto fail;
    if (path[0] != '/') {
        status = teletype_fail(error, SB_ERR_INVALID_CONFIG,
                               "Teletype 'path' must be absolute or start with {output}; got a relative path.");
        goto fail;
    }
    *path_out = path;
    return SB_OK;
fail:
    free(path);
    return status;
}
