import { Box } from '@mui/material';
import { NODE_EXAMPLE, PHP_EXAMPLE } from '../api-docs-samples';
import { ItCodeBlock } from './ItCodeBlock';
import { H2, H3, P } from './DocParts';

export function ExamplesTab() {
  return (
    <Box>
      <H2>Esempi</H2>
      <P>Esempi completi da copiare e adattare. Sostituisci credenziali e dati del cliente con i tuoi.</P>
      <H3>Node.js</H3>
      <ItCodeBlock title="Node.js" code={NODE_EXAMPLE} />
      <H3>PHP</H3>
      <ItCodeBlock title="PHP" code={PHP_EXAMPLE} />
    </Box>
  );
}
