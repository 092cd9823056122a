import { Input } from '@mantine/core';
import 'altcha/external';
import 'altcha/altcha.css';
// Greek strings for the widget; English is built into the widget itself.
import 'altcha/i18n/el';
import type { WidgetAttributes } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import {
  type CSSProperties,
  type DetailedHTMLProps,
  type HTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from 'react';
import { captchaEndpoints } from '../../common/endpoints/captcha';
import { useTranslation } from '../lib/translation';

type AltchaWidgetElement = HTMLElementTagNameMap['altcha-widget'];

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<AltchaWidgetElement>, AltchaWidgetElement> &
        WidgetAttributes;
    }
  }
}

// The default 'altcha' bundle starts its proof-of-work workers from blob: URLs, which our
// Content-Security-Policy (script-src 'self') refuses; built by Vite they are files of our own origin.
for (const hash of ['SHA-256', 'SHA-384', 'SHA-512']) {
  $altcha.algorithms.set(`PBKDF2/${hash}`, () => new Pbkdf2Worker());
  $altcha.algorithms.set(hash, () => new ShaWorker());
}

/** What the widget's `statechange` event carries. */
interface AltchaStateChange {
  state: string;
  payload: string | null;
}

/** The widget's look follows the Mantine theme. */
const THEME = {
  '--altcha-border-radius': 'var(--mantine-radius-sm)',
  '--altcha-color-primary': 'var(--mantine-primary-color-filled)',
  '--altcha-max-width': '100%',
} as CSSProperties;

export interface CaptchaFieldProps {
  /** The payload to send with the form once solved; null while it is not (or no longer) valid. */
  onChange: (payload: string | null) => void;
  /** Shown above the widget, whose own text already reads "I'm not a robot". */
  label?: ReactNode;
  error?: ReactNode;
}

/**
 * The ALTCHA proof-of-work check ("I'm not a robot"), in the UI language. A payload works once: after
 * a refused submit, remount the field (change its `key`) for a new challenge. The widget fetches its
 * challenge itself, from the captcha table's path.
 */
export function CaptchaField({ onChange, label, error }: CaptchaFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const widget = useRef<AltchaWidgetElement>(null);
  const id = useId();

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<AltchaStateChange>).detail;
      // Expired, error, unverified, verifying and code (still needs a typed code) all mean: no payload.
      onChange(state === 'verified' ? payload : null);
    };
    element.addEventListener('statechange', handleStateChange);
    return () => element.removeEventListener('statechange', handleStateChange);
  }, [onChange]);

  return (
    // The label names a group, not an input: the widget's checkbox has its own label inside it.
    <Input.Wrapper id={id} label={label} labelElement="div" error={error}>
      <fieldset
        style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}
        aria-labelledby={label ? `${id}-label` : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <altcha-widget
          ref={widget}
          challenge={captchaEndpoints.challenge.path}
          language={language}
          style={THEME}
        />
      </fieldset>
    </Input.Wrapper>
  );
}
