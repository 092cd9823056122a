import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../common/constants';
import { Flag } from '../../components/flag';

/** The flag selector of SPEC 1: English (gb) and Greek (gr); the choice persists (see lib/i18n). */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en') as Language;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`${t('languages.choose')}: ${t(`languages.${current}`)}`}
        >
          <Flag language={current} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            leftSection={<Flag language={language} />}
            onClick={() => void i18n.changeLanguage(language)}
            aria-current={language === current ? 'true' : undefined}
            fw={language === current ? 700 : 400}
            lang={language}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
