import { ActionIcon, Box, Button, Group, Input, type MantineSize, Pill, PillsInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { LIMITS } from '../../common/constants';
import { useTranslation } from '../lib/translation';
import { keywordFieldLook } from './keyword-field-look';
import type { KeywordTagsInputProps } from './keyword-tags-input';

/** The field with suggestions, once loaded: later pickers on other screens start with it. */
let tagsInput: ComponentType<KeywordTagsInputProps> | null = null;
const loadTagsInput = async () => {
  tagsInput ??= (await import('./keyword-tags-input')).KeywordTagsInput;
  return tagsInput;
};

/** The square button as tall as the input of each size. */
const ACTION_SIZES: Record<string, string> = {
  xs: 'input-xs',
  sm: 'input-sm',
  md: 'input-md',
  lg: 'input-lg',
  xl: 'input-xl',
};

export interface KeywordPickerProps {
  value: string[];
  onChange: (keywords: string[]) => void;
  /** Called with the chosen keywords (and a word still being typed) when the person searches. */
  onSubmit: (keywords: string[]) => void;
  autoFocus?: boolean;
  size?: MantineSize;
}

/**
 * The search box of SPEC 2.3: several keywords (at most 10), suggestions as you type. It rests as a plain
 * field with the chosen keywords, so a page of results does not download the suggestions' code; the field
 * with suggestions replaces it when a pointer nears or the field gets focus, keeping what was typed.
 */
export function KeywordPicker({ value, onChange, onSubmit, autoFocus, size = 'md' }: KeywordPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [TagsInput, setTagsInput] = useState(() => tagsInput);
  // The field that replaces the resting one someone is typing in takes the focus (and the caret) over.
  const [focusOnSwap, setFocusOnSwap] = useState(false);
  const wake = () => {
    setFocusOnSwap(true);
    void loadTagsInput().then((loaded) => setTagsInput(() => loaded));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for a screen that opens on the field
  useEffect(() => {
    if (autoFocus) wake();
  }, []);
  const full = value.length >= LIMITS.searchKeywordsMax;
  const empty = value.length === 0 && search.trim() === '';
  const field = {
    value,
    onChange,
    search,
    onSearchChange: setSearch,
    size,
    description: full ? t('search.maxKeywords', { count: LIMITS.searchKeywordsMax }) : undefined,
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = search.trim();
    const keywords = typed && !full ? [...value, typed] : value;
    if (keywords.length === 0) return;
    setSearch('');
    onSubmit(keywords);
  };

  return (
    <Box component="search">
      <form onSubmit={handleSubmit}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          {TagsInput ? (
            <TagsInput {...field} takeFocus={focusOnSwap} />
          ) : (
            <RestingKeywords {...field} autoFocus={autoFocus} onWake={wake} />
          )}
          {/* On phones the button is only the magnifier, so the keywords keep the width. */}
          <Button type="submit" size={size} radius="md" disabled={empty} visibleFrom="xs">
            {t('search.submit')}
          </Button>
          <ActionIcon
            type="submit"
            size={ACTION_SIZES[size]}
            radius="md"
            disabled={empty}
            hiddenFrom="xs"
            aria-label={t('search.submit')}
          >
            <IconSearch size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </Box>
  );
}

interface RestingKeywordsProps {
  value: string[];
  onChange: (keywords: string[]) => void;
  search: string;
  onSearchChange: (search: string) => void;
  size: MantineSize;
  description?: string;
  autoFocus?: boolean;
  onWake: () => void;
}

/**
 * The keyword field before its suggestions load: the same look, the chosen keywords (removable), typing
 * and Enter work; a pointer over it starts loading the suggestions, focus swaps the field in.
 */
function RestingKeywords({
  value,
  onChange,
  search,
  onSearchChange,
  size,
  description,
  autoFocus,
  onWake,
}: RestingKeywordsProps) {
  const { t } = useTranslation();
  const removeLast = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && search === '' && value.length > 0) onChange(value.slice(0, -1));
  };
  return (
    <PillsInput
      {...keywordFieldLook(size, undefined)}
      description={description}
      onPointerEnter={() => void loadTagsInput()}
      rightSection={
        value.length > 0 ? (
          <Input.ClearButton
            tabIndex={-1}
            aria-hidden
            aria-label={t('search.clearKeywords')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange([]);
              onSearchChange('');
            }}
          />
        ) : undefined
      }
    >
      <Pill.Group>
        {value.map((keyword, index) => (
          <Pill
            key={keyword}
            withRemoveButton
            onRemove={() => onChange(value.filter((_, at) => at !== index))}
          >
            {keyword}
          </Pill>
        ))}
        <PillsInput.Field
          role="combobox"
          aria-expanded={false}
          aria-label={t('search.pickerLabel')}
          placeholder={value.length === 0 ? t('search.pickerPlaceholder') : undefined}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          onKeyDown={removeLast}
          onFocus={onWake}
          autoFocus={autoFocus}
          data-testid="keyword-picker"
        />
      </Pill.Group>
    </PillsInput>
  );
}
