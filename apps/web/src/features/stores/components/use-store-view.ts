// Table or cards on /manage-stores, remembered on this browser (a chain with many stores keeps its table).
import { useState } from 'react';
import type { TStoreView } from './StoreListToolbar';

const KEY = 'cx.stores.view';

function read(): TStoreView {
  try {
    return localStorage.getItem(KEY) === 'cards' ? 'cards' : 'table';
  } catch {
    return 'table';
  }
}

export function useStoreView(): [TStoreView, (view: TStoreView) => void] {
  const [view, setView] = useState<TStoreView>(read);
  return [
    view,
    (next) => {
      setView(next);
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // storage unavailable: the choice lasts for this visit
      }
    },
  ];
}
