/**
 * The repository documents itself: no file refers to documents outside it, every decision cited in code
 * exists in docs/decisions.md, and every docs/ file and heading a file points at exists. A fresh clone has
 * nothing but the repository, so a reference that leads elsewhere is a dead end for the next reader.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { readDecisions } from '../decisions-index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// Spelled in pieces so this file does not trip its own checks.
const SECTION_SIGN = '\u00a7';
const OUTSIDE_FOLDER = '..' + '/shared';
const DECISION_LIST_WORD = 'DECI' + 'SIONS';
const SPEC_NAMES = ['member-and-' + 'admin', 'public-' + 'site'];

interface Finding {
  file: string;
  line: number;
  problem: string;
  text: string;
}

/** What a fresh clone would hold: tracked files, plus new ones not ignored (about to be committed). */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [...new Set(output.split('\0').filter(Boolean))];
  return files.filter((file) => {
    const full = path.join(root, file);
    return existsSync(full) && statSync(full).isFile();
  });
}

function readText(file: string): string | null {
  const bytes = readFileSync(path.join(root, file));
  // A NUL byte near the start means a binary file (videos, images): nothing to read there.
  if (bytes.subarray(0, 8000).includes(0)) return null;
  return bytes.toString('utf8');
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The numbers of the decisions, one file each in docs/decisions/ (the index, docs/decisions.md, lists them). */
function decisionNumbers(): number[] {
  return readDecisions().map((decision) => decision.number);
}

/** "17", "15–17", "1–2, 13", "20, 21 and 25 to 28" → every number named. */
function citedNumbers(list: string): number[] {
  const numbers: number[] = [];
  for (const part of list.split(/\s*(?:,|\band\b)\s*/)) {
    const range = /^(\d+)\s*(?:[–-]|\bto\b)\s*(\d+)$/.exec(part.trim());
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n += 1) numbers.push(n);
    } else if (/^\d+$/.test(part.trim())) {
      numbers.push(Number(part.trim()));
    }
  }
  return numbers;
}

