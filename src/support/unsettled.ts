/**
 * A last guard for both entry points: if the run's promise never settles (work that waits on
 * itself), Node would end with exit 13 and no word of why. This says so on stderr and exits with
 * `code` instead. Call the returned function once the run has ended.
 */
export function exitIfUnsettled(code: number): () => void {
  let settled = false;
  process.on('exit', () => {
    if (settled) return;
    process.stderr.write(
      'keybug: internal error: the run stopped while waiting on work that never ended; nothing more will happen. Please report this with KEYBUG_DEBUG=1 output.\n',
    );
    process.exitCode = code;
  });
  return () => {
    settled = true;
  };
}
