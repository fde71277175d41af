import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { TEST_CARDS } from '../api-reference';

export function TestingSection() {
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        Use a test key (<code>sk_test_…</code>) and the staging environment: nothing is charged. Each card below always
        gives the same result. Use any future expiry date and any 3-digit CVC.
      </Typography>
      <TableContainer role="group" tabIndex={0} aria-label="Test cards" sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">Card number</TableCell>
              <TableCell component="th" scope="col">Brand</TableCell>
              <TableCell component="th" scope="col">Result</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {TEST_CARDS.map((card) => (
              <TableRow key={card.number}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{card.number}</TableCell>
                <TableCell>{card.brand}</TableCell>
                <TableCell>{card.result}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
