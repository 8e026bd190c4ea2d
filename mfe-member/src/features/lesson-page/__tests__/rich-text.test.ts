import { describe, expect, it } from '@jest/globals';
import { parseInline, parseRichText } from '../lib/rich-text';

describe('lesson content as rich text', () => {
  it('splits plain text into paragraphs at blank lines and joins wrapped lines', () => {
    expect(parseRichText('First line\nstill first.\n\nSecond.')).toEqual([
      { type: 'paragraph', segments: [{ text: 'First line still first.', strong: false }] },
      { type: 'paragraph', segments: [{ text: 'Second.', strong: false }] },
    ]);
  });

  it('reads headings, bullet and numbered lists and bold spans', () => {
    const blocks = parseRichText(
      '## Before service\n- Check the **floor**\n* Brief the team\n1. Open\n2. Greet',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 3, segments: [{ text: 'Before service', strong: false }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { text: 'Check the ', strong: false },
            { text: 'floor', strong: true },
          ],
          [{ text: 'Brief the team', strong: false }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        items: [[{ text: 'Open', strong: false }], [{ text: 'Greet', strong: false }]],
      },
    ]);
  });

  it('keeps markup it does not know as text (React escapes it)', () => {
    expect(parseRichText('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', segments: [{ text: '<img src=x onerror=alert(1)>', strong: false }] },
    ]);
    expect(parseInline('a ** b')).toEqual([{ text: 'a ** b', strong: false }]);
  });

  it('gives nothing for empty content', () => {
    expect(parseRichText(null)).toEqual([]);
    expect(parseRichText('  \n\n ')).toEqual([]);
  });
});