const NUMBER_LIST = String.raw`\d+(?:\s*(?:[–-]|\bto\b)\s*\d+)?(?:(?:,\s*|\s+and\s+)\d+(?:\s*(?:[–-]|\bto\b)\s*\d+)?)*`;
const DECISION_CITATION = new RegExp(String.raw`docs/decisions\.md(?:,\s*|#)(${NUMBER_LIST})`, 'g');
const DOCS_PATH = /\bdocs\/[\w./-]*?\.md(?:#[\w-]+)?/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** References to documents outside the repository, or to their sections. */
function outsideReferences(line: string): string[] {
  const problems: string[] = [];
  if (line.includes(OUTSIDE_FOLDER)) problems.push(`refers to ${OUTSIDE_FOLDER}`);
  if (new RegExp(String.raw`\b${DECISION_LIST_WORD}\b`).test(line))
    problems.push(`cites ${DECISION_LIST_WORD}: write (docs/decisions.md, N)`);
  if (/\b(?:ARCHITECTURE|STYLE|TOOLCHAIN)\.md\b/.test(line))
    problems.push('names a document outside the repository');
  // A section sign is a citation of an outside document, unless it cites an RFC by number.
  const sections = line.split(SECTION_SIGN).length - 1;
  const rfcSections = (line.match(new RegExp(String.raw`\bRFC \d+ ${SECTION_SIGN}`, 'g')) ?? []).length;
  if (sections > rfcSections)
    problems.push(`cites a ${SECTION_SIGN} section: cite docs/behaviour/<file>.md#<heading>`);
  for (const specName of SPEC_NAMES) {
    if (new RegExp(String.raw`\b${specName}(?:\.md|\s+spec\b|\s+${SECTION_SIGN})`, 'i').test(line))
      problems.push(`cites the ${specName} spec: cite docs/behaviour/<file>.md#<heading>`);
  }
  // The member area's spec has no other meaning here; "public-site" also names an e2e spec file.
  if (new RegExp(String.raw`\b${SPEC_NAMES[0]}\b`, 'i').test(line))
    problems.push(`names the ${SPEC_NAMES[0]} spec`);
  if (/\bspec\/[\w-]+\.md\b/.test(line)) problems.push('names a document of a spec folder');
  return [...new Set(problems)];
}

function scan(): { findings: Finding[]; files: number } {
  const known = new Set(decisionNumbers());
  const anchorCache = new Map<string, Set<string> | null>();
  const anchorsFor = (file: string) => {
    if (!anchorCache.has(file)) {
      const full = path.join(root, file);
      anchorCache.set(file, existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : null);
    }
    return anchorCache.get(file)!;
  };
  const checkTarget = (target: string, report: (problem: string) => void) => {
    const [file, anchor] = target.split('#') as [string, string | undefined];
    if (!file.endsWith('.md')) return;
    // `docs/decisions.md#17` names a decision by number; the numbers are checked on their own.
    const checkedAnchor = file === 'docs/decisions.md' && /^\d+$/.test(anchor ?? '') ? undefined : anchor;
    const anchors = anchorsFor(file);
    if (!anchors) return report(`points at ${file}, which does not exist`);
    if (checkedAnchor && !anchors.has(checkedAnchor))
      report(`points at ${file}#${checkedAnchor}, a heading that does not exist`);
  };

  const findings: Finding[] = [];
  const files = repositoryFiles();
  for (const file of files) {
    const text = readText(file);
    if (text === null) continue;
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      const report = (problem: string) =>
        findings.push({ file, line: index + 1, problem, text: line.trim() });
      outsideReferences(line).forEach(report);

      for (const match of line.matchAll(DECISION_CITATION)) {
        for (const number of citedNumbers(match[1]!)) {
          if (!known.has(number)) report(`cites decision ${number}, which docs/decisions.md does not have`);
        }
      }
      for (const match of line.matchAll(DOCS_PATH)) checkTarget(match[0], report);
      // Relative links inside the documentation itself.
      if (file.startsWith('docs/') && file.endsWith('.md')) {
        for (const match of line.matchAll(MARKDOWN_LINK)) {
          const link = match[1]!;
          if (/^[a-z]+:/i.test(link)) continue;
          const [target, anchor] = link.split('#') as [string, string | undefined];
          const resolved = target
            ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
            : file;
          if (resolved.endsWith('/') || !resolved.endsWith('.md')) {
            if (!existsSync(path.join(root, resolved))) report(`links to ${resolved}, which does not exist`);
            continue;
          }
          checkTarget(anchor ? `${resolved}#${anchor}` : resolved, report);
        }
      }
    });
  }
  return { findings, files: files.length };
}

const format = (findings: Finding[]) =>
  findings.map((f) => `${f.file}:${f.line}: ${f.problem}\n    ${f.text}`);

describe('the repository documents itself', () => {
  const { findings, files } = scan();

  it('reads the whole repository', () => {
    expect(files).toBeGreaterThan(100);
  });

  it('has its documentation in docs/', () => {
    for (const file of ['README.md', 'decisions.md', 'architecture.md', 'conventions.md']) {
      expect(existsSync(path.join(root, 'docs', file))).toBe(true);
    }
  });

  it('numbers its decisions 1, 2, 3, … without gaps or repeats', () => {
    const numbers = decisionNumbers();
    expect(numbers.length).toBeGreaterThanOrEqual(30);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('refers to nothing outside the repository', () => {
    expect(format(findings.filter((f) => !/does not (exist|have)/.test(f.problem)))).toEqual([]);
  });

  it('cites only decisions, documents and headings that exist', () => {
    expect(format(findings.filter((f) => /does not (exist|have)/.test(f.problem)))).toEqual([]);
  });
});

describe('reading citations', () => {
  it('reads single numbers, ranges and lists', () => {
    expect(citedNumbers('17')).toEqual([17]);
    expect(citedNumbers('15–17')).toEqual([15, 16, 17]);
    expect(citedNumbers('1–2, 13')).toEqual([1, 2, 13]);
    expect(citedNumbers('20, 21 and 25 to 28')).toEqual([20, 21, 25, 26, 27, 28]);
  });

  it('gives headings the anchors GitHub gives them', () => {
    expect(headingAnchor('Step 1: business information')).toBe('step-1-business-information');
    expect(headingAnchor('Admin home (not built yet)')).toBe('admin-home-not-built-yet');
    expect(headingAnchor('E-mail lookup')).toBe('e-mail-lookup');
  });
});
