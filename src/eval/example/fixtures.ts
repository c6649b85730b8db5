/**
 * The built-in example changes: small C and C++ repositories whose head commits plant known bugs
 * (and one clean change). `keybug review --example` reviews the first; `keybug eval --example`
 * scores all four.
 */
import type { KeyBug } from '../cases.js';

/** One example change: the files before and after, the pull request text and the bugs it plants. */
export interface ExampleChange {
  id: string;
  title: string;
  body: string;
  base: Record<string, string>;
  /** Files the head commit changes (the rest stay as in base). */
  head: Record<string, string>;
  keyBugs: KeyBug[];
}

const PACKET_H = `#pragma once
#include <cstddef>
#include <cstdint>

constexpr std::size_t kMaxPayload = 64;

struct Packet {
  std::uint16_t type;
  std::size_t len;
  char payload[kMaxPayload];
};

bool parse_packet(const std::uint8_t* wire, std::size_t wire_len, Packet* out);
`;

const PACKET_CPP = `#include "packet.h"
#include <cstring>

static std::size_t read_length(const std::uint8_t* wire) {
  return static_cast<std::size_t>(wire[2]) << 8 | wire[3];
}

bool parse_packet(const std::uint8_t* wire, std::size_t wire_len, Packet* out) {
  if (wire_len < 4) {
    return false;
  }
  out->type = static_cast<std::uint16_t>(wire[0] << 8 | wire[1]);
  std::size_t len = read_length(wire);
  if (len > kMaxPayload || len + 4 > wire_len) {
    return false;
  }
  out->len = len;
  std::memcpy(out->payload, wire + 4, len);
  return true;
}
`;

/** A packet parser whose change drops a bounds check before a memcpy into a fixed-size field declared in a header. */
export const PACKET: ExampleChange = {
  id: 'packet-overflow',
  title: 'Accept packets whose length fits the wire buffer',
  body: 'Drops the kMaxPayload check: the wire length check is enough.',
  base: { 'include/packet.h': PACKET_H, 'src/packet.cpp': PACKET_CPP },
  head: {
    'src/packet.cpp': PACKET_CPP.replace('if (len > kMaxPayload || len + 4 > wire_len) {', 'if (len + 4 > wire_len) {').replace(
      'std::memcpy(out->payload, wire + 4, len);',
      'std::memcpy(out->payload, wire + 4, out->len);',
    ),
  },
  keyBugs: [
    { path: 'src/packet.cpp', startLine: 14, endLine: 18, note: 'the copy into the 64-byte payload is no longer bounded by kMaxPayload' },
  ],
};

const RING_H = `#ifndef RING_H
#define RING_H

#define RING_SIZE 8

struct ring {
  int items[RING_SIZE];
  unsigned head;
  unsigned count;
};

void ring_init(struct ring *r);
int ring_push(struct ring *r, int value);
int ring_pop(struct ring *r, int *out);

#endif
`;

const RING_C = `#include "ring.h"

void ring_init(struct ring *r) {
  r->head = 0;
  r->count = 0;
}

int ring_push(struct ring *r, int value) {
  if (r->count == RING_SIZE) {
    return -1;
  }
  r->items[(r->head + r->count) % RING_SIZE] = value;
  r->count++;
  return 0;
}

int ring_pop(struct ring *r, int *out) {
  if (r->count == 0) {
    return -1;
  }
  *out = r->items[r->head];
  r->head = (r->head + 1) % RING_SIZE;
  r->count--;
  return 0;
}
`;

const PEEK_LAST = `
int ring_peek_last(const struct ring *r, int *out) {
  if (r->count == 0) {
    return -1;
  }
  *out = r->items[(r->head + r->count) % RING_SIZE];
  return 0;
}
`;

