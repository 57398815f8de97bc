/** Reads the text of a QR code in a picture: a camera frame or an image file. */
export interface QrDecoder {
  /** The text of the first QR code found, or null when there is none (or none readable). */
  decode(image: ImageData): Promise<string | null>;
}

interface NativeBarcodeDetector {
  detect(image: ImageData): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own Barcode Detection API, where it reads QR codes (Chrome on Android and macOS, Safari 17+). */
async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return { decode: async (image) => (await detector.detect(image))[0]?.rawValue ?? null };
  } catch {
    return null;
  }
}

/**
 * ZXing-C++ compiled to WebAssembly (zxing-wasm), for browsers without a native detector. Loaded on first use
 * only, with its .wasm file served by the portal itself (the library would otherwise fetch it from a CDN).
 */
async function zxingDecoder(): Promise<QrDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return {
    decode: async (image) => {
      const [result] = await readBarcodes(image, {
        formats: ['QRCode'],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      });
      return result?.isValid && result.text ? result.text : null;
    },
  };
}

let loading: Promise<QrDecoder> | null = null;

/** The decoder of this browser, loaded once: the native detector when it reads QR codes, else ZXing. */
export function loadQrDecoder(): Promise<QrDecoder> {
  loading ??= nativeDecoder()
    .then((native) => native ?? zxingDecoder())
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The pixels of an image file, scaled down to at most `maxSide` pixels on its longer side. */
export async function imageDataOf(file: Blob, maxSide = 1280): Promise<ImageData> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Canvas is not available.');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}
