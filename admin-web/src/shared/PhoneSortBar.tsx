import { Box } from '@mui/material';
import { SortButton } from 'react-admin';

/**
 * A list's cards on a phone have no column headers to click: a "Sort by" menu of the fields the table
 * sorts by instead (react-admin's SortButton), so staff can still put the oldest or a company first.
 */
export function PhoneSortBar({ fields }: { fields: string[] }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 1 }}>
      <SortButton fields={fields} />
    </Box>
  );
}
