// 1–5 stars as a native radio group: arrow keys, screen readers and 48 px touch targets come for free.
import { useId } from 'react';
import { useT } from '../i18n/use-t';

export const SCORES = [1, 2, 3, 4, 5] as const;

export function StarIcon({ filled, size = 36 }: { filled: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={filled ? '#f5a524' : 'none'}
        stroke={filled ? '#c77d02' : '#6b7280'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
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
