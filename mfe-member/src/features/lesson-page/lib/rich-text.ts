/**
 * A lesson's stored content is plain text with a little markdown (blank-line paragraphs, `#` headings,
 * `-`/`*` and `1.` lists, `**bold**`). It is parsed into blocks here and rendered as React elements, so
 * the text is always escaped: no HTML from the content ever reaches the page.
 */

export type InlineSegment = { text: string; strong: boolean };

export type RichTextBlock =
  | { type: 'heading'; level: 3 | 4; segments: InlineSegment[] }
  | { type: 'paragraph'; segments: InlineSegment[] }
  | { type: 'list'; ordered: boolean; items: InlineSegment[][] };

const HEADING = /^(#{1,6})\s+(.+)$/;
const BULLET = /^\s*[-*•]\s+(.+)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.+)$/;

/** `**bold**` spans; an unmatched `**` stays as text. */
export function parseInline(text: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), strong: false });
    segments.push({ text: match[1]!, strong: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), strong: false });
  return segments;
}

export function parseRichText(content: string | null | undefined): RichTextBlock[] {
  const blocks: RichTextBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: InlineSegment[][] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', segments: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list) blocks.push({ type: 'list', ...list });
    list = null;
  };

  for (const rawLine of (content ?? '').replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (line === '') {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      blocks.push({
        type: 'heading',
        level: heading[1]!.length <= 2 ? 3 : 4,
        segments: parseInline(heading[2]!),
      });
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = Boolean(numbered);
      const current = list as { ordered: boolean; items: InlineSegment[][] } | null;
      if (!current || current.ordered !== ordered) {
        flushList();
        list = { ordered, items: [] };
      }
      list!.items.push(parseInline((bullet ?? numbered)![1]!));
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}
