import { ActionIcon, Group } from '@mantine/core';
import { LANGUAGES } from '../../common/constants';
import { Flag } from '../components/flag';
import { useTranslation } from '../lib/translation';

/** Greek and English side by side (flags gr and gb): one tap, no menu, on a shared TV-station screen. */
export function LanguageFlags() {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={4} role="group" aria-label={t('languages.choose')}>
      {[...LANGUAGES].reverse().map((language) => (
        <ActionIcon
          key={language}
          variant={i18n.language === language ? 'light' : 'subtle'}
          size="lg"
          aria-label={t(`languages.${language}`)}
          aria-pressed={i18n.language === language}
          lang={language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          <Flag language={language} />
        </ActionIcon>
      ))}
    </Group>
  );
}
