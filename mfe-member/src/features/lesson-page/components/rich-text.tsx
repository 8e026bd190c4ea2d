/** A lesson's content as headings, paragraphs and lists; every piece of text goes through React (escaped). */
import { parseRichText, type InlineSegment } from '../lib/rich-text';

function Inline({ segments }: { segments: InlineSegment[] }) {
  return (
    <>
      {segments.map((segment, key) =>
        segment.strong ? <strong key={key}>{segment.text}</strong> : <span key={key}>{segment.text}</span>,
      )}
    </>
  );
}

export function RichText({ content }: { content: string | null }) {
  const blocks = parseRichText(content);
  if (blocks.length === 0) return null;
  return (
    <div className="space-y-4 text-base leading-relaxed text-foreground/90" data-testid="lesson-content">
      {blocks.map((block, key) => {
        switch (block.type) {
          case 'heading':
            return block.level === 3 ? (
              <h3 key={key} className="pt-2 text-xl font-semibold text-foreground">
                <Inline segments={block.segments} />
              </h3>
            ) : (
              <h4 key={key} className="pt-1 text-lg font-semibold text-foreground">
                <Inline segments={block.segments} />
              </h4>
            );
          case 'paragraph':
            return (
              <p key={key}>
                <Inline segments={block.segments} />
              </p>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List
                key={key}
                className={block.ordered ? 'list-decimal space-y-1 pl-6' : 'list-disc space-y-1 pl-6'}
              >
                {block.items.map((item, index) => (
                  <li key={index}>
                    <Inline segments={item} />
                  </li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}
