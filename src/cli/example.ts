import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The built-in example change: a small C++ packet parser where the change drops a bounds check
 * before a memcpy into a fixed-size field declared in a header. It shows what the slices carry
 * (the field's declaration in another file, where `len` was last written) with no repository at hand.
 */
const BASE: Record<string, string> = {
  'include/packet.h': `#pragma once
#include <cstddef>
#include <cstdint>

constexpr std::size_t kMaxPayload = 64;

struct Packet {
  std::uint16_t type;
  std::size_t len;
  char payload[kMaxPayload];
};

bool parse_packet(const std::uint8_t* wire, std::size_t wire_len, Packet* out);
`,
  'src/packet.cpp': `#include "packet.h"
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
`,
};

/** The change: the kMaxPayload bound goes, and the copy now takes its length from the struct. */
const HEAD: Record<string, string> = {
  ...BASE,
  'src/packet.cpp': (BASE['src/packet.cpp'] ?? '')
    .replace('if (len > kMaxPayload || len + 4 > wire_len) {', 'if (len + 4 > wire_len) {')
    .replace('std::memcpy(out->payload, wire + 4, len);', 'std::memcpy(out->payload, wire + 4, out->len);'),
};

export const EXAMPLE_PR = {
  title: 'Accept packets whose length fits the wire buffer',
  body: 'Drops the kMaxPayload check: the wire length check is enough.',
};

/** A temporary git repository holding the example change; `cleanup` removes it. */
export interface ExampleRepo {
  dir: string;
  base: string;
  head: string;
  cleanup(): void;
}

/** Writes the example change into a new temporary git repository (two commits on `main`). */
export function createExampleRepo(): ExampleRepo {
  const dir = mkdtempSync(path.join(tmpdir(), 'keybug-example-'));
  const env = { ...process.env, GIT_AUTHOR_NAME: 'keybug', GIT_AUTHOR_EMAIL: 'example@keybug.invalid', GIT_COMMITTER_NAME: 'keybug', GIT_COMMITTER_EMAIL: 'example@keybug.invalid' };
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
  const writeAll = (files: Record<string, string>): void => {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
  };
  try {
    git('init', '-q', '-b', 'main');
    writeAll(BASE);
    git('add', '-A');
    git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'Packet parser');
    const base = git('rev-parse', 'HEAD');
    writeAll(HEAD);
    git('-c', 'commit.gpgsign=false', 'commit', '-q', '-am', EXAMPLE_PR.title);
    const head = git('rev-parse', 'HEAD');
    return { dir, base, head, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
