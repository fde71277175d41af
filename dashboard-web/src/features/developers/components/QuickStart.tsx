import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { CodeBlock } from '../../../components/code-block';
import { TabPanel, Tabs } from '../../../components/tabs';
import { EXAMPLE_PAYMENT_BODY, LANGUAGE_LABELS, QUICK_START_LANGUAGES, QUICK_START_SAMPLES, type QuickStartLanguage } from '../quick-start-samples';

const INTROS: Record<QuickStartLanguage, string> = {
  javascript: "In the customer's browser: tokenise the card, then send the token, amount and currency to your own backend (POST /api/process-payment), which answers success, message and transactionId.",
  nodejs: 'On your server: create the payment with your secret key, then send the customer to the redirectUrl in the answer.',
  php: 'On your server: create the payment with your secret key, then send the customer to the redirectUrl in the answer.',
  python: 'On your server: create the payment with your secret key, then send the customer to the redirectUrl in the answer.',
};

const TABS = QUICK_START_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));

export function QuickStart() {
  const [language, setLanguage] = useState<QuickStartLanguage>('javascript');
  return (
    <Box>
      <Tabs group="quick-start" label="Quick Start language" tabs={TABS} value={language} onChange={setLanguage} />
      {QUICK_START_LANGUAGES.map((value) => (
        <TabPanel key={value} group="quick-start" value={value} current={language}>
          <Typography>{INTROS[value]}</Typography>
          <CodeBlock title={LANGUAGE_LABELS[value]} code={QUICK_START_SAMPLES[value]} />
        </TabPanel>
      ))}
      <Typography variant="h3" sx={{ fontSize: 20, fontWeight: 700, mt: 3 }}>Example payment body</Typography>
      <Typography sx={{ mt: 1 }}>
        POST /api/client/payments takes the amount in minor units (2500 = £25.00), the currency, the customer, your order id,
        the payment method, where to send the customer afterwards, and the environment.
      </Typography>
      <CodeBlock title="JSON" code={EXAMPLE_PAYMENT_BODY} />
    </Box>
  );
}
