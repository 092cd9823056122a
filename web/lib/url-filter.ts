import { useDebouncedValue } from '@mantine/hooks';
import { type ChangeEvent, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters, kept in the address so a filtered list can be shared, reloaded and gone back to: the
 * current values, and a setter of one that replaces the history entry (a filter is not a page of its own).
 */
export function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (current) => {
          if (value) current.set(key, value);
          else current.delete(key);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, setParam };
}

/** A filter read from the address: one of `values`, or null for anything else (a stale or edited link). */
export function knownParam<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((known) => known === value) ?? null;
}

/**
 * A search box whose text is kept in the address (`q`): the props of its input, and the trimmed query,
 * debounced so a list is not fetched for every letter typed.
 */
export function useUrlSearch(key = 'q') {
  const { params, setParam } = useUrlFilter();
  const [search, setSearch] = useState(params.get(key) ?? '');
  const [query] = useDebouncedValue(search.trim(), 300);
  const inputProps = {
    value: search,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setSearch(event.currentTarget.value);
      setParam(key, event.currentTarget.value.trim() || null);
    },
  };
  return { query, inputProps };
}
