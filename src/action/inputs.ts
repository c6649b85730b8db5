import * as core from '@actions/core';
import { ConfigError, INPUTS, parseSettings } from '../config/inputs.js';
import type { NameSetting } from '../config/naming.js';
import { parseOnInvalidConfig, type ExplicitInputs, type OnInvalidConfig } from '../config/resolve.js';
import type { Settings } from '../config/settings.js';
import { registerSecret } from '../safety/redact.js';

/** A setting as a workflow gives it: `the 'top-k' input`, or with a value `top-k: 3`. */
export const nameInput: NameSetting = (name, value) => (value === undefined ? `the '${name}' input` : `${name}: ${value}`);

/** Everything the action is configured with by its workflow. The only module that calls `core.getInput`. */
export interface ActionInputs {
  /**
   * The inputs the workflow wrote (an empty one counts as not written): they win over the base
   * revision's config file. action.yml declares no `default:` for the inputs the file can set, so
   * the runner leaves those empty unless the workflow gives them (src/config/precedence.ts).
   */
  explicit: ExplicitInputs;
  /** The workflow's inputs over keybug's defaults, without the config file: what a run that cannot read it still uses (its report path). */
  withoutConfig: Settings;
  onInvalidConfig: OnInvalidConfig;
  /** Token for reading the pull request and posting the review (masked in logs). */
  token: string;
  /** The `pr-number` input, for workflow_dispatch runs; null when not given. */
  prNumber: number | null;
  /** The `bot-login` input; '' = ask GitHub which login the token acts as. */
  botLogin: string;
}

export function readActionInputs(): ActionInputs {
  const raw = new Map<string, string>();
  for (const spec of INPUTS) {
    const value = core.getInput(spec.name);
    // Masked before anything can print them, including the error message of a bad value: by the
    // runner, and by keybug's own redaction in what the runner does not see (summary, report, review).
    if (spec.secret && value !== '') {
      core.setSecret(value);
      registerSecret(value);
    }
    raw.set(spec.name, value);
  }
  // A bad workflow input fails the step now, naming the input, before anything is read.
  const withoutConfig = parseSettings((name) => raw.get(name));
  const pr = raw.get('pr-number')?.trim() ?? '';
  if (pr !== '' && !/^[1-9]\d{0,9}$/.test(pr)) throw new ConfigError('pr-number', pr, 'a pull request number such as 42');
  return {
    explicit: { get: (name) => raw.get(name), origin: () => 'workflow input' },
    withoutConfig,
    onInvalidConfig: parseOnInvalidConfig(raw.get('on-invalid-config')),
    token: raw.get('github-token') ?? '',
    prNumber: pr === '' ? null : Number(pr),
    botLogin: raw.get('bot-login')?.trim() ?? '',
  };
}
