import { useState } from 'react';
import { Container, Tab, Tabs, Typography } from '@mui/material';
import { PageHeader, srOnly } from '../../../components/page';
import { TabPanel, tabProps } from '../../../components/tabs';
import { QuestionsTab } from '../components/QuestionsTab';
import { FaqTab } from '../components/FaqTab';
import { GuidesTab } from '../components/GuidesTab';

type CommunityTab = 'questions' | 'faq' | 'guides';

export default function CommunityPage() {
  const [tab, setTab] = useState<CommunityTab>('questions');
  return (
    <>
      <PageHeader title="Community" subtitle="Questions from merchants and developers, answers from the Tallyline team, and guides to get you live." />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Tabs
          value={tab}
          onChange={(_event, value: CommunityTab) => setTab(value)}
          aria-label="Community sections"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { textTransform: 'none', fontWeight: 600 } }}
        >
          <Tab label="Questions & Answers" {...tabProps('community', 'questions')} />
          <Tab label="FAQ" {...tabProps('community', 'faq')} />
          <Tab label="Guides & Tutorials" {...tabProps('community', 'guides')} />
        </Tabs>
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
