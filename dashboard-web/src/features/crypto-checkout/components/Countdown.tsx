import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';

/** mm:ss left until `until`, ticking every second; 00:00 once past. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  const text = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  return (
    <Typography data-testid="countdown" aria-label={`Tempo rimanente ${text}`} sx={{ fontWeight: 800, fontSize: 28, fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Typography>
  );
}
