/** A small C project: a buffer type in a header, functions using it, and one change to slice. */
export const C_BASE: Record<string, string> = {
  'include/buf.h': `#ifndef BUF_H
#define BUF_H
#include <stddef.h>
struct buf {
  char *data;
  size_t len;
  size_t cap;
};
int buf_append(struct buf *b, const char *src, size_t n);
void buf_fill(char *dst, size_t n);
#endif
`,
  'include/log.h': `#ifndef LOG_H
#define LOG_H
#include "buf.h"
void log_append(const struct buf *b, size_t total);
#endif
`,
  'src/buf.c': `#include <string.h>
#include "../include/buf.h"
#include "../include/log.h"

static int g_appends = 0;

void buf_fill(char *dst, size_t n) {
  memset(dst, 0, n);
}

int buf_append(struct buf *b, const char *src, size_t n) {
  char tmp[64];
  size_t len = n;
  int unused = 0;
  if (b == NULL) {
    return -1;
  }
  buf_fill(tmp, sizeof tmp);
  if (len > sizeof tmp) {
    len = sizeof tmp;
  }
  b->len += len;
  g_appends++;
  return 0;
}

void buf_reset(struct buf *b) {
  b->len = 0;
  b->cap = 0;
}
`,
};

export const C_HEAD: Record<string, string> = {
  'src/buf.c': `#include <string.h>
#include "../include/buf.h"
#include "../include/log.h"

static int g_appends = 0;

void buf_fill(char *dst, size_t n) {
  memset(dst, 0, n);
}

int buf_append(struct buf *b, const char *src, size_t n) {
  char tmp[64];
  size_t len = n;
  int unused = 0;
  if (b == NULL) {
    return -1;
  }
  buf_fill(tmp, sizeof tmp);
  if (len > sizeof tmp) {
    len = sizeof tmp;
  }
  memcpy(tmp, src, len);
  size_t total = b->len + len;
  b->len += len;
  if (total > b->cap) {
    log_append(b, total);
  }
  g_appends++;
  return 0;
}

void buf_reset(struct buf *b) {
  b->len = 0;
}
`,
};
