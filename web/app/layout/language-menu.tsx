import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { LANGUAGES, type Language } from '../../../common/constants';
import { accountEndpoints } from '../../../common/endpoints/account';
import { Flag } from '../../components/flag';
import { clientOf } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';

const account = clientOf(accountEndpoints);

/**
 * The flag selector's menu (language-selector.tsx loads it at the first touch): English (gb) and Greek
 * (gr). The choice persists in this browser (see lib/i18n) and, for a signed-in user, on the account,
 * so their mail and SMS come in it too.
 */
export function LanguageMenu({ trigger, onClose }: { trigger: ReactElement; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useSession();
  const current = i18n.language;
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    // Saving it is a courtesy for later mail: the screen has already switched, and the next choice retries.
    if (isSignedIn) account.setLanguage({ body: { language } }).catch(() => undefined);
  };
  return (
    // Opened at once: it is shown because someone has just asked for it.
    <Menu position="bottom-end" shadow="md" withinPortal defaultOpened onClose={onClose}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            leftSection={<Flag language={language} />}
            onClick={() => choose(language)}
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
