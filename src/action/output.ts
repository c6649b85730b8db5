import * as core from '@actions/core';
import { outgoingMarkdown, type Built } from '../safety/markdown-check.js';
import { neutralizeCommands, redact } from '../safety/redact.js';
import { writeMaskedFile } from '../output/report-file.js';

/**
 * Everything the action writes — log lines, annotations, the failure message, step outputs, the
 * job summary and the JSON report — goes through here, and through `redact` on its way out (the
 * runner's own masking of the key and token comes on top). Log lines and annotations are also kept
 * from being read as workflow commands (see neutralizeCommands): model, endpoint or pull-request
 * text (a folder name, an error message) could otherwise set outputs or stop command processing.
 */

/** Log text with nothing the runner could read as a workflow command. */
const logText = (message: string): string => neutralizeCommands(redact(message));

export const log = (message: string): void => core.info(logText(message));
export const warn = (message: string): void => core.warning(logText(message));
export const notice = (message: string): void => core.notice(logText(message));
/** Fails the step with the message (one annotation; the runner prints it as an error). */
export const fail = (message: string): void => core.setFailed(logText(message));
export const setOutput = (name: string, value: string | number): void => core.setOutput(name, redact(String(value)));

/** Runs `work` inside a collapsible group of the log. */
export const group = <T>(title: string, work: () => Promise<T>): Promise<T> => core.group(logText(title), work);

/**
 * Writes the JSON report (never through a link) and names it in the `report` output; throws when it
 * cannot. A review's report comes in pieces (jsonPieces), each masked as it is written.
 */
export function writeReport(file: string, report: object | Iterable<string>): void {
  writeMaskedFile(file, isPieces(report) ? report : JSON.stringify(report, null, 2) + '\n');
  setOutput('report', file);
  log(`keybug: report written to ${file}`);
}

const isPieces = (report: object | Iterable<string>): report is Iterable<string> =>
  typeof (report as Partial<Iterable<string>>)[Symbol.iterator] === 'function';

/** Characters of a summary written as plain text at most: within the runner's 1 MiB whatever they are. */
const PLAIN_SUMMARY_CHARACTERS = 250_000;

/**
 * Appends to the job summary, or prints it when the runner gave no summary file. The summary passes
 * the redaction point, then the Markdown check: one that holds anything live keybug did not build
 * (`built`: this repository's files, the pull request, the run) is written as plain text, and the
 * log says why.
 */
export async function writeSummary(markdown: string, built: Built = { links: [] }): Promise<void> {
  const text = outgoingMarkdown(markdown, 'the job summary', warn, built, PLAIN_SUMMARY_CHARACTERS);
  if (!process.env.GITHUB_STEP_SUMMARY) {
    log('keybug: GITHUB_STEP_SUMMARY is not set; the summary follows.\n' + text);
    return;
  }
  await core.summary.addRaw(text).write();
}

/**
 * writeReport for a run that goes on without its report: a failure (a link at the path, a full
 * disk) is warned about once per path and returned as one line; null when the report was written.
 */
export function tryWriteReport(file: string, report: object | Iterable<string>): string | null {
  try {
    writeReport(file, report);
    return null;
  } catch (error) {
    const message = `keybug could not write the report: ${error instanceof Error ? error.message : String(error)}`;
    if (!warnedReports.has(file)) warn(`${message}. The review goes on without it.`);
    warnedReports.add(file);
    return message;
  }
}

const warnedReports = new Set<string>();
