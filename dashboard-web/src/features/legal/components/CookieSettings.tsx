import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { ResponsiveTable } from '../../../components/responsive-table';
import { COOKIE_CATEGORIES, CookiePreferencesDialog, useCookieConsent } from '../../../components/cookie-consent';
import { Tag } from '../../../components/tag';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The cookie categories with their lifetimes, the visitor's current choice, and a way to change it. */
export function CookieSettings() {
  const consent = useCookieConsent();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Typography variant="h2" sx={{ fontSize: { xs: 20, md: 24 }, fontWeight: 700, mb: 1.5 }}>Cookie categories</Typography>
      <ResponsiveTable
        label="Cookie categories"
        columns={['Category', 'Purpose', 'Duration']}
        rows={COOKIE_CATEGORIES.map((category) => ({ key: category.id, cells: [category.name, category.description, category.duration] }))}
        rowHeaders
      />
      <Box sx={{ mb: 3 }} />

      <Card variant="outlined" sx={{ mb: 4, bgcolor: '#f8fafc' }} data-testid="cookie-settings">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: { xs: 20, md: 24 }, fontWeight: 700, mb: 1 }}>Your cookie settings</Typography>
          {consent ? (
            <>
              <Typography sx={{ mb: 1 }}>You chose on {dateTime.format(new Date(consent.decidedAt))}. Allowed:</Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="cookie-current-choice">
                {COOKIE_CATEGORIES.map((category) => {
                  const allowed = category.id === 'essential' || consent[category.id];
                  return (
                    <Tag
                      key={category.id}
                      label={`${category.name}: ${allowed ? 'on' : 'off'}`}
                      sx={allowed ? { bgcolor: '#dcfce7', color: '#14532d' } : { bgcolor: 'grey.200', color: 'grey.900' }}
                    />
                  );
                })}
              </Stack>
            </>
          ) : (
            <Typography sx={{ mb: 2 }}>You have not made a choice yet, so only essential cookies are used.</Typography>
          )}
          <Button variant="contained" disableElevation onClick={() => setOpen(true)}>Change cookie settings</Button>
        </CardContent>
      </Card>
      <CookiePreferencesDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
