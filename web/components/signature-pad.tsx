import { Box, Button, Group, Input, Switch, Text, TextInput } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import SignaturePadDrawing from 'signature_pad';
import { useTranslation } from '../lib/translation';
import type { FieldChrome } from './field-chrome';
import { typedSignature } from './typed-signature';

export interface SignaturePadProps extends FieldChrome {
  /** The signature as a PNG data URL; empty or null when not signed. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** The drawing area's height in CSS pixels; the width follows the container. */
  height?: number;
}

/**
 * A hand-drawn signature (SPEC 3, 5) for mouse, pen and touch: a PNG data URL after each stroke, a Clear
 * button that is disabled while empty. The canvas is sharp on high-density screens and keeps the
 * drawing when its container changes width (a phone turned sideways). Whoever cannot draw types the name
 * instead ("Type your name instead"): it becomes the same PNG, drawn in a handwriting-like face.
 */
export function SignaturePad({ value, onChange, height = 180, ...chrome }: SignaturePadProps) {
  const { error } = chrome;
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadDrawing | null>(null);
  const onChangeRef = useRef(onChange);
  const [empty, setEmpty] = useState(!value);
  const [typing, setTyping] = useState(false);
  const [typedName, setTypedName] = useState('');
  const latestTyped = useRef(0);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once; a given value is drawn at the start only
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Paper white in both colour schemes, so the saved picture is a dark signature on white.
    const pad = new SignaturePadDrawing(canvas, { penColor: '#1a1b1e', backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    const handleEndStroke = () => {
      setEmpty(pad.isEmpty());
      onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    // The canvas holds device pixels; drawing happens in CSS pixels, scaled by the ratio.
    const fitToContainer = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const heightPx = Math.round(canvas.offsetHeight * ratio);
      if (width === 0 || (canvas.width === width && canvas.height === heightPx)) return;
      canvas.width = width;
      canvas.height = heightPx;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.redraw(); // resizing a canvas wipes it; the strokes are kept as points
    };
    fitToContainer();
    if (value) void pad.fromDataURL(value);
    pad.addEventListener('endStroke', handleEndStroke);
    const observer = new ResizeObserver(fitToContainer);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', handleEndStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  // A form reset empties the value: the drawing (or the typed name) goes too.
  useEffect(() => {
    const pad = padRef.current;
    if (!value && pad && !pad.isEmpty()) {
      pad.clear();
      setEmpty(true);
    }
    if (!value && latestTyped.current === 0) setTypedName('');
  }, [value]);

  /** The typed name becomes the signature; a later keystroke's picture wins over an earlier one's. */
  const handleTyped = (name: string) => {
    setTypedName(name);
    setEmpty(!name.trim());
    const ticket = ++latestTyped.current;
    void typedSignature(name).then((dataUrl) => {
      if (ticket !== latestTyped.current) return;
      latestTyped.current = 0;
      onChangeRef.current(dataUrl);
    });
  };

  /** Switching between drawing and typing starts the signature again: never half of each. */
  const handleTypingToggle = (on: boolean) => {
    setTyping(on);
    padRef.current?.clear();
    latestTyped.current = 0;
    setTypedName('');
    setEmpty(true);
    onChangeRef.current(null);
  };

  const handleClear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  };

  return (
    <Input.Wrapper
      {...chrome}
      id={id}
      label={chrome.label ?? t('agreement.signature.label')}
      labelElement="div"
      description={chrome.description ?? t('agreement.signature.hint')}
    >
      <Switch
        mt={6}
        mb={6}
        checked={typing}
        onChange={(event) => handleTypingToggle(event.currentTarget.checked)}
        label={t('agreement.signature.typeInstead')}
      />
      {typing && (
        <TextInput
          label={t('agreement.signature.typedLabel')}
          description={t('agreement.signature.typedHint')}
          value={typedName}
          onChange={(event) => handleTyped(event.currentTarget.value)}
          error={error ? true : undefined}
          autoComplete="name"
          maxLength={100}
        />
      )}
      <SignatureCanvas
        canvasRef={canvasRef}
        id={id}
        error={error}
        height={height}
        hidden={typing}
        empty={empty}
      />
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {empty ? t('agreement.signature.empty') : t('agreement.signature.signed')}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconEraser size={14} />}
          disabled={empty}
          onClick={typing ? () => handleTyped('') : handleClear}
        >
          {t('agreement.signature.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}

/** The drawing area: the canvas the pad draws on, with a signing line and a prompt while it is empty. */
function SignatureCanvas({
  canvasRef,
  id,
  error,
  height,
  hidden,
  empty,
}: {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The wrapper's id: the canvas takes it, and names its label, description and error after it. */
  id: string;
  error: ReactNode;
  height: number;
  hidden: boolean;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      mt={4}
      pos="relative"
      // Hidden, not removed, while typing: the drawing pad stays set up for a switch back.
      display={hidden ? 'none' : undefined}
      style={{
        border: `1px ${error ? 'solid var(--mantine-color-error)' : 'dashed var(--mantine-color-gray-5)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        background: '#fff',
        overflow: 'hidden',
      }}
    >
      {/* Not typable, so not in the tab order; focusable from code to show a missing signature. */}
      <canvas
        ref={canvasRef}
        id={id}
        role="img"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description ${error ? `${id}-error` : ''}`.trim()}
        aria-invalid={Boolean(error)}
        style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: 'crosshair' }}
      />
      {empty && !hidden && (
        <Text
          aria-hidden
          pos="absolute"
          bottom={12}
          left={16}
          right={16}
          c="dimmed"
          size="sm"
          style={{ pointerEvents: 'none', borderTop: '1px solid var(--mantine-color-gray-4)' }}
          pt={4}
        >
          {t('agreement.signature.placeholder')}
        </Text>
      )}
    </Box>
  );
}
