import { Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProcessorReport } from '@tallyline/contracts';
import { RetryProcessorButton } from './RetryProcessorButton';
import { STATE_TINTS } from './tints';

/** A failed processor waits for an operator; a reactor with dead letters gets them handed again. */
const canRetry = (processor: ProcessorReport) => processor.state === 'failed' || (processor.kind === 'reactor' && processor.deadLetters > 0);

const COLUMNS = ['name', 'state', 'position', 'events_behind', 'seconds_behind', 'error', 'dead_letters'] as const;
const numeric = (column: (typeof COLUMNS)[number]) => ['position', 'events_behind', 'seconds_behind', 'dead_letters'].includes(column);

function ProcessorRow({ processor }: { processor: ProcessorReport }) {
  const translate = useTranslate();
  const { failedAt } = processor;
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {processor.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`tallyline.processors.kinds.${processor.kind}`)}
        </Typography>
      </TableCell>
      {/* The remedy next to the state: on a phone this column is on screen without scrolling the table. */}
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" label={translate(`tallyline.processors.states.${processor.state}`)} sx={{ ...STATE_TINTS[processor.state], fontWeight: 500 }} />
          {canRetry(processor) && <RetryProcessorButton name={processor.name} />}
        </Box>
        {!processor.runsHere && processor.state !== 'standby' && (
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('tallyline.processors.elsewhere')}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">{processor.position}</TableCell>
      <TableCell align="right">{processor.eventsBehind + (processor.eventsBehindCapped ? '+' : '')}</TableCell>
      <TableCell align="right">{processor.secondsBehind}</TableCell>
      <TableCell sx={{ minWidth: 180, maxWidth: 320, overflowWrap: 'anywhere' }}>
        {processor.lastError ?? translate('tallyline.common.none')}
        {failedAt && (
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('tallyline.processors.failed_at', {
              position: failedAt.position ?? '?',
              type: failedAt.eventType ?? '?',
              smart_count: failedAt.attempts,
            })}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={processor.deadLetters > 0 ? { color: 'error.main', fontWeight: 600 } : {}}>
        {processor.deadLetters}
      </TableCell>
    </TableRow>
  );
}

/** Every processor, those needing a retry first; wider than a phone, so it scrolls inside its own frame, never the page. */
export function ProcessorTable({ processors }: { processors: ProcessorReport[] }) {
  const translate = useTranslate();
  const ordered = [...processors].sort((a, b) => Number(canRetry(b)) - Number(canRetry(a)));
  return (
    // Focusable, so a keyboard can scroll it when it is wider than the screen. Its width must not count as
    // the page's (inline-size containment): react-admin's layout grows to fit its content's narrowest width.
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={translate('tallyline.processors.table')}
      sx={{ contain: 'inline-size' }}
    >
      <Table size="small" aria-label={translate('tallyline.processors.table')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={numeric(column) ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {translate(`tallyline.processors.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ordered.map((processor) => (
            <ProcessorRow key={processor.name} processor={processor} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
