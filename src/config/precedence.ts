import { INPUTS, type InputSpec } from './inputs.js';

/**
 * Precedence: a value the workflow (`with:`) or the command line (a flag, or the CLI's environment
 * variables) gives explicitly wins, then the base revision's config file, then keybug's default.
 *
 * On Actions the runner fills INPUT_<NAME> with action.yml's `default:` whether or not the workflow
 * wrote the input, so a default in action.yml would look explicit and always beat the config file.
 * action.yml therefore declares no `default:` for the inputs the config file can set: an empty
 * input means "not given", and keybug applies its own default (stated in the input's description)
 * after the config file had its say.
 */

/** Where the config file may be, in the order looked for; the first one found is read, the others are reported as ignored. */
export const CONFIG_FILES: readonly string[] = ['.github/keybug.yml', '.github/keybug.yaml', '.keybug.yml', '.keybug.yaml'];

/** Inputs the config file may set: all but the secrets and the workflow-only ones. */
export const isConfigurable = (spec: InputSpec): boolean => !spec.secret && !spec.workflowOnly;

/** The configurable inputs, in the order of INPUTS. */
export const CONFIGURABLE_INPUTS: readonly InputSpec[] = INPUTS.filter(isConfigurable);

/** The sentence that states keybug's default in a description (action.yml has no `default:` for these inputs). */
export const defaultSentence = (value: string): string => `Default: \`${value}\`.`;

/** Said of the inputs only a workflow or the command line sets. */
export const NOT_IN_CONFIG = 'Not read from the config file.';

/**
 * An input's description as action.yml shows it: configurable inputs state keybug's default in
 * words, the others say the config file cannot set them.
 */
export function actionDescription(spec: InputSpec): string {
  if (!isConfigurable(spec)) return `${spec.description} ${NOT_IN_CONFIG}`;
  return spec.default !== '' ? `${spec.description} ${defaultSentence(spec.default)}` : spec.description;
}

/** The `default:` action.yml declares, or null for none (every configurable input). */
export function actionDefault(spec: InputSpec): string | null {
  return isConfigurable(spec) ? null : spec.default;
}
