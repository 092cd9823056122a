import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGES } from '../../../common/constants';
import { openOverlay } from '../../lib/overlays';
import { usePublicConfig } from '../../lib/public-config';
import { showToast } from '../../lib/toast';

/** Query parameters that e-mail links carry and that leave the address once read (SPEC 2.1). */
const ACTION_PARAMS = ['mode', 'oobCode', 'apiKey', 'lang', 'socialError', 'error', 'linked'];

/**
 * Runs what a link brings on load, then removes its parameters from the address (SPEC 2.1, 4.7, 8.4):
 * - an e-mail link: `mode=resetPassword&oobCode=…` opens the new-password form, in the link's language;
 * - a social sign-in that failed: `socialError=<provider>&error=…`; when the e-mail already has an
 *   account, the merge-accounts overlay opens instead of an error;
 * - a social account just linked: `linked=<provider>`.
 */
export function AuthActions() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode');
  const lang = params.get('lang');
  const socialError = params.get('socialError');
  const error = params.get('error');
  const linked = params.get('linked');
  const config = usePublicConfig();

  useEffect(() => {
    if (!mode && !code && !socialError && !linked) return;
    if ((socialError || linked) && !config) return; // wait for the providers' names
    const providerName = (id: string) =>
      config?.socialProviders.find((provider) => provider.id === id)?.name ?? id;
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) void i18n.changeLanguage(lang);
    if (mode === 'resetPassword' && code) openOverlay('auth', { view: 'setPassword', code });
    if (socialError && error === 'account_not_linked')
      openOverlay('auth', { view: 'mergeAccounts', provider: socialError });
    else if (socialError)
      showToast('danger', t('auth.socialFailed', { provider: providerName(socialError) }));
    if (linked) showToast('success', t('auth.linked', { provider: providerName(linked) }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ACTION_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [mode, code, lang, socialError, error, linked, config, i18n, t, setParams]);

  return null;
}
