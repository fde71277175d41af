import type { MerchantApplication } from '@tallyline/contracts';
import { Box, Divider } from '@mui/material';
import { useRef, useState } from 'react';
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
  const asOfSection = useRef<HTMLDivElement>(null);

  // Picked from the timeline, the snapshot opens below it: bring it into view.
  const showAsOf = (at: string) => {
    setAsOf(at);
    requestAnimationFrame(() => asOfSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <Box>
      <Section title={translate('resources.applications.audit.history')}>
        <HistoryTimeline application={application} onShowAsOf={showAsOf} />
        <Box sx={{ mt: 1 }}>
          <ExportStreamButton streamId={applicationStream(application.id)} label="resources.applications.audit.export" />
        </Box>
      </Section>
      <Divider sx={{ mb: 2 }} />
      <Box ref={asOfSection}>
        <Section title={translate('resources.applications.audit.as_of')}>
          <AsOfSnapshot applicationId={application.id} asOf={asOf} onAsOfChange={setAsOf} />
        </Section>
      </Box>
    </Box>
  );
}
