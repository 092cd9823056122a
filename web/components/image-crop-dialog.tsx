import { Box, Button, FileButton, Group, Modal, Progress, Slider, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { IMAGE_CROP_DEFAULT_ASPECT, MODAL_MIN_WIDTH_PX } from '../../common/constants';
import { PROFILE_IMAGE_MAX_BYTES } from '../../common/contracts/profile-images';
import { ApiError } from '../lib/api';
import { useTranslation } from '../lib/translation';
import { FormError } from './form-error';
import { useCompactModal } from './wide-modal';

type Size = { width: number; height: number };
export type PickRefusal = 'NOT_AN_IMAGE' | 'IMAGE_TOO_LARGE';

const MAX_ZOOM = 4;
/** Pixels an arrow key moves the picture; react-easy-crop's default of 1 takes hundreds of presses. */
const KEYBOARD_STEP = 10;
const JPEG_QUALITY = 0.92;

/**
 * "Change picture": opens the file picker for pictures and refuses, before any upload, what is not a
 * picture or is over the size limit (the server checks again and decides).
 */
export function PickImageButton({
  label,
  disabled,
  onPick,
  onRefuse,
}: {
  label: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRefuse: (reason: PickRefusal) => void;
}) {
  const resetRef = useRef<() => void>(null);
  const handleChange = async (file: File | null) => {
    resetRef.current?.(); // picking the same file again must fire onChange again
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return onRefuse('IMAGE_TOO_LARGE');
    if (!file.type.startsWith('image/') || !(await decodes(file))) return onRefuse('NOT_AN_IMAGE');
    onPick(file);
  };
  return (
    <FileButton onChange={handleChange} accept="image/*" resetRef={resetRef} disabled={disabled}>
      {(props) => (
        <Button {...props} variant="light" leftSection={<IconPhotoUp size={18} />} disabled={disabled}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}

/** Whether the browser can draw the file: a text file named .png cannot, and is refused here already. */
async function decodes(file: File): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** Draws the chosen area of the picture onto a canvas of exactly `output` size and encodes it as JPEG. */
async function cropToJpeg(src: string, area: Area, output: Size): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = output.width;
  canvas.height = output.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, output.width, output.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

interface CropProps {
  title: ReactNode;
  /** Width divided by height of the result. */
  aspect?: number;
  /** The size in pixels of the JPEG handed to onSave. */
  output: Size;
  /** 'round' shows a circle (for an avatar); the result is still the full rectangle. */
  cropShape?: 'rect' | 'round';
  saving: boolean;
  /** The uploaded share (0 to 1) while saving; null when not known. */
  progress?: number | null;
  /** A failed save, shown translated; the dialog stays open for another try. */
  error?: unknown;
  onSave: (image: Blob) => void;
  onCancel: () => void;
}

/** The crop dialog: open while `file` is set; at least 750 px wide, full screen below that. */
export function ImageCropDialog({ file, ...props }: CropProps & { file: File | null }) {
  const compact = useCompactModal();
  const [src, setSrc] = useState<string | null>(null);
  // The URL is made and revoked in one effect, so a re-run (StrictMode) never shows a revoked one. The
  // picture stays on screen (already decoded) until the closing animation ends.
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const { t } = useTranslation();
  return (
    <Modal
      opened={file !== null}
      onClose={props.onCancel}
      onExitTransitionEnd={() => setSrc(null)}
      title={
        <Text component="span" fw={700} size="lg">
          {props.title}
        </Text>
      }
      size={MODAL_MIN_WIDTH_PX}
      fullScreen={compact}
      padding={compact ? 'md' : 'xl'}
      // A drag that ends outside the dialog must not throw the crop away.
      closeOnClickOutside={false}
      closeOnEscape={!props.saving}
      withCloseButton={!props.saving}
      closeButtonProps={{ 'aria-label': t('profileImages.crop.cancel') }}
    >
      {src && <CropBody key={src} src={src} compact={compact} {...props} />}
    </Modal>
  );
}

/** The cropper, zoom slider and buttons for one picture; keyed by it, so a new picture starts afresh. */
function CropBody({
  src,
  compact,
  aspect = IMAGE_CROP_DEFAULT_ASPECT,
  output,
  cropShape = 'rect',
  saving,
  progress,
  error,
  onSave,
  onCancel,
}: CropProps & { src: string; compact: boolean }) {
  const { t } = useTranslation();
  const zoomLabelId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const percent = Math.round((progress ?? 0) * 100);

  const handleSave = async () => {
    if (!area) return;
    setPreparing(true);
    try {
      onSave(await cropToJpeg(src, area, output));
    } catch {
      setFailure(new ApiError(0, 'NOT_AN_IMAGE'));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('profileImages.crop.hint')}
      </Text>
      <Box
        pos="relative"
        h={compact ? 'min(55dvh, 440px)' : 400}
        bg="dark.7"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          aspect={aspect}
          cropShape={cropShape}
          keyboardStep={KEYBOARD_STEP}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percent, pixels) => setArea(pixels)}
          mediaProps={{ onError: () => setFailure(new ApiError(0, 'NOT_AN_IMAGE')) }}
          cropperProps={{ role: 'application', 'aria-label': t('profileImages.crop.area') }}
        />
      </Box>
      <Group gap="md" wrap="nowrap">
        <Text id={zoomLabelId} size="sm" fw={500}>
          {t('profileImages.crop.zoom')}
        </Text>
        <Slider
          flex={1}
          value={zoom}
          onChange={setZoom}
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          label={(value) => `${Math.round(value * 100)}%`}
          thumbProps={{ 'aria-labelledby': zoomLabelId, 'aria-valuetext': `${Math.round(zoom * 100)}%` }}
          disabled={saving}
        />
      </Group>
      {saving && (
        <Stack gap={4}>
          <Progress value={percent} striped animated aria-hidden />
          <Text size="xs" c="dimmed" role="status">
            {t('profileImages.crop.uploading', { percent })}
          </Text>
        </Stack>
      )}
      <FormError error={failure ?? error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('profileImages.crop.cancel')}
        </Button>
        <Button onClick={handleSave} loading={saving || preparing} disabled={!area || failure !== null}>
          {t('profileImages.crop.save')}
        </Button>
      </Group>
    </Stack>
  );
}
