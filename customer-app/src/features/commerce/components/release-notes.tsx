import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Block =
  { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

/** Splits release notes written in a small Markdown subset into headings, bullet lists and paragraphs. */
export function releaseNoteBlocks(text: string): Block[] {
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
  const content: ReactNode[] = releaseNoteBlocks(text).map((block, index) => {
    switch (block.kind) {
      case 'heading':
        return (
          <Typography
            key={index}
            component={headingLevel}
            variant="subtitle1"
            sx={{ fontWeight: 600, mt: 1 }}
          >
            {block.text}
          </Typography>
        );
      case 'list':
        return (
          <Box key={index} component="ul" sx={{ my: 1, pl: 3 }}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </Box>
        );
      case 'paragraph':
        return (
          <Typography key={index} sx={{ my: 1 }}>
            {block.text}
          </Typography>
        );
    }
  });
  return <Box>{content}</Box>;
}
