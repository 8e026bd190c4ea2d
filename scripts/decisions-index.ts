/**
 * docs/decisions.md, the index of the decisions: one file per decision in docs/decisions/
 * (`NNNN-short-title.md`, starting `# N. Title` with its status and group), listed by group. Code cites a
 * decision as `(docs/decisions.md, 17)`, which this index resolves. `npm run docs:decisions` writes it; a
 * test fails when it and the files disagree.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const decisionsDir = path.join(root, 'docs', 'decisions');
export const decisionsIndexPath = path.join(root, 'docs', 'decisions.md');

export interface DecisionFile {
  number: number;
  title: string;
  status: string;
  group: string;
  file: string;
}

const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.md$/;

/** The status's first words ('built', 'partly built', …), without what follows them. */
function statusWord(status: string): string {
  return status
    .trim()
    .split(/[.;:(,]/)[0]!
    .trim();
}

/** Every decision file, in number order; throws on a file that does not follow the shape. */
export function readDecisions(): DecisionFile[] {
  return readdirSync(decisionsDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const name = FILE_NAME.exec(file);
      const text = readFileSync(path.join(decisionsDir, file), 'utf8');
      const heading = /^# (\d+)\. (.+)$/m.exec(text);
      const status = /^- \*\*Status:\*\* (.+)$/m.exec(text);
      const group = /^- \*\*Group:\*\* (.+)$/m.exec(text);
      if (!name || !heading || !status || !group || Number(name[1]) !== Number(heading[1])) {
        throw new Error(
          `docs/decisions/${file} must be NNNN-short-title.md and start '# N. Title' with its Status and Group`,
        );
      }
      return {
        number: Number(heading[1]),
        title: heading[2]!.trim(),
        status: statusWord(status[1]!),
        group: group[1]!.trim(),
        file,
      };
    })
    .sort((a, b) => a.number - b.number);
}

const INTRO = `# Decisions

The product was specified by observing an earlier site (the result is our behaviour reference under
[\`behaviour/\`](behaviour/)). That observation left points open, contradicted itself in places, and in a few
places described something unsafe. Each decision records one choice, in a file of its own under
[\`decisions/\`](decisions/): its status, the context, the decision, why, and its consequences in the code.
Where the code has since gone further than the first wording of a decision, the decision says so; the code is
the truth.

Numbers are stable: code and documents cite a decision as \`(docs/decisions.md, 17)\`, which this index
resolves. Never renumber; a new decision takes the next number in a new Markdown file in \`decisions/\`,
named with its four-digit number and a short title (copy the shape of the last one); then
\`npm run docs:decisions\` writes this index again. Decisions 1–30 were taken while the product was specified; 31 onwards record choices
the code made along the way.

Status words: **built** (in the code and tested), **partly built**, **not built yet** (the decision stands
and waits for its feature), **decided** (a rule with nothing to build of its own).

<!-- Written by \`npm run docs:decisions\` from docs/decisions/; edit those files, not this one. -->
`;

export async function renderDecisionsIndex(decisions = readDecisions()): Promise<string> {
  const lines = [INTRO];
  let group: string | undefined;
  for (const decision of decisions) {
    if (decision.group !== group) {
      group = decision.group;
      lines.push('', `## ${group}`, '');
    }
    lines.push(`- [${decision.number}. ${decision.title}](decisions/${decision.file}): ${decision.status}`);
  }
  lines.push('');
  const options = (await prettier.resolveConfig(decisionsIndexPath)) ?? {};
  return prettier.format(lines.join('\n'), { ...options, parser: 'markdown' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(decisionsIndexPath, await renderDecisionsIndex());
  console.log(`wrote ${path.relative(root, decisionsIndexPath)}`);
}
