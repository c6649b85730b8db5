import { ConfigFileError } from '../config/file.js';
import { ConfigError } from '../config/inputs.js';
import { SettingError } from '../config/naming.js';
import { StageError } from '../engine/run.js';
import { nameInput } from './inputs.js';

/** A failure as one line in the action's terms: a setting named as an input; the stage, for a failure that does not name its subject. */
export function describeFailure(error: unknown): string {
  if (error instanceof StageError) return `${error.stage}: ${describeFailure(error.cause)}`;
  if (error instanceof SettingError || error instanceof ConfigFileError) return error.describe(nameInput);
  return error instanceof Error ? error.message : String(error);
}

/** A bad input or config file (exit 2), however deep in the causes it was wrapped. */
export function isInputError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ConfigError || e instanceof ConfigFileError) return true;
  }
  return false;
}
