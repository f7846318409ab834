import type { Options } from 'browser-image-compression'

export type CompressionSettings = Pick<Options, 'maxSizeMB' | 'maxWidthOrHeight' | 'initialQuality' | 'fileType'>

/**
 * The app's one image compressor: resizes and re-encodes a picture in a web worker before upload.
 * The library and its worker script are served by this site (loaded only when a picture is
 * chosen): by default the worker would fetch the library from a CDN, and visitors' photos and
 * their browsing never go to third parties.
 */
export async function compressImage(file: File, settings: CompressionSettings): Promise<File> {
  const [{ default: imageCompression }, { default: workerLibUrl }] = await Promise.all([
    import('browser-image-compression'),
    import('browser-image-compression/dist/browser-image-compression.js?url'),
  ])
  return imageCompression(file, {
    ...settings,
    useWebWorker: true,
    libURL: new URL(workerLibUrl, window.location.href).href,
  })
}
