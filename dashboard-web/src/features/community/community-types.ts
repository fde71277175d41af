export const QUESTION_CATEGORIES = ['Integration', 'Technical', 'Account', 'Payments', 'Security'] as const;
type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];
export type CategoryFilter = 'all' | QuestionCategory;

interface Answer {
  id: string;
  content: string;
  author: string;
  date: string;
  likes: number;
  /** Marked by the asker (or support) as the answer that solved the question. */
  accepted: boolean;
}

export interface CommunityQuestion {
  id: string;
  title: string;
  content: string;
  category: QuestionCategory;
  tags: string[];
  author: string;
  date: string;
  likes: number;
  replies: number;
  solved: boolean;
  views: number;
  answers: Answer[];
}

type FaqCategory = 'onboarding' | 'payments' | 'technical' | 'pricing' | 'general' | 'security';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  category: FaqCategory;
  /** Percent of readers who found the answer helpful. */
  popularity: number;
}
