import type { NameSetting } from '../config/naming.js';

/** The environment variables the CLI reads for an input, by input name. */
export const ENV_INPUTS: Record<string, string> = { 'api-key': 'OPENAI_API_KEY', 'base-url': 'OPENAI_BASE_URL', model: 'KEYBUG_MODEL' };

/** A setting as the command line takes it: `--top-k 3`; without a value, the flag and the variable that stands in for it (`--model (or KEYBUG_MODEL)`). */
export const nameFlag: NameSetting = (name, value) => {
  if (value !== undefined) return `--${name} ${value}`;
  const variable = name === 'github-token' ? 'GITHUB_TOKEN' : ENV_INPUTS[name];
  return variable === undefined ? `--${name}` : `--${name} (or ${variable})`;
};
