import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ThumbUp from '@mui/icons-material/ThumbUpOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import type { CommunityQuestion } from '../community-types';
import { Tag } from '../../../components/tag';

// A post's date is a calendar day, the same for every reader: formatted in UTC, it is also the same in the
// prerendered page and in the visitor's browser (hydration fails on any difference).
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const formatDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

export function QuestionCard({ question }: { question: CommunityQuestion }) {
  const [open, setOpen] = useState(false);
  const answersId = `${question.id}-answers`;
  const count = question.answers.length;
  return (
    <Card variant="outlined" component="article" aria-labelledby={`${question.id}-title`} data-testid="question">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Tag size="small" label={question.category} color="primary" variant="outlined" />
          {question.solved && <Tag size="small" icon={<CheckCircle />} label="Solved" sx={{ bgcolor: '#dcfce7', color: '#14532d', '& .MuiChip-icon': { color: '#15803d' } }} />}
        </Box>
        <Typography id={`${question.id}-title`} component="h3" sx={{ fontWeight: 700, fontSize: 18, mb: 0.5 }} data-testid="question-title">
          {question.title}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{question.content}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
          {question.tags.map((tag) => (
            <Tag key={tag} size="small" label={`#${tag}`} sx={{ bgcolor: 'grey.100' }} />
          ))}
        </Stack>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">{question.author} · {formatDate(question.date)}</Typography>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <ThumbUp fontSize="inherit" aria-hidden /> {question.likes === 1 ? '1 like' : `${question.likes} likes`}
          </Typography>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Visibility fontSize="inherit" aria-hidden /> {question.views} views
          </Typography>
          <Typography variant="body2">{question.replies === 1 ? '1 reply' : `${question.replies} replies`}</Typography>
          <Box sx={{ flexGrow: 1 }} />
          {count === 0 ? (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>No answers yet</Typography>
          ) : (
            <Button size="small" variant="outlined" aria-expanded={open} aria-controls={answersId} onClick={() => setOpen((value) => !value)}>
              {open ? 'Hide Answers' : 'Show Answers'}
            </Button>
          )}
        </Box>
        {open && (
          <Stack id={answersId} spacing={1.5} sx={{ mt: 2 }} data-testid="answers">
            {question.answers.map((answer) => (
              <Box
                key={answer.id}
                sx={{ borderLeft: 4, borderColor: answer.accepted ? 'success.main' : 'divider', bgcolor: answer.accepted ? '#f0fdf4' : 'grey.50', p: 1.5, borderRadius: 1 }}
              >
                {answer.accepted && (
                  <Typography variant="body2" sx={{ color: '#14532d', fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
                    <CheckCircle fontSize="inherit" aria-hidden /> Accepted answer
                  </Typography>
                )}
                <Typography variant="body2" sx={{ mb: 0.5 }}>{answer.content}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {answer.author} · {formatDate(answer.date)} · {answer.likes} likes
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
