/**
 * Jest gives each test file a copy of `process` whose 'exit' listeners never run: the real process
 * exits, the copy does not. What keybug's modules clean up on exit (git's empty working folder, one
 * per process) would be left in the temp folder by every test file; it is cleaned up when the
 * file's tests are done, as it is when a keybug process ends.
 */
import { afterAll } from '@jest/globals';

afterAll(() => {
  process.emit('exit', 0);
});
