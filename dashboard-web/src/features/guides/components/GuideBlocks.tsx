import { useState } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { ResponsiveTable } from '../../../components/responsive-table';
import { CodeBlock } from '../../../components/code-block';
import type { GuideBlock } from '../guide-types';

/** Ticks are for the reader's own tracking on this visit; nothing is stored. */
function Checklist({ title, items }: { title: string; items: string[] }) {
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const toggle = (item: string) =>
    setDone((current) => {
      const next = new Set(current);
      if (next.has(item)) next.delete(item);
      else next.add(item);
      return next;
    });
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, my: 2 }} data-testid="go-live-checklist">
      <Typography component="legend" sx={{ fontWeight: 700, px: 0.5 }}>{title} ({done.size}/{items.length})</Typography>
      <FormGroup>
        {items.map((item) => (
          <FormControlLabel key={item} control={<Checkbox checked={done.has(item)} onChange={() => toggle(item)} />} label={item} />
        ))}
      </FormGroup>
    </Box>
  );
}

export function GuideBlocks({ blocks }: { blocks: GuideBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return <Typography key={index} variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3, mb: 1 }}>{block.text}</Typography>;
          case 'paragraph':
            return <Typography key={index} sx={{ mb: 1.5 }}>{block.text}</Typography>;
          case 'list': {
            const ListTag = block.ordered ? 'ol' : 'ul';
            return (
              <Box key={index} component={ListTag} sx={{ pl: 3, mb: 1.5, '& li': { mb: 0.5 } }}>
                {block.items.map((item) => <li key={item}><Typography>{item}</Typography></li>)}
              </Box>
            );
          }
          case 'checklist':
            return <Checklist key={index} title={block.title} items={block.items} />;
          case 'code':
            return <CodeBlock key={index} title={block.title} code={block.code} />;
          case 'note':
            return <Alert key={index} severity={block.severity} sx={{ my: 2 }}>{block.text}</Alert>;
          case 'table':
            return (
              <ResponsiveTable
                key={index}
                label={block.caption}
                caption={block.caption}
                columns={block.columns}
                rows={block.rows.map((row) => ({ key: row.join('|'), cells: row }))}
                cellSx={[{ fontFamily: 'monospace', whiteSpace: 'nowrap' }]}
              />
            );
        }
      })}
    </>
  );
}
