/*
 * namelist_selftests.c — tests shipped inside the library through the optional
 * "sensebridge.plugin-tests/1" extension.
 *
 * The harness (and sb-smoke) run each in its own process against the built .so,
 * through the same vtable the host calls. Each test builds the host services it
 * needs: config entries, a host older than 1.2, a clock that cancels or runs out
 * on a chosen call, so nothing depends on timing.
 */
#include <stdio.h>
#include <string.h>

#include "namelist.h"

#define FAR_AWAY_NS (3600ull * 1000000000ull)

static sb_record record(sb_record_kind kind, const char *label, float confidence)
{
    sb_record r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.label = label;
    r.confidence = confidence;
    return r;
}

/* A 1.2 table with the harness's clock and log and the given entries (sorted). */
static sb_host_services with_entries(const sb_host_services *host, const sb_config_entry *entries, size_t count)
{
    sb_host_services table;
    memset(&table, 0, sizeof table);
    table.struct_size = sizeof table;
    if (host && SB_STRUCT_HAS(host, sb_host_services, log_event)) {
        table.host_data = host->host_data;
        table.monotonic_ns = host->monotonic_ns;
        table.log_event = host->log_event;
    }
    table.abi_major = SB_ABI_MAJOR;
    table.abi_minor = SB_ABI_MINOR;
    table.config_entries = entries;
    table.config_entry_count = count;
    return table;
}

static const sb_config_entry no_entries[1] = {{NULL, NULL}};

/* An instance with no settings, on *table, which must outlive it. */
static void *create_plain(const sb_host_services *host, sb_host_services *table, sb_error *error)
{
    *table = with_entries(host, no_entries, 0);
    return namelist_scene_composer.create(table, "{}", error);
}

static sb_status compose(void *instance, const sb_record *records, size_t count, const char *locale,
                         uint32_t max_words, uint32_t max_labels, sb_compose_result *result, sb_error *error)
{
    sb_compose_request request;
    memset(&request, 0, sizeof request);
    request.struct_size = sizeof request;
    request.records = records;
    request.record_count = count;
    request.locale = locale;
    request.max_words = max_words;
    request.max_labels = max_labels;
    request.deadline_ns = UINT64_MAX;
    memset(result, 0, sizeof *result);
    result->struct_size = sizeof *result;
    return namelist_scene_composer.compose(instance, &request, result, error);
}

/* "text [1,2]" for phrase k, to compare with what a test expects. */
static void describe(const sb_compose_result *result, size_t k, char *out, size_t capacity)
{
    const sb_phrase *phrase = &result->phrases[k];
    int at = snprintf(out, capacity, "%u:%s [", (unsigned)phrase->stream, phrase->text);
    for (size_t i = 0; i < phrase->record_index_count && at > 0 && (size_t)at < capacity; i++)
        at += snprintf(out + at, capacity - (size_t)at, "%s%u", i ? "," : "", (unsigned)phrase->record_indices[i]);
    if (at > 0 && (size_t)at < capacity) snprintf(out + at, capacity - (size_t)at, "]");
}

static sb_status expect_phrases(const sb_compose_result *result, const char *const *expected, size_t count,
                                const char *what, sb_error *error)
{
    if (result->phrase_count != count)
        return sb_error_set(error, SB_ERR_INTERNAL, "%s: %zu phrases, expected %zu.", what, result->phrase_count, count);
    for (size_t k = 0; k < count; k++) {
        char got[512];
        describe(result, k, got, sizeof got);
        if (strcmp(got, expected[k]) != 0)
            return sb_error_set(error, SB_ERR_INTERNAL, "%s: phrase %zu is \"%s\", expected \"%s\".", what, k, got,
                                expected[k]);
    }
    return SB_OK;
}

/* A name is the label's own words; two or more records of sight are counted
 * ("two chairs"); every record is covered once per stream and bucket; low
 * confidence, empty labels and depth are never covered. */
