import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, type ToastType } from '../../common/constants';
import { i18n } from './i18n';
import { loadAllTexts } from './language-files';

/** The nine toast types of SPEC 9, mapped onto the theme's colours. */
const COLOURS: Record<ToastType, string> = {
  default: 'gray',
  primary: 'teal',
  secondary: 'gray',
  success: 'green',
  danger: 'red',
  warning: 'yellow',
  info: 'blue',
  light: 'gray.3',
  dark: 'dark',
};

/** Shows a dismissable toast for 8 s (or `autoClose` ms). The message is already translated. */
export function showToast(
  type: ToastType,
  message: string,
  options: { title?: string; autoClose?: number } = {},
) {
  notifications.show({
    color: COLOURS[type],
    title: options.title,
    message,
    autoClose: options.autoClose ?? TOAST_DURATION_MS,
    withCloseButton: true,
    // Its name for screen readers (Mantine's close button is an unlabelled icon)
    closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    withBorder: type === 'light' || type === 'default',
  });
}

/**
 * A toast whose text a first page's language file may not hold (a live event's, an e-mail link's): shown
 * once the language's texts are all in (lib/language-files.ts); none if they cannot be fetched.
 * `key` may be a function that chooses it then (an error's key depends on the texts there are).
 */
export function showTextToast(
  type: ToastType,
  key: string | (() => string),
  values?: Record<string, unknown>,
) {
  const show = () => showToast(type, i18n.t(typeof key === 'string' ? key : key(), values));
  // Without its text (the network is gone) there is nothing to say in the reader's language: the lists
  // the event refreshed show the change.
  loadAllTexts(i18n).then(show, () => undefined);
}
