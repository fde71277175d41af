import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, TextField, Tooltip } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { CopyButton } from './CopyButton';
import { MONO_INPUT } from './SettingsSection';

interface Props {
  title: string;
  /** What the secret is, for the copy toast ("API key", "Signing secret"). */
  label: string;
  secret: string | null;
  onClose: () => void;
  /** The page keeps the secret in memory after the dialog closes (show and copy until a reload). */
  keptOnPage?: boolean;
}

/** "API key" stays as it is, "Signing secret" becomes "signing secret" inside a sentence. */
const inSentence = (label: string) => (/^[A-Z]{2}/.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`);

/** A full secret (API key, webhook signing secret) shown the one time the server hands it out. */
export function SecretOnceDialog({ title, label, secret, onClose, keptOnPage = false }: Props) {
  const [shown, setShown] = useState(true);
  return (
    <Dialog open={secret !== null} fullWidth maxWidth="sm" aria-labelledby="secret-dialog-title">
      <DialogTitle id="secret-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this {inSentence(label)} now and store it somewhere safe.{' '}
          {keptOnPage
            ? 'This page keeps it until you leave or reload it: after that it cannot be displayed again.'
            : 'It is shown only once: after you close this window it cannot be displayed again.'}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <TextField
            label={label}
            value={shown ? (secret ?? '') : '•'.repeat(32)}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'secret-value' }, input: { sx: MONO_INPUT } }}
          />
          <Tooltip title={shown ? `Hide ${label}` : `Show ${label}`}>
            <IconButton aria-label={shown ? `Hide ${label}` : `Show ${label}`} onClick={() => setShown(!shown)}>
              {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
            </IconButton>
          </Tooltip>
          <CopyButton text={secret ?? ''} label={label} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>I have saved it</Button>
      </DialogActions>
    </Dialog>
  );
}
