export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';
export type GuideIcon = 'rocket' | 'payment' | 'shield' | 'webhook' | 'science';

export interface GuideDescriptor {
  id: string;
  title: string;
  description: string;
  difficulty: Difficulty;
  /** Minutes. */
  duration: number;
  icon: GuideIcon;
  category: string;
}

/** A guide body is a list of blocks so the long texts live in data modules, not in components. */
export type GuideBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  | { kind: 'checklist'; title: string; items: string[] }
  | { kind: 'code'; title: string; code: string }
  | { kind: 'table'; caption: string; columns: string[]; rows: string[][] }
  | { kind: 'note'; text: string; severity: 'info' | 'warning' };

export interface Guide extends GuideDescriptor {
  body: GuideBlock[];
}
