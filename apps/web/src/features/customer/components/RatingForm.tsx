// Stars, optional tags and comment, a honeypot, and one big submit; a refusal from the server is shown in place.
import { Box, Button, chakra, Field, Stack, Textarea } from '@chakra-ui/react';
import { RATING_COMMENT_MAX } from '@cx/contracts';
import { useRef, useState, type FormEvent } from 'react';
import type { TDeliveryOutcome } from '../api/outbox';
import { useT } from '../i18n/use-t';
import { StarRating } from './StarRating';
import { TagPicker } from './TagPicker';

export type TRatingValues = { score: number; comment: string; tags: string[]; contact: string };

export type TRatingFormProps = {
  tags: readonly string[];
  initialScore?: number | null;
  onSubmit: (values: TRatingValues) => Promise<TDeliveryOutcome>;
  /** Called after the rating was accepted or safely queued. */
  onDone: () => void;
};

/** Off-screen, out of the tab order and hidden from assistive tech: only bots fill it. */
const Honeypot = chakra('div', {
  base: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
  },
});

export function RatingForm({ tags, initialScore = null, onSubmit, onDone }: TRatingFormProps) {
  const { t } = useT();
  const [score, setScore] = useState<number | null>(initialScore);
  const [comment, setComment] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [scoreError, setScoreError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const tooLong = comment.length > RATING_COMMENT_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!score) {
      setScoreError(t('stars.required'));
      return;
    }
    if (tooLong) return;
    setSending(true);
    setRefusal(null);
    const result = await onSubmit({
      score,
      comment: comment.trim(),
      tags: chosen,
      contact: honeypot.current?.value ?? '',
    });
    setSending(false);
    if (result.outcome === 'rejected') setRefusal(result.message);
    else onDone();
  };

  return (
    <chakra.form onSubmit={submit} noValidate position="relative">
      <Stack gap="6">
        <StarRating
          value={score}
          onChange={(n) => {
            setScore(n);
            setScoreError(undefined);
          }}
          error={scoreError}
        />
        <TagPicker options={tags} value={chosen} onChange={setChosen} />
        <Field.Root invalid={tooLong}>
          <Field.Label fontWeight="semibold">{t('comment.label')}</Field.Label>
          <Textarea
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            rows={3}
            bg="bg"
            fontSize="md"
          />
          <Field.HelperText>
            {t('comment.count', { n: comment.length, max: RATING_COMMENT_MAX })}
          </Field.HelperText>
          {tooLong ? <Field.ErrorText>{t('comment.tooLong')}</Field.ErrorText> : null}
        </Field.Root>
        <Honeypot aria-hidden="true">
          {/* Not "email": browsers' autofill must never fill it for a real customer. */}
          <label>
            Leave this field empty
            <input ref={honeypot} type="text" name="contact_by_fax" tabIndex={-1} autoComplete="off" />
          </label>
        </Honeypot>
        {refusal ? (
          <Box role="alert" bg="red.50" color="red.800" borderRadius="md" p="3">
            {refusal}
          </Box>
        ) : null}
        <Button type="submit" size="xl" minH="56px" loading={sending} loadingText={t('submit.sending')}>
          {t('submit.send')}
        </Button>
      </Stack>
    </chakra.form>
  );
}
