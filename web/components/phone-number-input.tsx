import { Group, Select, TextInput } from '@mantine/core';
import { type FocusEvent, useMemo } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY } from '../../common/countries';
import { examplePhone, splitPhone, toE164 } from '../../common/phone';
import { useTranslation } from '../lib/translation';
import { CountryFlag } from './country-flag';
import { countryFilter, countryOptions, useUiLanguage } from './country-select';
import type { FieldChrome } from './field-chrome';

/** What the phone input holds: the chosen country (alpha-2) and the number as typed. */
export interface PhoneNumberValue {
  country: string;
  national: string;
}

/** An empty phone number, in the default country unless told otherwise. */
export function emptyPhoneNumber(country: string = DEFAULT_COUNTRY): PhoneNumberValue {
  return { country, national: '' };
}

/** The E.164 number to send (`+35799123456`), or null when it is not a valid number. */
export function phoneNumberToE164(value: PhoneNumberValue): string | null {
  return toE164(value.country, value.national);
}

const CALLING_CODES = new Map(COUNTRIES.map((country) => [country.alpha2, `+${country.phoneCode}`]));

export interface PhoneNumberInputProps extends FieldChrome {
  value: PhoneNumberValue;
  onChange: (value: PhoneNumberValue) => void;
  disabled?: boolean;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A phone number: a narrow country picker (flag and calling code, searchable by name and code) and
 * the number, under one label and one error. `{...form.getInputProps('phone')}` fits it.
 */
export function PhoneNumberInput({
  value,
  onChange,
  disabled,
  onFocus,
  onBlur,
  ...chrome
}: PhoneNumberInputProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  // The dropdown shows names; the picker itself shows only the calling code, to stay narrow.
  const { options, names } = useMemo(() => {
    const byName = countryOptions(language);
    return {
      options: byName.map((option) => ({ ...option, label: CALLING_CODES.get(option.value)! })),
      names: new Map(byName.map((option) => [option.value, option.label])),
    };
  }, [language]);
  const filter = useMemo(() => countryFilter(language), [language]);

  const handleNumberBlur = (event: FocusEvent<HTMLInputElement>) => {
    // A full international number pasted in moves the picker to its country, so both agree.
    const e164 = value.national.trim().startsWith('+') ? phoneNumberToE164(value) : null;
    const split = e164 ? splitPhone(e164) : null;
    if (split) onChange(split);
    onBlur?.(event);
  };

  const countryPicker = (
    <Select
      aria-label={t('phone.countryCode')}
      data={options}
      value={value.country}
      onChange={(country) => country && onChange({ ...value, country })}
      filter={filter}
      searchable
      allowDeselect={false}
      disabled={disabled}
      error={Boolean(chrome.error)}
      autoComplete="off"
      w={112}
      style={{ flexShrink: 0 }}
      leftSection={<CountryFlag alpha2={value.country} />}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      nothingFoundMessage={t('countries.nothingFound')}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
          <span>
            <CountryFlag alpha2={option.value} /> {names.get(option.value)}
          </span>
          <span>{option.label}</span>
        </Group>
      )}
    />
  );

  // The number field owns the label, the description and the error (and their ARIA links); the
  // picker sits beside it inside the same wrapper.
  return (
    <TextInput
      {...chrome}
      label={chrome.label ?? t('phone.label')}
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {countryPicker}
          <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
        </Group>
      )}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      value={value.national}
      onChange={(event) => onChange({ ...value, national: event.currentTarget.value })}
      onFocus={onFocus}
      onBlur={handleNumberBlur}
      placeholder={examplePhone(value.country)}
      disabled={disabled}
      maxLength={32}
    />
  );
}
