import type { ReactNode } from 'react';
import styles from './release-notes.module.css';

type Block =
  { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

/** Splits release notes written in a small Markdown subset into headings, bullet lists and paragraphs. */
function releaseNoteBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^[-*+]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: heading[1]! });
    } else if (item) {
      flush();
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(item[1]!);
      else blocks.push({ kind: 'list', items: [item[1]!] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/**
 * Release notes as the catalogue writes them (headings, lists, paragraphs). Everything is rendered as text, never
 * as markup, so notes cannot inject anything into the page; headings sit one level under the section's.
 */
export function ReleaseNotes({ text, headingLevel }: { text: string; headingLevel: 'h3' | 'h4' }) {
  const Heading = headingLevel;
  const content: ReactNode[] = releaseNoteBlocks(text).map((block, index) => {
    switch (block.kind) {
      case 'heading':
        return (
          <Heading key={index} className={styles.heading}>
            {block.text}
          </Heading>
        );
      case 'list':
        return (
          <ul key={index} className={styles.list}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        );
      case 'paragraph':
        return (
          <p key={index} className={styles.paragraph}>
            {block.text}
          </p>
        );
    }
  });
  return <div>{content}</div>;
}
