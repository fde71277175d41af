import type { CategoryFilter, CommunityQuestion } from './community-types';

/**
 * Spec §5: a case-insensitive substring match on title or content, combined with the category
 * chip. Surrounding spaces in the search box are ignored; an empty search matches everything.
 */
export function filterQuestions(questions: CommunityQuestion[], search: string, category: CategoryFilter): CommunityQuestion[] {
  const needle = search.trim().toLowerCase();
  return questions.filter(
    (question) =>
      (category === 'all' || question.category === category) &&
      (needle === '' || question.title.toLowerCase().includes(needle) || question.content.toLowerCase().includes(needle)),
  );
}
