import { ActionIcon, Button, Popover } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../lib/translation';
import { CollectMenu } from './collect-menu';

export interface CollectButtonProps {
  videoId: string;
  title: string;
  /** On a card: an icon, named for screen readers; on the video page a labelled button. */
  compact?: boolean;
}

/**
 * "Save to collection" on a video (issue 34): the member's collections, ticked where the video is. On the
 * video page a labelled button; on a card (`compact`) an icon that names the video for screen readers.
 */
export function CollectPopover({ videoId, title, compact = false }: CollectButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const toggle = {
    onClick: () => setOpened((open) => !open),
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': opened,
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={300} trapFocus>
      <Popover.Target>
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('videos.actions.collectTitle', { title })}
            {...toggle}
          >
            <IconFolderPlus size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={<IconFolderPlus size={18} aria-hidden />} {...toggle}>
            {t('videos.actions.collect')}
          </Button>
        )}
      </Popover.Target>
      {/* Named by its button (aria-labelledby), as a dialog. */}
      <Popover.Dropdown>{opened && <CollectMenu videoId={videoId} />}</Popover.Dropdown>
    </Popover>
  );
}
