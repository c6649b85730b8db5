import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ownTestOptionsOff } from '../../bench/precision/prepare.js';

describe("bench:precision: a lean CMake configure turns off the repository's own test and benchmark options", () => {
  it("reads them from the top-level CMakeLists.txt (snappy's SNAPPY_BUILD_TESTS needs a googletest submodule)", () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'keybug-cmake-'));
    try {
      writeFileSync(
        path.join(tree, 'CMakeLists.txt'),
        [
          'option(BUILD_SHARED_LIBS "Build shared libraries(DLLs)." OFF)',
          'option(SNAPPY_BUILD_TESTS "Build Snappy\'s own tests." ON)',
          '  option (SNAPPY_BUILD_BENCHMARKS "Build Snappy\'s benchmarks" ON)',
          'option(SNAPPY_INSTALL "Install" ON)',
          'if(SNAPPY_BUILD_TESTS)',
          '  add_subdirectory("third_party/googletest")',
          'endif()',
        ].join('\n'),
      );
      expect(ownTestOptionsOff(tree)).toEqual(['-DSNAPPY_BUILD_TESTS=OFF', '-DSNAPPY_BUILD_BENCHMARKS=OFF']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
