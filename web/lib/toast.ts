import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, type ToastType } from '../../common/constants';
import i18n from './i18n';

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
