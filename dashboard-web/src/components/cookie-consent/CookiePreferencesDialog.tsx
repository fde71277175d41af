import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { COOKIE_CATEGORIES } from './categories';
import { ALL_ACCEPTED, ESSENTIAL_ONLY, saveConsent, useCookieConsent, type ConsentChoice, type OptionalCategory } from './consent-store';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Customise by category: one switch each; essential is always on and cannot be switched off. */
export function CookiePreferencesDialog({ open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cookie-preferences-title" maxWidth="sm" fullWidth>
      {/* Mounted only while open, so the switches start from the stored choice each time. */}
      {open && <PreferencesForm onClose={onClose} />}
    </Dialog>
  );
}

function PreferencesForm({ onClose }: { onClose: () => void }) {
  const consent = useCookieConsent();
  const [choice, setChoice] = useState<ConsentChoice>(() =>
    consent ? { functional: consent.functional, analytics: consent.analytics, marketing: consent.marketing } : ESSENTIAL_ONLY,
  );

  const save = (value: ConsentChoice) => {
    saveConsent(value);
    onClose();
  };

  return (
    <>
      <DialogTitle id="cookie-preferences-title">Cookie preferences</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Choose which cookies Tallyline may use. You can change this at any time on the Cookie Policy page.
        </Typography>
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {COOKIE_CATEGORIES.map((category) => {
            const descriptionId = `cookie-category-${category.id}-description`;
            const essential = category.id === 'essential';
            const checked = essential ? true : choice[category.id as OptionalCategory];
            return (
              <Box key={category.id}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={checked}
                      disabled={essential}
                      onChange={(event) => setChoice((current) => ({ ...current, [category.id]: event.target.checked }))}
                      slotProps={{ input: { 'aria-describedby': descriptionId } }}
                    />
                  }
                  label={
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {category.name}
                      {essential && ' (always on)'}
                    </Typography>
                  }
                />
                <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ pl: { xs: 0, sm: 6 } }}>
                  {category.description} {category.duration}.
                </Typography>
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 2 }}>
        <Button onClick={() => save(ESSENTIAL_ONLY)}>Reject non-essential</Button>
        <Button onClick={() => save(ALL_ACCEPTED)} variant="outlined">Accept all</Button>
        <Button onClick={() => save(choice)} variant="contained" disableElevation>Save preferences</Button>
      </DialogActions>
    </>
  );
}
