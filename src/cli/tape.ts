import { statSync } from 'node:fs';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { TapeSetting } from '../review/llm/tape.js';
import { UsageError } from './errors.js';

/** `--record DIR` / `--replay DIR`, taken by every command that calls the model. */
export const TAPE_OPTIONS = {
  record: { type: 'string' },
  replay: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** The help of --record and --replay, their descriptions starting at `column` as the command's other options' do. */
export function tapeHelp(column: number): string {
  const option = (flag: string, lines: string[]): string =>
    lines.map((line, i) => (i === 0 ? `  ${flag}`.padEnd(column) : ' '.repeat(column)) + line).join('\n');
  return [
    option('--record DIR', [
      'store every model request and answer in DIR (role, model, messages, parameters,',
      'answer, usage, latency; never the API key)',
    ]),
    option('--replay DIR', [
      'answer every model request from a recording in DIR: no network, no API key;',
      'a request that is not recorded fails the run, naming the slice and the role',
    ]),
  ].join('\n');
}

/** Where to record to or replay from (at most one of the two); null for neither. */
export function tapeFlags(values: { record?: string | undefined; replay?: string | undefined }): TapeSetting {
  const { record, replay } = values;
  if (record !== undefined && replay !== undefined)
    throw new UsageError('--record and --replay exclude each other: record a run first, then replay it.');
  if (record !== undefined) {
    if (record.trim() === '') throw new UsageError('--record needs a directory.');
    return { mode: 'record', dir: path.resolve(record) };
  }
  if (replay !== undefined) {
    const dir = path.resolve(replay);
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`--replay ${replay}: no such directory (it is made by a run with --record ${replay}).`);
    return { mode: 'replay', dir };
  }
  return null;
}
