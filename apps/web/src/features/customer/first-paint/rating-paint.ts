// The rating step a tap on the first screen opens (/after-scan, /after-scan-experience) as plain DOM, drawn at once by the
// starter while React is still on its way: RatingForm's markup (first-paint.test.tsx holds them equal), and the form
// already answers stars, tags, typing and Send the way React does; React takes its state over (draft.ts).
import type { TCustomerStaff, TCustomerStore } from '@cx/contracts';
import { RATING_COMMENT_MAX, type TChipBand } from '@cx/contracts/customer';
import { bandOf, chipLabel, chipLegend, chipsFor, type TFormChips } from '../components/chips';
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

/** TagPicker for a band, nothing pressed. */
function tagPicker(chips: TFormChips, band: TChipBand, t: TTranslate): Element {
  return el(
    'fieldset',
    { class: 'cx-fieldset' },
    el('legend', { class: 'cx-strong cx-legend' }, chipLegend(band, t)),
    el(
      'div',
      { class: 'cx-wrap-row' },
      ...chips[band].map((tag) =>
        el('button', { type: 'button', class: 'cx-tag', 'aria-pressed': 'false' }, chipLabel(chips, tag, t)),
      ),
    ),
  );
}

/** ContactRequest as React first renders it (not ticked): shown after 1–3★ only. */
function contactRequest(t: TTranslate): Element {
  return el(
    'fieldset',
    { class: 'cx-fieldset cx-contact' },
    el('legend', { class: 'cx-strong cx-legend' }, t('contact.legend')),
    el(
      'label',
      { class: 'cx-check' },
      el('input', { type: 'checkbox', name: 'contact_wanted' }),
      el('span', {}, t('contact.want')),
    ),
    el('p', { class: 'cx-muted cx-sm' }, t('contact.anonymous')),
  );
}

/** RatingForm as React first renders it, with `score` already chosen (the experience step's tapped star). */
function ratingForm(chips: TFormChips, score: number | null, t: TTranslate): HTMLFormElement {
  const band = bandOf(score);
  const form = el(
    'form',
    { novalidate: '', class: 'cx-stack cx-relative' },
    stars(score, t),
    tagPicker(chips, band, t),
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
    band === 'bad' ? contactRequest(t) : null,
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
  answerLikeReact(form, chips, t);
  return form;
}

/** The score the drawn form starts with. */
const radios0 = (form: HTMLFormElement): number | null => {
  const checked = form.querySelector<HTMLInputElement>('input[type=radio][checked]');
  return checked ? Number(checked.value) : null;
};

const countText = (n: number, t: TTranslate) => t('comment.count', { n, max: RATING_COMMENT_MAX });

/** Puts an error line after `anchor`, or takes it away (null): React renders it there only while it applies. */
function errorLine(anchor: Element, id: string, line: Element | null): void {
  const shown = anchor.parentElement!.querySelector(`#${id}`);
  if (!line) shown?.remove();
  else if (!shown) anchor.after(line);
}

/** What React's RatingForm does on each input, done to the drawn form until React replaces it. */
function answerLikeReact(form: HTMLFormElement, chips: TFormChips, t: TTranslate): void {
  const fieldset = form.querySelector('fieldset')!;
  const field = form.querySelector('.cx-field')!;
  let band = bandOf(radios0(form));
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
    // Another band: its chips, none pressed, and the contact request after 1–3★ only (as React re-renders).
    const next = bandOf(score);
    if (next === band) return;
    band = next;
    fieldset.nextElementSibling!.replaceWith(tagPicker(chips, band, t));
    if (band === 'bad') field.after(contactRequest(t));
    else if (field.nextElementSibling?.matches('fieldset')) field.nextElementSibling.remove();
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
export function rateMember(member: TCustomerStaff, store: TCustomerStore, t: TTranslate): Element {
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
    ratingForm(chipsFor(store, 'staff'), null, t),
  );
}

/** AfterScanExperiencePage's ExperienceDetails, with the star tapped on the step before. */
export function experienceDetails(score: number | null, store: TCustomerStore, t: TTranslate): Element {
  return el(
    'div',
    { class: 'cx-stack' },
    el('p', { class: 'cx-center cx-xl cx-strong' }, t('experience.details')),
    ratingForm(chipsFor(store, 'experience'), score, t),
  );
}
