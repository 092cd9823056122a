import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { VideoDetail } from '../../../common/contracts/videos';
import { ROUTES } from '../../../common/routes';
import { declineReasonText, type VideoStatus } from '../../../common/video-status';
import { useTranslation } from '../../lib/translation';
import { statusNoticeOf } from './status-notice';

const LOOK = {
  notUnique: { color: 'red', icon: IconCopy },
  declined: { color: 'red', icon: IconBan },
  rejectedByYoutube: { color: 'orange', icon: IconAlertTriangle },
  approved: { color: 'teal', icon: IconCircleCheck },
} as const;

/**
 * What became of the video and what to do next (SPEC 4.1); for its owner and staff. A declined video says
 * why (issue 35), in the reader's language.
 */
export function VideoStatusPanel({
  status,
  declined = null,
}: {
  status: VideoStatus;
  declined?: VideoDetail['declined'];
}) {
  const { t } = useTranslation();
  const notice = statusNoticeOf(status);
  if (!notice) return null;
  const { color, icon: Icon } = LOOK[notice];
  return (
    <Alert
      color={color}
      radius="md"
      icon={<Icon size={22} />}
      title={t(`videoNotice.${notice}.title`)}
      data-testid="status-notice"
    >
      {/* The body text of a light alert is grey by default: too faint on its red for WCAG AA. */}
      <Text size="sm" c="var(--mantine-color-text)">
        {t(`videoNotice.${notice}.body`)}
      </Text>
      {declined && (
        <Text size="sm" c="var(--mantine-color-text)" mt={6} data-testid="decline-reason">
          {t('videoNotice.declined.why', { reason: declineReasonText(t, declined.reason, declined.note) })}
        </Text>
      )}
      <Anchor component={Link} to={ROUTES.upload} size="sm" fw={600} mt={6} display="inline-block">
        {t('videoNotice.uploadAnother')}
      </Anchor>
    </Alert>
  );
}
