// Stars, optional tags (by score band) and comment, after 1–3★ an optional contact request, a honeypot, and one big
// submit; a refusal from the server is shown in place.
import { RATING_COMMENT_MAX } from '@cx/contracts/customer';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TDeliveryOutcome } from '../api/outbox';
import { earlyDraft } from '../first-paint/draft';
import { useT } from '../i18n/use-t';
import { bandOf, type TFormChips } from './chips';
import { contactErrors, contactOf, NO_CONTACT, type TContactValues } from './contact';
import { ContactRequest } from './ContactRequest';
import { StarRating } from './StarRating';
import { TagPicker } from './TagPicker';

export type TRatingValues = {
  score: number;
  comment: string;
  tags: string[];
  homepage: string;
  contact?: { email?: string; phone?: string; consent: true };
};

export type TRatingFormProps = {
  chips: TFormChips;
  /** The name the contact request's consent sentence gives. */
  business: string;
  /** On a shared kiosk tablet (no autofill of the last customer's contact details). */
  kiosk?: boolean;
  initialScore?: number | null;
  onSubmit: (values: TRatingValues) => Promise<TDeliveryOutcome>;
  /** Called after the rating was accepted or safely queued. */
  onDone: () => void;
};

export function RatingForm({
  chips,
  business,
  kiosk,
  initialScore = null,
  onSubmit,
  onDone,
}: TRatingFormProps) {
  const { t } = useT();
  const id = useId();
  // The same form drawn by the HTML before React came, with whatever the customer has done on it already.
  const [draft] = useState(earlyDraft);
  const [score, setScore] = useState<number | null>(draft ? draft.score : initialScore);
  const [comment, setComment] = useState(draft?.comment ?? '');
  const band = bandOf(score);
  const [chosen, setChosen] = useState<string[]>(
    () => draft?.tags.flatMap((i) => chips[bandOf(draft.score)][i] ?? []) ?? [],
  );
  const [contact, setContact] = useState<TContactValues>(() => ({ ...NO_CONTACT, wanted: !!draft?.contact }));
  const [contactShown, setContactShown] = useState(false);
  const contactProblems = band === 'bad' && contactShown ? contactErrors(contact) : {};
  const [scoreError, setScoreError] = useState(draft?.scoreError ? t('stars.required') : undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const resumed = useRef(false);
  const tooLong = comment.length > RATING_COMMENT_MAX;

  // Where the drawn form left off: the focused control (and the comment's cursor), and a Send already pressed.
  useEffect(() => {
    if (!draft || resumed.current || !form.current) return;
    resumed.current = true;
    const control = form.current.elements[draft.focus] as HTMLElement | undefined;
    control?.focus();
    if (control instanceof HTMLTextAreaElement) control.setSelectionRange(...draft.selection);
    if (draft.send) form.current.requestSubmit();
  }, [draft]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!score) {
      setScoreError(t('stars.required'));
      return;
    }
    if (tooLong) return;
    const asking = bandOf(score) === 'bad';
    if (asking && Object.keys(contactErrors(contact)).length) {
      setContactShown(true);
      return;
    }
    setSending(true);
    setRefusal(null);
    const result = await onSubmit({
      score,
      comment: comment.trim(),
      tags: chosen,
      homepage: honeypot.current?.value ?? '',
      ...(asking && contact.wanted ? { contact: contactOf(contact) } : {}),
    });
    setSending(false);
    if (result.outcome === 'rejected') setRefusal(result.message);
    else onDone();
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="cx-stack cx-relative">
      <StarRating
        value={score}
        onChange={(n) => {
          // Another band's chips go: a 1★ rating cannot keep "Friendly" from a 5★ moment before.
          if (bandOf(n) !== band) setChosen([]);
          setScore(n);
          setScoreError(undefined);
        }}
        error={scoreError}
      />
      <TagPicker chips={chips} band={band} value={chosen} onChange={setChosen} />
      <div className="cx-field">
        <label htmlFor={`${id}-comment`} className="cx-strong">
          {t('comment.label')}
        </label>
        <textarea
          id={`${id}-comment`}
          className="cx-input"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count${tooLong ? ` ${id}-error` : ''}`}
        />
        <span id={`${id}-count`} className="cx-muted cx-sm">
          {t('comment.count', { n: comment.length, max: RATING_COMMENT_MAX })}
        </span>
        {tooLong ? (
          <span id={`${id}-error`} className="cx-error">
            {t('comment.tooLong')}
          </span>
        ) : null}
      </div>
      {band === 'bad' ? (
        <ContactRequest
          business={business}
          value={contact}
          errors={contactProblems}
          onChange={setContact}
          shared={kiosk}
        />
      ) : null}
      {/* Off-screen, out of the tab order and hidden from assistive tech: only bots fill it. */}
      <div className="cx-honeypot" aria-hidden="true">
        {/* Not "email": browsers' autofill must never fill it for a real customer. */}
        <label>
          Leave this field empty
          <input
            ref={honeypot}
            type="text"
            name="contact_by_fax"
            tabIndex={-1}
            autoComplete="off"
            defaultValue={draft?.homepage || undefined}
          />
        </label>
      </div>
      {refusal ? (
        <div role="alert" className="cx-alert">
          {refusal}
        </div>
      ) : null}
      <button type="submit" className="cx-btn cx-btn-xl" disabled={sending} aria-busy={sending || undefined}>
        {sending ? t('submit.sending') : t('submit.send')}
      </button>
    </form>
  );
}
