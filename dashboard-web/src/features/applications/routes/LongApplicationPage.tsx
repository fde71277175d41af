import { Container, Typography } from '@mui/material';

// Replaced by the real form as soon as contracts/src/applications.ts lands.
export default function LongApplicationPage() {
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ fontSize: 32 }}>Merchant Application</Typography>
    </Container>
  );
}
