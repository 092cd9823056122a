declare module '@ffmpeg-installer/ffmpeg' {
  const ffmpeg: { path: string; version: string; url: string };
  export default ffmpeg;
}
