import { ActionIcon } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { Flag } from '../../components/flag';
import { lazyWithAllTexts } from '../../components/lazy-when';
import { useTranslation } from '../../lib/translation';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazyWithAllTexts(async () => (await loadMenu()).LanguageMenu);

/**
 * The menu's own focus return goes to what had focus when it opened, and the first time that is a flag
 * the loaded menu replaced: a closed menu hands focus back to the flag unless it went somewhere else.
 */
const returnFocus = (flag: HTMLElement | null) =>
  setTimeout(() => {
    if (document.activeElement === document.body || document.activeElement === null) flag?.focus();
  });

/**
 * The flag selector of SPEC 1 in the header. Its menu and the positioning code menus need are not part
 * of a visitor's first page: they load when a pointer or the keyboard comes near the flag, and the menu
 * opens on the click that asked for it.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const flag = useRef<HTMLButtonElement>(null);
  const current = i18n.language;
  const trigger = (
    <ActionIcon
      ref={flag}
      variant="subtle"
      size="lg"
      aria-label={`${t('languages.choose')}: ${t(`languages.${current}`)}`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    >
      <Flag language={current} />
    </ActionIcon>
  );
  if (!wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LanguageMenu trigger={trigger} onClose={() => returnFocus(flag.current)} />
    </Suspense>
  );
}
