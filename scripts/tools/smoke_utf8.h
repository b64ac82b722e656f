/*
 * smoke_utf8.h — the UTF-8 rule sb-smoke holds plugins to, and its own config
 * flattener reads by: shortest form, no surrogates, nothing past U+10FFFF.
 */
#ifndef SMOKE_UTF8_H
#define SMOKE_UTF8_H

#include <stddef.h>

/* 1 when bytes[0..length) is well-formed UTF-8, else 0. */
int utf8_valid(const char *bytes, size_t length);

#endif /* SMOKE_UTF8_H */
