import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { runningInOtherTabs, watchOtherTabs } from '../../lib/upload-heartbeat';
import { startUpload, useUploads } from '../../lib/uploads';
import { discardUnfinished, findUnfinishedUploads, type UnfinishedUpload } from './previous-uploads';

/**
 * Uploads that stopped when the tab was closed or reloaded. A browser cannot reopen a file by itself, so
 * the user chooses it again; the server's copy then continues where it stopped.
 */
export function UnfinishedUploads({ onResumed }: { onResumed: (uploadId: string) => void }) {
  const [items, setItems] = useState<UnfinishedUpload[]>([]);
  const running = useUploads().map((entry) => entry.id);
  // Looked up once per visit of the page; the uploads started here since are filtered below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the uploads running then
  useEffect(() => {
    let live = true;
    findUnfinishedUploads(running)
      .then((found) => live && setItems(found))
      .catch(() => undefined); // nothing to offer then
    return () => {
      live = false;
    };
  }, []);
  // An upload another tab is sending is not unfinished: it is named as running there, without actions.
  const [elsewhere, setElsewhere] = useState(runningInOtherTabs);
  useEffect(
    () =>
      watchOtherTabs(() =>
        setElsewhere((current) => {
          const next = runningInOtherTabs();
          return [...next].join() === [...current].join() ? current : next;
        }),
      ),
    [],
  );
  const drop = (videoId: string) => setItems((current) => current.filter((item) => item.videoId !== videoId));

  const shown = items.filter((item) => !running.includes(item.videoId));
  if (shown.length === 0) return null;
  return (
    <Stack gap="sm" mb="lg">
      {shown.map((item) => (
        <UnfinishedUploadNotice
          key={item.videoId}
          item={item}
          inOtherTab={elsewhere.has(item.videoId)}
          onResumed={() => onResumed(item.videoId)}
          onDiscarded={() => drop(item.videoId)}
        />
      ))}
    </Stack>
  );
}

function UnfinishedUploadNotice({
  item,
  inOtherTab,
  onResumed,
  onDiscarded,
}: {
  item: UnfinishedUpload;
  inOtherTab: boolean;
  onResumed: () => void;
  onDiscarded: () => void;
}) {
  const { t } = useTranslation();
  const [wrongFile, setWrongFile] = useState(false);
  const [discarding, setDiscarding] = useState(false);

  const handleFile = (file: File | null) => {
    if (!file) return;
    // The name and size must match; tus then finds the server's copy by the file's fingerprint.
    if (file.name !== item.fileName || (item.size !== null && file.size !== item.size)) {
      setWrongFile(true);
      return;
    }
    startUpload(file, { videoId: item.videoId, title: item.title });
    onResumed();
  };
  const handleDiscard = () => {
    setDiscarding(true);
    void discardUnfinished(item).finally(onDiscarded);
  };

  if (inOtherTab)
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconFileUpload size={20} />}
        title={t('upload.unfinished.otherTabTitle')}
        data-testid="upload-in-other-tab"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('upload.unfinished.otherTab', { title: item.title, fileName: item.fileName })}
        </Text>
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconFileUpload size={20} />}
      title={t('upload.unfinished.title')}
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('upload.unfinished.body', { title: item.title, fileName: item.fileName })}
        </Text>
        {wrongFile && (
          <Text size="sm" c="red" role="alert">
            {t('upload.unfinished.wrongFile', { fileName: item.fileName })}
          </Text>
        )}
        <Group gap="xs">
          <FileButton onChange={handleFile} accept="video/*">
            {(props) => (
              <Button size="xs" leftSection={<IconPlayerPlay size={14} />} {...props}>
                {t('upload.unfinished.choose')}
              </Button>
            )}
          </FileButton>
          <Button size="xs" variant="default" loading={discarding} onClick={handleDiscard}>
            {t('upload.unfinished.discard')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
