import type { Slice } from '../types.js';

/**
 * Risk heuristic used to order slices when the token budget cannot cover them all. Every changed
 * line counts 1; a changed line also counts the weight of each risky pattern it contains; a deleted
 * line that held a check (if/assert/CHECK, a bound) counts extra, because a removed check is the
 * commonest way a change breaks code that used to be safe. The patterns follow the defect classes
 * the reviewers look for (memory, concurrency, resources, casts, control flow).
 */
const PATTERNS: readonly [RegExp, number][] = [
  [/\b(memcpy|memmove|memset|strcpy|strncpy|strcat|strncat|sprintf|vsprintf|snprintf|gets|scanf|sscanf|alloca)\s*\(/, 4],
  [/\b(malloc|calloc|realloc|free|new|delete|unique_ptr|shared_ptr|release|reset)\b/, 3],
  [/\b(mutex|lock|unlock|lock_guard|unique_lock|scoped_lock|atomic|thread|condition_variable|pthread_\w+|volatile|memory_order\w*)\b/, 3],
  [/\b(reinterpret_cast|const_cast|static_cast)\b|\(\s*(unsigned|signed|int|long|short|char|size_t|u?int\d+_t)\s*\*?\s*\)/, 2],
  [/\b(open|fopen|close|fclose|socket|recv|send|read|write|mmap|munmap)\s*\(/, 2],
  [/\b(goto|longjmp|setjmp|throw|catch)\b/, 2],
  [/\[[^\]]*[+\-*][^\]]*\]/, 2], // computed index
  [/(<=?|>=?)\s*\w|sizeof/, 1], // bounds and sizes
];

const CHECK = /\b(if|assert|CHECK\w*|DCHECK\w*|ASSERT\w*|return\s+false|return\s+-1|throw)\b/;

export function riskScore(slice: Slice): number {
  let score = 0;
  for (const section of slice.sections) {
    for (const line of section.lines) {
      if (line.op === ' ') continue;
      score += 1;
      for (const [pattern, weight] of PATTERNS) if (pattern.test(line.text)) score += weight;
      if (line.op === '-' && CHECK.test(line.text)) score += 5;
    }
  }
  return score;
}
