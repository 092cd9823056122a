import fontUrl from '../assets/fonts/DejaVuSerifCondensed-Italic.ttf?url';

/**
 * A typed name drawn as a signature: the same kind of PNG data URL as a drawn one (dark ink on white), so
 * the server takes it as it is. The face is a slanted serif bundled with the app (it has Greek letters
 * too), loaded once on first use; never fetched from elsewhere.
 */
const FAMILY = 'Clipmarket Signature';
const WIDTH = 600;
const HEIGHT = 180;

let loading: Promise<void> | null = null;
function loadFont(): Promise<void> {
  loading ??= new FontFace(FAMILY, `url(${fontUrl})`)
    .load()
    .then((face) => {
      document.fonts.add(face);
    })
    .catch(() => {
      // Without the file the browser's own serif italic draws the name: still a signature.
      loading = null;
    });
  return loading;
}

/** The name as a PNG data URL, or null for an empty name. */
export async function typedSignature(name: string): Promise<string | null> {
  const text = name.trim();
  if (!text) return null;
  await loadFont();
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = '#1a1b1e';
  context.textBaseline = 'middle';
  // As large as fits: a long name gets smaller type rather than being cut off.
  let size = 64;
  do {
    context.font = `italic ${size}px "${FAMILY}", serif`;
    size -= 2;
  } while (size > 16 && context.measureText(text).width > WIDTH - 48);
  context.fillText(text, 24, HEIGHT / 2);
  return canvas.toDataURL('image/png');
}
