import CheckCircle from '@mui/icons-material/CheckCircle';
import WarningIcon from '@mui/icons-material/Warning';
import ErrorIcon from '@mui/icons-material/Error';
import Build from '@mui/icons-material/Build';
import Help from '@mui/icons-material/Help';
import Dns from '@mui/icons-material/Dns';
import Storage from '@mui/icons-material/Storage';
import Email from '@mui/icons-material/Email';
import Key from '@mui/icons-material/Key';
import CreditCard from '@mui/icons-material/CreditCard';
import type { ServiceIcon, ServiceStatus } from '../status-rules';

/** Colours chosen for at least 4.5:1 contrast of white text (banner) and of the text on the light chip backgrounds. */
export const STATUS_COLOURS: Record<ServiceStatus, { main: string; light: string; text: string }> = {
  operational: { main: '#15803d', light: '#dcfce7', text: '#14532d' },
  degraded: { main: '#b45309', light: '#fef3c7', text: '#78350f' },
  outage: { main: '#b91c1c', light: '#fee2e2', text: '#7f1d1d' },
  maintenance: { main: '#1d4ed8', light: '#dbeafe', text: '#1e3a8a' },
  unknown: { main: '#475569', light: '#e2e8f0', text: '#1e293b' },
};

export function StatusIcon({ status, fontSize = 'medium' }: { status: ServiceStatus; fontSize?: 'small' | 'medium' | 'large' }) {
  const props = { fontSize, 'aria-hidden': true, sx: { color: 'inherit' } } as const;
  switch (status) {
    case 'operational':
      return <CheckCircle {...props} />;
    case 'degraded':
      return <WarningIcon {...props} />;
    case 'outage':
      return <ErrorIcon {...props} />;
    case 'maintenance':
      return <Build {...props} />;
    case 'unknown':
      return <Help {...props} />;
  }
}

export function ServiceIconGlyph({ icon }: { icon: ServiceIcon }) {
  const props = { 'aria-hidden': true, color: 'primary' } as const;
  switch (icon) {
    case 'api':
      return <Dns {...props} />;
    case 'database':
      return <Storage {...props} />;
    case 'email':
      return <Email {...props} />;
    case 'auth':
      return <Key {...props} />;
    case 'payments':
      return <CreditCard {...props} />;
  }
}
