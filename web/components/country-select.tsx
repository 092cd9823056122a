import { type ComboboxItem, Group, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useMemo } from 'react';
import { COUNTRIES, countryName, countrySearchRank, findCountry } from '../../common/countries';
import { useTranslation } from '../lib/translation';
import { CountryFlag } from './country-flag';

/** Every country as a Select option (value alpha-2, label its name), sorted in the language. */
export function countryOptions(language: string): ComboboxItem[] {
  const collator = new Intl.Collator(language);
  return COUNTRIES.map((country) => ({
    value: country.alpha2,
    label: countryName(country.alpha2, language),
  })).sort((a, b) => collator.compare(a.label, b.label));
}

/** A Select filter that finds countries by code or name and puts the best matches first. */
export function countryFilter(language: string): OptionsFilter {
  return ({ options, search, limit }) => {
    const ranked: { item: ComboboxItem; rank: number }[] = [];
    for (const item of options) {
      const country = 'value' in item ? findCountry(item.value) : undefined;
      const rank = country ? countrySearchRank(country, search, language) : null;
      if (country && rank !== null) ranked.push({ item: item as ComboboxItem, rank });
    }
    // A stable sort keeps the alphabetical order within each rank.
    return ranked
      .sort((a, b) => a.rank - b.rank)
      .slice(0, limit)
      .map(({ item }) => item);
  };
}

/** The UI language as a plain code ('en', 'el'), even when the browser's was 'el-GR'. */
export function useUiLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.language;
}

export type CountrySelectProps = Omit<SelectProps, 'data' | 'filter' | 'searchable' | 'renderOption'>;

/**
 * A searchable country picker (value: alpha-2) named in the UI language, with flags. Takes Mantine
 * input props, so `{...form.getInputProps('country')}` fits it.
 */
export function CountrySelect({
  label,
  placeholder,
  nothingFoundMessage,
  value,
  defaultValue,
  onChange,
  ...props
}: CountrySelectProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  // Kept here too, so the flag follows the choice in an uncontrolled form as well.
  const [country, setCountry] = useUncontrolled<string | null>({ value, defaultValue, finalValue: null });
  const data = useMemo(() => countryOptions(language), [language]);
  const filter = useMemo(() => countryFilter(language), [language]);
  return (
    <Select
      label={label ?? t('countries.label')}
      placeholder={placeholder ?? t('countries.placeholder')}
      nothingFoundMessage={nothingFoundMessage ?? t('countries.nothingFound')}
      autoComplete="off"
      {...props}
      value={country}
      onChange={(next, option) => {
        setCountry(next);
        onChange?.(next, option);
      }}
      data={data}
      filter={filter}
      searchable
      leftSection={props.leftSection ?? <CountryFlag alpha2={country} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <CountryFlag alpha2={option.value} />
          {option.label}
        </Group>
      )}
    />
  );
}
