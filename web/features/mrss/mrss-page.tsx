import { Button, Container, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { MrssIssuedToken } from '../../../common/contracts/mrss';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { useTranslation } from '../../lib/translation';
import { useCreateFeed, useMrssFeeds } from './api';
import { FeedCard } from './feed-card';
import { FeedForm } from './feed-form';
import { IssuedUrlModal } from './issued-url-modal';

/** /admin/mrss (admins; the route guards the right): Media RSS feeds for partners. */
export function MrssPage() {
  const { t } = useTranslation();
  const feeds = useMrssFeeds();
  const create = useCreateFeed();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<MrssIssuedToken | null>(null);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader title={t('mrss.title')} intro={t('mrss.intro')}>
          {!creating && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('mrss.newFeed')}
            </Button>
          )}
        </PageHeader>
        {creating && (
          <FeedForm
            pending={create.isPending}
            error={create.error}
            onCancel={() => {
              create.reset();
              setCreating(false);
            }}
            onSubmit={(body) =>
              create.mutate(body, {
                onSuccess: (created) => {
                  setCreating(false);
                  setIssued(created.issued);
                },
              })
            }
          />
        )}
        <PagedList
          query={feeds}
          empty={t('mrss.empty')}
          renderItem={(feed) => <FeedCard feed={feed} onIssued={setIssued} />}
        />
      </Stack>
      <IssuedUrlModal issued={issued} onClose={() => setIssued(null)} />
    </Container>
  );
}
