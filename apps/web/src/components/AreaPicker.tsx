// A labelled native select of the location tree's areas, indented by depth (keyboard- and phone-friendly).
import { Field, NativeSelect } from '@chakra-ui/react';
import type { TArea } from '@cx/contracts';

export type TAreaPickerProps = {
  areas: TArea[];
  value: string;
  onChange: (areaId: string) => void;
  label?: string;
  /** The entry for "no area filter" (value ''); absent: none offered. */
  allLabel?: string;
  disabled?: boolean;
  /** Sized like the dashboard filter bar's other selects (full width on phones). */
  inFilterBar?: boolean;
};

/** The areas in tree order (each under its parent, siblings by name) with their depth; orphans after the rest. */
export function areasInTreeOrder(areas: TArea[]): Array<{ area: TArea; depth: number }> {
  const ids = new Set(areas.map((a) => a._id));
  const children = new Map<string | null, TArea[]>();
  for (const a of areas) {
    // an area whose parent the member cannot see starts its own branch
    const parent = a.parent && ids.has(a.parent) ? a.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const out: Array<{ area: TArea; depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((x, y) => x.name.localeCompare(y.name));
    for (const area of list) {
      out.push({ area, depth });
      walk(area._id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function AreaPicker({
  areas,
  value,
  onChange,
  label = 'Area',
  allLabel,
  disabled,
  inFilterBar = false,
}: TAreaPickerProps) {
  const layout = inFilterBar
    ? ({ w: { base: 'full', sm: 'auto' }, minW: { sm: '44' }, flex: { sm: '0 1 auto' } } as const)
    : ({ maxW: { base: 'full', sm: '72' } } as const);
  return (
    <Field.Root disabled={disabled} {...layout}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size={inFilterBar ? 'sm' : 'md'} bg={inFilterBar ? 'bg' : undefined}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
          {areasInTreeOrder(areas).map(({ area, depth }) => (
            <option key={area._id} value={area._id}>
              {/* native options cannot be styled: non-breaking spaces show the depth */}
              {'\u00a0\u00a0'.repeat(depth)}
              {area.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
