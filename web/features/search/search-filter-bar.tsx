import { Button, Group, Loader } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyWithAllTexts } from '../../components/lazy-when';
import { useTranslation } from '../../lib/translation';
import { datesLabel, placeLabel } from './filter-labels';
import { type AddressFilters, without } from './search-filters';

// The dialog (with the map and the geocoder) loads when first opened: a first page does not carry it.
const SearchFiltersDialog = lazyWithAllTexts(() =>
  import('./search-filters-dialog').then((module) => module.SearchFiltersDialog),
);

/**
 * The search's filters (issue 34): each one set as a button that removes it, and the button that opens
 * the dialog to choose a place with a distance and the days of filming. A change goes to `onChange`,
 * which puts it in the address.
 */
export function SearchFilterBar({
  filters,
  onChange,
}: {
  filters: AddressFilters;
  onChange: (next: AddressFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const set: { part: 'place' | 'dates'; label: string }[] = [];
  if (filters.near) {
    set.push({ part: 'place', label: placeLabel(filters.near, filters.place, t) });
  }
  const dates = datesLabel(filters, t, i18n.language);
  if (dates) set.push({ part: 'dates', label: dates });

  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('search.filters')}
      </Button>
      {set.map(({ part, label }) => (
        <Button
          key={part}
          variant="light"
          size="sm"
          rightSection={<IconX size={16} aria-hidden />}
          aria-label={t('search.removeFilter', { filter: label })}
          onClick={() => onChange(without(filters, part))}
        >
          {label}
        </Button>
      ))}
      {open && (
        <Suspense fallback={<Loader size="xs" />}>
          <SearchFiltersDialog
            filters={filters}
            onClose={() => setOpen(false)}
            onApply={(next) => {
              setOpen(false);
              onChange(next);
            }}
          />
        </Suspense>
      )}
    </Group>
  );
}
