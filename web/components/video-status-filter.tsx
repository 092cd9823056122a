import { Select } from '@mantine/core';
import { VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';
import { useTranslation } from '../lib/translation';
import { knownParam } from '../lib/url-filter';

const ALL = 'all';

/** Narrows a list to one status (SPEC 4.1 names); for owners and staff, who may see every status. */
export function VideoStatusFilter({
  value,
  onChange,
}: {
  value: VideoStatus | null;
  onChange: (status: VideoStatus | null) => void;
}) {
  const { t } = useTranslation();
  const data = [
    { value: ALL, label: t('videos.filter.all') },
    ...VIDEO_STATUSES.map((status) => ({ value: status, label: t(`videos.filter.statuses.${status}`) })),
  ];
  return (
    <Select
      label={t('videos.filter.label')}
      data={data}
      value={value ?? ALL}
      onChange={(next) => onChange(!next || next === ALL ? null : (next as VideoStatus))}
      allowDeselect={false}
      w={{ base: '100%', xs: 240 }}
      comboboxProps={{ withinPortal: true }}
      // The dozen statuses show whole: a scroll box around options (which the keyboard reaches with the
      // arrow keys, never with Tab) fails axe's scrollable-region-focusable.
      withScrollArea={false}
      data-testid="status-filter"
    />
  );
}

/** Reads `?status=` from the address, so a filtered list can be shared and survives a reload. */
export function parseStatusParam(value: string | null): VideoStatus | null {
  return knownParam(VIDEO_STATUSES, value);
}
