// 1–5 stars as a native radio group: arrow keys, screen readers and 48 px touch targets come for free.
import { useId } from 'react';
import { useT } from '../i18n/use-t';
import { SCORES, STAR_PATH, starPaint } from './star-shape';

export { SCORES };

export function StarIcon({ filled, size = 36 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={STAR_PATH} {...starPaint(filled)} strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}

export type TStarRatingProps = {
  value: number | null;
  onChange: (score: number) => void;
  error?: string;
};

export function StarRating({ value, onChange, error }: TStarRatingProps) {
  const { t } = useT();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="cx-fieldset" aria-describedby={error ? errorId : undefined}>
      <legend className="cx-strong cx-legend">{t('stars.legend')}</legend>
      <div className="cx-row" role="presentation">
        {SCORES.map((n) => {
          const label = t(`stars.${n}`);
          return (
            <label key={n} className="cx-star">
              <input
                className="cx-hidden-input"
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={t('stars.option', { n, label })}
              />
              <StarIcon filled={value !== null && n <= value} />
            </label>
          );
        })}
      </div>
      <p className="cx-center cx-star-label" aria-live="polite">
        {value ? t(`stars.${value}` as 'stars.1') : t('stars.choose')}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="cx-center cx-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