static sb_status test_names_records_by_their_labels(const sb_host_services *host, sb_error *error)
{
    static const struct { const char *label; size_t count; const char *name; } names[] = {
        {"traffic_light", 1, "a traffic light"}, {"umbrella-stand", 1, "an umbrella stand"},
        {"chair", 2, "two chairs"}, {"bench", 3, "three benches"}, {"party", 2, "two parties"},
        {"person", 2, "two people"}, {"bus", 2, "two buses"}, {"hour_glass", 1, "an hour glass"},
        {"chair", 10, "ten chairs"}, {"chair", 11, "many chairs"},
        {"unicycle", 1, "a unicycle"}, {"__door__", 1, "a door"},
    };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        namelist_text got = {0};
        int ok = namelist_english_name(names[k].label, names[k].count, &got);
        int same = ok && got.bytes && strcmp(got.bytes, names[k].name) == 0;
        sb_status status = same ? SB_OK
            : sb_error_set(error, SB_ERR_INTERNAL, "'%s' x%zu is named \"%s\", expected \"%s\".", names[k].label,
                           names[k].count, got.bytes ? got.bytes : "", names[k].name);
        namelist_text_free(&got);
        if (status != SB_OK) return status;
    }
    sb_host_services table;
    void *instance = create_plain(host, &table, error);
    if (!instance) return error->code;
    const sb_record records[] = {
        record(SB_RECORD_OBJECT, "chair", 0.9f), record(SB_RECORD_OBJECT, "table", 0.85f),
        record(SB_RECORD_OBJECT, "chair", 0.88f), record(SB_RECORD_OBJECT, "dog", 0.7f),
        record(SB_RECORD_SOUND, "doorbell", 0.9f), record(SB_RECORD_TEXT, "EXIT", 0.95f),
        record(SB_RECORD_DEPTH, "depth", 1.0f), record(SB_RECORD_OBJECT, "cup", 0.3f),
        record(SB_RECORD_OBJECT, "--", 0.9f), record(SB_RECORD_OBJECT, "cat", 0.45f),
    };
    static const char *const expected[] = {
        "1:two chairs and a table [0,2,1]", "1:a dog [3]", "1:a cat [9]", "2:a doorbell [4]", "3:some text [5]",
    };
    sb_compose_result result;
    sb_status status = compose(instance, records, sizeof records / sizeof records[0], "en", 12, 5, &result, error);
    if (status == SB_OK) status = expect_phrases(&result, expected, 5, "a mixed scene", error);
    namelist_scene_composer.destroy(instance);
    return status;
}

/* When names do not fit max_words (connecting words included) or max_labels,
 * they go to more phrases: none is dropped, none is cut. */
static sb_status test_splits_rather_than_drops(const sb_host_services *host, sb_error *error)
{
    sb_host_services table;
    void *instance = create_plain(host, &table, error);
    if (!instance) return error->code;
    const sb_record records[] = {
        record(SB_RECORD_OBJECT, "chair", 0.9f), record(SB_RECORD_OBJECT, "table", 0.9f),
        record(SB_RECORD_OBJECT, "traffic_light", 0.9f), record(SB_RECORD_OBJECT, "door", 0.9f),
        record(SB_RECORD_OBJECT, "cup", 0.9f), record(SB_RECORD_OBJECT, "dog", 0.9f),
    };
    static const char *const eight_words[] = {
        "1:a chair, a table and a traffic light [0,1,2]", "1:a door, a cup and a dog [3,4,5]",
    };
    static const char *const two_labels[] = {
        "1:a chair and a table [0,1]", "1:a traffic light and a door [2,3]", "1:a cup and a dog [4,5]",
    };
    sb_compose_result result;
    sb_status status = compose(instance, records, 6, "en", 8, 5, &result, error);
    if (status == SB_OK) status = expect_phrases(&result, eight_words, 2, "max_words 8", error);
    if (status == SB_OK) status = compose(instance, records, 6, "en", 12, 2, &result, error);
    if (status == SB_OK) status = expect_phrases(&result, two_labels, 3, "max_labels 2", error);
    if (status == SB_OK && compose(instance, records + 2, 1, "en", 2, 5, &result, error) != SB_ERR_UNSUPPORTED)
        status = sb_error_set(error, SB_ERR_INTERNAL, "A 3-word name in a 2-word phrase was not refused.");
    namelist_scene_composer.destroy(instance);
    return status;
}

