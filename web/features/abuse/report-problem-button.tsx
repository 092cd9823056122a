import { ActionIcon, Affix } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { openOverlay } from '../../lib/overlays';
import { useTranslation } from '../../lib/translation';

/** The "Report a problem" button on every page (SPEC 2.8); the form itself loads when first opened. */
export function ReportProblemButton() {
  const { t } = useTranslation();
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      {/* Its name shows on its left on hover and focus (global.css). */}
      <div className="side-label" data-label={t('abuse.open')}>
        <ActionIcon
          size={52}
          radius="xl"
          variant="filled"
          color="dark"
          aria-label={t('abuse.open')}
          onClick={() => openOverlay('abuseReport')}
          style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
        >
          <IconMessageReport size={26} />
        </ActionIcon>
      </div>
    </Affix>
  );
}
