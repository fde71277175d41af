import { Box, Button, Container, Grid, Typography } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { Link as RouterLink, useSearchParams } from 'wouter';
import { PageHeader } from '../../../components/page';
import { GUIDES, findGuide } from '../guides-data';
import { GuideList } from '../components/GuideList';
import { GuideDetail } from '../components/GuideDetail';

function EmptyPanel({ title, text, action }: { title: string; text: string; action?: boolean }) {
  return (
    <Box sx={{ textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3, py: 8, px: 3 }} data-testid="guide-empty">
      <MenuBook sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
      <Typography variant="h2" sx={{ fontSize: 22, fontWeight: 700, mb: 1 }}>{title}</Typography>
      <Typography color="text.secondary">{text}</Typography>
      {action && (
        <Button component={RouterLink} to="/guides" variant="outlined" sx={{ mt: 2 }}>Back to all guides</Button>
      )}
    </Box>
  );
}

export default function GuidesPage() {
  const [search] = useSearchParams();
  const requested = search.get('guide');
  const guide = requested ? findGuide(requested) : undefined;

  return (
    <>
      <PageHeader title="Developer Guides" subtitle="Step-by-step guides for integrating, securing and testing Tallyline payments." />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <GuideList guides={GUIDES} selectedId={guide?.id ?? null} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {guide ? (
              <GuideDetail guide={guide} />
            ) : requested ? (
              <EmptyPanel title="Guide not found" text="There is no guide at this address. Choose one from the list." action />
            ) : (
              <EmptyPanel title="Select a guide" text="Choose a guide from the list to start reading." />
            )}
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
