import { useMemo, useState } from 'react';
import { Box, Chip, InputAdornment, Stack, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { TextInput } from '../../../components/text-input';
import { QUESTIONS } from '../community-questions';
import { filterQuestions } from '../community-search';
import { QUESTION_CATEGORIES, type CategoryFilter } from '../community-types';
import { QuestionCard } from './QuestionCard';

const FILTERS: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...QUESTION_CATEGORIES.map((category) => ({ value: category, label: category })),
];

export function QuestionsTab() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const results = useMemo(() => filterQuestions(QUESTIONS, search, category), [search, category]);

  return (
    <Box>
      <TextInput
        id="community-search"
        label="Search questions"
        type="search"
        fullWidth
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search aria-hidden /></InputAdornment> } }}
        sx={{ mb: 2 }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="group" aria-label="Filter by category">
        {FILTERS.map((filter) => (
          <Chip
            key={filter.value}
            label={filter.label}
            clickable
            color={category === filter.value ? 'primary' : 'default'}
            variant={category === filter.value ? 'filled' : 'outlined'}
            aria-pressed={category === filter.value}
            onClick={() => setCategory(filter.value)}
            data-testid={`category-${filter.value}`}
          />
        ))}
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="question-count">
        {results.length === 1 ? '1 question' : `${results.length} questions`}
      </Typography>
      {results.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6, border: 1, borderColor: 'divider', borderRadius: 2, borderStyle: 'dashed' }}>
          <Typography sx={{ fontWeight: 700 }}>No questions match your search.</Typography>
          <Typography color="text.secondary">Try other words or another category.</Typography>
        </Box>
      ) : (
        <Stack spacing={2}>
          {results.map((question) => (
            <QuestionCard key={question.id} question={question} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
