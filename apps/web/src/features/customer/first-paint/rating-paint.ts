// The rating step a tap on the first screen opens (/after-scan, /after-scan-experience) as plain DOM, drawn at once by the
// starter while React is still on its way: RatingForm's markup (first-paint.test.tsx holds them equal), and the form
// already answers stars, tags, typing and Send the way React does; React takes its state over (draft.ts).
import type { TCustomerStaff } from '@cx/contracts';
import { EXPERIENCE_TAGS, RATING_COMMENT_MAX, STAFF_TAGS } from '@cx/contracts/customer';
import { SCORES, STAR_PATH, starPaint } from '../components/star-shape';
import type { TMessageKey } from '../i18n/messages';
import type { TTranslate } from '../i18n/translate';
import { el, staffAvatar } from './dom';

/** Stand-ins for React's useId values: the form's own (comment, count, error) and the star group's name. */
const FORM_ID = 'cx-rating';
const STARS_ID = 'cx-stars';

const starIcon = (filled: boolean) =>
  el(
    'svg',
    { width: '36', height: '36', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    el('path', { d: STAR_PATH, ...starPaint(filled), 'stroke-width': '1.5', 'stroke-linejoin': 'round' }),
  );

/** StarRating with `score` chosen (its labels, then the live label). */
function stars(score: number | null, t: TTranslate): Element {
  return el(
    'fieldset',
    { class: 'cx-fieldset' },
    el('legend', { class: 'cx-strong cx-legend' }, t('stars.legend')),
    el(
      'div',
      { class: 'cx-row', role: 'presentation' },
      ...SCORES.map((n) => {
        // React marks the first render's choice as the default (the attribute), as it does for a form's reset.
        const radio = el('input', {
          class: 'cx-hidden-input',
          type: 'radio',
          name: STARS_ID,
          value: String(n),
          checked: n === score ? '' : undefined,
          'aria-label': t('stars.option', { n, label: t(`stars.${n}`) }),
        });
        return el('label', { class: 'cx-star' }, radio, starIcon(score !== null && n <= score));
      }),
    ),
    el(
      'p',
      { class: 'cx-center cx-star-label', 'aria-live': 'polite' },
      score ? t(`stars.${score}` as TMessageKey) : t('stars.choose'),
    ),
  );
}

/** RatingForm as React first renders it, with `score` already chosen (the experience step's tapped star). */
function ratingForm(tags: readonly string[], score: number | null, t: TTranslate): HTMLFormElement {
  const form = el(
    'form',
    { novalidate: '', class: 'cx-stack cx-relative' },
    stars(score, t),
    el(
      'fieldset',
      { class: 'cx-fieldset' },
      el('legend', { class: 'cx-strong cx-legend' }, t('tags.legend')),
      el(
        'div',
        { class: 'cx-wrap-row' },
        ...tags.map((tag) =>
          el(
            'button',
            { type: 'button', class: 'cx-tag', 'aria-pressed': 'false' },
            t(`tag.${tag}` as TMessageKey),
          ),
        ),
      ),
    ),
    el(
      'div',
      { class: 'cx-field' },
      el('label', { for: `${FORM_ID}-comment`, class: 'cx-strong' }, t('comment.label')),
      el('textarea', {
        id: `${FORM_ID}-comment`,
        class: 'cx-input',
        rows: '3',
        'aria-describedby': `${FORM_ID}-count`,
      }),
      el('span', { id: `${FORM_ID}-count`, class: 'cx-muted cx-sm' }, countText(0, t)),
    ),
    el(
      'div',
      { class: 'cx-honeypot', 'aria-hidden': 'true' },
      el(
        'label',
        {},
        'Leave this field empty',
        el('input', { type: 'text', name: 'contact_by_fax', tabindex: '-1', autocomplete: 'off' }),
      ),
    ),
    el('button', { type: 'submit', class: 'cx-btn cx-btn-xl' }, t('submit.send')),
  ) as HTMLFormElement;
  answerLikeReact(form, t);
  return form;
}

const countText = (n: number, t: TTranslate) => t('comment.count', { n, max: RATING_COMMENT_MAX });

/** Puts an error line after `anchor`, or takes it away (null): React renders it there only while it applies. */
function errorLine(anchor: Element, id: string, line: Element | null): void {
  const shown = anchor.parentElement!.querySelector(`#${id}`);
  if (!line) shown?.remove();
  else if (!shown) anchor.after(line);
}

/** What React's RatingForm does on each input, done to the drawn form until React replaces it. */
function answerLikeReact(form: HTMLFormElement, t: TTranslate): void {
  const fieldset = form.querySelector('fieldset')!;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  const label = fieldset.querySelector('.cx-star-label')!;
  const textarea = form.querySelector('textarea')!;
  const count = form.querySelector(`#${FORM_ID}-count`)!;
  const send = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const scoreError = (text: string | null) => {
    const id = `${STARS_ID}-error`;
    errorLine(label, id, text ? el('p', { id, role: 'alert', class: 'cx-center cx-error' }, text) : null);
    if (text) fieldset.setAttribute('aria-describedby', `${STARS_ID}-error`);
    else fieldset.removeAttribute('aria-describedby');
  };
  form.addEventListener('change', (event) => {
    const score = radios.indexOf(event.target as HTMLInputElement) + 1;
    if (score < 1) return;
    radios.forEach((radio, i) => {
      const paint = starPaint(i < score);
      const path = radio.nextElementSibling!.firstElementChild!;
      path.setAttribute('fill', paint.fill);
      path.setAttribute('stroke', paint.stroke);
    });
    label.textContent = t(`stars.${score}` as TMessageKey);
    scoreError(null);
  });
  form.addEventListener('click', (event) => {
    const tag = (event.target as Element).closest?.('.cx-tag');
    if (!tag) return;
    const on = tag.getAttribute('aria-pressed') !== 'true';
    tag.setAttribute('aria-pressed', String(on));
    tag.setAttribute('class', on ? 'cx-tag cx-tag-on' : 'cx-tag');
  });
  textarea.addEventListener('input', () => {
    const tooLong = textarea.value.length > RATING_COMMENT_MAX;
    count.textContent = countText(textarea.value.length, t);
    const id = `${FORM_ID}-error`;
    errorLine(count, id, tooLong ? el('span', { id, class: 'cx-error' }, t('comment.tooLong')) : null);
    if (tooLong) textarea.setAttribute('aria-invalid', 'true');
    else textarea.removeAttribute('aria-invalid');
    textarea.setAttribute('aria-describedby', `${FORM_ID}-count${tooLong ? ` ${FORM_ID}-error` : ''}`);
  });
  // Send before React is here: checked as React checks it, then held (busy) for React to send on its first pass.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (send.disabled) return;
    if (!radios.some((r) => r.checked)) scoreError(t('stars.required'));
    else if (textarea.value.length <= RATING_COMMENT_MAX) {
      send.disabled = true;
      send.setAttribute('aria-busy', 'true');
      send.textContent = t('submit.sending');
    }
  });
}

/** AfterScanPage's RateMember (StaffAvatar at 96 px, the question, the form). */
export function rateMember(member: TCustomerStaff, t: TTranslate): Element {
  const avatar = staffAvatar(member, 96);
  return el(
    'div',
    { class: 'cx-stack' },
    el(
      'div',
      { class: 'cx-stack-sm cx-center' },
      avatar,
      el('p', { class: 'cx-xl cx-strong' }, t('rateStaff.question', { name: member.firstName })),
    ),
    ratingForm(STAFF_TAGS, null, t),
  );
}

/** AfterScanExperiencePage's ExperienceDetails, with the star tapped on the step before. */
export function experienceDetails(score: number | null, t: TTranslate): Element {
  return el(
    'div',
    { class: 'cx-stack' },
    el('p', { class: 'cx-center cx-xl cx-strong' }, t('experience.details')),
    ratingForm(EXPERIENCE_TAGS, score, t),
  );
}
