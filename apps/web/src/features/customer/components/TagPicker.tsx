// Optional quick tags as toggle buttons (aria-pressed); the stored values are the contract's canonical labels.
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';

export type TTagPickerProps = {
  options: readonly string[];
  value: string[];
  onChange: (tags: string[]) => void;
};

export function TagPicker({ options, value, onChange }: TTagPickerProps) {
  const { t } = useT();
  const toggle = (tag: string) =>
    onChange(value.includes(tag) ? value.filter((v) => v !== tag) : [...value, tag]);
  return (
    <fieldset className="cx-fieldset">
      <legend className="cx-strong cx-legend">{t('tags.legend')}</legend>
      <div className="cx-wrap-row">
        {options.map((tag) => {
          const on = value.includes(tag);
          return (
            <button
              key={tag}
              type="button"
              className={`cx-tag${on ? ' cx-tag-on' : ''}`}
              aria-pressed={on}
              onClick={() => toggle(tag)}
            >
              {t(`tag.${tag}` as TMessageKey)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
