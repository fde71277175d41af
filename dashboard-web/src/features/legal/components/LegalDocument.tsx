import type { ReactNode } from 'react';
import { Box, Container, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page';
import type { LegalSection } from '../legal-types';

interface Props {
  title: string;
  intro: string;
  /** Null until known (a date the browser fills in): the line keeps its place, hidden. */
  lastUpdated: string | null;
  sections: LegalSection[];
  /** Numbered "1. Introduction" headings for policies that are cited by section number. */
  numbered?: boolean;
  /** Interactive content placed after the intro (the cookie settings). */
  children?: ReactNode;
}

/** A policy page: header, last-updated date, then its sections as h2s with paragraphs and bullet lists. */
export function LegalDocument({ title, intro, lastUpdated, sections, numbered = false, children }: Props) {
  return (
    <>
      <PageHeader title={title} subtitle={intro} />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography color="text.secondary" sx={{ mb: 3, visibility: lastUpdated ? undefined : 'hidden' }} data-testid="last-updated">Last updated: {lastUpdated}</Typography>
        {children}
        {sections.map((section, index) => (
          <Box component="section" key={section.title} aria-labelledby={`legal-section-${index}`} sx={{ mb: 4 }} data-testid="legal-section">
            <Typography id={`legal-section-${index}`} variant="h2" sx={{ fontSize: { xs: 20, md: 24 }, fontWeight: 700, mb: 1.5 }}>
              {numbered ? `${index + 1}. ${section.title}` : section.title}
            </Typography>
            {section.paragraphs?.map((paragraph) => (
              <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.7 }}>{paragraph}</Typography>
            ))}
            {section.bullets && (
              <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 0.75, lineHeight: 1.7 } }}>
                {section.bullets.map((bullet) => <li key={bullet}>{bullet}</li>)}
              </Box>
            )}
          </Box>
        ))}
      </Container>
    </>
  );
}
