import { IconButton, Tooltip } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { copyText } from '../../../../components/code-block';
import { useToast } from '../../../../components/toast';

/** Spec §8: the toast Copied! with "{label} copied to clipboard." */
export function CopyButton({ text, label, disabled = false }: { text: string; label: string; disabled?: boolean }) {
  const toast = useToast();
  const onCopy = async () => {
    if (await copyText(text)) toast({ title: 'Copied!', description: `${label} copied to clipboard.` });
    else toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' });
  };
  return (
    <Tooltip title={`Copy ${label}`}>
      <span>
        <IconButton aria-label={`Copy ${label}`} onClick={() => void onCopy()} disabled={disabled}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
