import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGES } from '../../../common/constants';
import { openOverlay } from '../../lib/overlays';

/** Query parameters that e-mail links carry and that leave the address once read (SPEC 2.1). */
const ACTION_PARAMS = ['mode', 'oobCode', 'apiKey', 'lang'];

/**
 * Runs the action of an e-mail link on load (SPEC 2.1, 4.7): `mode=resetPassword&oobCode=…` opens the
 * new-password form. The link's language is applied, then the parameters are removed from the address.
 */
export function AuthActions() {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode');
  const lang = params.get('lang');

  useEffect(() => {
    if (!mode && !code) return;
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) void i18n.changeLanguage(lang);
    if (mode === 'resetPassword' && code) openOverlay('auth', { view: 'setPassword', code });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ACTION_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [mode, code, lang, i18n, setParams]);

  return null;
}
