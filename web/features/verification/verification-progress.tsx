import { Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LIMITS } from '../../../common/constants';
import type { VerificationStep } from '../../../common/contracts/verification';
import { useTranslation } from '../../lib/translation';

export const STEPS: VerificationStep[] = ['email', 'phone', 'profile', 'done'];

/**
 * The four-step progress bar (SPEC 2.5): the steps by name where there is room, only the current one
 * on a phone. A list, not buttons: the steps are done in order, never picked.
 */
export function VerificationProgress({ step, compact }: { step: VerificationStep; compact: boolean }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(step);
  const stepOf = t('verification.stepOf', { current: index + 1, total: LIMITS.verificationSteps });
  const label = t(`verification.steps.${step}`);

  return (
    <Stack gap="xs" mb="lg">
      {compact ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={700}>
            {label}
          </Text>
          <Text size="sm" c="dimmed">
            {stepOf}
          </Text>
        </Group>
      ) : (
        <Group
          component="ol"
          justify="space-between"
          gap="xs"
          wrap="nowrap"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {STEPS.map((name, position) => {
            const done = position < index || step === 'done';
            const current = position === index;
            return (
              <Group
                component="li"
                key={name}
                gap={8}
                wrap="nowrap"
                aria-current={current ? 'step' : undefined}
              >
                <ThemeIcon
                  size={26}
                  radius="xl"
                  variant={done || current ? 'filled' : 'light'}
                  color={done ? 'green' : current ? undefined : 'gray'}
                  aria-hidden
                >
                  {done ? (
                    <IconCheck size={16} />
                  ) : (
                    <Text size="xs" fw={700}>
                      {position + 1}
                    </Text>
                  )}
                </ThemeIcon>
                <Text size="sm" fw={current ? 700 : 500} c={done || current ? undefined : 'dimmed'}>
                  {t(`verification.steps.${name}`)}
                </Text>
              </Group>
            );
          })}
        </Group>
      )}
      {/* The section is the element with role=progressbar: its name and value text go on it */}
      <Progress.Root size="sm" radius="xl">
        <Progress.Section
          value={((index + (step === 'done' ? 1 : 0.5)) / LIMITS.verificationSteps) * 100}
          aria-label={t('verification.progress')}
          aria-valuetext={`${stepOf}: ${label}`}
        />
      </Progress.Root>
    </Stack>
  );
}
