import { CodeBlock } from '../../../components/code-block';

/** The shared code block with the page's Italian labels ("Copiato!" for 2 seconds after copying). */
export function ItCodeBlock({ title, code }: { title: string; code: string }) {
  return <CodeBlock title={title} code={code} copyLabel="Copia" copiedLabel="Copiato!" failedLabel="Copia non riuscita" />;
}
