// "I'd like someone to contact me" under a 1–3★ rating: email or phone, the consent sentence and who will see them.
import { useId } from 'react';
import { useT } from '../i18n/use-t';
import type { TContactErrors, TContactValues } from './contact';

export type TContactRequestProps = {
  /** Whose name the consent sentence gives (the store the customer is rating). */
  business: string;
  value: TContactValues;
  errors: TContactErrors;
  onChange: (next: TContactValues) => void;
  /** A shared kiosk tablet: the browser must not offer the last customer's address. */
  shared?: boolean;
};

export function ContactRequest({ business, value, errors, onChange, shared }: TContactRequestProps) {
  const { t } = useT();
  const id = useId();
  const set = (patch: Partial<TContactValues>) => onChange({ ...value, ...patch });
  const described = (field: keyof TContactErrors) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: keyof TContactErrors) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="cx-error">
        {t(errors[field])}
      </span>
    ) : null;
  return (
    <fieldset className="cx-fieldset cx-contact">
      <legend className="cx-strong cx-legend">{t('contact.legend')}</legend>
      <label className="cx-check">
        <input
          type="checkbox"
          name="contact_wanted"
          checked={value.wanted}
          onChange={(e) => set({ wanted: e.target.checked })}
        />
        <span>{t('contact.want')}</span>
      </label>
      {value.wanted ? (
        <>
          <div className="cx-field">
            <label htmlFor={`${id}-email`} className="cx-strong">
              {t('contact.email')}
            </label>
            <input
              id={`${id}-email`}
              className="cx-input cx-line"
              type="email"
              inputMode="email"
              autoComplete={shared ? 'off' : 'email'}
              value={value.email}
              onChange={(e) => set({ email: e.target.value })}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={described('email')}
            />
            {error('email')}
          </div>
          <div className="cx-field">
            <label htmlFor={`${id}-phone`} className="cx-strong">
              {t('contact.phone')}
            </label>
            <input
              id={`${id}-phone`}
              className="cx-input cx-line"
              type="tel"
              inputMode="tel"
              autoComplete={shared ? 'off' : 'tel'}
              value={value.phone}
              onChange={(e) => set({ phone: e.target.value })}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={described('phone')}
            />
            {error('phone')}
          </div>
          <label className="cx-check">
            <input
              type="checkbox"
              name="contact_consent"
              checked={value.consent}
              onChange={(e) => set({ consent: e.target.checked })}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={described('consent')}
            />
            <span>{t('contact.consent', { business })}</span>
          </label>
          {error('consent')}
          <p className="cx-muted cx-sm">{t('contact.promise')}</p>
        </>
      ) : (
        <p className="cx-muted cx-sm">{t('contact.anonymous')}</p>
      )}
    </fieldset>
  );
}
