/*
 * namelist_names.c — what a phrase may be made of: the names of the records it
 * covers, and a language's connecting words.
 *
 * The host grounds every phrase: each word must be a name of a record the phrase
 * covers or a reviewed connecting word. So an English name here is the label
 * itself, "_" and "-" read as spaces ("traffic_light" is "a traffic light"),
 * never a synonym, and the only words added are "a", "an", "and" and the number
 * of records of one label ("two chairs": the host refuses "a chair" or "several
 * chairs" over two, as it refuses any count the records do not hold).
 * Spanish and Vietnamese nouns cannot be derived from an English identifier (the
 * article agrees with gender, the classifier with the kind of thing), so those
 * names come from the config (namelist_config.c), copied from the host's
 * reviewed vocabulary; only the connecting words are here.
 */
#include <ctype.h>
#include <string.h>

#include "namelist.h"

/* The and-words and text subjects are the host's own (SpokenTable+*.swift). */
static const namelist_locale locales[] = {
    {"en", "and", "some text", 1},
    {"es", "y", "un texto", 0},
    {"vi", "và", "một đoạn chữ", 0},
};

const char namelist_locales_spoken[] = "en, es and vi";

const namelist_locale *namelist_locale_find(const char *id)
{
    for (size_t k = 0; id && k < sizeof locales / sizeof locales[0]; k++)
        if (strcmp(locales[k].id, id) == 0) return &locales[k];
    return NULL;
}

static int is_separator(unsigned char c)
{
    return c == '_' || c == '-' || c == ' ' || c < 0x20 || c == 0x7F;
}

int namelist_label_is_nameable(const char *label)
{
    for (const unsigned char *p = (const unsigned char *)label; p && *p; p++)
        if (!is_separator(*p)) return 1;
    return 0;
}

/* The label as words separated by single spaces. */
static int label_words(const char *label, namelist_text *out)
{
    int pending_space = 0;
    for (const unsigned char *p = (const unsigned char *)label; *p; p++) {
        if (is_separator(*p)) {
            pending_space = out->length > 0;
            continue;
        }
        if (pending_space && !namelist_text_append(out, " ", 1)) return 0;
        pending_space = 0;
        if (!namelist_text_append(out, (const char *)p, 1)) return 0;
    }
    return 1;
}

static int starts_with_word(const char *word, size_t length, const char *prefix)
{
    size_t n = strlen(prefix);
    if (n > length) return 0;
    for (size_t k = 0; k < n; k++)
        if (tolower((unsigned char)word[k]) != prefix[k]) return 0;
    return 1;
}

/* "a" or "an" by the sound of the first word, with the host's exceptions
 * ("a unicycle", "an hour"), so the phrase does not sound machine-made. */
static const char *article(const char *words, size_t length)
{
    static const char *const an_sounding[] = {"hour", "honest", "honor", "honour", "heir"};
    static const char *const a_sounding[] = {"uni", "use", "usu", "uti", "eu", "one", "once", "ur"};
    size_t first = 0;
    while (first < length && words[first] != ' ') first++;
    for (size_t k = 0; k < sizeof an_sounding / sizeof an_sounding[0]; k++)
        if (starts_with_word(words, first, an_sounding[k])) return "an";
    for (size_t k = 0; k < sizeof a_sounding / sizeof a_sounding[0]; k++)
        if (starts_with_word(words, first, a_sounding[k])) return "a";
    return first > 0 && strchr("aeiouAEIOU", words[0]) ? "an" : "a";
}

/* Plurals the host's rule knows that an ending does not make (Plural.swift), so
 * "two people" is grounded in two "person" records. */
static const char *const irregular_plurals[][2] = {
    {"person", "people"}, {"child", "children"}, {"man", "men"}, {"woman", "women"},
    {"mouse", "mice"}, {"knife", "knives"}, {"shelf", "shelves"}, {"leaf", "leaves"},
    {"wolf", "wolves"}, {"sheep", "sheep"}, {"deer", "deer"}, {"fish", "fish"},
    {"glasses", "glasses"}, {"scissors", "scissors"}, {"stairs", "stairs"},
};

/* The last word of `words` made plural into out, by the host's rule: the table
 * above, then "es" after s, x, z, ch or sh, "ies" for a consonant and "y", else "s". */
static int append_plural(const char *words, size_t length, namelist_text *out)
{
    size_t start = length;
    while (start > 0 && words[start - 1] != ' ') start--;
    const char *last = words + start;
    size_t n = length - start;
    for (size_t k = 0; k < sizeof irregular_plurals / sizeof irregular_plurals[0]; k++)
        if (n == strlen(irregular_plurals[k][0]) && starts_with_word(last, n, irregular_plurals[k][0]))
            return namelist_text_append(out, words, start) && namelist_text_append_string(out, irregular_plurals[k][1]);
    char end = (char)tolower((unsigned char)last[n - 1]), before = n >= 2 ? (char)tolower((unsigned char)last[n - 2]) : 0;
    if (strchr("sxz", end) || (end == 'h' && (before == 'c' || before == 's')))
        return namelist_text_append(out, words, length) && namelist_text_append_string(out, "es");
    if (end == 'y' && n >= 2 && !strchr("aeiou", before))
        return namelist_text_append(out, words, length - 1) && namelist_text_append_string(out, "ies");
    return namelist_text_append(out, words, length) && namelist_text_append_string(out, "s");
}

/* The host's number words: a count of things of one kind is said exactly up to
 * ten, and above ten only as "many" (ConnectingWords+Counts.swift). */
static const char *const count_words[] = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};

int namelist_english_name(const char *label, size_t count, namelist_text *out)
{
    namelist_text words = {0};
    int ok = label_words(label, &words);
    if (ok && words.length > 0) {
        if (count >= 2) {
            ok = namelist_text_append_string(out, count > 10 ? "many" : count_words[count - 2])
              && namelist_text_append(out, " ", 1) && append_plural(words.bytes, words.length, out);
        } else {
            ok = namelist_text_append_string(out, article(words.bytes, words.length))
              && namelist_text_append(out, " ", 1)
              && namelist_text_append(out, words.bytes, words.length);
        }
    }
    namelist_text_free(&words);
    return ok;
}
