export interface LegalSection {
  title: string;
  paragraphs?: string[];
  bullets?: string[];
}
