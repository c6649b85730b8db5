import { severityLevel } from '../config/settings.js';
import { CATEGORIES, type Finding, type ReviewResult } from '../types.js';
import { findingBody } from './body.js';
import { sanitizeMarkdown, sanitizePlain } from '../safety/sanitize.js';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** SARIF levels: high and critical are errors, medium a warning, low a note. */
function level(f: Finding): 'error' | 'warning' | 'note' {
  const l = severityLevel(f.scores.severity);
  return l === 'critical' || l === 'high' ? 'error' : l === 'medium' ? 'warning' : 'note';
}

/**
 * SARIF 2.1.0 for code-scanning tools: one rule per category, one result per finding. Findings on
 * deleted lines (side LEFT) point at the base revision; `properties.side` says so.
 */
export function formatSarif(result: ReviewResult): string {
  const sarif = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'keybug',
            rules: CATEGORIES.map((c) => ({ id: c, name: c, shortDescription: { text: `${c} defect` }, properties: { tags: [c] } })),
          },
        },
        properties: { baseSha: result.baseSha, headSha: result.headSha, algorithm: result.algorithm },
        invocations: [
          {
            executionSuccessful: result.status !== 'incomplete',
            toolExecutionNotifications: [
              ...result.incompleteReasons.map((r) => ({ level: 'warning', message: { text: sanitizePlain(r, 2_000) } })),
              ...(result.degraded ?? []).map((r) => ({ level: 'note', message: { text: sanitizePlain(r, 2_000) } })),
              ...result.unreviewed.map((u) => ({
                level: 'note',
                message: { text: `Not reviewed: ${sanitizePlain(u.reason, 2_000)}` },
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: { uri: u.path },
                      ...(u.startLine !== undefined ? { region: { startLine: u.startLine, endLine: u.endLine ?? u.startLine } } : {}),
                    },
                  },
                ],
              })),
            ],
          },
        ],
        results: result.findings.map((f) => ({
          ruleId: f.category,
          ruleIndex: CATEGORIES.indexOf(f.category),
          level: level(f),
          message: {
            text: sanitizePlain(`${f.title}\n\n${f.issue}`, 16_000),
            markdown: `**${sanitizeMarkdown(f.title, { inline: true, maxLength: 300 })}**\n\n${findingBody(f)}`,
          },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: f.path },
                region: { startLine: f.startLine, endLine: f.line, snippet: { text: sanitizePlain(f.quote, 2_000) } },
              },
            },
          ],
          partialFingerprints: { 'keybug/v1': `${f.path}:${f.category}:${f.quote.replace(/\s+/g, ' ').trim()}` },
          properties: {
            side: f.side,
            scores: f.scores,
            reviewerVotes: f.reviewerVotes,
            id: f.id,
            ...(f.rule ? { repositoryRule: f.rule } : {}),
          },
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
