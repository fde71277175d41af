import { Box, FormHelperText, Typography } from '@mui/material';

const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** A labelled document upload on the native file input (keyboard and screen-reader friendly as is). */
export function FileField({ name, label, file, onChange, error }: {
  name: string;
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
}) {
  const inputId = `file-${name}`;
  return (
    <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 2, p: 2, height: '100%' }}>
      <Typography component="label" htmlFor={inputId} sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}>
        {label} *
      </Typography>
      <Typography variant="body2" color="text.secondary" id={`${inputId}-hint`} sx={{ mb: 1.5 }}>
        PDF, JPG, JPEG or PNG
      </Typography>
      <Box
        component="input"
        id={inputId}
        name={name}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-describedby={`${inputId}-hint`}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.files?.[0] ?? null)}
        sx={{
          maxWidth: '100%',
          fontSize: 14,
          '&::file-selector-button': {
            mr: 1.5,
            px: 1.5,
            py: 0.75,
            border: 1,
            borderColor: 'primary.main',
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'primary.main',
            fontWeight: 600,
            cursor: 'pointer' },
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      />
      {file && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {fileSize(file.size)}
        </Typography>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** 45 B, 12 KB, 3.4 MB: a small document read "0 KB", as if it were empty. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
