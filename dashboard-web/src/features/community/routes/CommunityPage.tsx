import { useState } from 'react';
import { Container, Typography } from '@mui/material';
import { PageHeader, srOnly } from '../../../components/page';
import { TabPanel, Tabs, type TabItem } from '../../../components/tabs';
import { QuestionsTab } from '../components/QuestionsTab';
import { FaqTab } from '../components/FaqTab';
import { GuidesTab } from '../components/GuidesTab';

type CommunityTab = 'questions' | 'faq' | 'guides';

const TABS: TabItem<CommunityTab>[] = [
  { value: 'questions', label: 'Questions & Answers' },
  { value: 'faq', label: 'FAQ' },
  { value: 'guides', label: 'Guides & Tutorials' },
];

export default function CommunityPage() {
  const [tab, setTab] = useState<CommunityTab>('questions');
  return (
    <>
      <PageHeader title="Community" subtitle="Questions from merchants and developers, answers from the Tallyline team, and guides to get you live." />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Tabs group="community" label="Community sections" tabs={TABS} value={tab} onChange={setTab} />
        <TabPanel group="community" value="questions" current={tab}>
          <Typography variant="h2" sx={srOnly}>Questions & Answers</Typography>
          <QuestionsTab />
        </TabPanel>
        <TabPanel group="community" value="faq" current={tab}>
          <Typography variant="h2" sx={srOnly}>Frequently asked questions</Typography>
          <FaqTab />
        </TabPanel>
        <TabPanel group="community" value="guides" current={tab}>
          <Typography variant="h2" sx={srOnly}>Guides & Tutorials</Typography>
          <GuidesTab />
        </TabPanel>
      </Container>
    </>
  );
}
