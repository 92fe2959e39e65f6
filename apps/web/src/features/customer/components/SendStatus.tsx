// The outbox's state for the customer: "Saved, sending…" while anything waits, "Sent" briefly after an accepted rating,
// a refusal instead (never both: a refused send also empties the queue, so "Sent" is told from acceptances alone).
import { useEffect, useState } from 'react';
import { getOutbox, useOutboxState } from '../api/outbox-client';
import { useT } from '../i18n/use-t';

const REFUSAL_SHOWN_MS = 8000;

export function SendStatus() {
  const { t } = useT();
  const { pendingRatings: pending, rejected, sentRatings } = useOutboxState();
  // "Sent" shows for a moment when the server accepts a queued rating; derived during render, as React recommends.
  const [previous, setPrevious] = useState(sentRatings);
  const [justSent, setJustSent] = useState(false);
  const [refusals, setRefusals] = useState<Array<{ key: string; text: string }>>([]);
  if (sentRatings !== previous) {
    setPrevious(sentRatings);
    setJustSent(sentRatings > previous && pending === 0);
  }
  useEffect(() => {
    if (!justSent) return;
    const timer = setTimeout(() => setJustSent(false), 3000);
    return () => clearTimeout(timer);
  }, [justSent]);

  // A submit refused after it was queued (e.g. sent later, then "already rated") must not vanish silently.
  useEffect(() => {
    if (!rejected.length) return;
    const fresh = rejected.map((r) => ({ key: r.key, text: t('outbox.failed', { message: r.message }) }));
    for (const r of rejected) getOutbox().dismissRejected(r.key);
    // Shown from a timer, not during this effect; not cleared on re-run (dismissing above re-runs it at once).
    setTimeout(() => setRefusals((list) => [...list, ...fresh]), 0);
    setTimeout(
      () => setRefusals((list) => list.filter((x) => !fresh.some((f) => f.key === x.key))),
      REFUSAL_SHOWN_MS,
    );
  }, [rejected, t]);

  const text = pending > 0 ? t('outbox.saved') : justSent && !refusals.length ? t('outbox.sent') : '';
  return (
    <div className="cx-toasts">
      {refusals.length ? (
        <div role="alert" className="cx-toast cx-toast-error">
          {refusals.map((r) => (
            <p key={r.key}>{r.text}</p>
          ))}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {text ? (
          <div className="cx-toast" data-testid="send-status">
            {pending > 0 ? <span className="cx-spinner cx-spinner-xs" aria-hidden="true" /> : null}
            <span>{text}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
