// Optional quick tags as toggle buttons (aria-pressed); the stored values are the contract's canonical labels (or the
// business's own, shown as typed); the legend says which band: "What went wrong?" at 1–3★, "What stood out?" else.
import type { TChipBand } from '@cx/contracts/customer';
import { useT } from '../i18n/use-t';
import { chipLabel, chipLegend, type TFormChips } from './chips';

export type TTagPickerProps = {
  chips: TFormChips;
  band: TChipBand;
  value: string[];
  onChange: (tags: string[]) => void;
};

export function TagPicker({ chips, band, value, onChange }: TTagPickerProps) {
  const options = chips[band];
  const { t } = useT();
  const toggle = (tag: string) =>
    onChange(value.includes(tag) ? value.filter((v) => v !== tag) : [...value, tag]);
  return (
    <fieldset className="cx-fieldset">
      <legend className="cx-strong cx-legend">{chipLegend(band, t)}</legend>
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
              {chipLabel(chips, tag, t)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