/* Each instance keeps its own last result until its next compose or destroy; a
 * cancel (from any thread) does not end it. */
static sb_status test_keeps_each_result_until_its_next_compose(const sb_host_services *host, sb_error *error)
{
    sb_host_services table;
    void *first = create_plain(host, &table, error);
    void *second = first ? namelist_scene_composer.create(&table, "{}", error) : NULL;
    if (!second) {
        if (first) namelist_scene_composer.destroy(first);
        return error->code;
    }
    const sb_record chair = record(SB_RECORD_OBJECT, "chair", 0.9f), dog = record(SB_RECORD_OBJECT, "dog", 0.9f);
    static const char *const chair_phrase[] = {"1:a chair [0]"}, *const dog_phrase[] = {"1:a dog [0]"};
    sb_compose_result from_first, from_second;
    sb_status status = compose(first, &chair, 1, "en", 12, 5, &from_first, error);
    if (status == SB_OK) status = compose(second, &dog, 1, "en", 12, 5, &from_second, error);
    namelist_scene_composer.cancel(first);
    if (status == SB_OK) status = expect_phrases(&from_first, chair_phrase, 1, "after another instance composed and a cancel", error);
    if (status == SB_OK) status = compose(first, &dog, 1, "en", 12, 5, &from_first, error);
    if (status == SB_OK) status = expect_phrases(&from_first, dog_phrase, 1, "the next compose", error);
    if (status == SB_OK) status = expect_phrases(&from_second, dog_phrase, 1, "the other instance's result", error);
    namelist_scene_composer.destroy(first);
    namelist_scene_composer.destroy(second);
    return status;
}

/* Spanish and Vietnamese names come from the config entries, looked up with
 * sb_config_get; a label without one is declined with its name and locale. */
static sb_status test_reads_names_from_config_entries(const sb_host_services *host, sb_error *error)
{
    static const sb_config_entry entries[] = {
        {"names.es.chair", "una silla"}, {"names.es.dog", "un perro"}, {"names.vi.chair", "một cái ghế"},
        {"style", "grouped"},
    };
    sb_host_services table = with_entries(host, entries, sizeof entries / sizeof entries[0]);
    void *instance = namelist_scene_composer.create(&table, "{\"names\": {}}", error);
    if (!instance) return error->code;
    /* "Dog" finds names.es.dog: labels are looked up as lowercase identifiers. */
    const sb_record records[] = {
        record(SB_RECORD_OBJECT, "chair", 0.9f), record(SB_RECORD_OBJECT, "Dog", 0.85f),
        record(SB_RECORD_TEXT, "SALIDA", 0.9f), record(SB_RECORD_OBJECT, "chair", 0.95f),
    };
    static const char *const spanish[] = {"1:una silla y un perro [0,1]", "3:un texto [2]"};
    static const char *const vietnamese[] = {"1:một cái ghế [0]"};
    sb_compose_result result;
    sb_error declined;
    memset(&declined, 0, sizeof declined);
    sb_status status = compose(instance, records, 3, "es", 12, 5, &result, error);
    if (status == SB_OK) status = expect_phrases(&result, spanish, 2, "es", error);
    /* A configured name is singular: "una silla" over two chairs would say one, so
     * two are declined and the host's label list says "dos sillas". */
    if (status == SB_OK && (compose(instance, records, 4, "es", 12, 5, &result, &declined) != SB_ERR_UNSUPPORTED
                            || !strstr(declined.message, "2 'chair'") || !strstr(declined.message, "'es'")))
        status = sb_error_set(error, SB_ERR_INTERNAL, "Two chairs in Spanish were not declined by count: \"%s\".",
                              declined.message);
    if (status == SB_OK) status = compose(instance, records, 1, "vi", 12, 5, &result, error);
    if (status == SB_OK) status = expect_phrases(&result, vietnamese, 1, "vi", error);
    if (status == SB_OK && (compose(instance, records, 2, "vi", 12, 5, &result, &declined) != SB_ERR_UNSUPPORTED
                            || !strstr(declined.message, "'Dog'") || !strstr(declined.message, "'vi'")))
        status = sb_error_set(error, SB_ERR_INTERNAL, "A dog with no Vietnamese name was not declined by name: \"%s\".",
                              declined.message);
    if (status == SB_OK && compose(instance, records, 1, "fr", 12, 5, &result, &declined) != SB_ERR_UNSUPPORTED)
        status = sb_error_set(error, SB_ERR_INTERNAL, "The locale 'fr' was not declined.");
    namelist_scene_composer.destroy(instance);
    return status;
}

