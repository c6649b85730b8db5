/**
 * Messages name settings the way the shell running keybug takes them: the CLI as flags
 * (`--fail-on-incomplete false`, `--model` or KEYBUG_MODEL), the action as inputs
 * (`fail-on-incomplete: false`, the 'model' input). A hint a user cannot type is no hint.
 */
export type Shell = 'cli' | 'action';

/** Environment variables the CLI reads a setting from when its flag is not given. */
export const CLI_ENV: Readonly<Record<string, string>> = {
  'api-key': 'OPENAI_API_KEY',
  'base-url': 'OPENAI_BASE_URL',
  model: 'KEYBUG_MODEL',
  'github-token': 'GITHUB_TOKEN',
};

/** The setting as the shell takes it, with a value when given: `--top-k 3` / `top-k: 3`; without: `--top-k` / the 'top-k' input. */
export function settingHint(shell: Shell, name: string, value?: string): string {
  if (shell === 'cli') {
    if (value !== undefined) return `--${name} ${value}`;
    const env = CLI_ENV[name];
    return env === undefined ? `--${name}` : `--${name} (or ${env})`;
  }
  return value === undefined ? `the '${name}' input` : `${name}: ${value}`;
}
