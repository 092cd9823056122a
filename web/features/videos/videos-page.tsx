import { Box, Container, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { searchResultsPath } from '../../../common/routes';
import { KeywordPicker } from '../../components/keyword-picker';
import { PageHeader } from '../../components/page-header';
import { VideoGrid } from '../../components/video-grid';
import { parseStatusParam, VideoStatusFilter } from '../../components/video-status-filter';
import { useSession } from '../../lib/session';
import { useTranslation } from '../../lib/translation';
import { useUrlFilter } from '../../lib/url-filter';
import { videoListPage } from './api';

const PAGE_SIZE = 12;

/**
 * /videos: every public video, newest first, page by page. Staff who review videos (manage_videos,
 * admins) may narrow the list to any status, hidden ones included; the server decides what each sees.
 */
export function VideosPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const isStaff = can('manage_videos');
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState<string[]>([]);
  const { params, setParam } = useUrlFilter();
  const status = isStaff ? parseStatusParam(params.get('status')) : null;
  const handleStatus = (next: string | null) => setParam('status', next);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title={t('videos.list.title')} intro={t('videos.list.intro')}>
          {isStaff && <VideoStatusFilter value={status} onChange={handleStatus} />}
        </PageHeader>
        <Box maw={640}>
          <KeywordPicker
            value={keywords}
            onChange={setKeywords}
            onSubmit={(chosen) => navigate(searchResultsPath(chosen))}
          />
        </Box>
        <VideoGrid
          queryKey={['videos', 'list', status ?? 'public']}
          fetchPage={videoListPage(PAGE_SIZE, status)}
          emptyText={t(status ? 'videos.filter.none' : 'videos.list.empty')}
          skeletons={8}
        />
      </Stack>
    </Container>
  );
}
