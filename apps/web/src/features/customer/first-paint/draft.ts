// What the customer did on the rating form the first paint drew (rating-paint.ts), read by React's RatingForm as it
// replaces that form: the stars, tags, comment, focus and a Send already pressed carry over, nothing is lost.

export type TEarlyDraft = {
  score: number | null;
  /** The pressed tags, by their place in the form's list. */
  tags: number[];
  comment: string;
  /** The honeypot's value: a bot that filled it early is still caught. */
  homepage: string;
  scoreError: boolean;
  /** "I'd like someone to contact me" ticked (after 1–3★). */
  contact: boolean;
  /** Send was pressed with a valid form: React sends it. */
  send: boolean;
  /** Which of the form's controls had focus (its index in form.elements), and the comment's selection. */
  focus: number;
  selection: [number, number];
};

/** The screen the first paint had drawn when the app started (the store loader takes the starter itself away). */
let drawn: Element | undefined;

export function adoptDrawnScreen(screen: Element | undefined): void {
  drawn = screen;
}

/** The drawn form's state while it is still on screen (React's first render, before its commit); otherwise null. */
export function earlyDraft(): TEarlyDraft | null {
  const form = drawn?.querySelector('form');
  if (!form?.isConnected) {
    drawn = undefined; // React has replaced it: let the old tree go
    return null;
  }
  const controls = [...form.elements] as HTMLInputElement[];
  const checked = controls.find((c) => c.type === 'radio' && c.checked);
  const comment = form.querySelector('textarea')!;
  const send = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  return {
    score: checked ? Number(checked.value) : null,
    tags: [...form.querySelectorAll('.cx-tag')].flatMap((b, i) =>
      b.getAttribute('aria-pressed') === 'true' ? [i] : [],
    ),
    comment: comment.value,
    homepage: form.querySelector<HTMLInputElement>('.cx-honeypot input')!.value,
    scoreError: !!form.querySelector('[role=alert]'),
    contact: !!form.querySelector<HTMLInputElement>('input[name=contact_wanted]')?.checked,
    send: send.disabled,
    focus: controls.indexOf(document.activeElement as HTMLInputElement),
    selection: [comment.selectionStart, comment.selectionEnd],
  };
}
