import type { CaptureMetadata } from '../../common/contracts/capture-metadata';

/** A file that says nothing of its filming. */
export const NO_CAPTURE: CaptureMetadata = {
  capturedAt: null,
  capturedOffset: null,
  location: null,
  device: null,
  software: null,
  encoder: null,
  editedWith: null,
};

/** A file written by FFmpeg (a converter, a site's pipeline), with no capture facts left in it. */
export const RE_ENCODED: CaptureMetadata = { ...NO_CAPTURE, encoder: 'Lavf60.16.100', editedWith: 'FFmpeg' };
