import { lazy, startTransition, Suspense, useState } from 'react';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import Lock from '@mui/icons-material/Lock';
import Bolt from '@mui/icons-material/Bolt';
import Api from '@mui/icons-material/Api';
import { PageHeader } from '../../../components/page';
import { TabPanel, Tabs } from '../../../components/tabs';
import { OverviewTab } from '../components/OverviewTab';
import { Tag } from '../../../components/tag';

// The page opens on Overview: the other tabs' code (with their samples and MUI's Alert) loads as the visitor
// points at or focuses the tab list, before the click that shows one, and at the latest with that click.
const loadPanels = () => import('../components/panels');
const lazyPanel = (name: keyof Awaited<ReturnType<typeof loadPanels>>) => lazy(() => loadPanels().then((panels) => ({ default: panels[name] })));
const AuthTab = lazyPanel('AuthTab');
const PaymentsTab = lazyPanel('PaymentsTab');
const CryptoTab = lazyPanel('CryptoTab');
const WebhooksTab = lazyPanel('WebhooksTab');
const ExamplesTab = lazyPanel('ExamplesTab');
const preloadPanels = () => void loadPanels();

const TABS = [
  { value: 'overview', label: 'Overview', panel: <OverviewTab /> },
  { value: 'auth', label: 'Autenticazione', panel: <AuthTab /> },
  { value: 'payments', label: 'Pagamenti', panel: <PaymentsTab /> },
  { value: 'crypto', label: 'Crypto', panel: <CryptoTab /> },
  { value: 'webhooks', label: 'Webhooks', panel: <WebhooksTab /> },
  { value: 'examples', label: 'Esempi', panel: <ExamplesTab /> },
];

const BADGES = [
  { label: 'TLS 1.3', icon: <Lock /> },
  { label: 'Elaborazione in tempo reale', icon: <Bolt /> },
  { label: 'RESTful API', icon: <Api /> },
];

export default function ApiDocsPage() {
  const [tab, setTab] = useState('overview');
  return (
    <Box lang="it">
      <PageHeader title="Documentazione API" subtitle="Integra pagamenti tradizionali e crypto nella tua piattaforma con l'API REST di Tallyline.">
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {BADGES.map((badge) => (
            <Tag key={badge.label} icon={badge.icon} label={badge.label} sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'common.white', '& .MuiChip-icon': { color: 'common.white' } }} />
          ))}
        </Stack>
      </PageHeader>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Tabs
          group="api-docs"
          label="Sezioni della documentazione"
          tabs={TABS}
          value={tab}
          onChange={(value) => startTransition(() => setTab(value))}
          onPointerOver={preloadPanels}
          onFocus={preloadPanels}
        />
        {/* One boundary around every panel, there from the start: as a tab changes in a transition, React keeps the
            panel shown until the next one's code is there, instead of an empty panel. */}
        <Suspense fallback={null}>
          {TABS.map((item) => (
            <TabPanel key={item.value} group="api-docs" value={item.value} current={tab}>
              {item.panel}
            </TabPanel>
          ))}
        </Suspense>
        <Box sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider', display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }} data-testid="api-docs-footer">
          <Typography variant="body2" color="text.secondary">
            Supporto: <Link href="mailto:support@tallyline.com">support@tallyline.com</Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">API v1.0</Typography>
        </Box>
      </Container>
    </Box>
  );
}
