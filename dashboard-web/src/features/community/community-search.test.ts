import { describe, expect, it } from '@jest/globals';
import { filterQuestions } from './community-search';
import type { CommunityQuestion } from './community-types';

const question = (id: string, title: string, content: string, category: CommunityQuestion['category']): CommunityQuestion => ({
  id,
  title,
  content,
  category,
  tags: [],
  author: 'someone',
  date: '2026-01-01',
  likes: 0,
  replies: 0,
  solved: false,
  views: 0,
  answers: [],
});

const QUESTIONS = [
  question('q1', 'Webhook signature fails', 'My handler rejects every event.', 'Integration'),
  question('q2', 'Refund timing', 'How long until the customer sees a WEBHOOK-free refund?', 'Payments'),
  question('q3', '3D Secure loop', 'Customers are redirected twice.', 'Security'),
];
const ids = (list: CommunityQuestion[]) => list.map((q) => q.id);

describe('filterQuestions', () => {
  it('returns every question with no search and the all chip', () => {
    expect(ids(filterQuestions(QUESTIONS, '', 'all'))).toEqual(['q1', 'q2', 'q3']);
  });

  it('matches the title or the content, ignoring case', () => {
    expect(ids(filterQuestions(QUESTIONS, 'webhook', 'all'))).toEqual(['q1', 'q2']);
    expect(ids(filterQuestions(QUESTIONS, 'REDIRECTED', 'all'))).toEqual(['q3']);
  });

  it('matches substrings, not only whole words', () => {
    expect(ids(filterQuestions(QUESTIONS, 'ecur', 'all'))).toEqual(['q3']);
  });

  it('combines the search with the category chip', () => {
    expect(ids(filterQuestions(QUESTIONS, 'webhook', 'Payments'))).toEqual(['q2']);
    expect(ids(filterQuestions(QUESTIONS, '', 'Security'))).toEqual(['q3']);
    expect(ids(filterQuestions(QUESTIONS, 'webhook', 'Account'))).toEqual([]);
  });

  it('ignores spaces around the search text', () => {
    expect(ids(filterQuestions(QUESTIONS, '  refund  ', 'all'))).toEqual(['q2']);
  });
});
