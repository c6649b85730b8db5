/**
 * Defects4J's metadata, as its repository lays it out: `framework/projects/<Project>/active-bugs.csv`
 * (bug.id, revision.id.buggy, revision.id.fixed, report.id, report.url; older releases name them
 * BugID, BuggyCommit, FixedCommit, IssueID, IssueURL) and `framework/projects/<Project>/patches/<id>.src.patch`,
 * the minimized source patch from the fixed to the buggy version. Read from a local copy only.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectFolders } from './clones.js';
import type { DatasetBug } from './dataset-fixes.js';
import { buggyLinesOf } from './patch-lines.js';
import { ImportError } from './errors.js';
import type { RejectedBug } from './result.js';

/** The projects' repositories, as Defects4J's README names them: folder names a clone may have. */
const REPOSITORIES: Record<string, string> = {
  Chart: 'jfreechart',
  Cli: 'commons-cli',
  Closure: 'closure-compiler',
  Codec: 'commons-codec',
  Collections: 'commons-collections',
  Compress: 'commons-compress',
  Csv: 'commons-csv',
  Gson: 'gson',
  JacksonCore: 'jackson-core',
  JacksonDatabind: 'jackson-databind',
  JacksonXml: 'jackson-dataformat-xml',
  Jsoup: 'jsoup',
  JxPath: 'commons-jxpath',
  Lang: 'commons-lang',
  Math: 'commons-math',
  Mockito: 'mockito',
  Time: 'joda-time',
};

/** The column names of active-bugs.csv, by what they hold, in both spellings. */
const COLUMNS = {
  id: ['bug.id', 'BugID'],
  buggy: ['revision.id.buggy', 'BuggyCommit'],
  fixed: ['revision.id.fixed', 'FixedCommit'],
  report: ['report.id', 'IssueID'],
};

export function readDefects4j(dir: string, project?: string): { bugs: DatasetBug[]; rejected: RejectedBug[] } {
  const bugs: DatasetBug[] = [];
  const rejected: RejectedBug[] = [];
  const all = projectFolders(dir, 'active-bugs.csv', ['framework/projects']);
  if (all === null)
    throw new ImportError(
      `${dir} holds no Defects4J project: expected framework/projects/<Project>/active-bugs.csv under it (a checkout of Defects4J), or active-bugs.csv in it.`,
    );
  const folders = all.filter((f) => project === undefined || path.basename(f).toLowerCase() === project.toLowerCase());
  if (folders.length === 0) throw new ImportError(`${dir} has no Defects4J project '${project}'.`);
  for (const folder of folders) {
    const name = path.basename(folder);
    const csv = readFileSync(path.join(folder, 'active-bugs.csv'), 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '');
    const header = (csv[0] ?? '').split(',').map((h) => h.trim());
    const column = (names: string[]): number => header.findIndex((h) => names.includes(h));
    const [id, buggy, fixed] = [column(COLUMNS.id), column(COLUMNS.buggy), column(COLUMNS.fixed)];
    if (id < 0 || buggy < 0 || fixed < 0)
      throw new ImportError(
        `${path.join(folder, 'active-bugs.csv')}: expected the columns ${COLUMNS.id[0]}, ${COLUMNS.buggy[0]} and ${COLUMNS.fixed[0]}, got ${header.join(', ')}.`,
      );
    for (const row of csv.slice(1)) {
      const cells = row.split(',').map((c) => c.trim());
      const bugId = `${name}-${cells[id] ?? ''}`;
      const patchFile = path.join(folder, 'patches', `${cells[id]}.src.patch`);
      if (!existsSync(patchFile)) {
        rejected.push({ id: bugId, reason: `no patch at ${path.relative(dir, patchFile)}` });
        continue;
      }
      bugs.push({
        id: bugId,
        project: name,
        cloneNames: [name, name.toLowerCase(), REPOSITORIES[name] ?? ''],
        buggy: cells[buggy] ?? '',
        fixed: cells[fixed] ?? '',
        // The patch goes from the fixed to the buggy version: its added lines are the buggy ones.
        lines: buggyLinesOf(readFileSync(patchFile, 'utf8'), 'fixed-to-buggy'),
      });
    }
  }
  return { bugs, rejected };
}
