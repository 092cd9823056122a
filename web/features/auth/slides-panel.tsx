import { Box, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCamera, IconCloudUpload, IconCoin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SLIDE_ROTATION_MS } from '../../../common/constants';
import { useTranslation } from '../../lib/translation';

const SLIDES = [
  { icon: IconCamera, title: 'auth.slides.takeTitle', body: 'auth.slides.takeBody' },
  { icon: IconCloudUpload, title: 'auth.slides.uploadTitle', body: 'auth.slides.uploadBody' },
  { icon: IconCoin, title: 'auth.slides.paidTitle', body: 'auth.slides.paidBody' },
];

/** The three-slide panel beside the auth forms (SPEC 2.4), a new slide every 3 s; hidden below 850 px. */
export function SlidesPanel() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % SLIDES.length),
      SLIDE_ROTATION_MS,
    );
    return () => window.clearInterval(timer);
  }, []);
  const slide = SLIDES[index]!;

  return (
    <Box
      visibleFrom="md"
      h="100%"
      p={48}
      style={{
        background:
          'radial-gradient(600px 400px at 0% 0%, var(--mantine-color-teal-6), transparent), linear-gradient(160deg, var(--mantine-color-teal-9), var(--mantine-color-indigo-9))',
        color: 'white',
        display: 'flex',
        alignItems: 'center',
      }}
      aria-label={t('auth.slides.label')}
      role="region"
    >
      <Stack gap="lg" maw={420}>
        <ThemeIcon size={72} radius="xl" color="white" variant="white" c="teal.8">
          <slide.icon size={40} />
        </ThemeIcon>
        <Title order={2} c="white" fz={34} aria-live="polite">
          {t(slide.title)}
        </Title>
        <Text fz="lg" c="teal.0" mih={84}>
          {t(slide.body)}
        </Text>
        <Group gap={4}>
          {SLIDES.map((item, i) => (
            // A 24 px tall target around the 10 px bar (WCAG 2.5.8): easy to hit with a finger.
            <UnstyledButton
              key={item.title}
              onClick={() => setIndex(i)}
              aria-label={t(item.title)}
              aria-current={i === index ? 'true' : undefined}
              h={24}
              miw={24}
              style={{ display: 'flex', alignItems: 'center' }}
            >
              <Box
                w={i === index ? 28 : 10}
                h={10}
                style={{
                  borderRadius: 5,
                  background: i === index ? 'white' : 'rgba(255,255,255,.45)',
                  transition: 'width .3s',
                }}
              />
            </UnstyledButton>
          ))}
        </Group>
      </Stack>
    </Box>
  );
}
