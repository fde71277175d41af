import type { MerchantApplication } from '@tallyline/contracts';
import { Box, Divider } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ExportStreamButton } from '../shared/ExportStreamButton';
import { AsOfSnapshot } from './AsOfSnapshot';
import { Section } from './DefinitionGrid';
import { HistoryTimeline } from './HistoryTimeline';

/** Application events live in the stream application-<id> (design §2). */
const applicationStream = (id: string) => `application-${id}`;

export function AuditTrail({ application }: { application: MerchantApplication }) {
  const translate = useTranslate();
  const [asOf, setAsOf] = useState<string | undefined>(undefined);

  return (
    <Box>
      <Section title={translate('resources.applications.audit.history')}>
        <HistoryTimeline application={application} onShowAsOf={setAsOf} />
        <Box sx={{ mt: 1 }}>
          <ExportStreamButton streamId={applicationStream(application.id)} label="resources.applications.audit.export" />
        </Box>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Section title={translate('resources.applications.audit.as_of')}>
        <AsOfSnapshot applicationId={application.id} asOf={asOf} onAsOfChange={setAsOf} />
      </Section>
    </Box>
  );
}
