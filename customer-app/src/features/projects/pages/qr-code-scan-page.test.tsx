import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadQrDecoder } from '../qr/qr-decoder';
import { renderPage } from '../test/render-page';
import { QrCodeScanPage } from './qr-code-scan-page';

vi.mock('../qr/qr-decoder', () => ({ loadQrDecoder: vi.fn() }));

const show = () =>
  renderPage(QrCodeScanPage, { pattern: '/qr-code-scan', path: '/qr-code-scan', answers: {} });

/** The other way to register (spec §2.5 browsers without a camera API or WebAssembly): typing the serial number. */
async function expectSerialNumberWay(reason: RegExp) {
  expect((await screen.findByRole('alert')).textContent).toMatch(reason);
  const link = screen.getByRole('link', { name: 'Enter the serial number instead' });
  expect(link.getAttribute('href')).toBe('/my/projects/create');
}

// MUI pages render slowly in jsdom on a busy machine.
describe('/qr-code-scan in a browser that cannot scan', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(loadQrDecoder).mockReset();
  });

  it('says the browser has no camera API (no getUserMedia) and offers the serial number instead', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    show();
    await expectSerialNumberWay(/This browser cannot use the camera here/);
    expect(loadQrDecoder).not.toHaveBeenCalled();
  });

  it('says the reader did not load (WebAssembly refused, as Chrome 80 does under the CSP) and stops the camera', async () => {
    const stopTrack = vi.fn();
    const camera = { getTracks: () => [{ stop: stopTrack }] };
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => camera) } });
    vi.mocked(loadQrDecoder).mockRejectedValue(new WebAssembly.CompileError('refused by the CSP'));
    show();
    await expectSerialNumberWay(/The QR code reader could not be loaded/);
    await waitFor(() => expect(stopTrack).toHaveBeenCalled());
  });
});
