import { documentFileName, type ApplicationDocument, type DocumentField } from '@tallyline/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TallylineDataProvider } from '../dataProvider/dataProvider';
import { formatBytes, saveBlob } from '../shared/saveBlob';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';

interface Preview {
  document: ApplicationDocument;
  blob: Blob;
}

/**
 * The form's document slots, uploaded or not (the spec labels them required without enforcing it, so a
 * reviewer must see what is missing). Files are staff-only, so they are fetched with the session token.
 */
export function DocumentList({
  applicationId,
  reference,
  documents,
  slots,
}: {
  applicationId: string;
  reference: string;
  documents: readonly ApplicationDocument[];
  slots: readonly DocumentField[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TallylineDataProvider>();
  const [busy, setBusy] = useState<DocumentField | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const labelOf = (document: Pick<ApplicationDocument, 'field'>) => translate(`resources.applications.documents.${document.field}`);
  const missing = slots.filter((slot) => !documents.some((document) => document.field === slot));

  // The stored type is what the server checked the bytes against; tagging the blob with it lets the
  // browser render a PDF or image even if the response came as a generic download.
  const fetchDocument = async (document: ApplicationDocument): Promise<Blob | null> => {
    setBusy(document.field);
    try {
      const blob = await dataProvider.applicationDocument(applicationId, document.field);
      return new Blob([blob], { type: document.type });
    } catch (error) {
      notify('resources.applications.documents.failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
      return null;
    } finally {
      setBusy(null);
    }
  };

  if (documents.length === 0 && missing.length === 0) {
    return <Typography variant="body2">{translate('resources.applications.documents.none')}</Typography>;
  }

  return (
    <>
      <List dense disablePadding>
        {documents.map((document) => (
          <ListItem
            key={document.field}
            divider
            sx={{ gap: 2, flexWrap: 'wrap' }}
            secondaryAction={
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  label="tallyline.common.preview"
                  aria-label={translate('resources.applications.documents.preview_label', { document: labelOf(document) })}
                  disabled={busy !== null}
                  onClick={async () => {
                    const blob = await fetchDocument(document);
                    if (blob) setPreview({ document, blob });
                  }}
                >
                  <VisibilityIcon />
                </Button>
                <Button
                  label="tallyline.common.download"
                  aria-label={translate('resources.applications.documents.download_label', { document: labelOf(document) })}
                  disabled={busy !== null}
                  onClick={async () => {
                    const blob = await fetchDocument(document);
                    // Saved under the name the server gives it too, with the extension of its checked type.
                    if (blob) saveBlob(blob, documentFileName(reference, document));
                  }}
                >
                  <DownloadIcon />
                </Button>
              </Box>
            }
          >
            <ListItemText
              primary={labelOf(document)}
              secondary={`${document.name} · ${formatBytes(document.size)}`}
              slotProps={{ secondary: { title: `SHA-256 ${document.sha256}` } }}
              sx={{ pr: 24 }}
            />
          </ListItem>
        ))}
        {missing.map((field) => (
          <ListItem key={field} divider>
            <ListItemText
              primary={labelOf({ field })}
              secondary={translate('resources.applications.documents.missing')}
              slotProps={{ secondary: { sx: { fontStyle: 'italic' } } }}
            />
          </ListItem>
        ))}
      </List>
      {preview && (
        <DocumentPreviewDialog
          document={preview.document}
          blob={preview.blob}
          label={labelOf(preview.document)}
          onClose={() => setPreview(null)}
        />
      )}
    </>
  );
}