/** A ring buffer: the change loosens the full check in push and adds a peek that reads one slot too far. */
export const RING: ExampleChange = {
  id: 'ring-buffer',
  title: 'Add ring_peek_last; simplify the full check',
  body: 'Adds ring_peek_last to read the newest item without removing it.',
  base: { 'include/ring.h': RING_H, 'src/ring.c': RING_C },
  head: {
    'include/ring.h': RING_H.replace(
      'int ring_pop(struct ring *r, int *out);\n',
      'int ring_pop(struct ring *r, int *out);\nint ring_peek_last(const struct ring *r, int *out);\n',
    ),
    'src/ring.c': RING_C.replace('if (r->count == RING_SIZE) {', 'if (r->count > RING_SIZE) {') + PEEK_LAST,
  },
  keyBugs: [
    {
      path: 'src/ring.c',
      startLine: 9,
      endLine: 9,
      note: 'a push into a full ring overwrites the oldest item and lets count pass RING_SIZE',
    },
    { path: 'src/ring.c', startLine: 31, endLine: 31, note: 'the newest item is at head + count - 1: this reads the slot after it' },
  ],
};

const SESSION_H = `#ifndef SESSION_H
#define SESSION_H

#include <pthread.h>
#include <stddef.h>

struct session {
  int id;
  long last_seen;
  unsigned touches;
};

struct table {
  pthread_mutex_t lock;
  struct session *sessions;
  size_t size;
};

int session_touch(struct table *t, int id, long now);

#endif
`;

const SESSION_C = `#include <pthread.h>
#include <stddef.h>
#include "session.h"

static struct session *find(struct table *t, int id) {
  for (size_t i = 0; i < t->size; i++) {
    if (t->sessions[i].id == id) {
      return &t->sessions[i];
    }
  }
  return NULL;
}

int session_touch(struct table *t, int id, long now) {
  pthread_mutex_lock(&t->lock);
  struct session *s = find(t, id);
  if (s != NULL) {
    s->last_seen = now;
  }
  pthread_mutex_unlock(&t->lock);
  return s != NULL ? 0 : -1;
}
`;

/** A session table: the change returns early on a missing session with the table's mutex still held. */
export const SESSION: ExampleChange = {
  id: 'session-lock',
  title: 'Count session touches',
  body: 'Counts how often each session is touched; returns early when the session is unknown.',
  base: { 'include/session.h': SESSION_H, 'src/session.c': SESSION_C },
  head: {
    'src/session.c': SESSION_C.replace(
      `  if (s != NULL) {
    s->last_seen = now;
  }
  pthread_mutex_unlock(&t->lock);
  return s != NULL ? 0 : -1;`,
      `  if (s == NULL) {
    return -1;
  }
  s->last_seen = now;
  s->touches++;
  pthread_mutex_unlock(&t->lock);
  return 0;`,
    ),
  },
  keyBugs: [{ path: 'src/session.c', startLine: 17, endLine: 18, note: 'the early return leaves the table mutex locked' }],
};

const CONFIG_H = `#pragma once

constexpr int kDefaultTimeoutMs = 30000;
constexpr int kMaxTimeoutSeconds = 3600;

int read_timeout_ms(const char* value);
`;

const CONFIG_CPP = `#include "config.h"

#include <cstdlib>
#include <string>

int read_timeout_ms(const char* value) {
  if (value == nullptr) {
    return kDefaultTimeoutMs;
  }
  int seconds = std::atoi(value);
  if (seconds <= 0 || seconds > kMaxTimeoutSeconds) {
    return kDefaultTimeoutMs;
  }
  return seconds * 1000;
}
`;

/** A clean change: a rename and a comment; every comment on it is a false alarm. */
export const CONFIG: ExampleChange = {
  id: 'config-clean',
  title: 'Name the timeout unit',
  body: 'Renames seconds to timeout_s and documents the fallback. No behaviour change.',
  base: { 'include/config.h': CONFIG_H, 'src/config.cpp': CONFIG_CPP },
  head: {
    'src/config.cpp': CONFIG_CPP.replace(
      '  int seconds = std::atoi(value);',
      '  // Values are whole seconds; out-of-range values fall back to the default.\n  int timeout_s = std::atoi(value);',
    )
      .replace('if (seconds <= 0 || seconds > kMaxTimeoutSeconds) {', 'if (timeout_s <= 0 || timeout_s > kMaxTimeoutSeconds) {')
      .replace('return seconds * 1000;', 'return timeout_s * 1000;'),
  },
  keyBugs: [],
};

export const EXAMPLE_CHANGES: readonly ExampleChange[] = [PACKET, RING, SESSION, CONFIG];
