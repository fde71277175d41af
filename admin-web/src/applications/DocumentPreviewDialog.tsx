import type { ApplicationDocument } from '@tallyline/contracts';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId, useMemo } from 'react';
import { Button, useTranslate } from 'react-admin';

/** Shows a fetched PDF or image in place; the object URL is released when the dialog closes. */
export function DocumentPreviewDialog({
  document,
  blob,
  label,
  onClose,
}: {
  document: ApplicationDocument;
  blob: Blob;
  label: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const title = translate('resources.applications.documents.preview_title', { document: label, name: document.name });

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: '75vh', display: 'flex', justifyContent: 'center', bgcolor: 'grey.100' }}>
        {document.type === 'application/pdf' ? (
          <Box component="iframe" src={url} title={title} sx={{ border: 0, width: '100%', height: '100%' }} />
        ) : (
          <Box component="img" src={url} alt={title} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button label="tallyline.common.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