/* Settings this composer does not have, or values it cannot use, are refused at
 * create with SB_ERR_INVALID_CONFIG, as is config the host could not flatten. */
static sb_status test_refuses_settings_it_does_not_have(const sb_host_services *host, sb_error *error)
{
    static const sb_config_entry loud[] = {{"style", "loud"}}, colour[] = {{"colour", "red"}},
        french[] = {{"names.fr.chair", "une chaise"}}, english[] = {{"names.en.chair", "a seat"}},
        no_label[] = {{"names.es", "una silla"}}, empty[] = {{"names.es.chair", " "}};
    static const struct { const sb_config_entry *entries; const char *expected; } bad[] = {
        {loud, "'style'"}, {colour, "'colour'"}, {french, "'fr'"}, {english, "label itself"},
        {no_label, "names.<locale>.<label>"}, {empty, "empty"}, {NULL, "not a JSON object"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sb_host_services table = with_entries(host, bad[k].entries, bad[k].entries ? 1 : 0);
        sb_error refused;
        memset(&refused, 0, sizeof refused);
        void *instance = namelist_scene_composer.create(&table, "{}", &refused);
        if (instance) namelist_scene_composer.destroy(instance);
        if (instance || refused.code != SB_ERR_INVALID_CONFIG || !strstr(refused.message, bad[k].expected))
            return sb_error_set(error, SB_ERR_INTERNAL, "Bad setting %zu was %s (code %d: \"%s\").", k,
                                instance ? "accepted" : "refused wrongly", (int)refused.code, refused.message);
    }
    return SB_OK;
}

/* A host older than 1.2 has no entries: its config cannot be read without JSON,
 * so the defaults hold (English only), and nothing past its struct_size is read. */
static sb_status test_takes_defaults_from_an_older_host(const sb_host_services *host, sb_error *error)
{
    static const sb_config_entry would_refuse[] = {{"style", "loud"}};
    sb_host_services table = with_entries(host, would_refuse, 1);
    table.struct_size = (uint32_t)(offsetof(sb_host_services, abi_minor) + sizeof table.abi_minor);
    table.abi_minor = 1;
    void *instance = namelist_scene_composer.create(&table, "{\"style\": \"each\"}", error);
    if (!instance) return error->code;
    const sb_record records[] = {record(SB_RECORD_OBJECT, "chair", 0.9f), record(SB_RECORD_OBJECT, "dog", 0.9f)};
    static const char *const grouped[] = {"1:a chair and a dog [0,1]"};
    sb_compose_result result;
    sb_error declined;
    memset(&declined, 0, sizeof declined);
    sb_status status = compose(instance, records, 2, "en", 12, 5, &result, error);
    if (status == SB_OK) status = expect_phrases(&result, grouped, 1, "defaults on a 1.1 host", error);
    if (status == SB_OK && compose(instance, records, 1, "es", 12, 5, &result, &declined) != SB_ERR_UNSUPPORTED)
        status = sb_error_set(error, SB_ERR_INTERNAL, "Spanish without configured names was not declined.");
    namelist_scene_composer.destroy(instance);
    return status;
}

/* A clock that cancels the compose on its third reading, or moves a second per
 * reading, so both stops are seen between records without any waiting. */
typedef struct scripted_clock {
    void *instance;
    unsigned readings;
    int cancels;
} scripted_clock;

static uint64_t scripted_now(const sb_host_services *host)
{
    scripted_clock *clock = host->host_data;
    clock->readings++;
    if (clock->cancels && clock->readings == 3) namelist_scene_composer.cancel(clock->instance);
    return (uint64_t)clock->readings * 1000000000ull;
}

static sb_status test_stops_for_cancel_and_deadline(const sb_host_services *host, sb_error *error)
{
    scripted_clock clock = {NULL, 0, 1};
    sb_host_services table = with_entries(host, no_entries, 0);
    table.host_data = &clock;
    table.monotonic_ns = scripted_now;
    table.log_event = NULL;
    clock.instance = namelist_scene_composer.create(&table, "{}", error);
    if (!clock.instance) return error->code;
    sb_record records[10];
    for (size_t k = 0; k < 10; k++) records[k] = record(SB_RECORD_OBJECT, "chair", 0.9f);
    sb_compose_result result;
    sb_error stopped;
    memset(&stopped, 0, sizeof stopped);
    sb_status status = SB_OK, got = compose(clock.instance, records, 10, "en", 12, 5, &result, &stopped);
    if (got != SB_ERR_CANCELLED || !stopped.message[0] || clock.readings != 3)
        status = sb_error_set(error, SB_ERR_INTERNAL, "A cancel during compose gave status %d after %u readings.",
                              (int)got, clock.readings);
    clock.cancels = 0;
    if (status == SB_OK) status = compose(clock.instance, records, 10, "en", 12, 5, &result, error);
    if (status == SB_OK && (result.phrase_count != 1 || result.phrases[0].record_index_count != 10))
        status = sb_error_set(error, SB_ERR_INTERNAL, "The compose after a cancel did not cover all 10 records.");
    if (status == SB_OK) {
        sb_compose_request request;
        memset(&request, 0, sizeof request);
        request.struct_size = sizeof request;
        request.records = records;
        request.record_count = 10;
        request.locale = "en";
        request.max_words = 12;
        request.max_labels = 5;
        clock.readings = 0;
        request.deadline_ns = 4500000000ull;  /* the fifth reading is past it */
        memset(&result, 0, sizeof result);
        result.struct_size = sizeof result;
        got = namelist_scene_composer.compose(clock.instance, &request, &result, &stopped);
        if (got != SB_ERR_TIMEOUT || clock.readings != 5)
            status = sb_error_set(error, SB_ERR_INTERNAL, "A deadline passed during compose gave status %d after %u readings.",
                                  (int)got, clock.readings);
    }
    namelist_scene_composer.destroy(clock.instance);
    return status;
}

typedef struct self_test {
    const char *name;
    sb_status (*run)(const sb_host_services *host, sb_error *error);
} self_test;

static const self_test tests[] = {
    {"names-records-by-their-labels", test_names_records_by_their_labels},
    {"splits-rather-than-drops", test_splits_rather_than_drops},
    {"keeps-each-result-until-its-next-compose", test_keeps_each_result_until_its_next_compose},
    {"reads-names-from-config-entries", test_reads_names_from_config_entries},
    {"refuses-settings-it-does-not-have", test_refuses_settings_it_does_not_have},
    {"takes-defaults-from-an-older-host", test_takes_defaults_from_an_older_host},
    {"stops-for-cancel-and-deadline", test_stops_for_cancel_and_deadline},
};
#define TEST_COUNT ((uint32_t)(sizeof tests / sizeof tests[0]))

static uint32_t tests_count(void) { return TEST_COUNT; }

static const char *tests_name(uint32_t index) { return index < TEST_COUNT ? tests[index].name : NULL; }

static sb_status tests_run(uint32_t index, const sb_host_services *host, sb_error *error)
{
    if (index >= TEST_COUNT)
        return sb_error_set(error, SB_ERR_INVALID_ARGUMENT, "No self-test has index %u.", (unsigned)index);
    return tests[index].run(host, error);
}

const sb_plugin_tests namelist_plugin_tests = {
    sizeof(sb_plugin_tests),
    tests_count,
    tests_name,
    tests_run,
};
