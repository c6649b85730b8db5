import * as core from '@actions/core';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeFolder } from '../support/folders.js';
import { redact } from '../output/redact.js';

/**
 * Everything the action writes — log lines, annotations, the failure message, step outputs, the
 * job summary and the JSON report — goes through here, and through `redact` on its way out (the
 * runner's own masking of the key and token comes on top). Log lines are also kept from being read
 * as workflow commands: a line of model or endpoint text starting with `::` could otherwise set
 * outputs or stop the runner's command processing.
 */

/** Log text with every line that would start a workflow command defused. */
function logText(message: string): string {
  return redact(message).replace(/^(\s*):(?=:)/gm, '$1:\u200B');
}

export const log = (message: string): void => core.info(logText(message));
export const warn = (message: string): void => core.warning(redact(message));
export const notice = (message: string): void => core.notice(redact(message));
/** Fails the step with the message (one annotation; the runner prints it as an error). */
export const fail = (message: string): void => core.setFailed(redact(message));
export const setOutput = (name: string, value: string | number): void => core.setOutput(name, redact(String(value)));

/** Runs `work` inside a collapsible group of the log. */
export const group = <T>(title: string, work: () => Promise<T>): Promise<T> => core.group(logText(title), work);

/** Writes the JSON report and names it in the `report` output. */
export function writeReport(file: string, report: object): void {
  makeFolder(path.dirname(file));
  writeFileSync(file, redact(JSON.stringify(report, null, 2)) + '\n');
  setOutput('report', file);
  log(`keybug: report written to ${file}`);
}

/** Appends to the job summary, or prints it when the runner gave no summary file. */
export async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    log('keybug: GITHUB_STEP_SUMMARY is not set; the summary follows.\n' + markdown);
    return;
  }
  await core.summary.addRaw(redact(markdown)).write();
}
