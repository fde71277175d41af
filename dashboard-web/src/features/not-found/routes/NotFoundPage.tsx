import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';

export default function NotFoundPage() {
  return (
    <Container sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: 36, mb: 2 }}>404 Page Not Found</Typography>
      <Typography sx={{ mb: 4 }}>The page you are looking for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/" variant="contained">Return to Homepage</Button>
    </Container>
  );
}
