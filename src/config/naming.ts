/**
 * How a message names a setting. Each shell names settings its own way — the action as inputs
 * (`the 'model' input`, `fail-on-incomplete: false`), the CLI as flags (`--model (or KEYBUG_MODEL)`,
 * `--fail-on-incomplete false`) — and passes that way down as a NameSetting; nothing below the
 * shells knows which shell runs. A hint a user cannot type is no hint.
 */
export type NameSetting = (setting: string, value?: string) => string;

/** A setting named as keybug's config file and docs spell it (`'top-k'`, `top-k: 3`): for messages no shell has worded yet. */
export const plainName: NameSetting = (setting, value) => (value === undefined ? `'${setting}'` : `${setting}: ${value}`);

/**
 * A failure caused by the value of one setting. It carries the setting and the value, and words
 * itself for whichever shell reports it (`describe`); its `message` names the setting plainly.
 */
export class SettingError extends Error {
  constructor(
    /** The setting at fault, by its input name (`top-k`, `report`). */
    readonly setting: string,
    /** The value at fault ('' when it is missing). */
    readonly value: string,
    private readonly words: (name: NameSetting) => string,
  ) {
    super(words(plainName));
    this.name = 'SettingError';
  }

  /** The message with the setting named as the shell reporting it takes it. */
  describe(name: NameSetting): string {
    return this.words(name);
  }
}
