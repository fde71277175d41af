import { useEffect, useRef } from 'react';
import { Box, Button, Typography } from '@mui/material';

/**
 * Previous, the page number and Next, for the lists paged by cursor (transactions, webhook deliveries). Next was
 * disabled while a page loads, and Previous on the first page, Next on the last: the one just pressed, and focused,
 * lost focus to <body>. Next now stays focusable while a page loads (and does nothing); reaching the first or last
 * page, focus goes to the other button.
 */
export function Pager({ pageNumber, nextCursor, loading, onPrevious, onNext }: {
  /** 1 for the first page. */
  pageNumber: number;
  /** The cursor of the page after this one; none on the last page. */
  nextCursor: string | null | undefined;
  /** The page asked for is on its way (the one before may still show). */
  loading: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  const atStart = pageNumber === 1;
  const atEnd = !nextCursor && !loading;
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);
  useEffect(() => {
    // Chrome moves focus off a disabled button only at its next rendering: here it may still be on it.
    const lost = (button: HTMLButtonElement | null) => document.activeElement === document.body || document.activeElement === button;
    if (pressed.current === 'previous' && atStart && lost(previousButton.current)) nextButton.current?.focus();
    if (pressed.current === 'next' && atEnd && lost(nextButton.current)) previousButton.current?.focus();
  }, [atStart, atEnd]);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
      <Button ref={previousButton} disabled={atStart} onClick={() => { pressed.current = 'previous'; onPrevious(); }}>Previous</Button>
      <Typography variant="body2" color="text.secondary">Page {pageNumber}</Typography>
      <Button
        ref={nextButton}
        disabled={atEnd}
        aria-disabled={loading || undefined}
        onClick={() => {
          if (loading || !nextCursor) return;
          pressed.current = 'next';
          onNext(nextCursor);
        }}
      >
        Next
      </Button>
    </Box>
  );
}
