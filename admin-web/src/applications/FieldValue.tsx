import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';

// Option values of the long form are snake_case codes (apple_pay); staff read them as words.
const humanize = (code: string) => (/^[a-z]+(_[a-z]+)+$/.test(code) ? code.replaceAll('_', ' ') : code);

/** One application value as text: booleans as Yes/No, lists joined, blanks as a dash, websites as links. */
export function FieldValue({ field, value }: { field: string; value: unknown }) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <>{translate('tallyline.common.none')}</>;
  }
  if (typeof value === 'boolean') return <>{translate(value ? 'tallyline.common.yes' : 'tallyline.common.no')}</>;
  if (Array.isArray(value)) return <>{value.map((item) => humanize(String(item))).join(', ')}</>;
  if (field === 'website' && typeof value === 'string' && /^https?:\/\//.test(value)) {
    return (
      <Link href={value} target="_blank" rel="noopener noreferrer">
        {value}
      </Link>
    );
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return <>{humanize(String(value))}</>;
  return <>{JSON.stringify(value)}</>;
}
