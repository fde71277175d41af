import { Box, MenuItem, TextField } from '@mui/material';
import { useSearchParams } from 'wouter';
import { PAYMENT_STATUS_LABELS } from '@tallyline/contracts';
import { METHOD_LABELS } from '../format';
import { AMOUNT_RANGES, DATE_RANGES, METHOD_OPTIONS, REVERSED_RANGE_MESSAGE, reversedRange, STATUS_OPTIONS, withFilter, type FILTER_KEYS } from '../transaction-filters';

type FilterKey = (typeof FILTER_KEYS)[number];

function Select({ label, name, options }: { label: string; name: FilterKey; options: { value: string; label: string }[] }) {
  const [search, setSearch] = useSearchParams();
  return (
    <TextField
      select
      size="small"
      label={label}
      // A value the URL names but the list does not offer is ignored by the query: shown as "All …" too.
      value={options.some((option) => option.value === search.get(name)) ? search.get(name) : ''}
      onChange={(event) => setSearch(withFilter(search, name, event.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>
      ))}
    </TextField>
  );
}

function DateField({ label, name }: { label: string; name: 'from' | 'to' }) {
  const [search, setSearch] = useSearchParams();
  const reversed = reversedRange(search);
  // The picker offers only days on the right side of the other end.
  const bound = name === 'from' ? { max: search.get('to') ?? undefined } : { min: search.get('from') ?? undefined };
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={search.get(name) ?? ''}
      onChange={(event) => setSearch(withFilter(search, name, event.target.value))}
      error={reversed}
      helperText={reversed && name === 'to' ? REVERSED_RANGE_MESSAGE : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: bound }}
    />
  );
}

/** The four filters of the spec, kept in the URL so a reload or a shared link shows the same list. */
export function TransactionFilters() {
  const [search] = useSearchParams();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }, mb: 2 }}>
      <Select label="Date Range" name="range" options={[{ value: '', label: 'All time' }, ...DATE_RANGES]} />
      <Select label="Status" name="status" options={[{ value: '', label: 'All statuses' }, ...STATUS_OPTIONS.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))]} />
      <Select label="Payment Method" name="method" options={[{ value: '', label: 'All methods' }, ...METHOD_OPTIONS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))]} />
      <Select label="Amount Range" name="amount" options={[{ value: '', label: 'All amounts' }, ...Object.entries(AMOUNT_RANGES).map(([value, range]) => ({ value, label: range.label }))]} />
      {search.get('range') === 'custom' && (
        <>
          <DateField label="From" name="from" />
          <DateField label="To" name="to" />
        </>
      )}
    </Box>
  );
}
