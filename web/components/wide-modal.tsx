import { em, Modal, type ModalProps, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { MODAL_MIN_WIDTH_PX } from '../../common/constants';

/** Below the dialog's width the dialog takes the whole screen: its content may lay itself out for that. */
export function useCompactModal(): boolean {
  return useMediaQuery(`(max-width: ${em(MODAL_MIN_WIDTH_PX - 1)})`) ?? false;
}

/**
 * The dialog of a form or a step (SPEC 2.2): a bold title, at least 750 px wide on a wide screen and the
 * whole screen below that, where a narrow dialog would squeeze the form.
 */
export function WideModal({ title, children, ...modal }: Omit<ModalProps, 'title'> & { title: ReactNode }) {
  const compact = useCompactModal();
  return (
    <Modal
      title={
        <Text component="span" fw={700} size="lg">
          {title}
        </Text>
      }
      size={MODAL_MIN_WIDTH_PX}
      fullScreen={compact}
      padding={compact ? 'md' : 'xl'}
      {...modal}
    >
      {children}
    </Modal>
  );
}
