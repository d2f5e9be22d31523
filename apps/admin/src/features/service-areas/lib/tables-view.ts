import { useState } from 'react';
import type { ServiceAreaSort } from '@app/contracts';

/**
 * How the tables list is looked at: its sort and direction, and the section it is filtered to
 * ('' for all). Sorting again by the same column turns the direction; any change goes back to
 * the first page (`onChange`).
 */
export function useTablesView(onChange: () => void) {
  const [sort, setSort] = useState<ServiceAreaSort>('value');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [sectionId, setSectionId] = useState('');
  return {
    sort,
    direction,
    sectionId,
    sortBy(key: ServiceAreaSort) {
      setDirection(sort === key && direction === 'asc' ? 'desc' : 'asc');
      setSort(key);
      onChange();
    },
    filterTo(id: string) {
      setSectionId(id);
      onChange();
    },
  };
}

/** The rows picked for a bulk action, kept across pages. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    toggle(id: string, on: boolean) {
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    clear: () => setSelected(new Set()),
  };
}
