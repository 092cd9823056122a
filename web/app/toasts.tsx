import { Notifications } from '@mantine/notifications';

/**
 * Toasts at the bottom centre, lifted above the floating report and upload buttons of the corners: there
 * they cover neither the header's controls nor an open dialog's title. At most three at once.
 */
export function Toasts() {
  return <Notifications className="app-toasts" position="bottom-center" limit={3} zIndex={4000} />;
}
