import { CssBaseline, Container, Typography } from '@mui/material';

export function App() {
  return (
    <>
      <CssBaseline />
      <Container component="main" sx={{ py: 8 }}>
        <Typography variant="h1" sx={{ fontSize: 40 }}>Tallyline</Typography>
      </Container>
    </>
  );
}
